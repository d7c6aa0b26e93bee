import { GRACE_PERIOD_MIN, MANDATORY_DATA, REGISTRATION_METHODS, type UserType, zUserTypeBody } from '@gatehouse/contract';
import { Alert, Button, Card, Center, Checkbox, Fieldset, Group, Loader, MultiSelect, Radio, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NumberField } from '../../../components/fields';
import { useZodForm } from '../../../components/form';
import { PageLayout } from '../../../components/PageLayout';
import { TranslationsField } from '../../../components/TranslationsField';
import { useUniqueName } from '../../../components/use-unique-name';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { checkUserTypeName, flatten, subtreeIds, useSaveUserType, useUserType, useUserTypeTree } from '../api/user-types';

/** /add-user-type (create; ?parent= preselects the parent) and /add-user-type?id= (edit): every field of rule 194. */
export default function AddUserTypePage() {
  const { t } = useTranslation('user-types');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const type = useUserType(id);
  const title = id ? t('edit_title') : t('add_title');
  if (id && !type.data) {
    return (
      <PageLayout title={title}>
        {type.isError ? <Alert color="red">{type.error.message}</Alert> : <Center py="xl"><Loader /></Center>}
      </PageLayout>
    );
  }
  return (
    <PageLayout title={title}>
      <UserTypeForm key={type.data?.id ?? 'new'} type={type.data ?? null} parentId={Number(params.get('parent')) || null} />
    </PageLayout>
  );
}

function UserTypeForm({ type, parentId }: { type: UserType | null; parentId: number | null }) {
  const { t } = useTranslation('user-types');
  const navigate = useNavigate();
  const entityId = useSession()?.entity?.id ?? 0;
  const tree = useUserTypeTree(entityId);
  const save = useSaveUserType(type?.id ?? null);
  const form = useZodForm(zUserTypeBody, {
    name: type?.name ?? '',
    name_i18n: type?.name_i18n ?? {},
    parent_id: type ? type.parent_id : parentId,
    registration_method: (type?.registration_method ?? 'allowed') as (typeof REGISTRATION_METHODS)[number],
    grace_period: String(type?.grace_period ?? GRACE_PERIOD_MIN),
    mandatory_data: (type?.mandatory_data ?? []) as (typeof MANDATORY_DATA)[number][],
    profile_photo: type?.profile_photo === 1,
    allow_switch: type?.allow_switch === 1,
    is_staff: type?.is_staff === 1,
    allowNotSelectHost: type?.allowNotSelectHost === 1,
    host_user_type_ids: type?.host_user_type_ids ?? [],
  });
  const v = form.values;
  const { taken, checking } = useUniqueName('user-type', String(v.name ?? ''), (name, signal) => checkUserTypeName(name, type?.id, signal), type?.name);
  const own = new Set(type ? flatten(tree.data ?? []).filter((x) => x.node.id === type.id).flatMap((x) => subtreeIds(x.node)) : []);
  const all = flatten(tree.data ?? []);
  const parents = all.filter((x) => !own.has(x.node.id)).map((x) => ({ value: String(x.node.id), label: `${'\u2003'.repeat(x.depth)}${x.node.name}` }));
  const hosts = all.filter((x) => x.node.id !== type?.id).map((x) => ({ value: String(x.node.id), label: x.node.name }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body || taken) return;
    save.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: tMessage(type ? 'user_types.updated' : 'user_types.created') });
        navigate('/user-types');
      },
      onError: (err) => form.applyServerError(err),
    });
  };
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate maw={860}>
      <Stack>
        {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            <TextInput label={t('name')} required maxLength={50} {...form.input('name')} error={form.errors.name ?? taken} rightSection={checking ? <Loader size="xs" /> : null} />
            <TranslationsField label={t('name')} value={v.name_i18n} onChange={(x) => form.setField('name_i18n', x)} />
          </Stack>
          <Select label={t('parent')} placeholder={t('top_level')} clearable searchable data={parents} value={v.parent_id ? String(v.parent_id) : null} onChange={(x) => form.setField('parent_id', x ? Number(x) : null)} error={form.errors.parent_id} />
        </SimpleGrid>
        <Radio.Group label={t('registration_method')} required value={String(v.registration_method ?? '')} onChange={(x) => form.setField('registration_method', x as never)} error={form.errors.registration_method}>
          <Stack gap="xs" mt="xs">
            {REGISTRATION_METHODS.map((m) => <Radio key={m} value={m} label={t(`methods.${m}`)} description={t(`method_hints.${m}`)} />)}
          </Stack>
        </Radio.Group>
        <NumberField label={t('grace_period')} description={t('grace_period_hint')} required maxLength={6} w={260} value={String(v.grace_period ?? '')} onChange={(x) => form.setField('grace_period', x)} error={form.errors.grace_period} />
        <Fieldset legend={t('registration_data')}>
          <Stack>
            <Checkbox.Group label={t('mandatory_data')} description={t('mandatory_data_hint')} value={(v.mandatory_data ?? []) as string[]} onChange={(x) => form.setField('mandatory_data', x as never)}>
              <Group mt="xs">{MANDATORY_DATA.map((m) => <Checkbox key={m} value={m} label={t(`fields.${m}`)} />)}</Group>
            </Checkbox.Group>
            <Switch label={t('profile_photo')} description={t('profile_photo_hint')} checked={!!v.profile_photo} onChange={(e) => form.setField('profile_photo', e.currentTarget.checked)} />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('switching')}>
          <Stack>
            <Switch label={t('is_staff')} description={t('is_staff_hint')} checked={!!v.is_staff} onChange={(e) => form.setField('is_staff', e.currentTarget.checked)} />
            <Switch label={t('allow_switch')} description={t('allow_switch_hint')} checked={!!v.allow_switch} onChange={(e) => form.setField('allow_switch', e.currentTarget.checked)} />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('host_settings')}>
          <Stack>
            <Switch label={t('allow_not_select_host')} checked={!!v.allowNotSelectHost} onChange={(e) => form.setField('allowNotSelectHost', e.currentTarget.checked)} />
            <MultiSelect label={t('host_user_types')} description={t('host_user_types_hint')} searchable data={hosts} value={((v.host_user_type_ids ?? []) as number[]).map(String)} onChange={(x) => form.setField('host_user_type_ids', x.map(Number) as never)} />
            {!((v.host_user_type_ids ?? []) as number[]).length ? <Text size="xs" c="dimmed">{t('no_host_types')}</Text> : null}
          </Stack>
        </Fieldset>
        <Group>
          <Button type="submit" loading={save.isPending}>{t('save')}</Button>
          <Button variant="default" onClick={() => navigate('/user-types')}>{t('cancel')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
