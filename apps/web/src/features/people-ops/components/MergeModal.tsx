import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, joinErrors } from '../../../lib/http';
import type { UserRow } from '../../users/api/users';
import { type DuplicatePair, useMergeUsers } from '../api/people-ops';

const describe = (u: UserRow) => [u.email, u.phone ? `${u.phone_code ?? ''} ${u.phone}`.trim() : null, u.id_number, u.user_type].filter(Boolean).join(' · ');

/**
 * Merging a suspected pair (rules 180, 286-287): the administrator picks the person to keep, is told that the
 * other one's visits, scans, documents and values move to them, and confirms. No choice: 'Please select a user'.
 */
export function MergeModal({ pair, onMerged, onClose }: { pair: DuplicatePair; onMerged: (message: string, kept: UserRow, removed: UserRow) => void; onClose: () => void }) {
  const { t } = useTranslation('people-ops');
  const merge = useMergeUsers();
  const [keep, setKeep] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const people = [pair.user, pair.duplicate];
  const kept = people.find((p) => String(p.id) === keep);
  const removed = people.find((p) => String(p.id) !== keep)!;
  const next = () => {
    if (!kept) return setError(t('select_user'));
    setError(null);
    setConfirming(true);
  };
  const run = () =>
    merge.mutate(
      { keep_user_id: kept!.id, merge_user_id: removed.id },
      {
        onSuccess: (r) => onMerged(r.message, kept!, removed),
        onError: (e) => setError(e instanceof HttpError ? joinErrors(e.fieldErrors) || e.message : e.message),
      },
    );
  return (
    <Modal opened onClose={onClose} title={t('merge_title')} size="lg">
      <Stack>
        {confirming && kept ? (
          <Text size="sm" data-testid="merge-confirm">{t('merge_confirm', { keep: kept.full_name, drop: removed.full_name })}</Text>
        ) : (
          <Radio.Group label={t('keep_label')} description={t('keep_hint')} value={keep} onChange={(v) => { setKeep(v); setError(null); }}>
            <Stack gap="xs" mt="xs">
              {people.map((p) => (
                <Radio key={p.id} value={String(p.id)} label={p.full_name} description={describe(p) || t('no_details')} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {error ? <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>{error}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={confirming ? () => setConfirming(false) : onClose}>{confirming ? t('back') : t('cancel')}</Button>
          {confirming ? (
            <Button color="red" loading={merge.isPending} onClick={run}>{t('merge_now')}</Button>
          ) : (
            <Button onClick={next}>{t('merge')}</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
