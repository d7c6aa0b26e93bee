import { Alert, Button, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { zCreateExpectedVisitForm, zEmail, zPhone } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useZodForm } from '../../../components/form';
import { HttpError } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { checkUserEntity, createVisit, getHostSettings, getLinkSettings, getPreRegFields, type Host, type PreRegUserType, validateVisit } from '../api/prereg';
import { isPast, siteNow } from '../lib/site-time';
import { CustomFieldInput } from './CustomFieldInput';
import { type Answers, EntryConditions, answersState } from './EntryConditions';
import { HostPicker } from './HostPicker';
import { PhotoField } from './PhotoField';
import { DayField } from '../../../components/fields';

const zDetails = zCreateExpectedVisitForm.pick({ first_name: true, last_name: true, email: true, phone: true, company_name: true, id_number: true, visit_date: true, visit_time: true });
const blank = { first_name: '', last_name: '', email: '', phone: '', company_name: '', id_number: '', visit_date: '', visit_time: '' };

/**
 * The pre-registration form of a link (rules 130-140): the user type (with the existing-person checks of rules
 * 136-138), the details (169-171 and the type's mandatory data), the date and time in the site's zone (139), the
 * host (194, 203), the custom fields for pre-registration (217-218), the photo (134, 140) and the entry condition
 * (210-212), as the chosen type's flow asks. The visit is checked (duplicates: 135-136) before it is created.
 */
export function RegistrationForm({ code, timezone, types, passport }: { code: string; timezone: string; types: PreRegUserType[]; passport?: { first_name: string; last_name: string; email: string; passport_id: string } | null }) {
  const { t } = useTranslation('prereg');
  const navigate = useNavigate();
  const [typeId, setTypeId] = useState<number | null>(types.length === 1 ? types[0].id : null);
  const form = useZodForm(zDetails, passport ? { ...blank, first_name: passport.first_name, last_name: passport.last_name, email: passport.email } : blank);
  const [host, setHost] = useState<Host | null>(null);
  const [fields, setFields] = useState<Record<number, string>>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [visitExists, setVisitExists] = useState(false);
  const [busy, setBusy] = useState(false);
  const on = typeId !== null;
  const flow = useQuery({ queryKey: ['prereg', code, 'flow', typeId], queryFn: () => getLinkSettings(code, typeId!), enabled: on, retry: false });
  const hosts = useQuery({ queryKey: ['prereg', code, 'host-settings', typeId], queryFn: () => getHostSettings(code, typeId!), enabled: on, retry: false });
  const sections = useQuery({ queryKey: ['prereg', code, 'fields', typeId], queryFn: () => getPreRegFields(code, typeId!), enabled: on, retry: false });
  // Rules 136-138: is this person known, with another type, and may they change it?
  const [contact] = useDebouncedValue({ email: form.values.email.trim(), phone: form.values.phone.trim() }, 400);
  const email = zEmail.safeParse(contact.email).success ? contact.email.toLowerCase() : undefined;
  const phone = zPhone.safeParse(contact.phone).success ? contact.phone : undefined;
  const person = useQuery({ queryKey: ['prereg', code, 'person', typeId, email, phone], queryFn: () => checkUserEntity({ journey_flow_id: code, user_type_id: typeId!, email, phone }), enabled: on && !!(email || phone), retry: false });
  const differentType = !!person.data?.user_exists && person.data.user_type_id !== typeId;
  const notAllowed = differentType && person.data?.can_change_user_type === 0;
  const settings = flow.data;
  // Rule 134: a returning visitor whose photo is on file is not asked for one again.
  const photoOnFile = !!person.data?.user_exists && person.data.has_image === 1;
  const photoAsked = !!settings?.is_image_required && !photoOnFile;
  const condition = settings?.compliance ?? null;
  const allFields = (sections.data ?? []).flatMap((s) => s.custom_fields);
  const today = siteNow(timezone).date;

  const chooseType = (id: number) => {
    setTypeId(id);
    setHost(null);
    setFields({});
    setAnswers({});
    setErrors({});
  };

  const check = () => {
    const next: Record<string, string | null> = {};
    const details = form.validate();
    if (!typeId) next.user_type = t('user_type_required');
    const { visit_date: date, visit_time: time } = form.values;
    if (/^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}/.test(time) && isPast(date, time, timezone)) next.visit_date = tMessage('visits.date_past');
    if (hosts.data && !hosts.data.allowNotSelectHost && hosts.data.hostUserTypesExist && !host) next.host = t('host_required');
    for (const m of settings?.mandatory_data ?? []) if (details && !details[m as 'company_name' | 'id_number']) next[m] = tMessage('validation.required');
    for (const f of allFields) if (f.required && !fields[f.custom_field_id]) next[`custom_fields.${f.custom_field_id}`] = tMessage('validation.required');
    if (photoAsked && !photo) next.image = t('photo_required');
    if (condition && answersState(condition, answers) === 'some') next.compliances = t('conditions_all_or_none');
    setErrors(next);
    if (next.visit_date) form.setErrors((e) => ({ ...e, visit_date: next.visit_date ?? undefined }));
    return details && !Object.values(next).some(Boolean) && !notAllowed ? details : null;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setVisitExists(false);
    const data = check();
    if (!data || !typeId) return;
    setBusy(true);
    try {
      await validateVisit({ journey_flow_id: code, user_type_id: typeId, visit_date: data.visit_date, visit_time: data.visit_time, email: data.email, phone: data.phone, ...(host ? { host: host.id } : {}), ...(passport ? { passport_id: passport.passport_id } : {}) });
      const body = new FormData();
      body.set('journey_id', code);
      body.set('user_type_id', String(typeId));
      for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== '') body.set(k, String(v));
      if (host) body.set('host', String(host.id));
      if (passport) body.set('passport_id', passport.passport_id);
      const values = allFields.filter((f) => fields[f.custom_field_id]).map((f) => ({ custom_field_id: f.custom_field_id, type: f.type, value: fields[f.custom_field_id] }));
      if (values.length) body.set('custom_fields', JSON.stringify(values));
      if (condition && answersState(condition, answers) === 'all') {
        body.set('compliances', JSON.stringify([{ complianceId: condition.id, answer: condition.questions.map((q) => ({ question_id: q.id, answer: answers[q.id] })) }]));
        if (notes.trim()) body.set('notes', notes.trim());
      }
      if (photoAsked && photo) body.set('image', photo);
      const res = await createVisit(body);
      navigate(`/pre-registration/${code}/success?approval=${res.data.approval_required}&stage=${res.data.journey_stage}`);
    } catch (err) {
      // Rule 136: the visit-exists flag is set only when the duplicate check answers `error_date`.
      if (err instanceof HttpError && err.message === 'error_date') setVisitExists(true);
      if (err instanceof HttpError) setErrors((x) => ({ ...x, image: err.fieldErrors.image?.join('\n') ?? null, ...Object.fromEntries(Object.entries(err.fieldErrors).filter(([k]) => k.startsWith('custom_fields.') || k === 'compliances').map(([k, v]) => [k, v.join('\n')])) }));
      form.applyServerError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="prereg-form">
      <Stack gap="sm">
        {form.formError && !visitExists ? <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid="prereg-error">{form.formError}</Alert> : null}
        {visitExists ? <Alert color="orange" data-testid="prereg-visit-exists">{t('visit_exists')}</Alert> : null}
        <Radio.Group label={t('user_type')} required value={typeId ? String(typeId) : ''} onChange={(v) => chooseType(Number(v))} error={errors.user_type}>
          <Stack gap={6} mt={6}>
            {types.map((u) => (
              <Radio key={u.id} value={String(u.id)} label={<span dir="auto">{u.name}</span>} description={u.pre_registration_method === 'approval_required' ? t('needs_approval') : undefined} />
            ))}
          </Stack>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('first_name')} required autoComplete="given-name" maxLength={50} {...form.input('first_name')} />
          <TextInput label={t('last_name')} required autoComplete="family-name" maxLength={50} {...form.input('last_name')} />
        </SimpleGrid>
        <TextInput label={t('email')} type="email" required autoComplete="email" {...form.input('email')} />
        <TextInput label={t('phone')} type="tel" inputMode="numeric" required autoComplete="tel" maxLength={20} {...form.input('phone')} onChange={(e) => form.setField('phone', e.currentTarget.value.replace(/\D/g, ''))} />
        {differentType && person.data ? (
          <Alert color={notAllowed ? 'red' : 'yellow'} data-testid="prereg-person-notice">
            {notAllowed ? t('not_allowed') : t('switch_notice', { from: person.data.user_type?.name ?? '', to: types.find((u) => u.id === typeId)?.name ?? '' })}
          </Alert>
        ) : null}
        <TextInput label={t('company')} autoComplete="organization" maxLength={100} required={settings?.mandatory_data.includes('company_name')} {...form.input('company_name')} error={form.errors.company_name ?? errors.company_name} />
        {settings?.mandatory_data.includes('id_number') ? <TextInput label={t('id_number')} required maxLength={50} {...form.input('id_number')} error={form.errors.id_number ?? errors.id_number} /> : null}
        <SimpleGrid cols={2}>
          <DayField label={t('date')} required min={today} value={String(form.values.visit_date ?? '')} onChange={(d) => form.setField('visit_date', d)} error={form.errors.visit_date} />
          <TextInput label={t('time')} type="time" required {...form.input('visit_time')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('time_zone', { zone: timezone })}
        </Text>
        {typeId && hosts.data?.hostUserTypesExist ? <HostPicker code={code} userTypeId={typeId} settings={hosts.data} value={host} onChange={setHost} error={errors.host} /> : null}
        {(sections.data ?? []).map((s) => (
          <Stack key={s.section_id} gap="xs">
            <Title order={3} size="h5">
              {s.value}
            </Title>
            {s.custom_fields.map((f) => (
              <CustomFieldInput key={f.custom_field_id} field={f} value={fields[f.custom_field_id] ?? ''} onChange={(v) => setFields((x) => ({ ...x, [f.custom_field_id]: v }))} error={errors[`custom_fields.${f.custom_field_id}`] ?? undefined} />
            ))}
          </Stack>
        ))}
        {photoAsked ? <PhotoField value={photo} onChange={setPhoto} error={errors.image} onError={(k) => setErrors((x) => ({ ...x, image: k ? t(k) : null }))} /> : null}
        {settings?.is_image_required && photoOnFile ? (
          <Text size="sm" c="dimmed" data-testid="prereg-photo-on-file">
            {t('photo_on_file')}
          </Text>
        ) : null}
        {condition ? <EntryConditions condition={condition} answers={answers} onAnswers={setAnswers} notes={notes} onNotes={setNotes} error={errors.compliances} /> : null}
        <Button type="submit" loading={busy} disabled={notAllowed} size="md">
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
