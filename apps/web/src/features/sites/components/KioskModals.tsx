import { Alert, Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessages, flatAreas, type TreeArea, type TreeSite, usePlacesChange } from '../api/places';
import { FireAlarmFields, type FireValues } from './SiteFormModal';

type Errors = { fields: Record<string, string>; form: string | null };
const none: Errors = { fields: {}, form: null };

function Footer({ onClose, pending, label }: { onClose: () => void; pending: boolean; label?: string }) {
  const { t } = useTranslation('sites');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
      <Button type="submit" loading={pending}>{label ?? t('save')}</Button>
    </Group>
  );
}

/** Add a kiosk to an area with the pairing code its /kiosk-register page shows ("Kiosk Added"). */
export function KioskAddModal({ entityId, area, onClose }: { entityId: number; area: TreeArea; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>(none);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    change.mutate({ method: 'post', url: '/api/kiosk', body: { entity_id: entityId, area_id: area.id, name, pairing_code: code.trim().toUpperCase() } }, { onSuccess: onClose, onError: (x) => setErrors(fieldMessages(x)) });
  };
  return (
    <Modal opened onClose={onClose} title={t('kiosk.add', { name: area.name })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
          <Alert color="blue">{t('kiosk.pairing_help')}</Alert>
          <TextInput label={t('kiosk.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.fields.name} />
          <TextInput label={t('kiosk.pairing_code')} required maxLength={8} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.fields.pairing_code} styles={{ input: { letterSpacing: '0.2em', fontFamily: 'monospace' } }} />
          <Footer onClose={onClose} pending={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Move one kiosk or many to an area ("Kiosk Moved", "Kiosks Moved"). */
export function KioskMoveModal({ kioskIds, sites, onClose }: { kioskIds: number[]; sites: TreeSite[]; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const [areaId, setAreaId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>(none);
  const data = flatAreas(sites).map(({ area, site, depth }) => ({ value: String(area.id), label: `${site.name} / ${'— '.repeat(depth)}${area.name}` }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const call = kioskIds.length === 1 ? { method: 'put' as const, url: `/api/kiosk_move/${kioskIds[0]}`, body: { area_id: Number(areaId) } } : { method: 'put' as const, url: '/api/kiosks_move', body: { kiosk_ids: kioskIds, area_id: Number(areaId) } };
    change.mutate(call, { onSuccess: onClose, onError: (x) => setErrors(fieldMessages(x)) });
  };
  return (
    <Modal opened onClose={onClose} title={t('kiosk.move', { count: kioskIds.length })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
          <Select label={t('kiosk.target_area')} searchable required data={data} value={areaId} onChange={setAreaId} error={errors.fields.area_id} />
          <Footer onClose={onClose} pending={change.isPending} label={t('kiosk.move_button')} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Settings for one kiosk or many, fire alarm included ("Kiosk Settings Updated", rules 236-237). */
export function KioskSettingsModal({ kioskIds, initial, onClose }: { kioskIds: number[]; initial?: { settings: Record<string, unknown>; local_sync_ip: string | null; local_sync_port: number | null }; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const s = (initial?.settings ?? {}) as { temperature_unit?: string; language?: string; sign_out_enabled?: boolean; fire_alarm?: { enabled?: boolean; io_port?: string; voltage_threshold?: number; action_upon_fire?: string; trigger_level?: string } };
  const [v, setV] = useState<FireValues & { unit: string; language: string; signOut: boolean }>({
    unit: s.temperature_unit ?? 'C',
    language: s.language ?? 'en',
    signOut: s.sign_out_enabled ?? true,
    fire: s.fire_alarm?.enabled ?? false,
    ip: initial?.local_sync_ip ?? '',
    port: initial?.local_sync_port ?? '',
    io_port: s.fire_alarm?.io_port ?? 'active',
    voltage: s.fire_alarm?.voltage_threshold ?? 12,
    action: s.fire_alarm?.action_upon_fire ?? 'no_action',
    trigger: s.fire_alarm?.trigger_level ?? 'high',
  });
  const [errors, setErrors] = useState<Errors>(none);
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) => setV((o) => ({ ...o, [k]: value }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const settings = {
      temperature_unit: v.unit,
      language: v.language,
      sign_out_enabled: v.signOut ? 1 : 0,
      fire_alarm: { enabled: v.fire ? 1 : 0, io_port: v.io_port, voltage_threshold: v.voltage, action_upon_fire: v.action, trigger_level: v.trigger },
    };
    const address = { ...(v.ip ? { local_sync_ip: v.ip } : {}), ...(v.port !== '' ? { local_sync_port: v.port } : {}) };
    const call = kioskIds.length === 1 ? { method: 'put' as const, url: `/api/kiosk_setting/${kioskIds[0]}`, body: { settings, ...address } } : { method: 'put' as const, url: '/api/kiosks_setting', body: { kiosk_ids: kioskIds, settings, ...address } };
    change.mutate(call, { onSuccess: onClose, onError: (x) => setErrors(fieldMessages(x)) });
  };
  const err = (k: string) => errors.fields[k] ?? (k === 'settings.fire_alarm' ? errors.fields['settings.fire_alarm'] : undefined);
  return (
    <Modal opened onClose={onClose} title={t('kiosk.settings', { count: kioskIds.length })} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
          <Group grow>
            <Select label={t('kiosk.temperature_unit')} data={['C', 'F']} value={v.unit} onChange={(x) => set('unit', x ?? 'C')} />
            <Select label={t('kiosk.language')} data={[{ value: 'en', label: 'English' }, { value: 'ar', label: 'العربية' }, { value: 'es', label: 'Español' }]} value={v.language} onChange={(x) => set('language', x ?? 'en')} />
          </Group>
          <Switch label={t('kiosk.sign_out_enabled')} checked={v.signOut} onChange={(e) => set('signOut', e.currentTarget.checked)} />
          <FireAlarmFields t={t} v={v} set={set} err={(k) => (k === 'settings.fire_alarm' || k.startsWith('local_sync') ? err(k) : errors.fields[k])} prefix="settings.fire_alarm." />
          {errors.fields.local_sync_ip || errors.fields.local_sync_port ? <Alert color="red">{errors.fields.local_sync_ip ?? errors.fields.local_sync_port}</Alert> : null}
          <Footer onClose={onClose} pending={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

