import { ActionIcon, Badge, Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPlus, IconQrcode, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { type UserDocument, useDocumentStatus } from '../api/documents';
import { downloadMemberFile } from '../api/files';
import type { UserFull } from '../api/users';
import { CertificateCheckModal } from './CertificateCheckModal';
import { DocumentFormModal } from './DocumentFormModal';

const STATUS_COLORS: Record<string, string> = { vaccinated: 'green', negative_pcr: 'green', positive_pcr: 'red', expired: 'orange', disabled: 'gray', unchecked: 'yellow', not_supported: 'gray', not_applicable: 'gray' };

/** A person's vaccine and PCR records (rules 181-186): add, check a certificate's QR, switch on or off, delete (DELETED), open the attached file. */
export function DocumentsPanel({ user }: { user: UserFull }) {
  const { t } = useTranslation('documents');
  const setStatus = useDocumentStatus();
  const [adding, setAdding] = useState(false);
  const [checking, setChecking] = useState(false);
  const docs = user.documents as UserDocument[];
  const toast = (r: { message: string }) => notifications.show({ color: 'green', message: r.message });
  const failed = (e: Error) => {
    if (e instanceof HttpError && e.status === 403) notifications.show({ color: 'red', message: e.message });
  };
  const remove = (d: UserDocument) =>
    modals.openConfirmModal({
      title: t('delete_title'),
      children: <Text size="sm">{t('delete_body')}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => setStatus.mutate({ id: d.id, status: 'DELETED' }, { onSuccess: toast, onError: failed }),
    });
  const what = (d: UserDocument) => (d.type === 'covid_vaccine' ? [d.vaccine_name, d.batch_number].filter(Boolean).join(' · ') : d.pcr_result ? t(`results.${d.pcr_result}`) : '');
  const when = (d: UserDocument) => (d.type === 'covid_vaccine' ? d.date_taken : d.pcr_date) ?? '';
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('title')}</Title>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconQrcode size={14} aria-hidden />} onClick={() => setChecking(true)}>{t('check')}</Button>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>{t('add')}</Button>
        </Group>
      </Group>
      {docs.length === 0 ? (
        <Text size="sm" c="dimmed">{t('empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="documents">
            <Table.Thead>
              <Table.Tr>
                {['kind', 'details', 'date', 'expiry_date', 'status', 'enabled'].map((k) => <Table.Th key={k} style={{ textAlign: 'start' }}>{t(`col.${k}`)}</Table.Th>)}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{t(`kinds.${d.type}`)}</Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm">{what(d)}</Text>
                      {d.protocol ? <Text size="xs" c="dimmed">{d.protocol}</Text> : null}
                      {d.type === 'test' && d.accept_negative_pcr ? <Text size="xs" c="dimmed">{t('accept_negative_pcr')}</Text> : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{when(d)}</Table.Td>
                  <Table.Td>{d.expiry_date ?? ''}</Table.Td>
                  <Table.Td><Badge variant="light" color={STATUS_COLORS[d.vaccine_status] ?? 'gray'}>{t(`statuses.${d.vaccine_status}`)}</Badge></Table.Td>
                  <Table.Td>
                    <Switch aria-label={t('enabled_for', { kind: t(`kinds.${d.type}`) })} checked={d.status === 'enabled'} disabled={setStatus.isPending} onChange={() => setStatus.mutate({ id: d.id, status: 'toggle' }, { onSuccess: toast, onError: failed })} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {d.file ? (
                        <ActionIcon variant="subtle" aria-label={t('download')} onClick={() => void downloadMemberFile(d.file!, `${t(`kinds.${d.type}`)}-${d.id}.${d.file!.split('.').pop()}`).catch(() => notifications.show({ color: 'red', message: t('download_failed') }))}>
                          <IconDownload size={16} />
                        </ActionIcon>
                      ) : null}
                      <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => remove(d)}><IconTrash size={16} /></ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {adding ? <DocumentFormModal user={user} onClose={() => setAdding(false)} /> : null}
      {checking ? <CertificateCheckModal user={user} onClose={() => setChecking(false)} /> : null}
    </Card>
  );
}
