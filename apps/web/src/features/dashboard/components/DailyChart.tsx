import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Day {
  date: string;
  sign_ins: number;
  sign_outs: number;
}

const SLOT = 64;
const BAR = 20;
const HEIGHT = 150;
/** Room above the bars for their numbers, and below them for the day's two label lines. */
const TOP = 16;
const BOTTOM = 34;

/**
 * Sign-ins and sign-outs per day as paired bars with their numbers (an inline SVG: no chart library in the bundle).
 * Days run in the reading direction: left to right, or right to left in Arabic, with the weekday and the day of the
 * month on two lines so that Arabic weekday names do not run into each other (issue 15 part 7).
 */
export function DailyChart({ days }: { days: Day[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const rtl = i18n.dir() === 'rtl';
  const max = Math.max(1, ...days.map((d) => Math.max(d.sign_ins, d.sign_outs)));
  const width = SLOT * days.length;
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const dayOfMonth = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="xs">
      <Box style={{ overflowX: 'auto' }}>
        <svg role="img" aria-label={t('chart_label')} width={width} height={TOP + HEIGHT + BOTTOM} viewBox={`0 0 ${width} ${TOP + HEIGHT + BOTTOM}`} style={{ direction: 'ltr' }}>
          {days.map((d, i) => {
            const slot = rtl ? days.length - 1 - i : i;
            const x = slot * SLOT + (SLOT - 2 * BAR - 2) / 2;
            const at = new Date(`${d.date}T00:00:00Z`);
            const bars = [
              { key: 'in', value: d.sign_ins, x: rtl ? x + BAR + 2 : x, fill: 'var(--mantine-color-teal-6)', label: t('sign_ins') },
              { key: 'out', value: d.sign_outs, x: rtl ? x : x + BAR + 2, fill: 'var(--mantine-color-blue-4)', label: t('sign_outs') },
            ];
            return (
              <g key={d.date} data-testid={`day-${d.date}`} data-slot={slot}>
                {bars.map((b) => {
                  const h = (b.value / max) * HEIGHT;
                  return (
                    <g key={b.key}>
                      <rect x={b.x} y={TOP + HEIGHT - h} width={BAR} height={h} fill={b.fill}>
                        <title>{`${dayOfMonth.format(at)}: ${b.label} ${number.format(b.value)}`}</title>
                      </rect>
                      {b.value > 0 ? (
                        <text x={b.x + BAR / 2} y={TOP + HEIGHT - h - 3} fontSize={10} textAnchor="middle" fill="currentColor">
                          {number.format(b.value)}
                        </text>
                      ) : null}
                    </g>
                  );
                })}
                <text x={slot * SLOT + SLOT / 2} y={TOP + HEIGHT + 14} fontSize={12} textAnchor="middle" fill="currentColor" direction={rtl ? 'rtl' : 'ltr'}>
                  {weekday.format(at)}
                </text>
                <text x={slot * SLOT + SLOT / 2} y={TOP + HEIGHT + 29} fontSize={11} textAnchor="middle" fill="currentColor" direction={rtl ? 'rtl' : 'ltr'}>
                  {dayOfMonth.format(at)}
                </text>
              </g>
            );
          })}
        </svg>
      </Box>
      <Group gap="md">
        <Group gap={6}>
          <Box w={12} h={12} bg="teal.6" />
          <Text size="sm">{t('sign_ins')}</Text>
        </Group>
        <Group gap={6}>
          <Box w={12} h={12} bg="blue.4" />
          <Text size="sm">{t('sign_outs')}</Text>
        </Group>
      </Group>
    </Stack>
  );
}
