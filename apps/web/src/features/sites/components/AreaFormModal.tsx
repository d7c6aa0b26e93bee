import { AREA_LOGIN_MODES, AUTO_SIGN_OUT_MODES, type zAreaCheckAnswer } from '@gatehouse/contract';
import { Alert, Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import { areaOptionsQuery, fieldMessages, signedInQuery, type TreeArea, usePlacesChange } from '../api/places';
import { type ModeChangeCheck, ModeChangeConfirm, loadModeChangeCheck } from './ModeChangeConfirm';
import type { z } from 'zod';

type Errors = { fields: Record<string, string>; form: string | null };
const none: Errors = { fields: {}, form: null };
type LoginMode = (typeof AREA_LOGIN_MODES)[number];
type AutoMode = (typeof AUTO_SIGN_OUT_MODES)[number];
const ids = (v: string[]) => v.map(Number);
const strings = (v: number[] | undefined) => (v ?? []).map(String);

/**
 * Add an area (or sub-area) or edit one (rule 230): name, journey, sign-in/out mode, auto sign-out (rule 231), the
 * remote-access and geofence input options, entry conditions and documents. Before saving, the admin sees who a
 * mode change signs out and the site's other areas (rule 232); an input option still in use cannot be switched off
 * (rule 235).
 */
export function AreaFormModal({ entityId, siteId, parentId, area, onClose }: { entityId: number; siteId: number; parentId?: number | null; area?: TreeArea; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const options = useQuery(areaOptionsQuery(entityId));
  const signedIn = useQuery({ ...signedInQuery(area?.id ?? 0), enabled: !!area });
  const [v, setV] = useState({
    name: area?.name ?? '',
    journey_id: area?.journey_id ? String(area.journey_id) : null,
    login_mode: (area?.login_mode ?? 'sign_in_out') as LoginMode,
    auto_sign_out_mode: (area?.auto_sign_out_mode ?? 'none') as AutoMode,
    remote_access: area?.remote_access === 1,
    geofence: area?.geofence === 1,
    compliance_ids: strings(area?.compliance_ids),
    document_type_ids: strings(area?.document_type_ids),
  });
  const [errors, setErrors] = useState<Errors>(none);
  const [check, setCheck] = useState<ModeChangeCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) => setV((o) => ({ ...o, [k]: value }));

  /** Rule 235: switching an input option off is checked first (by area and action); in use, it stays on. */
  const toggleOption = async (key: 'remote_access' | 'geofence', on: boolean) => {
    setErrors((e) => ({ ...e, fields: { ...e.fields, [key]: '' } }));
    if (on || !area || area[key] !== 1) return set(key, on);
    const res = await http.get<z.output<typeof zAreaCheckAnswer>>(`/api/check_areas_mode_by_area/${area.id}/${key}`);
    if (res.data.allowed) set(key, false);
    else setErrors((e) => ({ ...e, fields: { ...e.fields, [key]: res.data.message ?? '' } }));
  };

  const save = () => {
    const body = {
      name: v.name,
      journey_id: v.journey_id ? Number(v.journey_id) : null,
      login_mode: v.login_mode,
      auto_sign_out_mode: v.auto_sign_out_mode,
      remote_access: v.remote_access ? 1 : 0,
      geofence: v.geofence ? 1 : 0,
      compliance_ids: ids(v.compliance_ids),
      document_type_ids: ids(v.document_type_ids),
    };
    const call = area
      ? { method: 'put' as const, url: `/api/area/${area.id}`, body }
      : { method: 'post' as const, url: '/api/area', body: { ...body, entity_id: entityId, site_id: siteId, parent_id: parentId ?? null } };
    change.mutate(call, { onSuccess: onClose, onError: (x) => { setCheck(null); setErrors(fieldMessages(x)); } });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (area && v.login_mode !== area.login_mode) {
      setChecking(true);
      try {
        const found = await loadModeChangeCheck(area, v.login_mode);
        if (found.users.count > 0) return setCheck(found);
      } finally {
        setChecking(false);
      }
    }
    save();
  };

  const opts = options.data;
  const count = signedIn.data;
  return (
    <Modal opened onClose={onClose} title={area ? t('area.edit') : parentId ? t('area.add_sub') : t('area.add')} size="lg">
      {check ? (
        <ModeChangeConfirm check={check} mode={v.login_mode} pending={change.isPending} onBack={() => setCheck(null)} onConfirm={save} />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            {errors.form ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{errors.form}</Alert> : null}
            {count ? (
              <Text size="sm" c="dimmed" data-testid="area-signed-in">
                {t('area.signed_in_now', { count: count.signed_in, remote: count.remote_access, geofence: count.geofence })}
              </Text>
            ) : null}
            <TextInput label={t('area.name')} required value={v.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.fields.name} />
            <Select
              label={t('area.journey')}
              placeholder={t('area.no_journey')}
              clearable
              data={(opts?.journeys ?? []).map((j) => ({ value: String(j.id), label: j.name }))}
              value={v.journey_id}
              onChange={(x) => set('journey_id', x)}
              error={errors.fields.journey_id}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label={t('area.login_mode')} allowDeselect={false} data={AREA_LOGIN_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))} value={v.login_mode} onChange={(x) => set('login_mode', (x ?? 'sign_in_out') as LoginMode)} error={errors.fields.login_mode} />
              <Select label={t('area.auto_sign_out')} allowDeselect={false} data={AUTO_SIGN_OUT_MODES.map((m) => ({ value: m, label: t(`auto.${m}`) }))} value={v.auto_sign_out_mode} onChange={(x) => set('auto_sign_out_mode', (x ?? 'none') as AutoMode)} />
            </SimpleGrid>
            <Switch label={t('area.remote_access')} description={t('area.remote_access_help')} checked={v.remote_access} onChange={(e) => void toggleOption('remote_access', e.currentTarget.checked)} error={errors.fields.remote_access || undefined} />
            <Switch label={t('area.geofence')} description={t('area.geofence_help')} checked={v.geofence} onChange={(e) => void toggleOption('geofence', e.currentTarget.checked)} error={errors.fields.geofence || undefined} />
            <MultiSelect
              label={t('area.compliances')}
              description={t('area.compliances_help')}
              placeholder={opts && !opts.compliances.length ? t('area.none_defined') : undefined}
              searchable
              data={(opts?.compliances ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={v.compliance_ids}
              onChange={(x) => set('compliance_ids', x)}
              error={errors.fields.compliance_ids}
            />
            <MultiSelect
              label={t('area.documents')}
              description={t('area.documents_help')}
              data={(opts?.documents ?? []).map((d) => ({ value: String(d.id), label: t(`document.${d.key}`, { defaultValue: d.name }) }))}
              value={v.document_type_ids}
              onChange={(x) => set('document_type_ids', x)}
              error={errors.fields.document_type_ids}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
              <Button type="submit" loading={change.isPending || checking}>{t('save')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
