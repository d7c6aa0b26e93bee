import { Alert, Button, FileInput, Loader, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zCreateExpectedVisitForm } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useZodForm } from '../../../components/form';
import { HttpError } from '../../../lib/http';
import { createVisit, getHostSettings, getLinkSettings, getUserTypes, type Host, searchHosts, validateVisit } from '../api/prereg';
import { VisitorFrame } from '../components/VisitorFrame';

const zDetails = zCreateExpectedVisitForm.pick({ user_type_id: true, first_name: true, last_name: true, email: true, phone: true, company_name: true, visit_date: true, visit_time: true });

/**
 * /pre-registration/:id: the visitor picks a user type offered by the link, gives their details, a host, the date
 * and time (not in the past, rule 139) and a photo when the flow requires one (rules 134, 140). The visit is
 * checked (duplicate: rules 135-136) before it is created.
 */
export default function PreRegistrationPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('prereg');
  const settings = useQuery({ queryKey: ['prereg', id, 'settings'], queryFn: () => getLinkSettings(id), enabled: !!id, retry: false });
  const types = useQuery({ queryKey: ['prereg', id, 'types'], queryFn: () => getUserTypes(id), enabled: !!id, retry: false });
  if (!id || settings.isError || types.isError) {
    return (
      <VisitorFrame>
        <Alert color="red" data-testid="prereg-unavailable">{t('not_available')}</Alert>
      </VisitorFrame>
    );
  }
  if (!settings.data || !types.data) {
    return (
      <VisitorFrame>
        <Loader />
      </VisitorFrame>
    );
  }
  const place = [settings.data.site_name, settings.data.area_name].filter(Boolean).join(' · ');
  return (
    <VisitorFrame heading={settings.data.entity_name}>
      <Stack>
        <Title order={2}>{t('title')}</Title>
        {place ? <Text c="dimmed">{place}</Text> : null}
        <RegistrationForm code={id} imageRequired={settings.data.is_image_required === 1} types={types.data.filter((u) => u.pre_registration_method !== 'by_admin' && u.pre_registration_method !== 'not_required')} />
      </Stack>
    </VisitorFrame>
  );
}

function RegistrationForm({ code, imageRequired, types }: { code: string; imageRequired: boolean; types: { id: number; name: string }[] }) {
  const { t } = useTranslation('prereg');
  const navigate = useNavigate();
  const form = useZodForm(zDetails, { user_type_id: types.length === 1 ? types[0].id : ('' as unknown as number), first_name: '', last_name: '', email: '', phone: '', company_name: '', visit_date: '', visit_time: '' });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [hostSearch, setHostSearch] = useState('');
  const [host, setHost] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const userTypeId = Number(form.values.user_type_id) || 0;
  const hostSettings = useQuery({ queryKey: ['prereg', code, 'hosts', userTypeId], queryFn: () => getHostSettings(code, userTypeId), enabled: userTypeId > 0, retry: false });
  const hosts = useQuery({ queryKey: ['prereg', code, 'host-search', hostSearch], queryFn: () => searchHosts(code, hostSearch), enabled: hostSearch.trim().length >= 2, retry: false });
  const hostRequired = hostSettings.data?.allowNotSelectHost === 0;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    setPhotoError(imageRequired && !photo ? t('photo_required') : null);
    if (!data || (hostRequired && !host)) {
      if (hostRequired && !host) form.setFormError(t('host_required'));
      return;
    }
    setBusy(true);
    try {
      const visit = { journey_flow_id: code, user_type_id: data.user_type_id, visit_date: data.visit_date, visit_time: data.visit_time, email: data.email, phone: data.phone, ...(host ? { host: Number(host) } : {}) };
      await validateVisit(visit);
      const body = new FormData();
      body.set('journey_id', code);
      for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== '') body.set(k, String(v));
      if (host) body.set('host', host);
      if (imageRequired && photo) body.set('image', photo);
      const res = await createVisit(body);
      navigate(`/pre-registration/${code}/success?approval=${res.data.approval_required}`);
    } catch (err) {
      if (err instanceof HttpError && err.fieldErrors.image) setPhotoError(err.fieldErrors.image.join('\n'));
      form.applyServerError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
      {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid="prereg-error">{form.formError}</Alert> : null}
      <Select
        label={t('user_type')}
        required
        data={types.map((u) => ({ value: String(u.id), label: u.name }))}
        value={form.values.user_type_id ? String(form.values.user_type_id) : null}
        onChange={(v) => form.setField('user_type_id', (v ? Number(v) : '') as number)}
        error={form.errors.user_type_id}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t('first_name')} required autoComplete="given-name" {...form.input('first_name')} />
        <TextInput label={t('last_name')} required autoComplete="family-name" {...form.input('last_name')} />
      </SimpleGrid>
      <TextInput label={t('email')} type="email" required autoComplete="email" {...form.input('email')} />
      <TextInput label={t('phone')} type="tel" inputMode="numeric" required autoComplete="tel" {...form.input('phone')} />
      <TextInput label={t('company')} autoComplete="organization" {...form.input('company_name')} />
      <SimpleGrid cols={2}>
        <TextInput label={t('date')} type="date" required {...form.input('visit_date')} />
        <TextInput label={t('time')} type="time" required {...form.input('visit_time')} />
      </SimpleGrid>
      {userTypeId > 0 && hostSettings.data?.hostUserTypesExist ? (
        <Stack gap={4}>
          <TextInput label={t('host')} description={hostSettings.data.note ?? t('host_hint')} required={hostRequired} value={hostSearch} onChange={(e) => setHostSearch(e.currentTarget.value)} />
          <Radio.Group value={host} onChange={setHost} aria-label={t('host')}>
            <Stack gap={4} mt={4}>
              {(hosts.data ?? []).map((h: Host) => (
                <Radio key={h.id} value={String(h.id)} label={h.full_name} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      ) : null}
      {imageRequired ? (
        <FileInput label={t('photo')} description={t('photo_hint')} accept="image/png,image/jpeg" capture="user" required value={photo} onChange={setPhoto} error={photoError} clearable />
      ) : null}
      <Button type="submit" loading={busy}>
        {t('submit')}
      </Button>
      </Stack>
    </form>
  );
}
