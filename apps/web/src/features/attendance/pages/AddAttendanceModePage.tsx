import { Alert, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zAttendanceModeBody } from '@gatehouse/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../../components/form';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { useAttendanceCodes, useMode, useSaveMode } from '../api/attendance';

/**
 * /add-attendance-mode (?id= to edit): name (unique, rule 249), schedule days, from/to, late sign-in and early
 * sign-out grace periods, and the attendance code recorded for someone on time (rule 247). A mode outside the
 * caller's access is shown read-only with the explanation (rule 101).
 */
export default function AddAttendanceModePage() {
  const { t } = useTranslation('attendance');
  const { t: tc } = useTranslation('common');
  const entityId = useSession()?.entity?.id ?? 0;
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const existing = useMode(id);
  const codes = useAttendanceCodes(entityId, id);
  const navigate = useNavigate();
  const save = useSaveMode(id);
  const form = useZodForm(zAttendanceModeBody, { entity_id: entityId, name: '', schedule_days: [1, 2, 3, 4, 5], from: '08:00', to: '16:00', late_sign_in_grace: 0, early_sign_out_grace: 0 });
  const { setValues } = form;
  useEffect(() => {
    const m = existing.data;
    if (m)
      setValues({
        entity_id: entityId,
        name: m.name,
        schedule_days: m.schedule_days,
        from: m.from.slice(0, 5),
        to: m.to.slice(0, 5),
        late_sign_in_grace: m.late_sign_in_grace,
        early_sign_out_grace: m.early_sign_out_grace,
        on_time_attendance_code_id: m.on_time_attendance_code_id,
        integration_id: m.integration_id,
      });
  }, [existing.data, entityId, setValues]);
  const locked = existing.data?.can_manage === 0;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (locked) return;
    const body = form.validate();
    if (!body) return;
    save.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        // A new mode goes on to its reasons; an edited one back to the list.
        navigate(id ? '/attendance-modes' : `/add-reason?mode=${r.data.id}`);
      },
      onError: (err) => form.applyServerError(err),
    });
  };
  const days = (form.values.schedule_days ?? []) as number[];
  const code = form.values.on_time_attendance_code_id as number | null | undefined;
  return (
    <PageLayout title={id ? t('edit_mode') : t('add_mode')}>
      <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate maw={640}>
        <Stack>
          {locked ? (
            <Alert color="yellow" title={t('no_access')}>
              {t('no_access_hint')}
            </Alert>
          ) : null}
          {form.formError ? (
            <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
              {form.formError}
            </Alert>
          ) : null}
          <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minInlineSize: 0 }}>
            <Stack>
              <TextInput label={t('name')} required maxLength={50} {...form.input('name')} />
              <Checkbox.Group label={t('schedule_days')} required value={days.map(String)} onChange={(v) => form.setField('schedule_days', v.map(Number))} error={form.errors.schedule_days}>
                <Group gap="sm" mt={4}>
                  {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                    <Checkbox key={d} value={String(d)} label={t(`day.${d}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput type="time" label={t('from')} required {...form.input('from')} />
                <TextInput type="time" label={t('to')} required {...form.input('to')} />
                <NumberInput
                  label={t('late_grace')}
                  description={t('late_grace_hint')}
                  min={0}
                  max={1440}
                  allowDecimal={false}
                  allowNegative={false}
                  suffix={` ${t('minutes')}`}
                  value={form.values.late_sign_in_grace as number}
                  onChange={(v) => form.setField('late_sign_in_grace', Number(v) || 0)}
                  error={form.errors.late_sign_in_grace}
                />
                <NumberInput
                  label={t('early_grace')}
                  description={t('early_grace_hint')}
                  min={0}
                  max={1440}
                  allowDecimal={false}
                  allowNegative={false}
                  suffix={` ${t('minutes')}`}
                  value={form.values.early_sign_out_grace as number}
                  onChange={(v) => form.setField('early_sign_out_grace', Number(v) || 0)}
                  error={form.errors.early_sign_out_grace}
                />
              </SimpleGrid>
              {id ? (
                <Select
                  label={t('on_time_code')}
                  description={t('on_time_code_hint')}
                  clearable
                  data={(codes.data ?? []).map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}` }))}
                  value={code ? String(code) : null}
                  onChange={(v) => form.setField('on_time_attendance_code_id', v ? Number(v) : null)}
                  error={form.errors.on_time_attendance_code_id}
                  nothingFoundMessage={t('no_codes')}
                />
              ) : (
                <Alert color="gray" variant="light">
                  {t('codes_after_save')}
                </Alert>
              )}
            </Stack>
          </fieldset>
          <Group>
            <Button type="submit" loading={save.isPending} disabled={locked}>
              {tc('save')}
            </Button>
            <Button variant="default" onClick={() => navigate('/attendance-modes')}>
              {tc('cancel')}
            </Button>
            {id && !locked ? (
              <Button variant="subtle" ms="auto" onClick={() => navigate(`/add-reason?mode=${id}`)}>
                {t('manage_reasons')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Card>
    </PageLayout>
  );
}
