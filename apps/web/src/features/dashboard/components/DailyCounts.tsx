import { Alert, Card, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageAllowed } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useAwaitingApprovalCount, VISITORS_PATHS } from '../../visits';
import { useDaily } from '../api/dashboard';
import { EMPTY_FILTERS, filtersToSearch, type LogbookFilters } from '../logbook-filters';
import { DailyChart } from './DailyChart';

/** The daily counts (rule 163): today's numbers, each opening the logbook filtered to it, and the week as a chart. */
export function DailyCounts() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const daily = useDaily(entityId);
  // Visits awaiting approval, one click from the Visitors list (issue 15 part 4), for members who manage visits.
  const managesVisits = pageAllowed(session?.permissions, 'users');
  const awaiting = useAwaitingApprovalCount(managesVisits);
  const totals = daily.data;
  const today = totals?.daily.at(-1)?.date;
  const link = (f: Partial<LogbookFilters>) => `/filtered?${filtersToSearch({ ...EMPTY_FILTERS, ...f }).toString()}`;
  const stat = (id: string, label: string, value: number | undefined, to: string) => (
    <UnstyledButton component={Link} to={to} aria-label={`${label}: ${value ?? '—'}`} data-testid={`count-${id}`}>
      <Card withBorder padding="md" h="100%">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={28} fw={700}>
          {value ?? '—'}
        </Text>
      </Card>
    </UnstyledButton>
  );
  if (daily.isError)
    return (
      <Alert color="red" title={t('counts_failed')}>
        {t('counts_failed_hint')}
      </Alert>
    );
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: managesVisits ? 5 : 4 }}>
        {stat('on_site', t('on_site'), totals?.on_site, link({ status: 'signed_in' }))}
        {stat('sign_ins', t('sign_ins_today'), totals?.sign_ins_today, link({ scan_type: ['sign_in'], start_date: today, end_date: today }))}
        {stat('sign_outs', t('sign_outs_today'), totals?.sign_outs_today, link({ scan_type: ['sign_out', 'auto_sign_out'], start_date: today, end_date: today }))}
        {stat('expected', t('expected_today'), totals?.expected_today, link({ status: 'expected', start_date: today, end_date: today }))}
        {managesVisits ? stat('awaiting', t('awaiting_approval'), awaiting.data, VISITORS_PATHS.awaiting) : null}
      </SimpleGrid>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Title order={4}>{t('daily')}</Title>
          {totals ? <DailyChart days={totals.daily} /> : <Loader size="sm" aria-label={t('drawer.loading')} />}
        </Stack>
      </Card>
    </>
  );
}
