import { ActionIcon, Alert, Badge, Button, Card, Center, Group, Loader, Menu, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError, joinErrors } from '../../../lib/http';
import { type CustomField, type Section, sectionBody, useCustomFieldsAllowed, useDeleteSection, useSaveSection, useSections } from '../api/custom-fields';
import { PlanNotice } from '../components/PlanNotice';
import { SectionModal } from '../components/SectionModal';

const yesNo = (v: number, t: (k: string) => string) => (v ? <Badge size="sm" variant="light" color="green">{t('yes')}</Badge> : <Text size="sm" c="dimmed">{t('no')}</Text>);

/** /custom-fields: the sections with their fields (rules 216-219), each editable and removable; professional plan and up (rule 12). */
export default function CustomFieldsPage() {
  const { t } = useTranslation('custom-fields');
  const allowed = useCustomFieldsAllowed();
  const navigate = useNavigate();
  const sections = useSections();
  const save = useSaveSection();
  const remove = useDeleteSection();
  const [sectionDialog, setSectionDialog] = useState<Section | 'new' | null>(null);
  // 409 and the like are toasted by the http client; field errors (400) and refusals (403, e.g. rule 12) are shown here.
  const failed = (e: Error) => {
    if (e instanceof HttpError && (e.status === 400 || e.status === 403)) notifications.show({ color: 'red', message: joinErrors(e.fieldErrors) || e.message, style: { whiteSpace: 'pre-line' } });
  };
  const done = (r: { message: string }) => notifications.show({ color: 'green', message: r.message });

  const deleteField = (s: Section, f: CustomField) =>
    modals.openConfirmModal({
      title: t('delete_field_title'),
      children: <Text size="sm">{t('delete_field_body', { name: f.name })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => save.mutate({ id: s.id, body: sectionBody(s, s.custom_fields.filter((x) => x.id !== f.id)) }, { onSuccess: done, onError: failed }),
    });
  const deleteSection = (s: Section) =>
    modals.openConfirmModal({
      title: t('delete_section_title'),
      children: <Text size="sm">{t('delete_section_body', { name: s.value, count: s.custom_fields.length })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(s.id, { onSuccess: done, onError: failed }),
    });

  if (!allowed) {
    return (
      <PageLayout title={t('title')}>
        <PlanNotice />
      </PageLayout>
    );
  }
  const list = sections.data ?? [];
  return (
    <PageLayout
      title={t('title')}
      actions={
        <>
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setSectionDialog('new')}>{t('add_section')}</Button>
          <Button component={Link} to="/add-custom-field" leftSection={<IconPlus size={16} aria-hidden />}>{t('add_field')}</Button>
        </>
      }
    >
      {sections.isLoading ? (
        <Center py="xl"><Loader /></Center>
      ) : sections.isError ? (
        <Alert color="red">{sections.error instanceof HttpError && sections.error.status === 403 ? sections.error.message : t('load_failed')}</Alert>
      ) : list.length === 0 ? (
        <Card withBorder padding="xl"><Text c="dimmed" ta="center">{t('empty')}</Text></Card>
      ) : (
        <Stack>
          {list.map((s) => (
            <Card key={s.id} withBorder padding="md">
              <Group justify="space-between" mb="sm" wrap="nowrap">
                <Group gap="xs">
                  <Title order={4}>{s.value}</Title>
                  <Badge variant="light">{t('fields_count', { count: s.custom_fields.length })}</Badge>
                </Group>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={t('section_actions', { name: s.value })}><IconDots size={18} /></ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => navigate(`/add-custom-field?section=${s.id}`)}>{t('add_field_here')}</Menu.Item>
                    <Menu.Item onClick={() => setSectionDialog(s)}>{t('rename_section')}</Menu.Item>
                    <Menu.Divider />
                    <Menu.Item color="red" onClick={() => deleteSection(s)}>{t('delete_section')}</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
              {s.custom_fields.length === 0 ? (
                <Text size="sm" c="dimmed">{t('section_empty')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={760}>
                  <Table striped verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        {['name', 'type', 'options', 'binding', 'badge_printable', 'fillable_by_user', 'required_at_pre_registration'].map((k) => <Table.Th key={k} style={{ textAlign: 'start' }}>{t(`col.${k}`)}</Table.Th>)}
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {s.custom_fields.map((f) => (
                        <Table.Tr key={f.id}>
                          <Table.Td fw={500}>{f.name}</Table.Td>
                          <Table.Td>{t(`types.${f.type}`)}{f.type === 'rating' && f.display ? ` · ${t(`displays.${f.display}`)}` : ''}</Table.Td>
                          <Table.Td>{f.options.length ? <Group gap={4}>{f.options.map((o) => <Badge key={o} size="sm" variant="outline">{o}</Badge>)}</Group> : null}</Table.Td>
                          <Table.Td><Text size="sm" ff="monospace">{f.binding ?? ''}</Text></Table.Td>
                          <Table.Td>{yesNo(f.badge_printable, t)}</Table.Td>
                          <Table.Td>{yesNo(f.fillable_by_user, t)}</Table.Td>
                          <Table.Td>{yesNo(f.required_at_pre_registration, t)}</Table.Td>
                          <Table.Td>
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              <ActionIcon variant="subtle" aria-label={t('edit_field', { name: f.name })} component={Link} to={`/add-custom-field?section=${s.id}&field=${f.id}`}><IconPencil size={16} /></ActionIcon>
                              <ActionIcon variant="subtle" color="red" aria-label={t('delete_field', { name: f.name })} onClick={() => deleteField(s, f)}><IconTrash size={16} /></ActionIcon>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Card>
          ))}
        </Stack>
      )}
      {sectionDialog ? <SectionModal section={sectionDialog === 'new' ? null : sectionDialog} onClose={() => setSectionDialog(null)} /> : null}
    </PageLayout>
  );
}
