import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REASON_NAME_MAX, type Reason, zReasonBody } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../../components/form';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { useDeleteReason, useMode, useSaveReason } from '../api/attendance';

/** /add-reason?mode= (&reason= to edit): a reason of a mode under rules 250-253, with the mode's other reasons. */
export default function AddReasonPage() {
  const { t } = useTranslation('attendance');
  const { t: tc } = useTranslation('common');
  const entityId = useSession()?.entity?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const modeId = Number(params.get('mode')) || null;
  const reasonId = Number(params.get('reason')) || null;
  const mode = useMode(modeId);
  const navigate = useNavigate();
  const save = useSaveReason(reasonId);
  const remove = useDeleteReason();
  const blank = { entity_id: entityId, attendance_mode_id: modeId ?? 0, name: '', presented_reason: '', type: 'late_sign_in' as const, from: '', to: '', duration: 15 };
  const form = useZodForm(zReasonBody, blank);
  const edit = (r: Reason) => {
    setParams({ mode: String(modeId), reason: String(r.id) });
    form.setValues({ entity_id: entityId, attendance_mode_id: r.attendance_mode_id, name: r.name, presented_reason: r.presented_reason ?? '', type: r.type, from: r.from.slice(0, 5), to: r.to.slice(0, 5), duration: r.duration });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    save.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        setParams({ mode: String(modeId) });
        form.setValues(blank);
      },
      onError: (err) => form.applyServerError(err),
    });
  };
  return (
    <PageLayout title={mode.data ? t('reasons_of', { name: mode.data.name }) : t('reason_form')}>
      {mode.data ? (
        <Text c="dimmed">{t('mode_hours', { from: mode.data.from.slice(0, 5), to: mode.data.to.slice(0, 5) })}</Text>
      ) : null}
      <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate maw={640}>
        <Stack>
          <Title order={4}>{reasonId ? t('edit_reason') : t('add_reason')}</Title>
          {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
          <TextInput label={t('reason_name')} required maxLength={REASON_NAME_MAX} description={t('reason_name_hint', { max: REASON_NAME_MAX })} {...form.input('name')} />
          <TextInput label={t('presented_reason')} {...form.input('presented_reason')} />
          <Select
            label={t('reason_type')}
            data={[
              { value: 'late_sign_in', label: t('late_sign_in') },
              { value: 'early_sign_out', label: t('early_sign_out') },
            ]}
            value={form.values.type as string}
            onChange={(v) => form.setField('type', (v ?? 'late_sign_in') as 'late_sign_in')}
            error={form.errors.type}
            allowDeselect={false}
          />
          <SimpleGrid cols={3}>
            <TextInput type="time" label={t('from')} required {...form.input('from')} />
            <TextInput type="time" label={t('to')} required {...form.input('to')} />
            <NumberInput label={t('duration')} min={1} suffix={` ${t('minutes')}`} value={form.values.duration as number} onChange={(v) => form.setField('duration', Number(v) || 0)} error={form.errors.duration} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.isPending}>{tc('save')}</Button>
            <Button variant="default" onClick={() => navigate('/attendance-modes')}>{tc('cancel')}</Button>
          </Group>
        </Stack>
      </Card>
      {mode.data?.reasons.length ? (
        <Table striped withTableBorder maw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reason_name')}</Table.Th>
              <Table.Th>{t('reason_type')}</Table.Th>
              <Table.Th>{t('hours')}</Table.Th>
              <Table.Th>{t('duration')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mode.data.reasons.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{t(r.type)}</Table.Td>
                <Table.Td>{`${r.from.slice(0, 5)} – ${r.to.slice(0, 5)}`}</Table.Td>
                <Table.Td>{`${r.duration} ${t('minutes')}`}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button size="compact-sm" variant="subtle" onClick={() => edit(r)}>{t('edit')}</Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove.mutate(r.id, { onSuccess: (x) => notifications.show({ color: 'green', message: x.message }) })}>
                      {tc('delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </PageLayout>
  );
}
