import { AREA_LOGIN_MODES, AUTO_SIGN_OUT_MODES } from '@gatehouse/contract';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import { fieldMessages, subtreeIds, type TreeArea, type TreeSite, usePlacesChange } from '../api/places';

type Errors = { fields: Record<string, string>; form: string | null };
const none: Errors = { fields: {}, form: null };

function Footer({ onClose, pending }: { onClose: () => void; pending: boolean }) {
  const { t } = useTranslation('sites');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
      <Button type="submit" loading={pending}>{t('save')}</Button>
    </Group>
  );
}

/** Add an area (or sub-area) or edit one; a login mode change is confirmed when it signs people out (rules 154, 232). */
export function AreaFormModal({ entityId, siteId, parentId, area, onClose }: { entityId: number; siteId: number; parentId?: number | null; area?: TreeArea; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const [v, setV] = useState({
    name: area?.name ?? '',
    login_mode: area?.login_mode ?? 'sign_in_out',
    auto_sign_out_mode: area?.auto_sign_out_mode ?? 'none',
    remote_access: area?.remote_access === 1,
    geofence: area?.geofence === 1,
  });
  const [errors, setErrors] = useState<Errors>(none);
  const save = () => {
    const body = { ...v, remote_access: v.remote_access ? 1 : 0, geofence: v.geofence ? 1 : 0 };
    const call = area ? { method: 'put' as const, url: `/api/area/${area.id}`, body } : { method: 'post' as const, url: '/api/area', body: { ...body, entity_id: entityId, site_id: siteId, parent_id: parentId ?? null } };
    change.mutate(call, { onSuccess: onClose, onError: (x) => setErrors(fieldMessages(x)) });
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (area && v.login_mode !== area.login_mode) {
      const check = await http.get<{ data: { should_sign_out: 0 | 1; count: number } }>('/api/check_should_SignedOut_in_area', { query: { area_id: area.id, login_mode: v.login_mode } });
      if (check.data.should_sign_out) {
        modals.openConfirmModal({ title: t('area.mode_change'), children: t('area.will_sign_out', { count: check.data.count }), labels: { confirm: t('confirm'), cancel: t('cancel') }, onConfirm: save });
        return;
      }
    }
    save();
  };
  return (
    <Modal opened onClose={onClose} title={area ? t('area.edit') : parentId ? t('area.add_sub') : t('area.add')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{errors.form}</Alert> : null}
          <TextInput label={t('area.name')} required value={v.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} error={errors.fields.name} />
          <Select label={t('area.login_mode')} data={AREA_LOGIN_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))} value={v.login_mode} onChange={(x) => setV({ ...v, login_mode: (x ?? 'sign_in_out') as typeof v.login_mode })} />
          <Select label={t('area.auto_sign_out')} data={AUTO_SIGN_OUT_MODES.map((m) => ({ value: m, label: t(`auto.${m}`) }))} value={v.auto_sign_out_mode} onChange={(x) => setV({ ...v, auto_sign_out_mode: (x ?? 'none') as typeof v.auto_sign_out_mode })} />
          <Switch label={t('area.remote_access')} checked={v.remote_access} onChange={(e) => setV({ ...v, remote_access: e.currentTarget.checked })} error={errors.fields.remote_access} />
          <Switch label={t('area.geofence')} checked={v.geofence} onChange={(e) => setV({ ...v, geofence: e.currentTarget.checked })} error={errors.fields.geofence} />
          <Footer onClose={onClose} pending={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Move an area with its sub-areas within its site or to another one (rule 233). */
export function MoveAreaModal({ area, sites, onClose }: { area: TreeArea; sites: TreeSite[]; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const [siteId, setSiteId] = useState(String(area.site_id));
  const [parentId, setParentId] = useState<string | null>(area.parent_id ? String(area.parent_id) : null);
  const [errors, setErrors] = useState<Errors>(none);
  const blocked = new Set(subtreeIds(area));
  const site = sites.find((s) => String(s.id) === siteId);
  const parents: { value: string; label: string }[] = [];
  const walk = (list: TreeArea[], depth: number) => {
    for (const a of list) {
      if (blocked.has(a.id)) continue;
      parents.push({ value: String(a.id), label: `${'— '.repeat(depth)}${a.name}` });
      walk(a.children, depth + 1);
    }
  };
  walk(site?.areas ?? [], 0);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    change.mutate({ method: 'put', url: `/api/area_move/${area.id}`, body: { site_id: Number(siteId), parent_id: parentId ? Number(parentId) : null } }, { onSuccess: onClose, onError: (x) => setErrors(fieldMessages(x)) });
  };
  return (
    <Modal opened onClose={onClose} title={t('area.move', { name: area.name })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
          <Select label={t('area.target_site')} data={sites.map((s) => ({ value: String(s.id), label: s.name }))} value={siteId} onChange={(x) => { setSiteId(x ?? siteId); setParentId(null); }} />
          <Select label={t('area.parent')} placeholder={t('area.top_level')} clearable data={parents} value={parentId} onChange={setParentId} error={errors.fields.parent_id} />
          <Footer onClose={onClose} pending={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Add a door to an area ("Door Added"), optionally wired to one of the area's kiosks. */
export function DoorModal({ entityId, area, onClose }: { entityId: number; area: TreeArea; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const [name, setName] = useState('');
  const [port, setPort] = useState<number | ''>('');
  const [kioskId, setKioskId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>(none);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { entity_id: entityId, area_id: area.id, name, type: 'door', io_port: port === '' ? null : port, kiosk_id: kioskId ? Number(kioskId) : null };
    change.mutate({ method: 'post', url: '/api/devices', body }, { onSuccess: onClose, onError: (x) => setErrors(fieldMessages(x)) });
  };
  return (
    <Modal opened onClose={onClose} title={t('door.add', { name: area.name })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
          <TextInput label={t('door.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.fields.name} />
          <NumberInput label={t('door.io_port')} min={0} max={64} value={port} onChange={(x) => setPort(x === '' ? '' : Number(x))} error={errors.fields.io_port} />
          <Select label={t('door.kiosk')} clearable data={area.kiosks.map((k) => ({ value: String(k.id), label: k.name }))} value={kioskId} onChange={setKioskId} error={errors.fields.kiosk_id} />
          <Footer onClose={onClose} pending={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
