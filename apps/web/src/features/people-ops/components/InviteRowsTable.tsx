import { Badge, MultiSelect, Select, Table, Text, TextInput } from '@mantine/core';
import type { InviteRow } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import type { GridData } from '../../users/api/users';
import { useRoleName } from '../../../lib/roles';

export interface InviteDraft extends InviteRow {
  full_name: string;
  email: string | null;
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
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table withTableBorder data-testid="invite-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={th}>{t('person')}</Table.Th>
            <Table.Th style={th}>{t('role')}</Table.Th>
            <Table.Th style={th}>{t('sites')}</Table.Th>
            <Table.Th style={th}>{t('user_types')}</Table.Th>
            <Table.Th style={th}>{t('phone_code')}</Table.Th>
            <Table.Th style={th}>{t('phone')}</Table.Th>
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
                </Table.Td>
                <Table.Td miw={140}>
                  <Select aria-label={label('role')} data={options(lookups?.roles).map((o) => ({ ...o, label: roleName(o.label) }))} value={r.role_id ? String(r.role_id) : null} onChange={(v) => onChange(r.id, { role_id: v ? Number(v) : null })} />
                </Table.Td>
                <Table.Td miw={180}>
                  <MultiSelect aria-label={label('sites')} data={options(lookups?.sites)} value={(r.sites ?? []).map(String)} onChange={(v) => onChange(r.id, { sites: v.map(Number) })} />
                </Table.Td>
                <Table.Td miw={180}>
                  <MultiSelect aria-label={label('user_types')} data={options(lookups?.user_types)} value={(r.user_types ?? []).map(String)} onChange={(v) => onChange(r.id, { user_types: v.map(Number) })} />
                </Table.Td>
                <Table.Td w={90}>
                  <TextInput aria-label={label('phone_code')} dir="ltr" placeholder="+44" value={r.phone_code ?? ''} onChange={(e) => onChange(r.id, { phone_code: e.currentTarget.value })} />
                </Table.Td>
                <Table.Td miw={140}>
                  <TextInput aria-label={label('phone')} dir="ltr" inputMode="numeric" value={r.phone ?? ''} onChange={(e) => onChange(r.id, { phone: e.currentTarget.value.replace(/\D/g, '').slice(0, 20) })} />
                </Table.Td>
                <Table.Td miw={160}>
                  {!s ? <Text size="xs" c="dimmed">{t('not_sent')}</Text> : s.state === 'invited' ? <Badge color="green" variant="light">{t('invited')}</Badge> : <Text size="sm" c="red">{s.reason}</Text>}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
