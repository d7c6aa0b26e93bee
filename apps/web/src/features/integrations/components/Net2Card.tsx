import { Alert, Button, Card, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Net2Settings, saveNet2Settings, useGroupTypes, useIntegrationAreas, useNet2Options } from '../api/integrations';
import { failToast, toast } from './bits';

/**
 * A Paxton Net2 integration's own settings (issue 19 part 4): the Net2 access level each user type's visitors get
 * when their visit is approved (none: no Net2 user), and the Net2 doors whose access-granted events are read as
 * sign-ins at one of our areas (none: not read).
 */
export function Net2Card({ id }: { id: number }) {
  const { t } = useTranslation('integrations');
  const client = useQueryClient();
  const options = useNet2Options(id);
  const types = useGroupTypes(id);
  const areas = useIntegrationAreas(id);
  const [draft, setDraft] = useState<Net2Settings | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (options.data && !draft) setDraft({ visitor_access_levels: options.data.visitor_access_levels, door_areas: options.data.door_areas });
  }, [options.data, draft]);
  const levels = (options.data?.access_levels ?? []).map((l) => ({ value: l.id, label: l.name }));
  const areaOptions = (areas.data ?? []).flatMap((s) => s.areas.map((a) => ({ value: String(a.id), label: `${s.site_name} — ${a.name}` })));
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    try {
      toast((await saveNet2Settings(id, draft)).message);
      await client.invalidateQueries({ queryKey: ['integrations', id, 'net2'] });
    } catch (e) {
      failToast(e);
    } finally {
      setBusy(false);
    }
  };
  const levelOf = (typeId: number) => draft?.visitor_access_levels.find((v) => v.user_type_id === typeId)?.access_level_id;
  const areaOf = (doorId: string) => draft?.door_areas.find((d) => d.door_id === doorId)?.area_id;
  const setLevel = (typeId: number, value: string | null) =>
    setDraft((d) => d && { ...d, visitor_access_levels: [...d.visitor_access_levels.filter((v) => v.user_type_id !== typeId), ...(value ? [{ user_type_id: typeId, access_level_id: Number(value) }] : [])] });
  const setArea = (doorId: string, value: string | null) => setDraft((d) => d && { ...d, door_areas: [...d.door_areas.filter((x) => x.door_id !== doorId), ...(value ? [{ door_id: doorId, area_id: Number(value) }] : [])] });
  return (
    <Card withBorder component="section" aria-labelledby="net2-title">
      <Stack gap="sm">
        <Title order={4} id="net2-title">
          {t('net2.title')}
        </Title>
        {options.isError ? <Alert color="red">{t('net2.load_error')}</Alert> : null}
        {draft && options.data ? (
          <>
            <Text c="dimmed">{t('net2.visitors_intro')}</Text>
            <Table withTableBorder aria-label={t('net2.visitors')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('net2.user_type')}</Table.Th>
                  <Table.Th>{t('net2.access_level')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(types.data?.user_types ?? []).map((ut) => (
                  <Table.Tr key={ut.id}>
                    <Table.Td>{ut.name}</Table.Td>
                    <Table.Td>
                      <Select aria-label={t('net2.access_level_of', { name: ut.name })} placeholder={t('net2.none')} data={levels} value={levelOf(ut.id) === undefined ? null : String(levelOf(ut.id))} onChange={(v) => setLevel(ut.id, v)} clearable />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text c="dimmed">{t('net2.doors_intro')}</Text>
            <Table withTableBorder aria-label={t('net2.doors')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('net2.door')}</Table.Th>
                  <Table.Th>{t('net2.area')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {options.data.doors.map((door) => (
                  <Table.Tr key={door.id}>
                    <Table.Td>{door.name}</Table.Td>
                    <Table.Td>
                      <Select aria-label={t('net2.area_of', { name: door.name })} placeholder={t('net2.not_read')} data={areaOptions} value={areaOf(door.id) === undefined ? null : String(areaOf(door.id))} onChange={(v) => setArea(door.id, v)} clearable />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Button loading={busy} onClick={save} style={{ alignSelf: 'flex-start' }}>
              {t('net2.save')}
            </Button>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
