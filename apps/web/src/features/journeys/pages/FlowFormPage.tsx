import { COMPLIANCE_FREQUENCIES, type Flow, FLOW_INPUT_METHODS, zFlowBody } from '@gatehouse/contract';
import { Alert, Button, Card, Center, Group, Loader, Modal, MultiSelect, NumberInput, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useZodForm } from '../../../components/form';
import { useSession } from '../../../lib/session';
import { useAllJourneys, useCompliances, useFlow, useFlowUserTypes, useSaveFlow, validateFlow } from '../api/journeys';
import { Toggles } from '../components/Toggles';

const OUTPUTS = ['print_badge', 'door_relay', 'wiegand_output', 'facial_recognition', 'rfid_scan', 'feedback'] as const;
const CHECKS = ['temperature_check', 'mask_check'] as const;
const HOST = ['host', 'allow_no_host'] as const;
const freqKey = (f: string) => `frequency_${f.replace(/[\s-]/g, '_')}`;

/** /add-flow, /add/journey/flow/:id (journey id) and /update/journey/flow/:id (flow id): a journey's flow (rules 192, 197-200, 213). */
export default function FlowFormPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const { t } = useTranslation('journeys');
  const editing = pathname.startsWith('/update/');
  const flow = useFlow(editing ? Number(id) : null);
  const entityId = useSession()?.entity?.id ?? 0;
  const journeys = useAllJourneys(entityId);
  const [chosen, setChosen] = useState<number | null>(id && !editing ? Number(id) : null);
  if (editing && !flow.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const journeyId = editing ? flow.data!.journey_id : chosen;
  return (
    <PageLayout title={editing ? t('edit_flow_title') : t('add_flow_title')}>
      {!editing && !id ? (
        <Select label={t('journey')} data={(journeys.data ?? []).map((j) => ({ value: String(j.id), label: j.name }))} value={chosen ? String(chosen) : null} onChange={(v) => setChosen(v ? Number(v) : null)} maw={420} searchable />
      ) : null}
      {journeyId ? <FlowForm key={`${journeyId}-${flow.data?.id ?? 'new'}`} journeyId={journeyId} flow={flow.data ?? null} /> : null}
    </PageLayout>
  );
}

function FlowForm({ journeyId, flow }: { journeyId: number; flow: Flow | null }) {
  const { t } = useTranslation('journeys');
  const navigate = useNavigate();
  const entityId = useSession()?.entity?.id ?? 0;
  const userTypes = useFlowUserTypes(journeyId, flow?.id);
  const compliances = useCompliances(entityId);
  const save = useSaveFlow();
  const [stranded, setStranded] = useState<{ count: number; message: string } | null>(null);
  const form = useZodForm(zFlowBody, {
    name: flow?.name ?? '',
    description: flow?.description ?? '',
    user_type_id: flow?.user_type_id ?? undefined,
    input_method: (flow?.input_method as (typeof FLOW_INPUT_METHODS)[number]) ?? 'manual',
    compliance_id: flow?.compliance_id ?? null,
    compliance_frequency: (flow?.compliance_frequency as (typeof COMPLIANCE_FREQUENCIES)[number]) ?? 'everytime',
    send_before_visit: flow?.send_before_visit ?? null,
    reminder_interval: flow?.reminder_interval ?? null,
    host_user_type_ids: flow?.host_user_type_ids ?? [],
    notification_emails: flow?.notification_emails ?? '',
    ...Object.fromEntries([...OUTPUTS, ...CHECKS, ...HOST].map((k) => [k, flow ? flow[k] === 1 : false])),
  });
  const allTypes = userTypes.data?.user_types ?? [];
  const freeTypes = userTypes.data?.available_user_types ?? [];

  const send = (body: Record<string, unknown>) =>
    save.mutate(
      { journeyId, flowId: flow?.id, body },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message });
          navigate(`/update/journey/${journeyId}`); // rule 297
        },
        onError: (e) => form.applyServerError(e),
      },
    );

  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    if (flow) {
      // Rule 154: say how many signed-in people the change would strand, and let the admin close their visits.
      const check = await validateFlow({ ...body, journey_flow_id: flow.id }).catch(() => null);
      if (check && check.data.signed_in_count > 0) return setStranded({ count: check.data.signed_in_count, message: check.message });
    }
    send({ ...body, notification_emails: body.notification_emails || null });
  };

  const num = (key: 'send_before_visit' | 'reminder_interval', min: number) => (
    <NumberInput
      label={t(key)}
      description={t(`${key}_help`)}
      min={min}
      clampBehavior="none"
      value={(form.values[key] as number | null) ?? ''}
      onChange={(v) => form.setField(key, v === '' ? null : Number(v))}
      error={form.errors[key]}
    />
  );

  return (
    <Card withBorder>
      <Stack>
        <Group grow align="flex-start">
          <TextInput label={t('flow_name')} required {...form.input('name')} />
          <Select
            label={t('user_type')}
            required
            data={freeTypes.map((u) => ({ value: String(u.id), label: u.name }))}
            value={form.values.user_type_id ? String(form.values.user_type_id) : null}
            onChange={(v) => form.setField('user_type_id', v ? Number(v) : undefined)}
            error={form.errors.user_type_id}
            searchable
          />
        </Group>
        <Textarea label={t('description')} autosize minRows={2} {...form.input('description')} />
        <Select
          label={t('input_method')}
          data={FLOW_INPUT_METHODS.map((m) => ({ value: m, label: t(`input_${m}`) }))}
          value={String(form.values.input_method ?? 'manual')}
          onChange={(v) => form.setField('input_method', (v ?? 'manual') as (typeof FLOW_INPUT_METHODS)[number])}
          maw={320}
        />
        <Title order={5}>{t('checks')}</Title>
        <Toggles keys={CHECKS} values={form.values as Record<string, unknown>} onChange={(k, on) => form.setField(k, on)} />
        <Title order={5}>{t('compliance')}</Title>
        <Group grow align="flex-start">
          <Select
            label={t('compliance')}
            clearable
            data={(compliances.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={form.values.compliance_id ? String(form.values.compliance_id) : null}
            onChange={(v) => form.setField('compliance_id', v ? Number(v) : null)}
            error={form.errors.compliance_id}
          />
          <Select
            label={t('frequency')}
            data={COMPLIANCE_FREQUENCIES.map((f) => ({ value: f, label: t(freqKey(f)) }))}
            value={String(form.values.compliance_frequency ?? 'everytime')}
            onChange={(v) => form.setField('compliance_frequency', (v ?? 'everytime') as (typeof COMPLIANCE_FREQUENCIES)[number])}
          />
        </Group>
        <Group grow align="flex-start">
          {num('send_before_visit', 5)}
          {num('reminder_interval', 30)}
        </Group>
        <Title order={5}>{t('host')}</Title>
        <Toggles keys={HOST} values={form.values as Record<string, unknown>} onChange={(k, on) => form.setField(k, on)} />
        <MultiSelect
          label={t('host_user_types')}
          data={allTypes.map((u) => ({ value: String(u.id), label: u.name }))}
          value={((form.values.host_user_type_ids ?? []) as number[]).map(String)}
          onChange={(v) => form.setField('host_user_type_ids', v.map(Number))}
          error={form.errors.host_user_type_ids}
        />
        <Title order={5}>{t('outputs')}</Title>
        <Toggles keys={OUTPUTS} values={form.values as Record<string, unknown>} onChange={(k, on) => form.setField(k, on)} />
        <TextInput label={t('notification_emails')} description={t('notification_emails_help')} {...form.input('notification_emails')} />
        {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={`/update/journey/${journeyId}`}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={!!stranded} onClose={() => setStranded(null)} title={t('strand_title')}>
        <Stack>
          <Alert color="orange">{stranded?.message}</Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStranded(null)}>
              {t('cancel')}
            </Button>
            <Button
              color="orange"
              onClick={() => {
                const body = form.validate();
                setStranded(null);
                if (body) send({ ...body, notification_emails: body.notification_emails || null, auto_close_visits: true });
              }}
            >
              {t('strand_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
