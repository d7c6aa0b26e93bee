import { Alert, Badge, Button, Card, Divider, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { zEntityCreateBody } from '@gatehouse/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form';
import { useSession } from '../../../lib/session';
import { SubdomainInput } from '../../company';
import { createOrganisation, switchEntity, useMemberships } from '../api/passport';

const zCreate = zEntityCreateBody.pick({ name: true, subdomain: true });

/** The account's organisations: switch (POST /api/switch-entity) or create one (POST /api/entity, then switch). */
export function OrganisationsCard() {
  const { t } = useTranslation('passport');
  const session = useSession();
  const list = useMemberships(session?.user.user_id ?? 0);
  const form = useZodForm(zCreate, { name: '', subdomain: '' });
  // A new organisation or another one: reload so that every cache, the socket room and the menu start afresh.
  const land = () => window.location.assign('/');
  const switcher = useMutation({ mutationFn: switchEntity, onSuccess: land });
  const create = useMutation({ mutationFn: createOrganisation, onSuccess: land, onError: (e) => form.applyServerError(e) });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (body) create.mutate(body);
  };
  const rows = list.data ?? [];
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={3}>{t('organisations.title')}</Title>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">{list.isLoading ? t('loading') : t('organisations.none')}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {rows.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Text fw={500}>{m.name}</Text>
                    <Text size="xs" c="dimmed">{m.subdomain}</Text>
                  </Table.Td>
                  <Table.Td>{m.role ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      {m.current ? (
                        <Badge color="green">{t('organisations.current')}</Badge>
                      ) : (
                        <Button size="xs" variant="light" loading={switcher.isPending && switcher.variables === m.id} onClick={() => switcher.mutate(m.id)}>
                          {t('organisations.switch')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Divider label={t('organisations.create')} labelPosition="left" />
        <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={440}>
          {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
          <TextInput label={t('organisations.name')} required maxLength={100} {...form.input('name')} />
          <SubdomainInput label={t('organisations.subdomain')} value={form.values.subdomain} onChange={(v) => form.setField('subdomain', v)} error={form.errors.subdomain} ownTaken={session?.entity?.subdomain} />
          <Group>
            <Button type="submit" loading={create.isPending}>{t('organisations.create_button')}</Button>
          </Group>
        </Stack>
        </form>
      </Stack>
    </Card>
  );
}
