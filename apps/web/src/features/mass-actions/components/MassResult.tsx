import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MassApplyResult } from '../api/mass-signin';

/** The outcome of the last Sign in or Sign out, at the top of the page: how many were done, who was skipped and why. */
export function MassResult({ result, onClose }: { result: MassApplyResult['data'] & { action: 'in' | 'out' }; onClose: () => void }) {
  const { t } = useTranslation('mass');
  const done = result.applied.length;
  return (
    <Alert
      color={result.skipped.length ? 'yellow' : 'green'}
      title={t(result.action === 'in' ? 'result_in' : 'result_out', { count: done })}
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={onClose}
      role="status"
      data-testid="mass-result"
    >
      {result.skipped.length ? (
        <Stack gap={2} data-testid="mass-skipped">
          <Text size="sm" fw={600}>
            {t('skipped_title', { count: result.skipped.length })}
          </Text>
          {result.skipped.map((s) => (
            <Text key={s.user_id} size="sm">
              <b>{s.full_name || `#${s.user_id}`}</b>: {s.message}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm">{t('result_all_done')}</Text>
      )}
    </Alert>
  );
}
