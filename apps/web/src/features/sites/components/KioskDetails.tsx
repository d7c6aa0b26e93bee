import type { Kiosk } from '@gatehouse/contract';
import { Alert, Badge, Button, Group, List, Loader, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDoor } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaOptionsQuery, fieldMessages, roomDataQuery, usePlacesChange } from '../api/places';

/** The kiosk's own journey (change_journey_for_kiosk); without one it follows its area's. */
export function KioskJourneyModal({ entityId, kiosk, onClose }: { entityId: number; kiosk: Kiosk; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const options = useQuery(areaOptionsQuery(entityId));
  const [journeyId, setJourneyId] = useState<string | null>(kiosk.journey_id ? String(kiosk.journey_id) : null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { kiosk: { journey_id: journeyId ? Number(journeyId) : null, ...(kiosk.area_id ? { area_id: kiosk.area_id } : {}) } };
    change.mutate({ method: 'put', url: `/api/change_journey_for_kiosk/${kiosk.id}`, body }, {
      onSuccess: onClose,
      onError: (x) => {
        const m = fieldMessages(x);
        setError(m.fields['kiosk.journey_id'] ?? m.form);
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('kiosk.journey_title', { name: kiosk.name })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t('area.journey')}
            description={t('kiosk.journey_help')}
            placeholder={t('kiosk.area_journey')}
            clearable
            data={(options.data?.journeys ?? []).map((j) => ({ value: String(j.id), label: j.name }))}
            value={journeyId}
            onChange={setJourneyId}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
            <Button type="submit" loading={change.isPending}>{t('save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The kiosk's room: its site and area, the doors there and how many people are signed in now. */
export function RoomDataModal({ kiosk, onClose }: { kiosk: Kiosk; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const room = useQuery(roomDataQuery(kiosk.id));
  const d = room.data;
  return (
    <Modal opened onClose={onClose} title={t('room.title', { name: kiosk.name })}>
      {room.isLoading ? <Loader size="sm" /> : null}
      {room.isError ? <Alert color="red">{t('room.error')}</Alert> : null}
      {d ? (
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <Text size="sm" c="dimmed">{t('room.site')}</Text>
            <Text size="sm">{d.site ? `${d.site.name} (${d.site.timezone})` : '—'}</Text>
            <Text size="sm" c="dimmed">{t('room.area')}</Text>
            <Text size="sm">{d.area ? d.area.name : '—'}</Text>
            <Text size="sm" c="dimmed">{t('area.login_mode')}</Text>
            <Text size="sm">{d.area ? t(`mode.${d.area.login_mode}`) : '—'}</Text>
            <Text size="sm" c="dimmed">{t('area.signed_in')}</Text>
            <Text size="sm" data-testid="room-signed-in">{d.signed_in}</Text>
            <Text size="sm" c="dimmed">{t('room.app_version')}</Text>
            <Group gap="xs">
              <Text size="sm">{d.kiosk.app_version ?? '—'}</Text>
              <Badge size="xs" color={d.kiosk.online ? 'green' : 'gray'}>{d.kiosk.online ? t('kiosk.online') : t('kiosk.offline')}</Badge>
            </Group>
          </SimpleGrid>
          <Text fw={600} size="sm">{t('room.doors')}</Text>
          {d.doors.length ? (
            <List size="sm" icon={<IconDoor size={14} aria-hidden />}>
              {d.doors.map((door) => <List.Item key={door.id}>{door.name}{door.io_port != null ? ` · IO ${door.io_port}` : ''}</List.Item>)}
            </List>
          ) : (
            <Text size="sm" c="dimmed">{t('room.no_doors')}</Text>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
