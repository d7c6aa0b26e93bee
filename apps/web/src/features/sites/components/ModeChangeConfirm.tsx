import type { zAreaLoginModes, zAreaSignOutCheck } from '@gatehouse/contract';
import { Alert, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import type { TreeArea } from '../api/places';
import type { z } from 'zod';

export interface ModeChangeCheck {
  users: z.output<typeof zAreaSignOutCheck>['data'];
  site: z.output<typeof zAreaLoginModes>['data'];
}

/** Rule 232: who a login mode change signs out (should_SignedOut) and the modes of the site's areas (by site). */
export async function loadModeChangeCheck(area: TreeArea, mode: string): Promise<ModeChangeCheck> {
  const [users, site] = await Promise.all([
    http.get<z.output<typeof zAreaSignOutCheck>>('/api/check_should_SignedOut_in_area', { query: { area_id: area.id, login_mode: mode } }),
    http.get<z.output<typeof zAreaLoginModes>>(`/api/check_areas_mode_by_site/${area.site_id}`),
  ]);
  return { users: users.data, site: site.data };
}

const SHOWN = 10;

/** Shown before saving a mode change that signs people out: their names, then the site's areas and their modes. */
export function ModeChangeConfirm({ check, mode, pending, onBack, onConfirm }: { check: ModeChangeCheck; mode: string; pending: boolean; onBack: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('sites');
  const people = check.users.users;
  return (
    <Stack>
      <Alert color="orange" title={t('area.mode_change')}>
        <Text size="sm">{t('area.will_sign_out', { count: check.users.count, mode: t(`mode.${mode}`) })}</Text>
        <List size="sm" mt="xs">
          {people.slice(0, SHOWN).map((p) => (
            <List.Item key={p.id}>{`${p.first_name} ${p.last_name}`}</List.Item>
          ))}
        </List>
        {people.length > SHOWN ? <Text size="sm">{t('area.and_more', { count: people.length - SHOWN })}</Text> : null}
      </Alert>
      <Text fw={600} size="sm">{t('area.site_modes')}</Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('area.name')}</Table.Th>
            <Table.Th>{t('area.login_mode')}</Table.Th>
            <Table.Th>{t('area.signed_in')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {check.site.map((a) => (
            <Table.Tr key={a.area_id}>
              <Table.Td>{a.name}</Table.Td>
              <Table.Td>{t(`mode.${a.login_mode}`)}</Table.Td>
              <Table.Td>{a.signed_in}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>{t('back')}</Button>
        <Button color="orange" loading={pending} onClick={onConfirm}>{t('area.confirm_mode_change')}</Button>
      </Group>
    </Stack>
  );
}
