import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VisitorFrame } from '../components/VisitorFrame';

/**
 * After registering or confirming (rule 144): what happens next. Approval pending (rule 156), the mail with the QR
 * code, the entry conditions still to answer (mailed before the visit) or answered without passing (rule 152).
 */
export default function SuccessPage() {
  const { t } = useTranslation('prereg');
  const [params] = useSearchParams();
  const confirmed = params.get('confirmed') === '1';
  const pending = params.get('approval') === '1';
  const stage = params.get('stage') ?? '';
  return (
    <VisitorFrame>
      <Stack data-testid="prereg-success">
        <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
        <Title order={2}>{t('success.title')}</Title>
        <Alert color="green">{confirmed ? t('success.confirmed') : t('success.registered')}</Alert>
        {confirmed ? null : <Text>{pending ? t('success.pending') : t('success.mail')}</Text>}
        {stage === 'compliance_pending' ? <Text>{t('success.conditions_later')}</Text> : null}
        {stage === 'compliance_failed' || stage === 'awaiting_admin_approval_compliance_failed' ? <Alert color="orange">{t('success.conditions_failed')}</Alert> : null}
      </Stack>
    </VisitorFrame>
  );
}
