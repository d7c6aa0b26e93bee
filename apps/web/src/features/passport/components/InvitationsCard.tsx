import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useAnswerInvitation, useInvitations } from '../api/passport';

/** Pending dashboard invitations for the passport's e-mail: accept or reject (rule 10). */
export function InvitationsCard() {
  const { t, i18n } = useTranslation('passport');
  const list = useInvitations();
  const answer = useAnswerInvitation();
  const rows = list.data ?? [];
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={3}>{t('invitations.title')}</Title>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">{list.isLoading ? t('loading') : t('invitations.none')}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invitations.organisation')}</Table.Th>
                <Table.Th>{t('invitations.role')}</Table.Th>
                <Table.Th>{t('invitations.date')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((inv) => (
                <Table.Tr key={inv.id}>
                  <Table.Td>{inv.entity_name}</Table.Td>
                  <Table.Td>{inv.role ?? '—'}</Table.Td>
                  <Table.Td>{new Date(inv.created_at).toLocaleDateString(i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      {(['accept', 'reject'] as const).map((a) => (
                        <Button
                          key={a}
                          size="xs"
                          variant={a === 'accept' ? 'filled' : 'default'}
                          loading={answer.isPending && answer.variables?.id === inv.id && answer.variables.answer === a}
                          onClick={() => answer.mutate({ id: inv.id, answer: a }, { onSuccess: (r) => notifications.show({ color: 'green', message: r.message }) })}
                        >
                          {t(`invitations.${a}`)}
                        </Button>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
