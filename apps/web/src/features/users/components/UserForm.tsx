import { zUserBody } from '@gatehouse/contract';
import { Alert, Autocomplete, Button, Fieldset, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/fields';
import { type FieldErrors, zodFieldErrors } from '../../../components/form';
import { HttpError, joinErrors } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useSections } from '../../custom-fields/api/custom-fields';
import { useAllUserTypes } from '../../user-types/api/user-types';
import { buildUserBody, initialCustomValues, initialValues, toFormData, type UserFormValues } from '../api/user-body';
import { type UserFull, useGridData, useSaveUser } from '../api/users';
import { CustomFieldSections } from './CustomFieldSections';
import { PhotoField } from './PhotoField';
import { ResourcesEditor } from './ResourcesEditor';
import { useRoleName } from '../../../lib/roles';

const TEXT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'id_number', 'company_name'] as const;
/** Hints under the input, so that fields side by side keep their inputs aligned. */
const BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/**
 * The user form, for adding and editing a person: names (rule 169), e-mail and phone (170-171, the 409 messages on
 * their fields), ID, user type with its mandatory data (194), role, department, labels, sites and grants, resources,
 * the photo (174) and the custom-field sections (216-218).
 */
export function UserForm({ user, onSaved, onCancel }: { user: UserFull | null; onSaved: (u: UserFull) => void; onCancel: () => void }) {
  const { t } = useTranslation('users');
  const roleName = useRoleName();
  const entityId = useSession()?.entity?.id ?? 0;
  const grid = useGridData(entityId).data;
  const types = useAllUserTypes(entityId).data ?? [];
  const sections = useSections().data ?? [];
  const save = useSaveUser(user?.id ?? null);
  const [v, setV] = useState<UserFormValues>(() => initialValues(user));
  const [custom, setCustom] = useState(() => initialCustomValues(user));
  const [changedCustom, setChangedCustom] = useState<Set<number>>(new Set());
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const type = types.find((x) => x.id === v.user_type_id);
  const mandatory = new Set(type?.mandatory_data ?? []);
  // Required-at-pre-registration fields are required for people of a type that registers (docs/decisions.md).
  const registering = !!type && type.registration_method !== 'not_required';
  const fields = sections.flatMap((s) => s.custom_fields);
  const requiredCustom = new Set(registering ? fields.filter((f) => f.required_at_pre_registration).map((f) => f.id) : []);
  const photoRequired = (!!type?.profile_photo || mandatory.has('photo')) && !user?.image;

  const set = <K extends keyof UserFormValues>(k: K, value: UserFormValues[K]) => {
    setV((x) => ({ ...x, [k]: value }));
    setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e));
  };
  const setCustomValue = (id: number, value: string) => {
    setCustom((c) => ({ ...c, [id]: value }));
    setChangedCustom((s) => new Set(s).add(id));
    setErrors((e) => ({ ...e, [`cf.${id}`]: undefined }));
  };
  const text = (k: (typeof TEXT_FIELDS)[number]) => ({
    value: v[k],
    onChange: (e: { currentTarget: { value: string } }) => set(k, e.currentTarget.value),
    error: errors[k],
    required: k === 'first_name' || k === 'last_name' || mandatory.has(k),
    name: k,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const { body, customIds } = buildUserBody(v, custom, new Map(fields.map((f) => [f.id, f.type])), grid?.departments ?? [], new Set([...changedCustom, ...requiredCustom]));
    const parsed = zUserBody.safeParse(body);
    const next: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!v.user_type_id) next.user_type_id = t('form.type_required');
    for (const f of TEXT_FIELDS) if (mandatory.has(f) && !v[f].trim()) next[f] = tMessage('people.field_required');
    for (const id of requiredCustom) if (!(custom[id] ?? '').trim()) next[`cf.${id}`] = t('form.required');
    if (errors.image) next.image = errors.image;
    else if (photoRequired && !photo) next.image = t('form.photo_required');
    if (Object.values(next).some(Boolean)) return setErrors(next);
    save.mutate(photo ? toFormData(body, photo) : body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        onSaved(r.data);
      },
      onError: (err) => {
        if (!(err instanceof HttpError)) throw err;
        const onFields: FieldErrors = {};
        const rest: Record<string, string[]> = {};
        for (const [k, msgs] of Object.entries(err.fieldErrors)) {
          const cf = /^custom_fields\.(\d+)/.exec(k);
          const key = cf && customIds[Number(cf[1])] ? `cf.${customIds[Number(cf[1])]}` : k === 'department' ? 'department_id' : k;
          if (cf || key in v || key === 'image' || key === 'department_id' || key === 'phone_code') onFields[key] = msgs.join('\n');
          else rest[k] = msgs;
        }
        if (err.status === 413) onFields.image = err.message;
        setErrors(onFields);
        setFormError(joinErrors(rest) || (Object.keys(onFields).length ? null : err.message));
      },
    });
  };

  const options = (list: { id: number; name: string }[] | undefined) => (list ?? []).map((x) => ({ value: String(x.id), label: x.name }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{formError}</Alert> : null}
        <Fieldset legend={t('form.identity')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('first_name')} maxLength={50} data-autofocus {...text('first_name')} />
              <TextInput label={t('last_name')} maxLength={50} {...text('last_name')} />
            </SimpleGrid>
            <TextInput label={t('email')} type="email" maxLength={254} {...text('email')} />
            <Group align="flex-start" wrap="nowrap" gap="xs">
              <TextInput label={t('form.phone_code')} placeholder="+44" dir="ltr" w={96} maxLength={5} value={v.phone_code} onChange={(e) => set('phone_code', e.currentTarget.value.replace(/[^\d+]/g, ''))} error={errors.phone_code} />
              <NumberField label={t('phone')} description={t('form.phone_hint')} inputWrapperOrder={BELOW} maxLength={20} dir="ltr" style={{ flex: 1 }} {...text('phone')} onChange={(x) => set('phone', x)} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('id_number')} maxLength={50} {...text('id_number')} />
              <TextInput label={t('company_name')} maxLength={100} {...text('company_name')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('form.type_and_access')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label={t('user_type')} required searchable data={types.map((x) => ({ value: String(x.id), label: x.name }))} value={v.user_type_id ? String(v.user_type_id) : null} onChange={(x) => set('user_type_id', x ? Number(x) : null)} error={errors.user_type_id} />
              <Select label={t('role')} description={t('form.role_hint')} inputWrapperOrder={BELOW} clearable data={options(grid?.roles).map((o) => ({ ...o, label: roleName(o.label) }))} value={v.role_id ? String(v.role_id) : null} onChange={(x) => set('role_id', x ? Number(x) : null)} error={errors.role_id} />
            </SimpleGrid>
            <Autocomplete label={t('department')} description={t('form.department_hint')} maxLength={50} data={(grid?.departments ?? []).map((d) => d.name)} value={v.department} onChange={(x) => set('department', x)} error={errors.department_id} />
            <TagsInput label={t('form.labels')} description={t('form.labels_hint')} data={(grid?.labels ?? []).map((l) => l.name)} value={v.labels} onChange={(x) => set('labels', x)} maxTags={50} clearable error={errors.labels} />
            <Switch label={t('form.all_sites')} checked={v.all_sites} onChange={(e) => set('all_sites', e.currentTarget.checked)} />
            {v.all_sites ? null : <MultiSelect label={t('form.sites')} searchable data={options(grid?.sites)} value={v.sites.map(String)} onChange={(x) => set('sites', x.map(Number))} error={errors.sites} />}
            {v.role_id ? (
              <>
                <Switch label={t('form.all_user_types')} description={t('form.grants_hint')} checked={v.all_user_types} onChange={(e) => set('all_user_types', e.currentTarget.checked)} />
                {v.all_user_types ? null : <MultiSelect label={t('form.user_types')} searchable data={types.map((x) => ({ value: String(x.id), label: x.name }))} value={v.user_types.map(String)} onChange={(x) => set('user_types', x.map(Number))} error={errors.user_types} />}
              </>
            ) : null}
          </Stack>
        </Fieldset>
        <PhotoField
          name={`${v.first_name} ${v.last_name}`.trim()}
          current={user?.image ?? null}
          file={photo}
          required={photoRequired}
          error={errors.image}
          onFile={(file, problem) => {
            setPhoto(problem ? null : file);
            setErrors((e) => ({ ...e, image: problem ?? undefined }));
          }}
        />
        <ResourcesEditor rows={v.resources} onChange={(r) => set('resources', r)} error={errors.resources} />
        <CustomFieldSections sections={sections} values={custom} errors={errors} required={requiredCustom} onChange={setCustomValue} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('cancel')}</Button>
          <Button type="submit" loading={save.isPending}>{t('save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
