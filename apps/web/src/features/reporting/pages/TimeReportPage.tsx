import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout';
import { useEntityId, useTimeReport } from '../api/reports';
import { ChartTable } from '../components/ChartTable';
import { ExportButtons } from '../components/ExportButtons';
import { lastDays, Period, type PeriodValue } from '../components/Period';

/** Time report: per person over a period, hours present against the hours their mode expects, late and early counts. */
export default function TimeReportPage() {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const [period, setPeriod] = useState<PeriodValue>(lastDays(30));
  const q = useTimeReport(entityId, { ...period, page: 1, limit: 100 });
  const rows = (q.data?.data ?? []).map((r) => ({ ...r, hours: Math.round(r.minutes / 6) / 10, expected_hours: Math.round(r.expected_minutes / 6) / 10 }));
  return (
    <PageLayout title={t('time_report')} actions={<ExportButtons report="time_report" params={{ ...period }} />}>
      <Period value={period} onChange={setPeriod} />
      {q.isError ? <Alert color="red">{t('error')}</Alert> : null}
      <ChartTable
        title={t('hours_by_person')}
        labelKey="full_name"
        labelHeader={t('name')}
        rows={rows}
        series={[
          { name: 'hours', label: t('hours_present'), color: 'teal.6' },
          { name: 'expected_hours', label: t('hours_expected'), color: 'gray.5' },
          { name: 'late_count', label: t('late_count'), color: 'orange.6' },
          { name: 'early_count', label: t('early_count'), color: 'grape.6' },
        ]}
      />
    </PageLayout>
  );
}
