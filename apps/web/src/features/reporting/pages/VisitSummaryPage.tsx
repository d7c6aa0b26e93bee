import { Alert, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout';
import { useEntityId, useVisitSummary } from '../api/reports';
import { ChartTable } from '../components/ChartTable';
import { ExportButtons } from '../components/ExportButtons';
import { lastDays, Period, type PeriodValue } from '../components/Period';

const dmy = (d: string) => d.split('-').reverse().join('/');

/** Visit summary (rule 292: start, end): totals by day, site, area, user type and input method, each chart with its table. */
export default function VisitSummaryPage() {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const [period, setPeriod] = useState<PeriodValue>(lastDays(7));
  const q = useVisitSummary(entityId, period);
  const s = q.data;
  const counts = [
    { name: 'sign_ins', label: t('sign_ins'), color: 'teal.6' },
    { name: 'people', label: t('people'), color: 'blue.5' },
  ];
  return (
    <PageLayout title={t('visit_summary')} actions={<ExportButtons report="visit_summary" params={{ ...period }} disabled={!s} />}>
      <Period value={period} onChange={setPeriod} />
      {q.isError ? <Alert color="red">{t('error')}</Alert> : null}
      {q.isLoading ? <Loader /> : null}
      {s ? (
        <Stack>
          <Group>
            <Text fw={600}>{t('total_sign_ins', { count: s.totals.sign_ins })}</Text>
            <Text>{t('total_sign_outs', { count: s.totals.sign_outs })}</Text>
            <Text>{t('total_people', { count: s.totals.people })}</Text>
          </Group>
          <ChartTable
            title={t('by_day')}
            labelKey="day"
            labelHeader={t('date')}
            rows={s.by_day.map((d) => ({ ...d, day: dmy(d.date) }))}
            series={[...counts, { name: 'sign_outs', label: t('sign_outs'), color: 'gray.5' }]}
          />
          <SimpleGrid cols={{ base: 1, xl: 2 }}>
            <ChartTable title={t('by_site')} labelKey="name" labelHeader={t('site')} rows={s.by_site} series={counts} />
            <ChartTable title={t('by_area')} labelKey="name" labelHeader={t('area')} rows={s.by_area} series={counts} />
            <ChartTable title={t('by_user_type')} labelKey="name" labelHeader={t('user_type')} rows={s.by_user_type.map((r) => ({ ...r, name: r.name ?? t('no_type') }))} series={counts} />
            <ChartTable title={t('by_input_method')} labelKey="name" labelHeader={t('input_method')} rows={s.by_input_method.map((r) => ({ ...r, name: t(`method.${r.name}`, { defaultValue: r.name ?? '' }) }))} series={counts} />
          </SimpleGrid>
        </Stack>
      ) : null}
    </PageLayout>
  );
}
