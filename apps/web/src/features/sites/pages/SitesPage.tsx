import type { Kiosk, Site } from '@gatehouse/contract';
import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBinaryTree2, IconList, IconWifi } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { areaOptionsQuery, type TreeArea, type TreeSite, usePlacesChange, usePlacesLive, useTree } from '../api/places';
import { AreaFormModal } from '../components/AreaFormModal';
import { DoorModal, MoveAreaModal } from '../components/AreaModals';
import { AreaQrModal } from '../components/AreaQrModal';
import { DevicesDrawer } from '../components/DevicesDrawer';
import { KioskCommands } from '../components/KioskCommands';
import { KioskJourneyModal, RoomDataModal } from '../components/KioskDetails';
import { KioskAddModal, KioskMoveModal, KioskSettingsModal } from '../components/KioskModals';
import { MusterPointsModal } from '../components/MusterPointsModal';
import { AreaDeleteModal, SiteDeleteModal } from '../components/RemovalModals';
import { SiteCard, type SiteAction } from '../components/SiteCard';
import { SiteFormModal } from '../components/SiteFormModal';
import { SitesList } from '../components/SitesList';
import { type AreaAction, type DropTarget, type KioskAction, TreeContext, type TreeContextValue } from '../components/tree-context';

type Dialog =
  | { kind: 'site'; site?: Site }
  | { kind: 'delete_site'; site: TreeSite }
  | { kind: 'muster'; site: TreeSite }
  | { kind: 'area'; siteId: number; parentId?: number | null; area?: TreeArea }
  | { kind: 'move_area'; area: TreeArea }
  | { kind: 'delete_area'; area: TreeArea }
  | { kind: 'door'; area: TreeArea }
  | { kind: 'qr'; area: TreeArea }
  | { kind: 'kiosk_add'; area: TreeArea }
  | { kind: 'kiosk_move'; ids: number[] }
  | { kind: 'kiosk_settings'; ids: number[]; kiosk?: Kiosk }
  | { kind: 'kiosk_journey'; kiosk: Kiosk }
  | { kind: 'room'; kiosk: Kiosk }
  | { kind: 'commands'; kiosk: Kiosk }
  | { kind: 'devices' }
  | null;

/** Downloads the set-up file a kiosk installation needs for a site (generate_exe: server address, one-use token). */
async function downloadSetupFile(site: TreeSite) {
  const file = await http.get<Record<string, unknown>>(`/api/generate_exe/${site.id}`);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  a.download = `gatehouse-kiosk-site-${site.id}.json`;
  a.click();
  URL.revokeObjectURL(a.href);
}

/** /sites: the tree (or list) of sites and areas with kiosks and doors, and every action on them (rules 229-246). */
export default function SitesPage() {
  const { t } = useTranslation('sites');
  const entityId = useSession()?.entity?.id ?? 0;
  const tree = useTree(entityId);
  const options = useQuery(areaOptionsQuery(entityId));
  const change = usePlacesChange();
  usePlacesLive(entityId);
  const [view, setView] = useState<'tree' | 'list'>('tree');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dragging, setDragging] = useState<TreeArea | null>(null);
  const close = () => setDialog(null);
  const sites = useMemo(() => tree.data ?? [], [tree.data]);

  const onSite = (site: TreeSite, action: SiteAction) => {
    if (action === 'add_area') setDialog({ kind: 'area', siteId: site.id });
    if (action === 'edit') setDialog({ kind: 'site', site });
    if (action === 'muster_points') setDialog({ kind: 'muster', site });
    if (action === 'delete') setDialog({ kind: 'delete_site', site });
    if (action === 'setup_file') void downloadSetupFile(site);
  };
  const ctx: TreeContextValue = {
    selected,
    toggle: (id) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; }),
    options: options.data,
    dragging,
    setDragging,
    drop: (to: DropTarget) => {
      if (dragging) change.mutate({ method: 'put', url: `/api/area_move/${dragging.id}`, body: to });
      setDragging(null);
    },
    onArea: (area: TreeArea, action: AreaAction) => {
      const next: Record<AreaAction, Dialog> = {
        add_sub: { kind: 'area', siteId: area.site_id, parentId: area.id },
        edit: { kind: 'area', siteId: area.site_id, area },
        move: { kind: 'move_area', area },
        door: { kind: 'door', area },
        kiosk: { kind: 'kiosk_add', area },
        qr: { kind: 'qr', area },
        delete: { kind: 'delete_area', area },
      };
      setDialog(next[action]);
    },
    onKiosk: (kiosk: Kiosk, action: KioskAction) => {
      if (action === 'deregister') {
        modals.openConfirmModal({
          title: t('kiosk.deregister_title'),
          children: <Text size="sm">{t('kiosk.deregister_body', { name: kiosk.name })}</Text>,
          labels: { confirm: t('kiosk.action_deregister'), cancel: t('cancel') },
          confirmProps: { color: 'red' },
          onConfirm: () => change.mutate({ method: 'delete', url: `/api/deregister-kiosk/${kiosk.id}` }),
        });
        return;
      }
      const next: Record<Exclude<KioskAction, 'deregister'>, Dialog> = {
        commands: { kind: 'commands', kiosk },
        room: { kind: 'room', kiosk },
        move: { kind: 'kiosk_move', ids: [kiosk.id] },
        settings: { kind: 'kiosk_settings', ids: [kiosk.id], kiosk },
        journey: { kind: 'kiosk_journey', kiosk },
      };
      setDialog(next[action]);
    },
  };

  const ids = [...selected];
  const siteOf = (area: TreeArea) => sites.find((s) => s.id === area.site_id)?.name ?? '';
  return (
    <PageLayout
      title={t('title')}
      actions={
        <>
          <Button variant="default" leftSection={<IconWifi size={16} aria-hidden />} onClick={() => setDialog({ kind: 'devices' })}>{t('devices.open')}</Button>
          <Button variant="default" disabled={!ids.length} onClick={() => setDialog({ kind: 'kiosk_move', ids })}>{t('kiosk.move_selected', { count: ids.length })}</Button>
          <Button variant="default" disabled={!ids.length} onClick={() => setDialog({ kind: 'kiosk_settings', ids })}>{t('kiosk.settings_selected', { count: ids.length })}</Button>
          <Button onClick={() => setDialog({ kind: 'site' })}>{t('site.add')}</Button>
        </>
      }
    >
      <Group justify="space-between">
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as 'tree' | 'list')}
          aria-label={t('view.label')}
          data={[
            { value: 'tree', label: <Group gap={6} wrap="nowrap"><IconBinaryTree2 size={16} aria-hidden />{t('view.tree')}</Group> },
            { value: 'list', label: <Group gap={6} wrap="nowrap"><IconList size={16} aria-hidden />{t('view.list')}</Group> },
          ]}
        />
        {view === 'tree' && sites.length ? <Text size="xs" c="dimmed">{t('view.drag_help')}</Text> : null}
      </Group>
      {view === 'list' ? (
        <SitesList entityId={entityId} onOpen={(site) => setDialog({ kind: 'site', site })} />
      ) : tree.isLoading ? (
        <Center py="xl"><Loader /></Center>
      ) : tree.isError ? (
        <Alert color="red">{t('load_error')}</Alert>
      ) : sites.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <TreeContext.Provider value={ctx}>
          <Stack>
            {sites.map((site) => <SiteCard key={site.id} site={site} onSite={onSite} />)}
          </Stack>
        </TreeContext.Provider>
      )}
      {dialog?.kind === 'site' ? <SiteFormModal entityId={entityId} site={dialog.site} onClose={close} /> : null}
      {dialog?.kind === 'muster' ? <MusterPointsModal site={dialog.site} onClose={close} /> : null}
      {dialog?.kind === 'delete_site' ? <SiteDeleteModal site={dialog.site} onClose={close} /> : null}
      {dialog?.kind === 'area' ? <AreaFormModal entityId={entityId} siteId={dialog.siteId} parentId={dialog.parentId} area={dialog.area} onClose={close} /> : null}
      {dialog?.kind === 'move_area' ? <MoveAreaModal area={dialog.area} sites={sites} onClose={close} /> : null}
      {dialog?.kind === 'delete_area' ? <AreaDeleteModal area={dialog.area} onClose={close} /> : null}
      {dialog?.kind === 'door' ? <DoorModal entityId={entityId} area={dialog.area} onClose={close} /> : null}
      {dialog?.kind === 'qr' ? <AreaQrModal area={dialog.area} siteName={siteOf(dialog.area)} onClose={close} /> : null}
      {dialog?.kind === 'kiosk_add' ? <KioskAddModal entityId={entityId} area={dialog.area} onClose={close} /> : null}
      {dialog?.kind === 'kiosk_move' ? <KioskMoveModal kioskIds={dialog.ids} sites={sites} onClose={() => { close(); setSelected(new Set()); }} /> : null}
      {dialog?.kind === 'kiosk_settings' ? <KioskSettingsModal kioskIds={dialog.ids} initial={dialog.kiosk} onClose={close} /> : null}
      {dialog?.kind === 'kiosk_journey' ? <KioskJourneyModal entityId={entityId} kiosk={dialog.kiosk} onClose={close} /> : null}
      {dialog?.kind === 'room' ? <RoomDataModal kiosk={dialog.kiosk} onClose={close} /> : null}
      {dialog?.kind === 'commands' ? <KioskCommands kiosk={dialog.kiosk} onClose={close} /> : null}
      {dialog?.kind === 'devices' ? <DevicesDrawer sites={sites} onClose={close} /> : null}
    </PageLayout>
  );
}
