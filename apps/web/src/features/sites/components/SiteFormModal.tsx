import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '@gatehouse/contract';
import { fieldMessages, usePlacesChange } from '../api/places';

const SiteMap = lazy(() => import('./SiteMap'));

/** The browser's time zones, with UTC (which browsers leave out of the list) and the site's own. */
const zones = (current: string): string[] => {
  let list: string[] = [];
  try {
    list = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    list = [];
  }
  return [...new Set(['UTC', current, ...list])];
};

/** Add or edit a site: location, radius, zoom, time zone, geofencing and fire alarm (rules 229, 236-237). */
export function SiteFormModal({ entityId, site, onClose }: { entityId: number; site?: Site; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const fa = site?.fire_alarm;
  const [v, setV] = useState({
    name: site?.name ?? '',
    location_name: site?.location_name ?? '',
    lat: site?.lat ?? 51.5,
    long: site?.long ?? -0.12,
    radius: site?.radius ?? 100,
    zoom: site?.zoom ?? 15,
    timezone: site?.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'),
    geofencing: site?.geofencing === 1,
    fire: fa?.enabled ?? false,
    ip: fa?.local_sync_ip ?? '',
    port: fa?.local_sync_port ?? ('' as number | ''),
    io_port: fa?.io_port ?? 'active',
    voltage: fa?.voltage_threshold ?? 12,
    action: fa?.action_upon_fire ?? 'no_action',
    trigger: fa?.trigger_level ?? 'high',
  });
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });
  const timezones = useMemo(() => zones(v.timezone), [v.timezone]);
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) => setV((o) => ({ ...o, [k]: value }));
  const err = (k: string) => errors.fields[k];
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      entity_id: entityId,
      name: v.name,
      location_name: v.location_name || null,
      lat: v.lat,
      long: v.long,
      radius: v.radius,
      zoom: v.zoom,
      timezone: v.timezone,
      geofencing: v.geofencing ? 1 : 0,
      fire_alarm: { enabled: v.fire ? 1 : 0, local_sync_ip: v.ip || null, local_sync_port: v.port === '' ? null : v.port, io_port: v.io_port, voltage_threshold: v.voltage, action_upon_fire: v.action, trigger_level: v.trigger },
    };
    change.mutate(site ? { method: 'put', url: `/api/site/${site.id}`, body } : { method: 'post', url: '/api/site', body }, {
      onSuccess: onClose,
      onError: (x) => setErrors(fieldMessages(x)),
    });
  };
  return (
    <Modal opened onClose={onClose} title={site ? t('site.edit') : t('site.add')} size="lg">
      <form onSubmit={submit} noValidate>
      <Stack>
        {errors.form ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{errors.form}</Alert> : null}
        <TextInput label={t('site.name')} required value={v.name} onChange={(e) => set('name', e.currentTarget.value)} error={err('name')} />
        <TextInput label={t('site.location_name')} value={v.location_name} onChange={(e) => set('location_name', e.currentTarget.value)} error={err('location_name')} />
        <Suspense fallback={null}>
          <SiteMap lat={v.lat} long={v.long} radius={v.radius} zoom={v.zoom} onPick={(p) => setV((o) => ({ ...o, lat: p.lat, long: p.long, zoom: p.zoom }))} />
        </Suspense>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={t('site.lat')} decimalScale={6} min={-90} max={90} value={v.lat} onChange={(x) => set('lat', Number(x))} error={err('lat')} />
          <NumberInput label={t('site.long')} decimalScale={6} min={-180} max={180} value={v.long} onChange={(x) => set('long', Number(x))} error={err('long')} />
          <NumberInput label={t('site.radius')} min={1} value={v.radius} onChange={(x) => set('radius', Number(x))} error={err('radius')} />
          <NumberInput label={t('site.zoom')} min={1} max={22} value={v.zoom} onChange={(x) => set('zoom', Number(x))} error={err('zoom')} />
        </SimpleGrid>
        <Select label={t('site.timezone')} searchable data={timezones} value={v.timezone} onChange={(x) => set('timezone', x ?? 'UTC')} error={err('timezone')} />
        <Switch label={t('site.geofencing')} checked={v.geofencing} onChange={(e) => set('geofencing', e.currentTarget.checked)} />
        <FireAlarmFields t={t} v={v} set={set} err={err} prefix="fire_alarm." />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={change.isPending}>{t('save')}</Button>
        </Group>
      </Stack>
      </form>
    </Modal>
  );
}

export interface FireValues {
  fire: boolean;
  ip: string;
  port: number | '';
  io_port: string;
  voltage: number;
  action: string;
  trigger: string;
}

/** Fire alarm input/output settings (rule 237); IP and port are the local sync address (rule 236). */
export function FireAlarmFields<V extends FireValues>({ t, v, set, err, prefix }: { t: (k: string) => string; v: V; set: <K extends keyof V>(k: K, value: V[K]) => void; err: (k: string) => string | undefined; prefix: string }) {
  return (
    <Stack gap="xs">
      <Switch label={t('fire.enabled')} checked={v.fire} onChange={(e) => set('fire', e.currentTarget.checked as V['fire'])} error={err(prefix.replace(/\.$/, ''))} />
      {v.fire ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fire.ip')} value={v.ip} onChange={(e) => set('ip', e.currentTarget.value as V['ip'])} error={err(`${prefix}local_sync_ip`)} />
          <NumberInput label={t('fire.port')} min={1} max={65535} value={v.port} onChange={(x) => set('port', (x === '' ? '' : Number(x)) as V['port'])} error={err(`${prefix}local_sync_port`)} />
          <Select label={t('fire.io_port')} data={[{ value: 'active', label: t('fire.active') }, { value: 'passive', label: t('fire.passive') }]} value={v.io_port} onChange={(x) => set('io_port', (x ?? 'active') as V['io_port'])} />
          <NumberInput label={t('fire.voltage')} min={0} max={48} suffix=" V" value={v.voltage} onChange={(x) => set('voltage', Number(x) as V['voltage'])} error={err(`${prefix}voltage_threshold`)} />
          <Select label={t('fire.action')} data={[{ value: 'open_door', label: t('fire.open_door') }, { value: 'no_action', label: t('fire.no_action') }]} value={v.action} onChange={(x) => set('action', (x ?? 'no_action') as V['action'])} />
          <Select label={t('fire.trigger')} data={[{ value: 'high', label: t('fire.high') }, { value: 'low', label: t('fire.low') }]} value={v.trigger} onChange={(x) => set('trigger', (x ?? 'high') as V['trigger'])} />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
