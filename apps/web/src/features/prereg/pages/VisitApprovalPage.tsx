import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError } from '../../../lib/http';
import { decideApproval, getApproval } from '../api/prereg';
import { VisitorFrame } from '../components/VisitorFrame';

/**
 * /visit-approval/:token: the host's single-use link from the approval mail (rule 155): the visit, then approve
 * or reject. The visitor is told the outcome by mail; once used (or when the visit has passed) the link answers
 * that it is no longer valid.
 */
export default function VisitApprovalPage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation('prereg');
  const visit = useQuery({ queryKey: ['visit-approval', token], queryFn: () => getApproval(token), retry: false });
  const [done, setDone] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const decide = async (action: 'approve' | 'reject') => {
    setBusy(action);
    try {
      const res = await decideApproval(token, action);
      setDone({ ok: true, message: res.message });
    } catch (err) {
      setDone({ ok: false, message: err instanceof HttpError ? err.message : t('approval.failed') });
    } finally {
      setBusy(null);
    }
  };
  if (visit.isError) {
    return (
      <VisitorFrame>
        <Alert color="red" data-testid="approval-invalid">
          {visit.error instanceof HttpError ? visit.error.message : t('approval.failed')}
        </Alert>
      </VisitorFrame>
    );
  }
  if (!visit.data) {
    return (
      <VisitorFrame>
        <Loader aria-label={t('loading')} />
      </VisitorFrame>
    );
  }
  const v = visit.data;
  const when = v.expectedDateTime ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(v.expectedDateTime)) : `${v.visit_date ?? ''} ${v.visit_time?.slice(0, 5) ?? ''}`;
  const rows: [string, string | null][] = [
    [t('approval.visitor'), v.full_name],
    [t('company'), v.company_name],
    [t('approval.when'), when],
    [t('approval.where'), [v.site_name, v.area_name].filter(Boolean).join(' · ') || null],
    [t('user_type'), v.user_type_name],
    [t('host'), v.host_name],
  ];
  return (
    <VisitorFrame>
      <Stack data-testid="visit-approval">
        <Title order={2}>{t('approval.title')}</Title>
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            {rows.map(([k, val]) => (
              <Table.Tr key={k}>
                <Table.Th w="40%">{k}</Table.Th>
                <Table.Td>{val ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {done ? (
          <Alert color={done.ok ? 'green' : 'red'} data-testid="approval-result">
            {done.message}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('approval.once')}
            </Text>
            <Group grow>
              <Button color="red" variant="light" leftSection={<IconX size={18} />} loading={busy === 'reject'} disabled={!!busy} onClick={() => void decide('reject')}>
                {t('approval.reject')}
              </Button>
              <Button color="green" leftSection={<IconCheck size={18} />} loading={busy === 'approve'} disabled={!!busy} onClick={() => void decide('approve')}>
                {t('approval.approve')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </VisitorFrame>
  );
}
