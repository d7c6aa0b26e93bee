import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExpectedVisitsDay, getExpectedVisitsSummary } from '../api/expected-visits';
import { DayField } from '../../../components/fields';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The parts of a day's bar, bottom up: approved or not needing approval, awaiting approval, rejected. */
const PARTS = [
  { key: 'ready', color: 'var(--mantine-color-teal-6)' },
  { key: 'awaiting_approval', color: 'var(--mantine-color-orange-5)' },
  { key: 'rejected', color: 'var(--mantine-color-red-5)' },
] as const;
const partsOf = (d: ExpectedVisitsDay) => ({ ready: d.total - d.awaiting_approval - d.rejected, awaiting_approval: d.awaiting_approval, rejected: d.rejected });

/** Every day between the two dates, with the counts of the days that have visits (zero elsewhere). */
function fill(start: string, end: string, days: ExpectedVisitsDay[]) {
  const out: ExpectedVisitsDay[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`) && out.length < 62; d = new Date(d.getTime() + 86_400_000)) {
    const date = d.toISOString().slice(0, 10);
    out.push(days.find((x) => x.date === date) ?? { date, total: 0, awaiting_approval: 0, approved: 0, rejected: 0, confirmed: 0, signed_in: 0 });
  }
  return out;
}

/**
 * The expected-visits summary between two dates: a stacked bar per day (ready, awaiting approval, rejected) and
 * the totals people compare. An inline SVG, as the dashboard's chart: no chart library in the bundle.
 */
export function VisitsSummary({ entityId }: { entityId: number }) {
  const { t, i18n } = useTranslation('visits');
  const [start, setStart] = useState(day(0));
  const [end, setEnd] = useState(day(13));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end) && start <= end;
  const summary = useQuery({ queryKey: ['expected-visits', 'summary', entityId, start, end], queryFn: () => getExpectedVisitsSummary(entityId, start, end), enabled: valid && entityId > 0 });
  const days = valid ? fill(start, end, summary.data?.data ?? []) : [];
  const max = Math.max(1, ...days.map((d) => d.total));
  const height = 160;
  const step = 36;
  const fmt = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const sum = (k: keyof ExpectedVisitsDay) => (summary.data?.data ?? []).reduce((n, d) => n + (d[k] as number), 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Group>
          <DayField label={t('from')} value={start} onChange={setStart} error={!valid && start > end ? t('range_invalid') : undefined} />
          <DayField label={t('to')} value={end} onChange={setEnd} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} data-testid="summary-totals">
          {(['total', 'awaiting_approval', 'approved', 'confirmed', 'signed_in'] as const).map((k) => (
            <Paper key={k} withBorder p="xs" radius="md">
              <Text size="xs" c="dimmed">
                {t(`summary.${k}`)}
              </Text>
              <Text fw={700} size="xl">
                {summary.data ? sum(k) : '…'}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Box style={{ overflowX: 'auto' }}>
          <svg role="img" aria-label={t('summary.chart')} width={Math.max(step * days.length, 200)} height={height + 28} style={{ direction: 'ltr' }}>
            {days.map((d, i) => {
              let y = height;
              const parts = partsOf(d);
              return (
                <g key={d.date}>
                  {PARTS.map((p) => {
                    const h = (parts[p.key] / max) * height;
                    y -= h;
                    return h > 0 ? (
                      <rect key={p.key} x={i * step + 6} y={y} width={step - 12} height={h} fill={p.color}>
                        <title>{`${d.date}: ${t(`summary.${p.key}`)} ${parts[p.key]}`}</title>
                      </rect>
                    ) : null;
                  })}
                  {d.total ? (
                    <text x={i * step + step / 2} y={height - (d.total / max) * height - 4} fontSize={11} textAnchor="middle" fill="currentColor">
                      {d.total}
                    </text>
                  ) : null}
                  <text x={i * step + step / 2} y={height + 18} fontSize={10} textAnchor="middle" fill="currentColor">
                    {fmt.format(new Date(`${d.date}T00:00:00Z`))}
                  </text>
                </g>
              );
            })}
          </svg>
        </Box>
        <Group gap="md">
          {PARTS.map((p) => (
            <Group key={p.key} gap={6}>
              <Box w={12} h={12} style={{ background: p.color }} />
              <Text size="sm">{t(`summary.${p.key}`)}</Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
