import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Series {
  name: string;
  label: string;
  color: string;
}

/**
 * Numbers people compare: a bar chart with its table beside it (the same rows), so the figures are readable
 * without the chart and by screen readers. The chart's axis follows the page's direction (Arabic right to left).
 */
export function ChartTable<T extends Record<string, unknown>>({ title, rows, labelKey, labelHeader, series, height = 260 }: { title: string; rows: T[]; labelKey: keyof T & string; labelHeader: string; series: Series[]; height?: number }) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const fmt = new Intl.NumberFormat(i18n.language);
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <div role="img" aria-label={title} style={{ direction: 'ltr' }}>
          <BarChart
            h={height}
            data={rtl ? [...rows].reverse() : rows}
            dataKey={labelKey}
            series={series.map((s) => ({ name: s.name, label: s.label, color: s.color }))}
            yAxisProps={{ orientation: rtl ? 'right' : 'left', tickFormatter: (v: number) => fmt.format(v) }}
            // Long names (Arabic ones included) slant and get room below the bars instead of being clipped.
            xAxisProps={{ interval: 0, angle: rows.length > 4 ? -30 : 0, textAnchor: rows.length > 4 ? 'end' : 'middle', height: rows.length > 4 ? 72 : 30 }}
            valueFormatter={(v) => fmt.format(v)}
            withLegend
            tickLine="y"
          />
        </div>
        <Table striped withTableBorder aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{labelHeader}</Table.Th>
              {series.map((s) => (
                <Table.Th key={s.name} ta="end">
                  {s.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={`${String(r[labelKey])}-${i}`}>
                <Table.Td>{String(r[labelKey] ?? '—')}</Table.Td>
                {series.map((s) => (
                  <Table.Td key={s.name} ta="end">
                    {fmt.format(Number(r[s.name] ?? 0))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
      {!rows.length ? <Text c="dimmed">—</Text> : null}
    </Paper>
  );
}
