import { Group, Select } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/fields';
import { useEntityId, useHistoryGrid } from '../api/reports';

export interface PeriodValue {
  start: string;
  end: string;
  site_id?: number;
}

const iso = (d: Date | string | null) => (d ? dayjs(d).format('YYYY-MM-DD') : '');
export const lastDays = (n: number): PeriodValue => ({ start: dayjs().subtract(n - 1, 'day').format('YYYY-MM-DD'), end: dayjs().format('YYYY-MM-DD') });

/** The period (DD/MM/YYYY pickers, weeks from Monday: rule 121) and the site of a report. */
export function Period({ value, onChange, withSite = true }: { value: PeriodValue; onChange: (v: PeriodValue) => void; withSite?: boolean }) {
  const { t } = useTranslation('reporting');
  const grid = useHistoryGrid(useEntityId());
  return (
    <Group align="end" wrap="wrap">
      <DateField label={t('from')} value={value.start || null} onChange={(d) => onChange({ ...value, start: iso(d) })} w={170} />
      <DateField label={t('to')} value={value.end || null} onChange={(d) => onChange({ ...value, end: iso(d) })} w={170} />
      {withSite ? (
        <Select
          label={t('site')}
          placeholder={t('all_sites')}
          clearable
          w={220}
          data={(grid.data?.sites ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={value.site_id ? String(value.site_id) : null}
          onChange={(v) => onChange({ ...value, site_id: v ? Number(v) : undefined })}
        />
      ) : null}
    </Group>
  );
}
