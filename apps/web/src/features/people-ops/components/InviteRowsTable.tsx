import { Badge, MultiSelect, Select, Table, Text, TextInput } from '@mantine/core';
import type { InviteRow } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import type { GridData } from '../../users/api/users';
import { useRoleName } from '../../../lib/roles';

export interface InviteDraft extends InviteRow {
  full_name: string;
  email: string | null;
  /** The person's own user type (what they are), beside the user types the invitation grants. */
  user_type: string | null;
}
export type RowStatus = { state: 'invited' } | { state: 'skipped'; reason: string };

const options = (list: { id: number; name: string }[] | undefined) => (list ?? []).map((x) => ({ value: String(x.id), label: x.name }));

/**
 * The invitation rows (rule 179): per person the role, sites, user types, country code and phone the invitation
 * needs (rule 166), and after applying, the row's status or the reasons it was skipped (rule 100).
 */
export function InviteRowsTable({ rows, lookups, status, onChange }: { rows: InviteDraft[]; lookups: GridData | undefined; status: Map<number, RowStatus>; onChange: (id: number, patch: Partial<InviteDraft>) => void }) {
  const { t } = useTranslation('people-ops');
  const roleName = useRoleName();
  const th = { textAlign: 'start' } as const;
  // Every column but the person's is needed: a row without one is skipped, and says which (rule 100).
  const needed = (key: string) => (
    <Table.Th style={th}>
      {t(key)}{' '}
      <Text span c="red" aria-hidden>
        *
      </Text>
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Text size="sm" c="dimmed" mb="xs" id="invite-rows-needed">
        {t('rows_needed')}
      </Text>
      <Table withTableBorder data-testid="invite-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={th}>{t('person')}</Table.Th>
            {needed('role')}
            {needed('sites')}
            {needed('user_types')}
            {needed('phone_code')}
            {needed('phone')}
            <Table.Th style={th}>{t('status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const s = status.get(r.id);
            const label = (what: string) => `${t(what)}: ${r.full_name}`;
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>{r.full_name}</Text>
                  <Text size="xs" c="dimmed">{r.email}</Text>
                  {r.user_type ? <Text size="xs" c="dimmed">{t('is_user_type', { type: r.user_type })}</Text> : null}
                </Table.Td>
                <Table.Td miw={140}>
                  <Select required aria-describedby="invite-rows-needed" aria-label={label('role')} data={options(lookups?.roles).map((o) => ({ ...o, label: roleName(o.label) }))} value={r.role_id ? String(r.role_id) : null} onChange={(v) => onChange(r.id, { role_id: v ? Number(v) : null })} />
                </Table.Td>
                <Table.Td miw={180}>
                  <MultiSelect required aria-required aria-describedby="invite-rows-needed" aria-label={label('sites')} data={options(lookups?.sites)} value={(r.sites ?? []).map(String)} onChange={(v) => onChange(r.id, { sites: v.map(Number) })} />
                </Table.Td>
                <Table.Td miw={180}>
                  <MultiSelect required aria-required aria-describedby="invite-rows-needed" aria-label={label('user_types')} data={options(lookups?.user_types)} value={(r.user_types ?? []).map(String)} onChange={(v) => onChange(r.id, { user_types: v.map(Number) })} />
                </Table.Td>
                <Table.Td w={90}>
                  <TextInput required aria-describedby="invite-rows-needed" aria-label={label('phone_code')} dir="ltr" placeholder="+44" value={r.phone_code ?? ''} onChange={(e) => onChange(r.id, { phone_code: e.currentTarget.value })} />
                </Table.Td>
                <Table.Td miw={140}>
                  <TextInput required aria-describedby="invite-rows-needed" aria-label={label('phone')} dir="ltr" inputMode="numeric" value={r.phone ?? ''} onChange={(e) => onChange(r.id, { phone: e.currentTarget.value.replace(/\D/g, '').slice(0, 20) })} />
                </Table.Td>
                <Table.Td miw={160}>
                  {!s ? <Text size="xs" c="dimmed">{t('not_sent')}</Text> : s.state === 'invited' ? <Badge color="green" variant="light">{t('invited')}</Badge> : <Text size="sm" c="red">{t('skipped_because', { reason: s.reason })}</Text>}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
