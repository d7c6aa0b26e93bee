import { Alert, Button, Card, Checkbox, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zAttendanceModeBody } from '@gatehouse/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../../components/form';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { useMode, useSaveMode } from '../api/attendance';

/** /add-attendance-mode (?id= to edit): name (unique, rule 249), schedule days, hours and grace periods (rule 247). */
export default function AddAttendanceModePage() {
  const { t } = useTranslation('attendance');
  const { t: tc } = useTranslation('common');
  const entityId = useSession()?.entity?.id ?? 0;
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const existing = useMode(id);
  const navigate = useNavigate();
  const save = useSaveMode(id);
  const form = useZodForm(zAttendanceModeBody, { entity_id: entityId, name: '', schedule_days: [1, 2, 3, 4, 5], from: '08:00', to: '16:00', late_sign_in_grace: 0, early_sign_out_grace: 0 });
  const { setValues } = form;
  useEffect(() => {
    const m = existing.data;
    if (m) setValues({ entity_id: entityId, name: m.name, schedule_days: m.schedule_days, from: m.from.slice(0, 5), to: m.to.slice(0, 5), late_sign_in_grace: m.late_sign_in_grace, early_sign_out_grace: m.early_sign_out_grace, on_time_attendance_code_id: m.on_time_attendance_code_id, integration_id: m.integration_id });
  }, [existing.data, entityId, setValues]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    save.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        navigate('/attendance-modes');
      },
      onError: (err) => form.applyServerError(err),
    });
  };
  const days = (form.values.schedule_days ?? []) as number[];
  return (
    <PageLayout title={id ? t('edit_mode') : t('add_mode')}>
      <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate maw={640}>
        <Stack>
          {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
          <TextInput label={t('name')} required maxLength={50} {...form.input('name')} />
          <Checkbox.Group label={t('schedule_days')} value={days.map(String)} onChange={(v) => form.setField('schedule_days', v.map(Number))} error={form.errors.schedule_days}>
            <Group gap="sm" mt={4}>
              {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                <Checkbox key={d} value={String(d)} label={t(`day.${d}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={2}>
            <TextInput type="time" label={t('from')} required {...form.input('from')} />
            <TextInput type="time" label={t('to')} required {...form.input('to')} />
            <NumberInput label={t('late_grace')} min={0} max={1440} suffix={` ${t('minutes')}`} value={form.values.late_sign_in_grace as number} onChange={(v) => form.setField('late_sign_in_grace', Number(v) || 0)} error={form.errors.late_sign_in_grace} />
            <NumberInput label={t('early_grace')} min={0} max={1440} suffix={` ${t('minutes')}`} value={form.values.early_sign_out_grace as number} onChange={(v) => form.setField('early_sign_out_grace', Number(v) || 0)} error={form.errors.early_sign_out_grace} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.isPending}>{tc('save')}</Button>
            <Button variant="default" onClick={() => navigate('/attendance-modes')}>{tc('cancel')}</Button>
          </Group>
        </Stack>
      </Card>
    </PageLayout>
  );
}
