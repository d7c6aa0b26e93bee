import { COMPLIANCE_FREQUENCIES, type Flow, temperatureThreshold, FLOW_INPUT_METHODS, REMINDER_INTERVAL_MIN, SEND_BEFORE_VISIT_MIN, zFlowBody } from '@gatehouse/contract';
import { Alert, Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useZodForm } from '../../../components/form';
import { HttpError } from '../../../lib/http';
import { type JourneyWithFlows, useFlowUserTypes, useSaveFlow, validateFlow } from '../api/journeys';
import { useAttendanceModeOptions, useComplianceOptions, useSectionOptions } from '../api/options';
import { toPayload } from '../api/payload';
import { HostPreview } from './HostPreview';
import { FormSection } from './FormSection';
import { frequencyKey } from './JourneyBuilder';
import { StrandModal, type Stranded } from './StrandModal';
import { Toggles } from './Toggles';

const OUTPUTS = ['print_badge', 'door_relay', 'wiegand_output', 'facial_recognition', 'rfid_scan'] as const;
const CHECKS = ['temperature_check', 'mask_check'] as const;
type Frequency = (typeof COMPLIANCE_FREQUENCIES)[number];
type InputMethod = (typeof FLOW_INPUT_METHODS)[number];

/**
 * A journey's flow for one user type (rule 197): who (user type, rule 192), how (input method), checks, entry
 * condition with frequency, lead and reminder (rules 198-200), sections and feedback, host settings, outputs,
 * notification e-mails (rule 213) and attendance mode. A change that strands signed-in people says so first (154).
 */
export function FlowForm({ journey, flow }: { journey: JourneyWithFlows; flow: Flow | null }) {
  const { t } = useTranslation('journeys');
  const navigate = useNavigate();
  const userTypes = useFlowUserTypes(journey.id, flow?.id);
  const compliances = useComplianceOptions();
  const sections = useSectionOptions();
  const modes = useAttendanceModeOptions();
  const save = useSaveFlow();
  const [stranded, setStranded] = useState<Stranded | null>(null);
  const [checking, setChecking] = useState(false);
  const form = useZodForm(zFlowBody, {
    name: flow?.name ?? '',
    description: flow?.description ?? '',
    user_type_id: flow?.user_type_id ?? undefined,
    input_method: (flow?.input_method as InputMethod) ?? 'manual',
    compliance_id: flow?.compliance_id ?? null,
    compliance_frequency: (flow?.compliance_frequency as Frequency) ?? 'everytime',
    send_before_visit: flow?.send_before_visit ?? null,
    reminder_interval: flow?.reminder_interval ?? null,
    section_ids: flow?.section_ids ?? [],
    host_user_type_ids: flow?.host_user_type_ids ?? [],
    notification_emails: flow?.notification_emails ?? '',
    attendance_mode_id: flow?.attendance_mode_id ?? null,
    feedback: flow ? flow.feedback === 1 : false,
    host: flow ? flow.host === 1 : false,
    allow_no_host: flow ? flow.allow_no_host === 1 : false,
    ...Object.fromEntries([...OUTPUTS, ...CHECKS].map((k) => [k, flow ? flow[k] === 1 : false])),
  });
  const v = form.values;
  const [dirty, setDirty] = useState(false);
  const set: typeof form.setField = (k, value) => {
    setDirty(true);
    form.setField(k, value);
  };
  const notRequiredTaken = userTypes.data?.not_required_taken === 1;
  const typeOptions = (userTypes.data?.available_user_types ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.name} · ${t(`user-types:methods.${u.registration_method}`)}`,
    // Rule 192: a second 'registration not required' type cannot join this journey.
    disabled: notRequiredTaken && u.registration_method === 'not_required',
  }));
  const allTypes = (userTypes.data?.user_types ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  const journeyChecks = [journey.temperature_check === 1 && t('temperature_at', { value: temperatureThreshold(journey.temperature_threshold) }), journey.mask_check === 1 && t('mask_check')].filter(Boolean).join(', ');

  const send = (body: Record<string, unknown>) =>
    save.mutate(
      { journeyId: journey.id, flowId: flow?.id, body },
      {
        onSuccess: (r) => {
          setStranded(null);
          notifications.show({ color: 'green', message: r.message });
          if (r.closed_visits) notifications.show({ color: 'orange', message: t('visits_closed', { count: r.closed_visits }) });
          navigate(`/update/journey/${journey.id}`); // rule 297
        },
        onError: (e) => {
          // Someone signed in on the flow since the check: ask again with the server's count (rule 154).
          if (e instanceof HttpError && e.status === 409 && (e.body.data as { signed_in_count?: number } | undefined)?.signed_in_count) {
            const count = (e.body.data as { signed_in_count: number }).signed_in_count;
            return setStranded({ message: e.message, count, users: [] });
          }
          setStranded(null);
          form.applyServerError(e);
        },
      },
    );

  const payload = () => {
    const body = form.validate();
    if (!body) return null;
    const withCompliance = !!body.compliance_id;
    return toPayload({
      ...body,
      compliance_frequency: body.compliance_frequency,
      send_before_visit: withCompliance ? (body.send_before_visit ?? null) : null,
      reminder_interval: withCompliance ? (body.reminder_interval ?? null) : null,
      allow_no_host: body.host ? body.allow_no_host : false,
      host_user_type_ids: body.host ? body.host_user_type_ids : [],
      notification_emails: body.notification_emails || null,
      auto_close_visits: false,
    });
  };

  const submit = async () => {
    const body = payload();
    if (!body) return;
    if (flow) {
      // Rule 154: before saving, how many signed-in people would this change strand?
      setChecking(true);
      const check = await validateFlow({ ...body, journey_flow_id: flow.id }).catch(() => null);
      setChecking(false);
      if (check && check.data.signed_in_count > 0) return setStranded({ message: check.message, count: check.data.signed_in_count, users: check.data.users });
    }
    send(body);
  };

  const minutes = (key: 'send_before_visit' | 'reminder_interval', min: number) => (
    <NumberInput
      label={t(key)}
      description={t(`${key}_help`, { min })}
      min={min}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      value={(v[key] as number | null) ?? ''}
      onChange={(n) => set(key, n === '' ? null : Number(n))}
      error={form.errors[key]}
    />
  );

  return (
    <Stack>
      <FormSection title={t('section_who')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput label={t('flow_name')} required {...form.input('name')} onChange={(e) => set('name', e.currentTarget.value)} />
          <Select
            label={t('user_type')}
            required
            description={notRequiredTaken ? t('not_required_taken') : t('user_type_help')}
            data={typeOptions}
            value={v.user_type_id ? String(v.user_type_id) : null}
            onChange={(id) => set('user_type_id', id ? Number(id) : undefined)}
            error={form.errors.user_type_id}
            nothingFoundMessage={t('no_free_user_types')}
            searchable
          />
        </SimpleGrid>
        <Textarea label={t('description')} autosize minRows={2} {...form.input('description')} onChange={(e) => set('description', e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label={t('input_method')}
            data={FLOW_INPUT_METHODS.map((m) => ({ value: m, label: t(`input_${m}`) }))}
            value={String(v.input_method ?? 'manual')}
            onChange={(m) => set('input_method', (m ?? 'manual') as InputMethod)}
            allowDeselect={false}
          />
          <Select
            label={t('attendance_mode')}
            description={modes.allowed ? t('flow_attendance_mode_help') : t('list_unavailable')}
            data={(modes.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            value={v.attendance_mode_id ? String(v.attendance_mode_id) : null}
            onChange={(id) => set('attendance_mode_id', id ? Number(id) : null)}
            error={form.errors.attendance_mode_id}
            clearable
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('checks')} help={journeyChecks ? t('journey_checks_apply', { checks: journeyChecks }) : undefined}>
        <Toggles keys={CHECKS} values={v as Record<string, unknown>} onChange={(k, on) => set(k, on)} />
      </FormSection>

      <FormSection title={t('compliance')} help={t('compliance_help')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label={t('compliance')}
            clearable
            data={(compliances.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={v.compliance_id ? String(v.compliance_id) : null}
            onChange={(id) => set('compliance_id', id ? Number(id) : null)}
            error={form.errors.compliance_id}
            nothingFoundMessage={t('no_compliances')}
          />
          {v.compliance_id ? (
            <Select
              label={t('frequency')}
              data={COMPLIANCE_FREQUENCIES.map((f) => ({ value: f, label: t(frequencyKey(f)) }))}
              value={String(v.compliance_frequency ?? 'everytime')}
              onChange={(f) => set('compliance_frequency', (f ?? 'everytime') as Frequency)}
              allowDeselect={false}
            />
          ) : null}
        </SimpleGrid>
        {v.compliance_id ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {minutes('send_before_visit', SEND_BEFORE_VISIT_MIN)}
            {minutes('reminder_interval', REMINDER_INTERVAL_MIN)}
          </SimpleGrid>
        ) : null}
      </FormSection>

      <FormSection title={t('section_sections')}>
        <MultiSelect
          label={t('sections_label')}
          description={sections.allowed ? t('sections_help') : t('sections_unavailable')}
          data={(sections.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={((v.section_ids ?? []) as number[]).map(String)}
          onChange={(ids) => set('section_ids', ids.map(Number))}
          error={form.errors.section_ids}
          disabled={!sections.allowed}
          clearable
        />
        <Switch label={t('feedback')} description={t('feedback_help')} checked={!!v.feedback} onChange={(e) => set('feedback', e.currentTarget.checked)} />
      </FormSection>

      <FormSection title={t('section_host')}>
        <Switch label={t('host')} description={t('host_help')} checked={!!v.host} onChange={(e) => set('host', e.currentTarget.checked)} />
        {v.host ? (
          <>
            <Switch label={t('allow_no_host')} checked={!!v.allow_no_host} onChange={(e) => set('allow_no_host', e.currentTarget.checked)} />
            <MultiSelect
              label={t('host_user_types')}
              description={t('host_user_types_help')}
              data={allTypes}
              value={((v.host_user_type_ids ?? []) as number[]).map(String)}
              onChange={(ids) => set('host_user_type_ids', ids.map(Number))}
              error={form.errors.host_user_type_ids}
              searchable
              clearable
            />
            {flow?.host === 1 && flow.user_type_id ? <HostPreview journeyId={journey.id} userTypeId={flow.user_type_id} dirty={dirty} /> : null}
          </>
        ) : null}
      </FormSection>

      <FormSection title={t('outputs')} help={t('outputs_help')}>
        <Toggles keys={OUTPUTS} values={v as Record<string, unknown>} onChange={(k, on) => set(k, on)} />
      </FormSection>

      <FormSection title={t('section_notification')}>
        <TextInput
          label={t('notification_emails')}
          description={t('notification_emails_help')}
          placeholder="office@school.example,head@school.example"
          {...form.input('notification_emails')}
          onChange={(e) => set('notification_emails', e.currentTarget.value)}
        />
      </FormSection>

      {form.formError ? (
        <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
          {form.formError}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={`/update/journey/${journey.id}`}>
          {t('cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending || checking}>
          {t('save')}
        </Button>
      </Group>
      <StrandModal
        stranded={stranded}
        saving={save.isPending}
        onCancel={() => setStranded(null)}
        onConfirm={() => {
          const body = payload();
          if (body) send({ ...body, auto_close_visits: 1 });
        }}
      />
    </Stack>
  );
}
