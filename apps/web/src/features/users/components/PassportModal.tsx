import { Alert, Badge, Button, Center, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MassResult, Named } from '../api/users';
import { type PassportRow, usePassportPreview } from '../api/users';

interface Props {
  kind: 'invite' | 'revoke';
  ids: number[];
  roles: Named[];
  pending: boolean;
  onApply: (ids: number[], roleId: number | undefined, notEligible: MassResult['data']['skipped']) => void;
  onClose: () => void;
}

/**
 * Passport invitation or revocation (rule 178): first the chosen people with their passport state (who can be
 * invited or revoked, and why not), then the call for the eligible ones; the others are reported as skipped.
 */
export function PassportModal({ kind, ids, roles, pending, onApply, onClose }: Props) {
  const { t } = useTranslation('users');
  const preview = usePassportPreview(ids, true);
  const [role, setRole] = useState<string | null>(null);
  const rows = preview.data ?? [];
  const eligible = (r: PassportRow) => (kind === 'invite' ? r.can_invite === 1 : r.can_revoke === 1);
  const why = (r: PassportRow) => r.error ?? (kind === 'invite' ? t('mass.has_passport') : t('mass.no_passport'));
  const ok = rows.filter(eligible);
  const apply = () => onApply(ok.map((r) => r.id), role ? Number(role) : undefined, rows.filter((r) => !eligible(r)).map((r) => ({ id: r.id, reason: why(r) })));
  return (
    <Modal opened onClose={onClose} title={kind === 'invite' ? t('mass.invite_title') : t('mass.revoke_title')} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">{kind === 'invite' ? t('mass.invite_hint') : t('mass.revoke_hint')}</Text>
        {preview.isLoading ? (
          <Center py="md"><Loader /></Center>
        ) : preview.isError ? (
          <Alert color="red">{preview.error.message}</Alert>
        ) : (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ textAlign: 'start' }}>{t('full_name')}</Table.Th>
                <Table.Th style={{ textAlign: 'start' }}>{t('email')}</Table.Th>
                <Table.Th style={{ textAlign: 'start' }}>{t('passport')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.full_name}</Table.Td>
                  <Table.Td>{r.email ?? ''}</Table.Td>
                  <Table.Td>
                    {eligible(r) ? (
                      <Badge color="green" variant="light">{kind === 'invite' ? t('mass.will_invite') : t('mass.will_revoke')}</Badge>
                    ) : (
                      <Text size="sm" c="dimmed">{why(r)}</Text>
                    )}
                    {r.invitation === 'pending' ? <Badge ms={4} size="xs" variant="outline">{t('mass.invitation_pending')}</Badge> : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {kind === 'invite' ? (
          <Select label={t('mass.invite_role')} description={t('mass.invite_role_hint')} clearable data={roles.map((r) => ({ value: String(r.id), label: r.name }))} value={role} onChange={setRole} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
          <Button color={kind === 'revoke' ? 'red' : undefined} onClick={apply} loading={pending} disabled={!ok.length}>
            {kind === 'invite' ? t('mass.invite_n', { count: ok.length }) : t('mass.revoke_n', { count: ok.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
