import { EMERGENCY_STATUSES, type EmergencyListResponse, type EmergencyPerson, isAllowed } from '@gatehouse/contract';
import { Alert, Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { countPeople, type Mark, mergePeople, sendMark, useEmergencyLive, withWaitingMarks } from '../api/emergency';
import { PersonStatus } from '../components/PersonStatus';
import { formatTime } from '../format';
import { flushMarks, loadList, queuedMarks, queueMark, saveList } from '../offline';

const transient = (err: unknown) => !(err instanceof HttpError) || err.status >= 500 || err.status === 429 || err.status === 0;
/** The list as the warden's phone shows it: with the marks still in its queue (see withWaitingMarks). */
const shownWith = async (list: EmergencyListResponse) => ({ ...list, data: withWaitingMarks(list.data, await queuedMarks().catch(() => [])) });
const ROW = 84;

/** Installs the page as a small app (manifest + service worker that keeps the page and its scripts). */
function useInstallable() {
  useEffect(() => {
    if (!document.querySelector('link[rel="manifest"]')) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = '/emergency-manifest.webmanifest';
      document.head.appendChild(link);
    }
    if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/emergency-sw.js').catch(() => undefined);
  }, []);
}

/**
 * /emergency-list: the fire wardens' phone page (issue 17 part 5). Big touch targets, search, status and site
 * filters, one tap to mark safe; the list is kept on the phone and marks made offline are queued in IndexedDB and
 * sent when the connection is back. It says plainly when it is offline and how old its list is. Virtualised:
 * 5,000 people scroll as smoothly as 50.
 */
export default function EmergencyListPage() {
  const { t } = useTranslation('emergency');
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const canMark = isAllowed(session?.permissions, 'emergency');
  const qc = useQueryClient();
  const [list, setList] = useState<EmergencyListResponse | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [online, setOnline] = useState(navigator.onLine);
  const [pending, setPending] = useState(0);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [site, setSite] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  useInstallable();
  useEmergencyLive(entityId);

  const load = useCallback(async () => {
    try {
      const fresh = await http.get<EmergencyListResponse>(`/api/emergency_list/${entityId}`, { notFound: 'throw', quiet: true });
      const at = new Date().toISOString();
      setList(await shownWith(fresh));
      setSavedAt(at);
      qc.setQueryData(['emergency', 'list', entityId], fresh);
      await saveList({ entityId, list: fresh, savedAt: at });
      // An answer to a call made before the phone lost its connection does not make it online again.
      setOnline(navigator.onLine);
    } catch {
      setOnline(false);
      const kept = await loadList(entityId).catch(() => undefined);
      if (kept) {
        const shown = await shownWith(kept.list);
        setList((cur) => cur ?? shown);
        setSavedAt((cur) => cur ?? kept.savedAt);
      }
    }
  }, [entityId, qc]);

  const sync = useCallback(async () => {
    const sent = await flushMarks((m) => sendMark(m, { quiet: true }), transient).catch(() => 0);
    const left = (await queuedMarks().catch(() => [])).length;
    setPending(left);
    if (sent) await load();
  }, [load]);

  useEffect(() => {
    void load().then(sync);
    const up = () => {
      setOnline(true);
      void sync().then(load);
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = setInterval(() => {
      setNow(Date.now());
      if (navigator.onLine) void sync();
    }, 5000);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      clearInterval(timer);
    };
  }, [load, sync]);

  // Live changes from other wardens arrive in the query cache (useEmergencyLive): follow them.
  useEffect(
    () =>
      qc.getQueryCache().subscribe((e) => {
        if (e.query.queryKey[0] === 'emergency' && e.query.queryKey[1] === 'list') {
          const data = e.query.state.data as EmergencyListResponse | undefined;
          if (data) void shownWith(data).then(setList);
        }
      }),
    [qc],
  );

  const mark = async (p: EmergencyPerson, next: EmergencyPerson['status']) => {
    const m: Mark = { session_id: p.session_id, user_id: p.user_id, status: next, at: new Date().toISOString(), idempotency_key: `mark-${crypto.randomUUID()}` };
    // The warden's own screen shows the mark at once; the server's answer (or the queue) follows.
    setList((cur) => (cur ? { ...cur, data: mergePeople(cur.data, [{ ...p, status: next, status_at: m.at, status_by_name: session?.user.fullName ?? null }]) } : cur));
    await queueMark(m);
    setPending((n) => n + 1);
    if (navigator.onLine) void sync();
  };

  const people = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (list?.data ?? []).filter(
      (p) => (!status || p.status === status) && (!site || String(p.site_id) === site) && (!q || `${p.first_name} ${p.last_name}`.toLowerCase().includes(q)),
    );
  }, [list, search, status, site]);
  const counts = countPeople(list?.data ?? []);
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({ count: people.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 8 });
  const sites = [...new Map((list?.sessions ?? []).flatMap((s) => s.sites).map((s) => [s.id, s])).values()];
  const minutes = savedAt ? Math.max(0, Math.floor((now - new Date(savedAt).getTime()) / 60000)) : 0;

  return (
    <Stack p="sm" gap="xs" h="100dvh" maw={640} mx="auto">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3}>{t('list_title')}</Title>
        <Badge color={online ? 'green' : 'red'} size="lg" data-testid="connection">
          {online ? t('online') : t('offline').split(':')[0]}
        </Badge>
      </Group>
      {!online ? (
        <Alert color="red" data-testid="offline-banner">
          {t('offline')}
        </Alert>
      ) : null}
      {savedAt ? (
        <Text size="sm" c={minutes >= 2 ? 'orange' : 'dimmed'} data-testid="list-age">
          {t('list_age', { time: formatTime(savedAt), minutes })}
        </Text>
      ) : null}
      {pending ? (
        <Text size="sm" c="orange" data-testid="pending">
          {t('queued', { count: pending })}
        </Text>
      ) : null}
      {list && !list.sessions.length ? <Alert>{t('no_active')}</Alert> : null}
      <Group gap={6} wrap="wrap">
        {list?.sessions.map((s) => (
          <Badge key={s.id} color="red" variant="light" size="lg">
            {s.name}
            {s.drill ? ` · ${t('drill_badge')}` : ''}
          </Badge>
        ))}
        <Badge variant="outline" size="lg" data-testid="unaccounted-count">
          {t('counts.unaccounted')}: {counts.unaccounted} / {counts.on_site}
        </Badge>
      </Group>
      <TextInput size="md" placeholder={t('search')} aria-label={t('search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <Group grow gap="xs">
        <Select size="md" aria-label={t('col.status')} placeholder={t('all_statuses')} clearable value={status} onChange={setStatus} data={EMERGENCY_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
        <Select size="md" aria-label={t('sites')} placeholder={t('all_sites')} clearable value={site} onChange={setSite} data={sites.map((s) => ({ value: String(s.id), label: s.name }))} />
      </Group>
      <div ref={scroller} style={{ flex: 1, overflowY: 'auto', contain: 'strict' }} data-testid="people">
        {list && !people.length ? <Text c="dimmed">{t('no_people')}</Text> : null}
        <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
          {rows.getVirtualItems().map((v) => {
            const p = people[v.index];
            return (
              <Group
                key={`${p.session_id}:${p.user_id}`}
                data-testid={`row-${p.user_id}`}
                justify="space-between"
                wrap="nowrap"
                style={{ position: 'absolute', insetInlineStart: 0, insetInlineEnd: 0, top: v.start, height: ROW, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                px={4}
              >
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {p.first_name} {p.last_name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {[p.user_type, p.site_name, p.area_name, p.host_name].filter(Boolean).join(' · ')}
                  </Text>
                  <div>
                    <PersonStatus p={p} />
                  </div>
                </Stack>
                {canMark && p.presence === 'on_site' ? (
                  p.status === 'safe' ? (
                    <Button size="lg" variant="default" onClick={() => void mark(p, 'unaccounted')} aria-label={`${t('mark_unaccounted')}: ${p.first_name} ${p.last_name}`}>
                      ↺
                    </Button>
                  ) : (
                    <Button size="lg" color="green" miw={120} onClick={() => void mark(p, 'safe')} data-testid={`safe-${p.user_id}`} aria-label={`${t('mark_safe')}: ${p.first_name} ${p.last_name}`}>
                      {t('mark_safe')}
                    </Button>
                  )
                ) : null}
              </Group>
            );
          })}
        </div>
      </div>
      <Text size="xs" c="dimmed">
        {t('install_hint')}
      </Text>
    </Stack>
  );
}
