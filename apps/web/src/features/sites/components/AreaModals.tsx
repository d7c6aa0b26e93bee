import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
