import { KIOSK_COMMANDS, type Kiosk, type KioskCommand } from '@gatehouse/contract';
import { ActionIcon, Badge, Button, Drawer, Group, Loader, Menu, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import { kioskQuery } from '../api/places';

/** Requests that can still be canceled. */
const OPEN = ['placed', 'pending', 'delivered', 'running'];
const STATUS_COLOR: Record<string, string> = { succeeded: 'green', failed: 'red', canceled: 'gray', closed: 'gray', running: 'blue', delivered: 'cyan', pending: 'yellow', placed: 'yellow' };

/**
 * The remote command menu of one kiosk and its request history (rules 241-246), updated live: the page's real-time
 * updates reload the kiosk on every request status change and when it goes online or offline.
 */
export function KioskCommands({ kiosk, onClose }: { kiosk: Kiosk; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const qc = useQueryClient();
  const detail = useQuery(kioskQuery(kiosk.id));
  const [version, setVersion] = useState('');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (command: KioskCommand) => {
    setBusy(true);
    try {
      const body =
        command === 'update-app'
          ? { kiosk_id: kiosk.id, mac: kiosk.mac_address, version, kioskName: kiosk.name, key, entityId: kiosk.entity_id }
          : { kiosk_id: kiosk.id, macAddress: kiosk.mac_address, kioskName: kiosk.name, entityId: kiosk.entity_id };
      const res = await http.post<{ message: string }>(`/api/kiosks/${command}`, body);
      notifications.show({ color: 'green', message: res.message });
    } catch {
      // The http client already showed the server's reason (e.g. "no connection found to the kiosk").
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: kioskQuery(kiosk.id).queryKey });
    }
  };
  const cancel = async (id: number) => {
    try {
      const res = await http.put<{ message: string }>(`/api/kiosks/requests/cancel/${id}`);
      notifications.show({ color: 'green', message: res.message });
    } catch {
      // Shown by the http client (e.g. the request has already finished).
    }
    void qc.invalidateQueries({ queryKey: kioskQuery(kiosk.id).queryKey });
  };
  const requests = detail.data?.requests ?? [];
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={t('commands.title', { name: kiosk.name })}>
      <Stack>
        <Group>
          <Badge color={detail.data?.online ? 'green' : 'gray'} data-testid="commands-kiosk-state">{detail.data?.online ? t('kiosk.online') : t('kiosk.offline')}</Badge>
          <Text size="sm" c="dimmed">{kiosk.mac_address ?? '—'} · {kiosk.app_version ?? '—'}</Text>
        </Group>
        {!kiosk.mac_address ? <Text c="red" size="sm">{t('commands.no_mac')}</Text> : null}
        <Menu>
          <Menu.Target>
            <Button loading={busy} disabled={!kiosk.mac_address}>{t('commands.send')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {KIOSK_COMMANDS.filter((c) => c !== 'update-app').map((c) => (
              <Menu.Item key={c} onClick={() => void send(c)}>{t(`commands.${c}`)}</Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Group align="flex-end">
          <TextInput label={t('commands.version')} value={version} onChange={(e) => setVersion(e.currentTarget.value)} w={120} />
          <TextInput label={t('commands.key')} value={key} onChange={(e) => setKey(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button variant="light" disabled={!version || !key || busy || !kiosk.mac_address} onClick={() => void send('update-app')}>{t('commands.update-app')}</Button>
        </Group>
        <Text fw={600}>{t('commands.history')}</Text>
        {detail.isLoading ? <Loader size="sm" /> : null}
        {requests.length === 0 && !detail.isLoading ? <Text c="dimmed">{t('commands.none')}</Text> : null}
        {requests.length ? (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('commands.command')}</Table.Th>
                <Table.Th>{t('commands.status')}</Table.Th>
                <Table.Th>{t('commands.by')}</Table.Th>
                <Table.Th>{t('commands.at')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((r) => (
                <Table.Tr key={r.id} data-testid={`request-${r.id}`}>
                  <Table.Td>{t(`commands.${r.command}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[r.status] ?? 'gray'} variant="light">{t(`status.${r.status}`)}</Badge>
                    {r.reason ? <Text size="xs" c="dimmed">{r.reason}</Text> : null}
                  </Table.Td>
                  <Table.Td>{r.userName}</Table.Td>
                  <Table.Td>{new Date(r.created_at).toLocaleString()}</Table.Td>
                  <Table.Td>
                    {OPEN.includes(r.status) ? (
                      <Tooltip label={t('commands.cancel')}>
                        <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('commands.cancel')} onClick={() => void cancel(r.id)}>
                          <IconX size={14} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Drawer>
  );
}
