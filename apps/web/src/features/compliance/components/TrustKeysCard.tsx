import { zTrustKeyBody } from '@gatehouse/contract';
import { ActionIcon, Alert, Badge, Button, Card, FileInput, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconKey, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form';
import { useSession } from '../../../lib/session';
import { type TrustKey, useTrustKeyChange, useTrustKeys } from '../api/compliance';

const MAX_CHARS = 200_000;

/** A key file's text (FileReader: works wherever File.text() is missing). */
const readText = (f: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(f);
  });

/**
 * The trust list certificates are checked against: EU digital COVID certificate signer keys (PEM, with their
 * `kid`) and SMART Health Card issuers (JWKS, with the issuer URL). Upload a key file, see the list, remove one.
 */
export function TrustKeysCard() {
  const { t } = useTranslation('compliance');
  const entityId = useSession()?.entity?.id ?? 0;
  const keys = useTrustKeys(entityId);
  const { add, remove } = useTrustKeyChange();
  const [file, setFile] = useState<File | null>(null);
  const form = useZodForm(zTrustKeyBody, { name: '', kind: 'pem', key_id: '', content: '' });

  const pick = async (f: File | null) => {
    setFile(f);
    form.setField('content', '');
    if (!f) return;
    if (f.size > MAX_CHARS) return form.setErrors({ content: t('trust_file_too_large') });
    const text = await readText(f).catch(() => '');
    form.setField('content', text);
    // A JSON file is a JWKS (SMART Health Card issuer); anything else is read as a PEM key.
    form.setField('kind', text.trim().startsWith('{') ? 'jwks' : 'pem');
    if (!form.values.name) form.setField('name', f.name.replace(/\.[^.]+$/, ''));
  };

  const submit = () => {
    const body = form.validate();
    if (!body) return;
    add.mutate(
      { ...body, key_id: body.key_id?.trim() || null },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message });
          setFile(null);
          form.setValues({ name: '', kind: 'pem', key_id: '', content: '' });
        },
        onError: (e) => form.applyServerError(e),
      },
    );
  };

  const confirmRemove = (k: TrustKey) =>
    modals.openConfirmModal({
      title: t('trust_remove'),
      children: <Text size="sm">{t('trust_remove_confirm', { name: k.name })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(k.id, { onSuccess: (r) => notifications.show({ color: 'green', message: r.message }) }),
    });

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('trust_help')}
      </Text>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={5}>{t('trust_add')}</Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <FileInput
              label={t('trust_file')}
              description={t('trust_file_help')}
              accept=".pem,.crt,.key,.json,.jwks,.txt,application/json,application/x-pem-file,text/plain"
              leftSection={<IconUpload size={16} />}
              value={file}
              onChange={pick}
              error={form.errors.content}
              clearable
              required
            />
            <TextInput label={t('trust_name')} required {...form.input('name')} />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="trust-kind-label">
                {t('trust_kind')}
              </Text>
              <SegmentedControl
                aria-labelledby="trust-kind-label"
                value={String(form.values.kind)}
                onChange={(k) => form.setField('kind', k as 'pem' | 'jwks')}
                data={[
                  { value: 'pem', label: t('trust_kind_pem') },
                  { value: 'jwks', label: t('trust_kind_jwks') },
                ]}
              />
            </Stack>
            <TextInput label={form.values.kind === 'jwks' ? t('trust_issuer') : t('trust_kid')} description={t('trust_key_id_help')} {...form.input('key_id')} />
          </SimpleGrid>
          {form.formError ? <Alert color="red">{form.formError}</Alert> : null}
          <Group justify="flex-end">
            <Button leftSection={<IconKey size={16} />} onClick={submit} loading={add.isPending}>
              {t('trust_upload')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        {keys.data && keys.data.length === 0 ? (
          <Text c="dimmed" data-testid="trust-empty">
            {t('trust_empty')}
          </Text>
        ) : (
          <Table verticalSpacing="xs" data-testid="trust-keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="start">{t('trust_name')}</Table.Th>
                <Table.Th ta="start">{t('trust_kind')}</Table.Th>
                <Table.Th ta="start">{t('trust_key_id')}</Table.Th>
                <Table.Th ta="start">{t('added')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(keys.data ?? []).map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{k.kind === 'pem' ? t('trust_kind_pem') : t('trust_kind_jwks')}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {k.key_id ?? t('trust_any')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{k.created_at.slice(0, 10)}</Table.Td>
                  <Table.Td ta="end">
                    <ActionIcon variant="subtle" color="red" aria-label={t('trust_remove_named', { name: k.name })} onClick={() => confirmRemove(k)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
