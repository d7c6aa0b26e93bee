import { CUSTOM_FIELD_TYPES, RATING_DISPLAYS, type Translations, zCustomFieldInput } from '@gatehouse/contract';
import { Alert, Button, Card, Center, Divider, Group, Loader, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type FieldErrors, zodFieldErrors } from '../../../components/form';
import { PageLayout } from '../../../components/PageLayout';
import { TranslationsField } from '../../../components/TranslationsField';
import { useUniqueName } from '../../../components/use-unique-name';
import { HttpError, joinErrors } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { checkSectionName, type CustomField, type FieldType, type RatingDisplay, type Section, sectionBody, useCustomFieldsAllowed, useSaveSection, useSections } from '../api/custom-fields';
import { CustomFieldInput } from '../components/CustomFieldInput';
import { OptionsEditor } from '../components/OptionsEditor';
import { PlanNotice } from '../components/PlanNotice';

const NEW = 'new';
/** The options kept (blank lines dropped) with their translations, by index. */
const keptOptions = (needed: boolean, options: string[], translations: Translations[]) => {
  const kept = needed ? options.map((o, i) => ({ o: o.trim(), tr: translations[i] ?? {} })).filter((x) => x.o) : [];
  return { options: kept.map((x) => x.o), options_i18n: kept.map((x) => x.tr) };
};
const needsOptions = (type: FieldType, display: RatingDisplay | null) => type === 'checkboxes' || type === 'radio' || (type === 'rating' && display === 'labels');

/** /add-custom-field (create) and /add-custom-field?section=&field= (edit): one field of a section, rules 216-219; plan rule 12. */
export default function AddCustomFieldPage() {
  const { t } = useTranslation('custom-fields');
  const allowed = useCustomFieldsAllowed();
  const sections = useSections();
  const [params] = useSearchParams();
  const sectionId = Number(params.get('section')) || null;
  const fieldId = Number(params.get('field')) || null;
  const title = fieldId ? t('edit_field_title') : t('add_field_title');
  if (!allowed) {
    return (
      <PageLayout title={title}>
        <PlanNotice />
      </PageLayout>
    );
  }
  if (!sections.data) {
    const refused = sections.error instanceof HttpError && sections.error.status === 403 ? sections.error.message : null;
    return <Center py="xl">{sections.isError ? <Text c="red">{refused ?? t('load_failed')}</Text> : <Loader />}</Center>;
  }
  const section = sections.data.find((s) => s.id === sectionId) ?? null;
  const field = section?.custom_fields.find((f) => f.id === fieldId) ?? null;
  if (fieldId && !field) {
    return (
      <PageLayout title={title}>
        <Alert color="yellow">{t('field_gone')}</Alert>
      </PageLayout>
    );
  }
  return (
    <PageLayout title={title}>
      <FieldForm key={`${sectionId}-${fieldId}`} sections={sections.data} section={section} field={field} />
    </PageLayout>
  );
}

function FieldForm({ sections, section, field }: { sections: Section[]; section: Section | null; field: CustomField | null }) {
  const { t } = useTranslation('custom-fields');
  const navigate = useNavigate();
  const save = useSaveSection();
  const [target, setTarget] = useState<string>(section ? String(section.id) : sections.length ? String(sections[0].id) : NEW);
  const [newSection, setNewSection] = useState('');
  const [v, setV] = useState({
    name: field?.name ?? '',
    name_i18n: field?.name_i18n ?? {},
    type: (field?.type ?? 'text') as FieldType,
    display: (field?.display ?? null) as RatingDisplay | null,
    options: field?.options ?? [],
    options_i18n: field?.options_i18n ?? [],
    binding: field?.binding ?? '',
    badge_printable: field?.badge_printable === 1,
    fillable_by_user: field?.fillable_by_user === 1,
    required_at_pre_registration: field?.required_at_pre_registration === 1,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState('');
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) => {
    setV((x) => ({ ...x, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const sectionTaken = useUniqueName('section', target === NEW ? newSection : '', (name, signal) => checkSectionName(name, undefined, signal)).taken;
  // Rule 219: field names are unique across the organisation's sections.
  const nameTaken = sections.some((s) => s.custom_fields.some((f) => f.id !== field?.id && f.name.trim().toLowerCase() === v.name.trim().toLowerCase())) ? tMessage('custom_fields.name_exists') : undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const input = { ...(field ? { id: field.id } : {}), ...v, display: v.type === 'rating' ? v.display : null, ...keptOptions(needsOptions(v.type, v.display), v.options, v.options_i18n), binding: v.binding.trim() || null };
    const parsed = zCustomFieldInput.safeParse(input);
    const next: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (target === NEW && !newSection.trim()) next.section = tMessage('custom_fields.section_required');
    if (Object.values(next).some(Boolean) || !parsed.success || nameTaken || (target === NEW && sectionTaken)) return setErrors(next);
    const own = sections.find((s) => String(s.id) === target) ?? null;
    const kept = own ? (sectionBody(own).custom_fields ?? []) : [];
    const index = field && own ? own.custom_fields.findIndex((f) => f.id === field.id) : kept.length;
    const list = field ? kept.map((f, i) => (i === index ? parsed.data : f)) : [...kept, parsed.data];
    const body = { value: own ? own.value : newSection.trim(), custom_fields: list };
    save.mutate(
      { id: own?.id ?? null, body },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message });
          navigate('/custom-fields');
        },
        onError: (err) => {
          if (!(err instanceof HttpError)) throw err;
          const f = err.fieldErrors;
          const mine = Object.entries(f).filter(([k]) => k === `custom_fields.${index}.name`).flatMap(([, m]) => m);
          setErrors({ name: mine.join('\n') || undefined, section: f.value?.join('\n') });
          const rest = Object.fromEntries(Object.entries(f).filter(([k]) => k !== 'value' && k !== `custom_fields.${index}.name`));
          setFormError(joinErrors(rest) || (mine.length || f.value ? null : err.message));
        },
      },
    );
  };

  const sectionOptions = [...sections.map((s) => ({ value: String(s.id), label: s.value })), { value: NEW, label: t('new_section') }];
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate maw={820}>
      <Stack>
        {formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{formError}</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('section')} required data={sectionOptions} value={target} onChange={(x) => setTarget(x ?? NEW)} allowDeselect={false} disabled={!!field} description={field ? t('section_fixed') : undefined} />
          {target === NEW ? (
            <TextInput label={t('section_name')} required maxLength={50} value={newSection} onChange={(e) => { setNewSection(e.currentTarget.value); setErrors((x) => ({ ...x, section: undefined })); }} error={errors.section ?? sectionTaken} />
          ) : null}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            <TextInput label={t('field_name')} required maxLength={50} value={v.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name ?? nameTaken} />
            <TranslationsField label={t('field_name')} value={v.name_i18n} onChange={(x) => set('name_i18n', x)} />
          </Stack>
          <Select label={t('type')} required allowDeselect={false} data={CUSTOM_FIELD_TYPES.map((x) => ({ value: x, label: t(`types.${x}`) }))} value={v.type} onChange={(x) => { set('type', (x ?? 'text') as FieldType); setPreview(''); }} />
        </SimpleGrid>
        {v.type === 'rating' ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('display')} <Text span c="red">*</Text></Text>
            <SegmentedControl aria-label={t('display')} data={RATING_DISPLAYS.map((x) => ({ value: x, label: t(`displays.${x}`) }))} value={v.display ?? ''} onChange={(x) => { set('display', x as RatingDisplay); setPreview(''); }} />
            {errors.display ? <Text size="xs" c="red">{errors.display}</Text> : null}
          </Stack>
        ) : null}
        {needsOptions(v.type, v.display) ? <OptionsEditor label={t('options')} options={v.options} translations={v.options_i18n} onChange={(o, tr) => setV((x) => ({ ...x, options: o, options_i18n: tr }))} error={errors.options} /> : null}
        <TextInput label={t('binding')} description={t('binding_hint')} maxLength={50} value={v.binding} onChange={(e) => set('binding', e.currentTarget.value)} error={errors.binding} />
        <Group gap="xl">
          <Switch label={t('col.badge_printable')} checked={v.badge_printable} onChange={(e) => set('badge_printable', e.currentTarget.checked)} />
          <Switch label={t('col.fillable_by_user')} checked={v.fillable_by_user} onChange={(e) => set('fillable_by_user', e.currentTarget.checked)} />
          <Switch label={t('col.required_at_pre_registration')} checked={v.required_at_pre_registration} onChange={(e) => set('required_at_pre_registration', e.currentTarget.checked)} />
        </Group>
        <Divider label={t('preview')} labelPosition="center" />
        <Text size="sm" c="dimmed">{t('preview_hint')}</Text>
        <CustomFieldInput field={{ id: 0, section_id: 0, name: v.name || t('untitled'), name_i18n: v.name_i18n, type: v.type, display: v.display, options: v.options.filter((o) => o.trim()), options_i18n: [], binding: null, badge_printable: 0, fillable_by_user: 0, required_at_pre_registration: 0 }} value={preview} onChange={setPreview} required={v.required_at_pre_registration} />
        <Group>
          <Button type="submit" loading={save.isPending}>{t('save')}</Button>
          <Button variant="default" onClick={() => navigate('/custom-fields')}>{t('cancel')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
