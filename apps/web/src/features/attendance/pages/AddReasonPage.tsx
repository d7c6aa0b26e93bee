import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { REASON_DURATION_MIN, REASON_NAME_MAX, type Reason, reasonRangeErrors, zReasonBody } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../../components/form';
import { PageLayout } from '../../../components/PageLayout';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useAttendanceCodes, useDeleteReason, useMode, useSaveReason } from '../api/attendance';
import { ReasonsTable } from '../components/ReasonsTable';

/**
 * /add-reason?mode= (&reason= to edit): a reason of a mode (rule 248) under rules 250-253, checked here as the
 * server checks it (unique name of at most 20 characters, a time range inside the mode that overlaps no other
 * reason of the same type, a duration of at least 1 minute that ends by the mode's end), with the mode's other
 * reasons to edit or delete. A mode outside the caller's access is read-only, with the explanation (rule 101).
 */
export default function AddReasonPage() {
  const { t } = useTranslation('attendance');
  const { t: tc } = useTranslation('common');
  const entityId = useSession()?.entity?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const modeId = Number(params.get('mode')) || null;
  const reasonId = Number(params.get('reason')) || null;
  const mode = useMode(modeId);
  const codes = useAttendanceCodes(entityId, modeId);
  const navigate = useNavigate();
  const save = useSaveReason(reasonId);
  const remove = useDeleteReason();
  const blank = { entity_id: entityId, attendance_mode_id: modeId ?? 0, name: '', presented_reason: '', type: 'late_sign_in' as const, from: '', to: '', duration: 15, attendance_code_id: null };
  const form = useZodForm(zReasonBody, blank);
  const locked = mode.data?.can_manage === 0;
  const edit = (r: Reason) => {
    setParams({ mode: String(modeId), reason: String(r.id) });
    form.setErrors({});
    form.setValues({ entity_id: entityId, attendance_mode_id: r.attendance_mode_id, name: r.name, presented_reason: r.presented_reason ?? '', type: r.type, from: r.from.slice(0, 5), to: r.to.slice(0, 5), duration: r.duration, attendance_code_id: r.attendance_code_id });
  };
  const reset = () => {
    setParams({ mode: String(modeId) });
    form.setErrors({});
    form.setValues(blank);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body || !mode.data) return;
    // Rules 250-252 before the round trip: the same check as the server's.
    const m = mode.data;
    const taken = m.reasons.some((r) => r.id !== reasonId && r.name.trim().toLowerCase() === body.name.toLowerCase());
    if (taken) return form.setErrors({ name: tMessage('attendance.reason_name_exists') });
    const siblings = m.reasons.map((r) => ({ id: r.id, type: r.type, fromTime: r.from, toTime: r.to, duration: r.duration }));
    const problems = reasonRangeErrors({ fromTime: m.from, toTime: m.to }, { id: reasonId ?? undefined, type: body.type, fromTime: body.from, toTime: body.to, duration: body.duration }, siblings);
    if (Object.keys(problems).length) return form.setErrors(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, v.map((x) => tMessage(x)).join('\n')])));
    save.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        reset();
      },
      onError: (err) => form.applyServerError(err),
    });
  };
  const confirmDelete = (r: Reason) =>
    modals.openConfirmModal({
      title: t('delete_reason_title'),
      children: <Text size="sm">{t('delete_reason_text', { name: r.name })}</Text>,
      labels: { confirm: tc('delete'), cancel: tc('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(r.id, {
          onSuccess: (x) => {
            notifications.show({ color: 'green', message: x.message });
            if (r.id === reasonId) reset();
          },
        }),
    });
  const codeOptions = (codes.data ?? []).map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}` }));

  if (!modeId)
    return (
      <PageLayout title={t('reason_form')}>
        <Alert color="yellow">{t('choose_mode_first')}</Alert>
        <Button variant="default" w="fit-content" onClick={() => navigate('/attendance-modes')}>
          {t('title')}
        </Button>
      </PageLayout>
    );
  return (
    <PageLayout title={mode.data ? t('reasons_of', { name: mode.data.name }) : t('reason_form')}>
      {mode.data ? <Text c="dimmed">{t('mode_hours', { from: mode.data.from.slice(0, 5), to: mode.data.to.slice(0, 5) })}</Text> : null}
      {locked ? (
        <Alert color="yellow" title={t('no_access')}>
          {t('no_access_hint')}
        </Alert>
      ) : (
        <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate maw={640}>
          <Stack>
            <Title order={4}>{reasonId ? t('edit_reason') : t('add_reason')}</Title>
            {form.formError ? (
              <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
                {form.formError}
              </Alert>
            ) : null}
            <TextInput label={t('reason_name')} required maxLength={REASON_NAME_MAX} description={t('reason_name_hint', { max: REASON_NAME_MAX })} {...form.input('name')} />
            <TextInput label={t('presented_reason')} description={t('presented_reason_hint')} maxLength={200} {...form.input('presented_reason')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
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
              <Select
                label={t('attendance_code')}
                clearable
                data={codeOptions}
                value={form.values.attendance_code_id ? String(form.values.attendance_code_id) : null}
                onChange={(v) => form.setField('attendance_code_id', v ? Number(v) : null)}
                error={form.errors.attendance_code_id}
                nothingFoundMessage={t('no_codes')}
                placeholder={codeOptions.length ? undefined : t('no_codes')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <TextInput type="time" label={t('from')} required {...form.input('from')} />
              <TextInput type="time" label={t('to')} required {...form.input('to')} />
              <NumberInput
                label={t('duration')}
                min={REASON_DURATION_MIN}
                allowDecimal={false}
                allowNegative={false}
                suffix={` ${t('minutes')}`}
                value={form.values.duration as number}
                onChange={(v) => form.setField('duration', Number(v) || 0)}
                error={form.errors.duration}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending}>
                {tc('save')}
              </Button>
              {reasonId ? (
                <Button variant="default" onClick={reset}>
                  {t('new_reason')}
                </Button>
              ) : null}
              <Button variant="default" onClick={() => navigate('/attendance-modes')}>
                {t('back_to_modes')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {mode.data ? <ReasonsTable reasons={mode.data.reasons} editing={reasonId} canManage={!locked} onEdit={edit} onDelete={confirmDelete} /> : null}
    </PageLayout>
  );
}
