import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Day {
  date: string;
  sign_ins: number;
  sign_outs: number;
}

/** Sign-ins and sign-outs per day as paired bars (an inline SVG: no chart library in the bundle). */
export function DailyChart({ days }: { days: Day[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const max = Math.max(1, ...days.map((d) => Math.max(d.sign_ins, d.sign_outs)));
  const width = 56 * days.length;
  const height = 160;
  const fmt = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <Stack gap="xs">
      <Box style={{ overflowX: 'auto' }}>
        <svg role="img" aria-label={t('chart_label')} width={width} height={height + 24} viewBox={`0 0 ${width} ${height + 24}`} style={{ direction: 'ltr' }}>
          {days.map((d, i) => {
            const hIn = (d.sign_ins / max) * height;
            const hOut = (d.sign_outs / max) * height;
            const x = i * 56 + 8;
            return (
              <g key={d.date}>
                <rect x={x} y={height - hIn} width={18} height={hIn} fill="var(--mantine-color-teal-6)">
                  <title>{`${d.date}: ${t('sign_ins')} ${d.sign_ins}`}</title>
                </rect>
                <rect x={x + 20} y={height - hOut} width={18} height={hOut} fill="var(--mantine-color-blue-4)">
                  <title>{`${d.date}: ${t('sign_outs')} ${d.sign_outs}`}</title>
                </rect>
                <text x={x + 19} y={height + 16} fontSize={11} textAnchor="middle" fill="currentColor">
                  {fmt.format(new Date(`${d.date}T00:00:00Z`))}
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
