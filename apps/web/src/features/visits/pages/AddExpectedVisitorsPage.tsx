import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zExpectedVisitBody } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { addExpectedVisit, type ExpectedVisitBody, getVisitOptions, searchConsoleHosts, validateExpectedVisit } from '../api/expected-visits';

interface Row {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string;
}
const emptyRow = (): Row => ({ first_name: '', last_name: '', email: '', phone: '', company_name: '' });
type Errors = Record<string, string>;

/** /add-expected-visitors: several visitors at once for a site, area, user type, host, date and time. */
export default function AddExpectedVisitorsPage() {
  const { t } = useTranslation('visits');
  const entityId = useSession()?.entity?.id ?? 0;
  const options = useQuery({ queryKey: ['expected-visits', 'options', entityId], queryFn: () => getVisitOptions(entityId), enabled: entityId > 0 });
  const [siteId, setSiteId] = useState<string | null>(null);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [userTypeId, setUserTypeId] = useState<string | null>(null);
  const [hostSearch, setHostSearch] = useState('');
  const [host, setHost] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [rows, setRows] = useState<Row[]>([emptyRow()]);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hosts = useQuery({ queryKey: ['expected-visits', 'hosts', hostSearch], queryFn: () => searchConsoleHosts(entityId, hostSearch), enabled: hostSearch.trim().length >= 1 });
  const site = options.data?.sites.find((s) => String(s.id) === siteId);

  const setRow = (i: number, key: keyof Row, value: string) => setRows((r) => r.map((row, j) => (j === i ? { ...row, [key]: value } : row)));
  const body = (): ExpectedVisitBody => ({
    entity_id: entityId,
    site_id: Number(siteId),
    area_id: Number(areaId),
    user_type_id: Number(userTypeId),
    ...(host ? { host: Number(host) } : {}),
    visit_date: date,
    visit_time: time,
    visitors: rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v.trim() !== ''))),
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
    setBusy(true);
    try {
      if (!save) {
        const res = await validateExpectedVisit(parsed.data);
        notifications.show({ color: 'green', message: res.message });
        return;
      }
      await addExpectedVisit(parsed.data);
      notifications.show({ color: 'green', title: t('added'), message: t('added_text') });
      setRows([emptyRow()]);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const next: Errors = {};
      for (const [k, v] of Object.entries(err.fieldErrors)) next[k] = v.join('\n');
      setErrors(next);
      if (!Object.keys(next).length || next.entity_id) setFormError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('title')}>
      <Paper withBorder p="md" radius="md" maw={900}>
        <Stack>
          {formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{formError}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select label={t('site')} required data={(options.data?.sites ?? []).map((s) => ({ value: String(s.id), label: s.name }))} value={siteId} onChange={(v) => (setSiteId(v), setAreaId(null))} error={errors.site_id} />
            <Select label={t('area')} required data={(site?.areas ?? []).map((a) => ({ value: String(a.id), label: a.name }))} value={areaId} onChange={setAreaId} error={errors.area_id} disabled={!site} />
            <Select label={t('user_type')} required data={(options.data?.user_types ?? []).map((u) => ({ value: String(u.id), label: u.name }))} value={userTypeId} onChange={setUserTypeId} error={errors.user_type_id} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('host')}
              searchable
              clearable
              searchValue={hostSearch}
              onSearchChange={setHostSearch}
              data={(hosts.data ?? []).map((h) => ({ value: String(h.id), label: h.full_name }))}
              value={host}
              onChange={setHost}
              error={errors.host}
              nothingFoundMessage={hostSearch ? t('no_host') : undefined}
            />
            <TextInput label={t('date')} type="date" required value={date} onChange={(e) => setDate(e.currentTarget.value)} error={errors.visit_date} />
            <TextInput label={t('time')} type="time" required value={time} onChange={(e) => setTime(e.currentTarget.value)} error={errors.visit_time} />
          </SimpleGrid>
          <Title order={4}>{t('visitors')}</Title>
          {errors.visitors ? <Text c="red" size="sm">{errors.visitors}</Text> : null}
          {rows.map((row, i) => (
            <Group key={i} align="flex-start" wrap="nowrap" data-testid={`visitor-row-${i}`}>
              <SimpleGrid cols={{ base: 1, sm: 5 }} style={{ flex: 1 }}>
                {(['first_name', 'last_name', 'email', 'phone', 'company_name'] as const).map((k) => (
                  <TextInput key={k} label={t(k)} aria-label={`${t(k)} ${i + 1}`} value={row[k]} onChange={(e) => setRow(i, k, e.currentTarget.value)} error={errors[`visitors.${i}.${k}`] ?? (k === 'first_name' ? errors[`visitors.${i}.user_id`] : undefined)} />
                ))}
              </SimpleGrid>
              <ActionIcon variant="subtle" color="red" mt={26} aria-label={t('remove')} disabled={rows.length === 1} onClick={() => setRows((r) => r.filter((_, j) => j !== i))}>
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setRows((r) => [...r, emptyRow()])}>
              {t('add_visitor')}
            </Button>
            <Group>
              <Button variant="light" loading={busy} onClick={() => void run(false)}>
                {t('check')}
              </Button>
              <Button loading={busy} onClick={() => void run(true)}>
                {t('save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </PageLayout>
  );
}
