import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zUserBody } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form';
import { useCreateUser } from '../api/users';

/** The short user form: names (rule 169), e-mail, phone digits (rule 170), ID and user type; 409s land on their fields (rule 171). */
export function AddUserModal({ opened, onClose, types }: { opened: boolean; onClose: () => void; types: { value: string; label: string }[] }) {
  const { t } = useTranslation('users');
  const create = useCreateUser();
  const form = useZodForm(zUserBody, { first_name: '', last_name: '', email: '', phone: '', id_number: '', user_type_id: 0 });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    create.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        form.setValues({ first_name: '', last_name: '', email: '', phone: '', id_number: '', user_type_id: 0 });
        onClose();
      },
      onError: (err) => form.applyServerError(err),
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('add')}>
      <form onSubmit={submit} noValidate>
      <Stack>
        {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
        <TextInput label={t('first_name')} required {...form.input('first_name')} />
        <TextInput label={t('last_name')} required {...form.input('last_name')} />
        <TextInput label={t('email')} type="email" {...form.input('email')} />
        <TextInput label={t('phone')} inputMode="numeric" maxLength={20} {...form.input('phone')} />
        <TextInput label={t('id_number')} {...form.input('id_number')} />
        <Select label={t('user_type')} required data={types} value={form.values.user_type_id ? String(form.values.user_type_id) : null} onChange={(v) => form.setField('user_type_id', Number(v ?? 0))} error={form.errors.user_type_id} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>{t('save')}</Button>
        </Group>
      </Stack>
      </form>
    </Modal>
  );
}
