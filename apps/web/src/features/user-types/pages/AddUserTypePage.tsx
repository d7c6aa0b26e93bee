import { Alert, Button, Card, Checkbox, Group, MultiSelect, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { GRACE_PERIOD_MIN, MANDATORY_DATA, REGISTRATION_METHODS, zUserTypeBody } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useZodForm } from '../../../components/form';
import { PageLayout } from '../../../components/PageLayout';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useAllUserTypes, useCreateUserType } from '../api/user-types';

/** /add-user-type: name, parent, registration method, grace period (>= 30), mandatory data, photo, switching, host settings. */
export default function AddUserTypePage() {
  const { t } = useTranslation('user-types');
  const navigate = useNavigate();
  const entityId = useSession()?.entity?.id;
  const types = useAllUserTypes(entityId);
  const create = useCreateUserType();
  const form = useZodForm(zUserTypeBody, { name: '', registration_method: 'allowed', grace_period: GRACE_PERIOD_MIN, mandatory_data: [], profile_photo: false, allow_switch: false, is_staff: false, allowNotSelectHost: false, host_user_type_ids: [], parent_id: null });
  const v = form.values;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    create.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: tMessage('user_types.created') });
        navigate('/user-types');
      },
      onError: (err) => form.applyServerError(err),
    });
  };
  const typeOptions = (types.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  return (
    <PageLayout title={t('add_title')}>
      <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate maw={640}>
        <Stack>
          {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
          <TextInput label={t('name')} required maxLength={50} {...form.input('name')} />
          <Select label={t('parent')} clearable data={typeOptions} value={v.parent_id ? String(v.parent_id) : null} onChange={(x) => form.setField('parent_id', x ? Number(x) : null)} error={form.errors.parent_id} />
          <Select label={t('registration_method')} required data={REGISTRATION_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))} value={String(v.registration_method ?? '')} onChange={(x) => form.setField('registration_method', (x ?? '') as never)} error={form.errors.registration_method} />
          <NumberInput label={t('grace_period')} description={t('grace_period_hint')} required min={GRACE_PERIOD_MIN} value={Number(v.grace_period)} onChange={(x) => form.setField('grace_period', Number(x))} error={form.errors.grace_period} />
          <MultiSelect label={t('mandatory_data')} data={MANDATORY_DATA.map((m) => ({ value: m, label: t(`fields.${m}`) }))} value={(v.mandatory_data ?? []) as string[]} onChange={(x) => form.setField('mandatory_data', x as never)} />
          <Checkbox label={t('profile_photo')} checked={!!v.profile_photo} onChange={(e) => form.setField('profile_photo', e.currentTarget.checked)} />
          <Checkbox label={t('is_staff')} checked={!!v.is_staff} onChange={(e) => form.setField('is_staff', e.currentTarget.checked)} />
          <Checkbox label={t('allow_switch')} description={t('allow_switch_hint')} checked={!!v.allow_switch} onChange={(e) => form.setField('allow_switch', e.currentTarget.checked)} />
          <Checkbox label={t('allow_not_select_host')} checked={!!v.allowNotSelectHost} onChange={(e) => form.setField('allowNotSelectHost', e.currentTarget.checked)} />
          <MultiSelect label={t('host_user_types')} data={typeOptions} value={((v.host_user_type_ids ?? []) as number[]).map(String)} onChange={(x) => form.setField('host_user_type_ids', x.map(Number) as never)} />
          <Group>
            <Button type="submit" loading={create.isPending}>{t('save')}</Button>
            <Button variant="default" onClick={() => navigate('/user-types')}>{t('cancel')}</Button>
          </Group>
        </Stack>
      </Card>
    </PageLayout>
  );
}
