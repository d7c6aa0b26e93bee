import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zExpectedVisitBody } from '@gatehouse/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { addExpectedVisit, type ExpectedVisitBody, getVisitOptions, validateExpectedVisit } from '../api/expected-visits';
import { type Host, HostField } from './HostField';
import { emptyVisitor, type VisitorDraft, VisitorRow } from './VisitorRow';
import { DayField } from '../../../components/fields';

type Errors = Record<string, string>;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Expect several visitors at once (rules 135-139, 156, 171): site, area, user type, host (as the flow says), date and time, then each
 * visitor found among the organisation's people or added as new. "Check" asks expected-visit-validate; "Save"
 * adds them, each mailed their QR code and calendar invitation, with the toasts of rule 168.
 */
export interface AddVisitorsFormProps {
  entityId: number;
  /** After a successful addition (rule 157); without it a toast says so (rule 168). */
  onAdded?: (message: string) => void;
  /** A failure that is not about a field (rule 158: shown, and a modal closes); without it the form shows it. */
  onFailed?: (message: string, status: number) => void;
}

export function AddVisitorsForm({ entityId, onAdded, onFailed }: AddVisitorsFormProps) {
  const { t } = useTranslation('visits');
  const qc = useQueryClient();
  const options = useQuery({ queryKey: ['expected-visits', 'options', entityId], queryFn: () => getVisitOptions(entityId), enabled: entityId > 0 });
  const [siteId, setSiteId] = useState<string | null>(null);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [userTypeId, setUserTypeId] = useState<string | null>(null);
  const [host, setHost] = useState<Host | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [rows, setRows] = useState<VisitorDraft[]>([emptyVisitor()]);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'save' | null>(null);
  const site = options.data?.sites.find((s) => String(s.id) === siteId);
  const journeyId = site?.areas.find((a) => String(a.id) === areaId)?.journey_id ?? null;

  const body = (): ExpectedVisitBody => ({
    entity_id: entityId,
    site_id: Number(siteId),
    area_id: Number(areaId),
    user_type_id: Number(userTypeId),
    ...(host ? { host: host.id } : {}),
    visit_date: date,
    visit_time: time,
    visitors: rows.map((r) => (r.person ? { user_id: r.person.id } : Object.fromEntries(Object.entries(r).filter(([k, v]) => k !== 'person' && typeof v === 'string' && v.trim() !== '')))),
  });

  const run = async (save: boolean) => {
    setFormError(null);
    const parsed = zExpectedVisitBody.safeParse(body());
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= tMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(save ? 'save' : 'check');
    try {
      if (!save) {
        const res = await validateExpectedVisit(parsed.data);
        notifications.show({ color: 'green', message: res.message });
        return;
      }
      await addExpectedVisit(parsed.data);
      setRows([emptyVisitor()]);
      if (onAdded) onAdded(t('added_text'));
      else notifications.show({ color: 'green', title: t('added'), message: t('added_text') });
      await qc.invalidateQueries({ queryKey: ['expected-visits'] });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // Rule 159: the check's and the add's errors are kept for display beside the fields.
      const next: Errors = {};
      for (const [k, v] of Object.entries(err.fieldErrors)) next[k] = v.join('\n');
      setErrors(next);
      if (!Object.keys(next).length && onFailed && err.message !== 'error_date') onFailed(err.message, err.status);
      else if (!Object.keys(next).length || next.entity_id || err.message === 'error_date') setFormError(err.message === 'error_date' ? t('visit_exists') : err.message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        {formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid="expected-error">{formError}</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label={t('site')} required data={(options.data?.sites ?? []).map((s) => ({ value: String(s.id), label: s.name }))} value={siteId} onChange={(v) => (setSiteId(v), setAreaId(null), setHost(null))} error={errors.site_id} />
          <Select label={t('area')} required data={(site?.areas ?? []).map((a) => ({ value: String(a.id), label: a.name }))} value={areaId} onChange={(v) => (setAreaId(v), setHost(null))} error={errors.area_id} disabled={!site} />
          <Select label={t('user_type')} required data={(options.data?.user_types ?? []).map((u) => ({ value: String(u.id), label: u.name }))} value={userTypeId} onChange={(v) => (setUserTypeId(v), setHost(null))} error={errors.user_type_id} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <HostField key={`${journeyId}-${userTypeId}`} entityId={entityId} journeyId={journeyId} userTypeId={userTypeId ? Number(userTypeId) : null} value={host} onChange={setHost} error={errors.host} />
          <DayField label={t('date')} required min={today()} value={date} onChange={setDate} error={errors.visit_date} />
          <TextInput label={t('time')} type="time" required value={time} onChange={(e) => setTime(e.currentTarget.value)} error={errors.visit_time} />
        </SimpleGrid>
        <Title order={4}>{t('visitors')}</Title>
        {errors.visitors ? <Alert color="red">{errors.visitors}</Alert> : null}
        {rows.map((row, i) => (
          <VisitorRow key={i} entityId={entityId} index={i} value={row} errors={errors} removable={rows.length > 1} onChange={(v) => setRows((r) => r.map((x, j) => (j === i ? v : x)))} onRemove={() => setRows((r) => r.filter((_, j) => j !== i))} />
        ))}
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setRows((r) => [...r, emptyVisitor()])} disabled={rows.length >= 50}>
            {t('add_visitor')}
          </Button>
          <Group>
            <Button variant="light" loading={busy === 'check'} disabled={!!busy} onClick={() => void run(false)}>
              {t('check')}
            </Button>
            <Button loading={busy === 'save'} disabled={!!busy} onClick={() => void run(true)}>
              {t('save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
