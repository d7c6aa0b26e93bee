import { Alert, Button, Card, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ADMIN_NOTES_MIN, MASS_PEOPLE_MAX } from '@gatehouse/contract';
import { IconLogin, IconLogout, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageAllowed } from '../../../lib/permissions';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useSites } from '../../dashboard/api/dashboard';
import { type MassApplyResult, useApplyMassSignin, useMassData } from '../api/mass-signin';
import { MassConfirm } from '../components/MassConfirm';
import { MassErrors } from '../components/MassErrors';
import { MassResult } from '../components/MassResult';
import { MassUserRow } from '../components/MassUserRow';
import { type Answers, applyBody, dueCondition, failsCheck, notesEnough, notesFor, type Problem, problemsOf, type SharedReason } from '../mass-answers';

/**
 * `/multiple-signin`: pick a site (and the area people sign in at), see its people with their state (rule 225),
 * choose some or the 'All' row (rule 224), then Sign in or Sign out those it concerns (rule 220, said explicitly:
 * issue 15 part 5) with the checks, host and reasons each one's sign-in asks (rules 221, 227-228) and one late or
 * early reason for everyone; the checks are shown before applying and the result at the top. People outside the caller's access cannot be chosen and say why; those the
 * server skips are listed with the reason while the rest apply (rules 160-161, 226).
 */
export default function MultipleSigninPage() {
  const { t, i18n } = useTranslation('mass');
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const canSearchHosts = pageAllowed(session?.permissions, 'users');
  const sites = useSites(entityId);
  const [siteId, setSiteId] = useState<number | null>(null);
  const [areaId, setAreaId] = useState<number | null>(null);
  const [userTypeId, setUserTypeId] = useState<number | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [answers, setAnswers] = useState<Record<number, Answers>>({});
  const [notes, setNotes] = useState('');
  const [result, setResult] = useState<(MassApplyResult['data'] & { action: 'in' | 'out' }) | null>(null);
  const [shared, setShared] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const query = siteId ? { site_id: siteId, ...(areaId ? { area_id: areaId } : {}), ...(userTypeId ? { user_type_id: userTypeId } : {}), ...(search ? { search } : {}) } : null;
  const data = useMassData(entityId, query);
  const apply = useApplyMassSignin();

  // A single site is chosen for the user; the first area is where people sign in until another is picked.
  useEffect(() => {
    if (!siteId && sites.data?.length === 1) setSiteId(sites.data[0].id);
  }, [sites.data, siteId]);
  useEffect(() => {
    if (siteId && !areaId && data.data?.area.length) setAreaId(data.data.area[0].id);
  }, [siteId, areaId, data.data]);

  const allRow = data.data?.users.find((u) => u.is_all);
  const people = useMemo(() => data.data?.users.filter((u) => !u.is_all) ?? [], [data.data]);
  const actable = people.filter((u) => u.can_act);
  const picked = people.filter((u) => chosen.has(u.id) && u.can_act);
  const allChosen = actable.length > 0 && picked.length === actable.length;
  const signingIn = picked.filter((u) => u.next_action === 'in');
  const signingOut = picked.filter((u) => u.next_action === 'out');
  const blockedByProblems = picked.filter((u) => problemsOf(u, answers[u.id]).length);
  // A failed check needs notes: the person's own (written with their entry condition) or the page's.
  const needsNotes = picked.some((u) => failsCheck(u, answers[u.id]) && !notesEnough(notesFor(answers[u.id], notes)));
  // One late (signing in) or early (signing out) reason for everyone, by name: each mode has its own reasons.
  const reasonNames = (list: typeof picked) => [...new Set(list.flatMap((u) => u.reasons.map((r) => r.name)))].sort();
  const reasonChoices = [
    { group: t('late_reason'), items: reasonNames(signingIn).map((n) => ({ value: `in:${n}`, label: n })) },
    { group: t('early_reason'), items: reasonNames(signingOut).map((n) => ({ value: `out:${n}`, label: n })) },
  ].filter((g) => g.items.length);
  const sharedReason: SharedReason | null = shared ? { action: shared.startsWith('in:') ? 'in' : 'out', name: shared.slice(shared.indexOf(':') + 1) } : null;
  const capped = !!data.data?.capped;
  const missing = (u: (typeof people)[number]) =>
    problemsOf(u, answers[u.id])
      .map((p: Problem) => t(`missing.${p}`, { condition: dueCondition(u)?.name ?? '' }))
      .join(', ');
  const filtered = !!(userTypeId || search);

  const choose = (id: number, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const chooseSite = (v: string | null) => {
    setSiteId(v ? Number(v) : null);
    setAreaId(null);
    setUserTypeId(null);
    setChosen(new Set());
    setAnswers({});
    setResult(null);
    setShared(null);
  };

  const run = (action: 'in' | 'out') => {
    if (!siteId || !areaId) return;
    const body = applyBody({ entityId, siteId, areaId, action, users: people, chosen, allChosen, filtered, answers, notes, reason: sharedReason });
    setFormError(null);
    apply.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: r.data.skipped.length ? 'yellow' : 'green', message: r.message });
        setResult({ ...r.data, action });
        // The result is shown at the top of the page.
        window.scrollTo?.({ top: 0, behavior: 'smooth' });
        const skipped = new Set(r.data.skipped.map((s) => s.user_id));
        const done = new Set(r.data.applied.map((s) => s.user_id));
        setChosen((s) => new Set([...s].filter((id) => skipped.has(id) || !done.has(id))));
      },
      // Rule 161: a failure shows the message (field messages joined by line breaks, rule 115).
      onError: (err) => setFormError(err instanceof HttpError ? Object.values(err.fieldErrors).flat().join('\n') || err.message : String(err)),
    });
  };
  const areaName = data.data?.area.find((a) => a.id === areaId)?.name;
  // The checks and reasons each person's sign-in or sign-out records, shown before applying.
  const confirm = (action: 'in' | 'out') =>
    modals.openConfirmModal({
      title: t(action === 'in' ? 'confirm_in_title' : 'confirm_out_title', { count: (action === 'in' ? signingIn : signingOut).length }),
      size: 'lg',
      children: <MassConfirm action={action} people={action === 'in' ? signingIn : signingOut} answers={answers} reason={sharedReason} area={areaName ?? ''} notes={notes} />,
      labels: { confirm: t(action === 'in' ? 'sign_in_now' : 'sign_out_now'), cancel: t('cancel') },
      onConfirm: () => run(action),
    });
  return (
    <PageLayout title={t('title')}>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
          <Select label={t('site')} required searchable placeholder={t('choose_site')} data={(sites.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))} value={siteId ? String(siteId) : null} onChange={chooseSite} />
          <Select
            label={t('area')}
            required
            disabled={!siteId}
            data={(data.data?.area ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={areaId ? String(areaId) : null}
            onChange={(v) => setAreaId(v ? Number(v) : null)}
            allowDeselect={false}
          />
          <Select label={t('user_type')} clearable disabled={!siteId} placeholder={t('any')} data={(data.data?.user_type ?? []).map((u) => ({ value: String(u.id), label: u.name }))} value={userTypeId ? String(userTypeId) : null} onChange={(v) => setUserTypeId(v ? Number(v) : null)} />
          <TextInput label={t('search')} disabled={!siteId} leftSection={<IconSearch size={16} aria-hidden />} value={searchText} onChange={(e) => setSearchText(e.currentTarget.value)} />
        </SimpleGrid>
      </Card>

      {result ? <MassResult result={result} onClose={() => setResult(null)} /> : null}

      {!siteId ? (
        <Text c="dimmed">{sites.isLoading ? t('loading') : sites.data?.length ? t('pick_site') : t('no_sites')}</Text>
      ) : data.isLoading ? (
        <Loader aria-label={t('loading')} />
      ) : data.isError ? (
        <Alert color="red">{t('load_failed')}</Alert>
      ) : (
        <>
          {capped ? (
            <Alert color="blue" data-testid="mass-capped" title={t('capped_title', { max: MASS_PEOPLE_MAX.toLocaleString(i18n.language) })}>
              {t('capped_hint')}
            </Alert>
          ) : null}
          <Table striped verticalSpacing="xs" aria-busy={data.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th style={{ textAlign: 'start' }}>{t('person')}</Table.Th>
                <Table.Th style={{ textAlign: 'start' }}>{t('state')}</Table.Th>
                <Table.Th style={{ textAlign: 'start' }}>{t('action')}</Table.Th>
                <Table.Th style={{ textAlign: 'start' }}>{t('compliance')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {allRow && people.length ? (
                <Table.Tr data-testid="mass-row-all">
                  <Table.Td>
                    <Checkbox
                      aria-label={t('choose_all')}
                      checked={allChosen}
                      indeterminate={picked.length > 0 && !allChosen}
                      disabled={!actable.length}
                      onChange={(e) => setChosen(e.currentTarget.checked ? new Set(actable.map((u) => u.id)) : new Set())}
                    />
                  </Table.Td>
                  <Table.Td colSpan={5}>
                    <Group justify="space-between" gap="xs">
                      <Text fw={700}>{t('all_row', { count: actable.length })}</Text>
                      {/* The end of the day or a drill: everyone in (to sign out), or everyone out (to sign in). */}
                      <Group gap={4}>
                        <Button size="compact-sm" variant="subtle" onClick={() => setChosen(new Set(actable.filter((u) => u.next_action === 'out').map((u) => u.id)))}>
                          {t('choose_signed_in')}
                        </Button>
                        <Button size="compact-sm" variant="subtle" onClick={() => setChosen(new Set(actable.filter((u) => u.next_action === 'in').map((u) => u.id)))}>
                          {t('choose_signed_out')}
                        </Button>
                      </Group>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {people.map((u) => (
                <MassUserRow key={u.id} user={u} chosen={chosen.has(u.id)} onChoose={(on) => choose(u.id, on)} answers={answers[u.id]} onAnswers={(a) => setAnswers((x) => ({ ...x, [u.id]: a }))} canSearchHosts={canSearchHosts} />
              ))}
              {!people.length ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text ta="center" c="dimmed" py="md">
                      {t('nobody')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>

          {/* The action bar stays in view at the bottom of a long list. */}
          <Card withBorder padding="md" shadow="sm" style={{ position: 'sticky', insetBlockEnd: 0, zIndex: 2 }}>
            <Stack gap="xs">
              {formError ? (
                <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
                  {formError}
                </Alert>
              ) : null}
              <Textarea
                label={t('notes')}
                description={t('notes_hint', { min: ADMIN_NOTES_MIN })}
                rows={2}
                maxLength={1000}
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                error={needsNotes ? t('notes_needed', { min: ADMIN_NOTES_MIN }) : undefined}
              />
              {reasonChoices.length ? (
                <Select
                  label={t('shared_reason')}
                  description={t('shared_reason_hint')}
                  clearable
                  data={reasonChoices}
                  value={shared}
                  onChange={setShared}
                  maw={420}
                />
              ) : null}
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {areaName ? t('summary_in_out', { count: picked.length, in: signingIn.length, out: signingOut.length, area: areaName }) : t('pick_area')}
                </Text>
                <Group gap="xs">
                  <Button
                    leftSection={<IconLogin size={16} aria-hidden />}
                    onClick={() => confirm('in')}
                    loading={apply.isPending}
                    disabled={!areaId || !signingIn.length || signingIn.some((u) => problemsOf(u, answers[u.id]).length) || needsNotes}
                  >
                    {t('sign_in_count', { count: signingIn.length })}
                  </Button>
                  <Button
                    color="orange"
                    leftSection={<IconLogout size={16} aria-hidden />}
                    onClick={() => confirm('out')}
                    loading={apply.isPending}
                    disabled={!areaId || !signingOut.length}
                  >
                    {t('sign_out_count', { count: signingOut.length })}
                  </Button>
                </Group>
              </Group>
              {blockedByProblems.length ? (
                <Stack gap={0} data-testid="mass-missing">
                  <Text size="xs" c="red">
                    {t('answer_first')}
                  </Text>
                  {blockedByProblems.map((u) => (
                    <Text key={u.id} size="xs" c="red">
                      {t('missing_line', { name: u.full_name, what: missing(u) })}
                    </Text>
                  ))}
                </Stack>
              ) : null}
            </Stack>
          </Card>
        </>
      )}
      <MassErrors entityId={entityId} />
    </PageLayout>
  );
}
