import { Alert, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Entity, zEntityCreateBody } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form';
import { tMessage } from '../../../lib/i18n';
import { useUpdateEntity } from '../api/company';
import { SubdomainInput } from './SubdomainInput';

const zDetails = zEntityCreateBody.pick({ name: true, subdomain: true });

/** Company name and subdomain (rule 293). */
export function DetailsCard({ entity }: { entity: Entity }) {
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation('common');
  const form = useZodForm(zDetails, { name: entity.name, subdomain: entity.subdomain });
  const save = useUpdateEntity(entity.id);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    save.mutate(body, { onSuccess: () => notifications.show({ color: 'green', message: tMessage('entity.updated') }), onError: (err) => form.applyServerError(err) });
  };
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack maw={440}>
        <Title order={3}>{t('details.title')}</Title>
        {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
        <TextInput label={t('details.name')} required maxLength={100} {...form.input('name')} />
        <SubdomainInput label={t('details.subdomain')} value={form.values.subdomain} onChange={(v) => form.setField('subdomain', v)} error={form.errors.subdomain} current={entity.subdomain} />
        <Group>
          <Button type="submit" loading={save.isPending}>{tc('save')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
