import type { Kiosk } from '@gatehouse/contract';
import { Badge, Button, Card, Center, Group, Image, Loader, Menu, Modal, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { type TreeArea, type TreeSite, usePlacesChange, useTree } from '../api/places';
import { AreaFormModal, DoorModal, MoveAreaModal } from '../components/AreaModals';
import { type AreaAction, AreaNode, type KioskAction } from '../components/AreaNode';
import { KioskCommands } from '../components/KioskCommands';
import { KioskAddModal, KioskMoveModal, KioskSettingsModal } from '../components/KioskModals';
import { SiteFormModal } from '../components/SiteFormModal';

type Dialog =
  | { kind: 'site'; site?: TreeSite }
  | { kind: 'area'; siteId: number; parentId?: number | null; area?: TreeArea }
  | { kind: 'move_area'; area: TreeArea }
  | { kind: 'door'; area: TreeArea }
  | { kind: 'kiosk_add'; area: TreeArea }
  | { kind: 'kiosk_move'; ids: number[] }
  | { kind: 'kiosk_settings'; ids: number[]; kiosk?: Kiosk }
  | { kind: 'commands'; kiosk: Kiosk }
  | { kind: 'qr'; area: TreeArea; dataUrl: string; url: string }
  | null;

/** /sites: the tree of sites and areas with kiosks and doors, and every action on them (rules 229-246). */
export default function SitesPage() {
  const { t } = useTranslation('sites');
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const tree = useTree(entityId);
  const change = usePlacesChange();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const close = () => setDialog(null);
  const sites = tree.data ?? [];
  const toggle = (id: number) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });

  const confirm = (title: string, body: string, run: () => void) =>
    modals.openConfirmModal({ title, children: <Text size="sm">{body}</Text>, labels: { confirm: t('confirm'), cancel: t('cancel') }, confirmProps: { color: 'red' }, onConfirm: run });

  const onArea = async (area: TreeArea, action: AreaAction) => {
    if (action === 'add_sub') setDialog({ kind: 'area', siteId: area.site_id, parentId: area.id });
    if (action === 'edit') setDialog({ kind: 'area', siteId: area.site_id, area });
    if (action === 'move') setDialog({ kind: 'move_area', area });
    if (action === 'door') setDialog({ kind: 'door', area });
    if (action === 'kiosk') setDialog({ kind: 'kiosk_add', area });
    if (action === 'qr') {
      const qr = await http.get<{ data: { data_url: string; url: string } }>(`/api/area_qr_code/${area.id}`);
      setDialog({ kind: 'qr', area, dataUrl: qr.data.data_url, url: qr.data.url });
    }
    if (action === 'delete') confirm(t('area.delete_title'), t('area.delete_body', { name: area.name }), () => change.mutate({ method: 'delete', url: `/api/area/${area.id}` }));
  };
  const onKiosk = (k: Kiosk, action: KioskAction) => {
    if (action === 'commands') setDialog({ kind: 'commands', kiosk: k });
    if (action === 'move') setDialog({ kind: 'kiosk_move', ids: [k.id] });
    if (action === 'settings') setDialog({ kind: 'kiosk_settings', ids: [k.id], kiosk: k });
    if (action === 'deregister') confirm(t('kiosk.deregister_title'), t('kiosk.deregister_body', { name: k.name }), () => change.mutate({ method: 'delete', url: `/api/deregister-kiosk/${k.id}` }));
  };
  const setupFile = async (site: TreeSite) => {
    const file = await http.get<Record<string, unknown>>(`/api/generate_exe/${site.id}`);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
    a.download = `gatehouse-kiosk-site-${site.id}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  const ids = [...selected];
  return (
    <PageLayout
      title={t('title')}
      actions={
        <>
          <Button variant="default" disabled={!ids.length} onClick={() => setDialog({ kind: 'kiosk_move', ids })}>{t('kiosk.move_selected', { count: ids.length })}</Button>
          <Button variant="default" disabled={!ids.length} onClick={() => setDialog({ kind: 'kiosk_settings', ids })}>{t('kiosk.settings_selected', { count: ids.length })}</Button>
          <Button onClick={() => setDialog({ kind: 'site' })}>{t('site.add')}</Button>
        </>
      }
    >
      {tree.isLoading ? (
        <Center py="xl"><Loader /></Center>
      ) : sites.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Stack>
          {sites.map((site) => (
            <Card key={site.id} withBorder padding="md">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Title order={4}>{site.name}</Title>
                  <Text size="sm" c="dimmed">{site.location_name ?? '—'} · {site.lat?.toFixed(4)}, {site.long?.toFixed(4)} · {site.timezone}</Text>
                  <Group gap="xs">
                    <Badge variant="light">{t('site.areas_count', { count: site.areas_count })}</Badge>
                    <Badge variant="light">{t('site.devices_count', { count: site.devices_count })}</Badge>
                    {site.geofencing ? <Badge color="teal" variant="light">{t('site.geofencing')}</Badge> : null}
                    {site.fire_alarm?.enabled ? <Badge color="red" variant="light">{t('fire.enabled')}</Badge> : null}
                  </Group>
                </Stack>
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'area', siteId: site.id })}>{t('area.add')}</Button>
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <Button size="xs" variant="default">{t('site.more')}</Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setDialog({ kind: 'site', site })}>{t('site.edit')}</Menu.Item>
                      <Menu.Item onClick={() => void setupFile(site)}>{t('site.setup_file')}</Menu.Item>
                      <Menu.Divider />
                      <Menu.Item color="red" onClick={() => confirm(t('site.delete_title'), t('site.delete_body', { name: site.name }), () => change.mutate({ method: 'delete', url: `/api/site/${site.id}` }))}>{t('site.delete')}</Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Group>
              <Stack gap="xs" mt="sm">
                {site.areas.map((a) => (
                  <AreaNode key={a.id} area={a} selected={selected} onToggle={toggle} onArea={(x, y) => void onArea(x, y)} onKiosk={onKiosk} />
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {dialog?.kind === 'site' ? <SiteFormModal entityId={entityId} site={dialog.site} onClose={close} /> : null}
      {dialog?.kind === 'area' ? <AreaFormModal entityId={entityId} siteId={dialog.siteId} parentId={dialog.parentId} area={dialog.area} onClose={close} /> : null}
      {dialog?.kind === 'move_area' ? <MoveAreaModal area={dialog.area} sites={sites} onClose={close} /> : null}
      {dialog?.kind === 'door' ? <DoorModal entityId={entityId} area={dialog.area} onClose={close} /> : null}
      {dialog?.kind === 'kiosk_add' ? <KioskAddModal entityId={entityId} area={dialog.area} onClose={close} /> : null}
      {dialog?.kind === 'kiosk_move' ? <KioskMoveModal kioskIds={dialog.ids} sites={sites} onClose={() => { close(); setSelected(new Set()); }} /> : null}
      {dialog?.kind === 'kiosk_settings' ? <KioskSettingsModal kioskIds={dialog.ids} initial={dialog.kiosk} onClose={close} /> : null}
      {dialog?.kind === 'commands' ? <KioskCommands kiosk={dialog.kiosk} entityId={entityId} onClose={close} /> : null}
      {dialog?.kind === 'qr' ? (
        <Modal opened onClose={close} title={t('area.qr_title', { name: dialog.area.name })}>
          <Stack align="center">
            <Image src={dialog.dataUrl} alt={t('area.qr_title', { name: dialog.area.name })} w={280} />
            <Text size="xs" c="dimmed">{dialog.url}</Text>
            <Button onClick={() => window.print()}>{t('area.print')}</Button>
          </Stack>
        </Modal>
      ) : null}
    </PageLayout>
  );
}
