import type { EmergencyListResponse, EmergencyPerson } from '@gatehouse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HttpError, http } from '../../../lib/http';
import { flushMarks, loadList, queuedMarks, queueMark, saveList } from '../offline';
import { listQuery, type Mark, mergePeople, personKey, sendMark, useEmergencyLive } from './emergency';

const transient = (err: unknown) => !(err instanceof HttpError) || err.status >= 500 || err.status === 429 || err.status === 0;
const later = (a: string, b: string | null) => !b || Date.parse(a) >= Date.parse(b);
/** How long the phone waits after a change before it keeps the list in IndexedDB (5,000 people are not copied per mark). */
const KEEP_AFTER_MS = 2000;

/** A mark the server has not confirmed yet, and the person as the server last had them (what a refusal goes back to). */
interface Unconfirmed {
  mark: Mark;
  confirmed: EmergencyPerson;
}

export interface RefusedMark {
  name: string;
  reason: string;
}

/**
 * The wardens' list on the phone (issue 17 part 5, Performance): loaded once, then changed one person at a time.
 * A mark shows at once on this phone (the person's row only), is queued in IndexedDB and sent one batch at a time;
 * the server's answer replaces the row, a refusal puts the row back and says why. Live events (other wardens'
 * marks, sign-outs) replace the rows they name; this phone's later marks not yet confirmed stay on top (the later
 * mark wins, as on the server). The whole list is loaded again only when the connection comes back or a session
 * starts or ends.
 */
export function useWardenList(entityId: number, wardenName: string | null) {
  const qc = useQueryClient();
  const key = useMemo(() => listQuery(entityId).queryKey, [entityId]);
  // The cached list is observed (never fetched by the query itself) so it stays cached while the page is open.
  useQuery({ ...listQuery(entityId), enabled: false, staleTime: Infinity });
  const [list, setList] = useState<EmergencyListResponse | null>(() => qc.getQueryData(key) ?? null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [online, setOnline] = useState(navigator.onLine);
  const [pending, setPending] = useState(0);
  const [refused, setRefused] = useState<RefusedMark | null>(null);
  const unconfirmed = useRef(new Map<string, Unconfirmed>());

  const withMark = useCallback((p: EmergencyPerson, m: Mark): EmergencyPerson => ({ ...p, status: m.status, status_at: m.at, status_by_name: wardenName }), [wardenName]);

  /** People as the server has them, with this phone's later marks not yet confirmed laid over them. */
  const received = useCallback(
    (people: EmergencyPerson[]) => {
      setSavedAt(new Date().toISOString());
      return people.map((p) => {
        const u = unconfirmed.current.get(personKey(p));
        if (!u) return p;
        u.confirmed = p;
        return later(u.mark.at, p.status_at) ? withMark(p, u.mark) : p;
      });
    },
    [withMark],
  );
  useEmergencyLive(entityId, received);

  const patch = useCallback((people: EmergencyPerson[]) => qc.setQueryData<EmergencyListResponse>(key, (old) => (old ? { ...old, data: mergePeople(old.data, people) } : old)), [qc, key]);

  const load = useCallback(async () => {
    try {
      const fresh = await http.get<EmergencyListResponse>(`/api/emergency_list/${entityId}`, { notFound: 'throw', quiet: true });
      // Marks still queued (made before a reload of the page) are shown over the fresh list until they are sent.
      const byKey = new Map(fresh.data.map((p) => [personKey(p), p]));
      for (const m of await queuedMarks().catch(() => [])) {
        const p = byKey.get(personKey(m));
        const u = unconfirmed.current.get(personKey(m));
        if (p && (!u || later(m.at, u.mark.at))) unconfirmed.current.set(personKey(m), { mark: m, confirmed: p });
      }
      const shown = { ...fresh, data: received(fresh.data) };
      qc.setQueryData(key, shown);
      // An answer to a call made before the phone lost its connection does not make it online again.
      setOnline(navigator.onLine);
      await saveList({ entityId, list: shown, savedAt: new Date().toISOString() });
    } catch {
      setOnline(false);
      const kept = await loadList(entityId).catch(() => undefined);
      if (kept) {
        if (!qc.getQueryData(key)) qc.setQueryData(key, kept.list);
        setSavedAt((cur) => cur ?? kept.savedAt);
      }
    }
  }, [entityId, qc, key, received]);

  const send = useCallback(
    async (m: Mark) => {
      const k = personKey(m);
      try {
        const answer = await sendMark(m, { quiet: true });
        if (unconfirmed.current.get(k)?.mark.idempotency_key === m.idempotency_key) unconfirmed.current.delete(k);
        patch(received([answer.data]));
        return answer;
      } catch (err) {
        const u = unconfirmed.current.get(k);
        // Refused for good (the session ended, the person is not in it): the row goes back to what the server has.
        if (!transient(err) && u?.mark.idempotency_key === m.idempotency_key) {
          unconfirmed.current.delete(k);
          patch([u.confirmed]);
          setRefused({ name: `${u.confirmed.first_name} ${u.confirmed.last_name}`, reason: (err as Error).message });
        }
        throw err;
      }
    },
    [patch, received],
  );

  const sync = useCallback(async () => {
    await flushMarks(send, transient).catch(() => 0);
    setPending((await queuedMarks().catch(() => [])).length);
  }, [send]);

  const mark = useCallback(
    async (p: EmergencyPerson, next: EmergencyPerson['status']) => {
      const m: Mark = { session_id: p.session_id, user_id: p.user_id, status: next, at: new Date().toISOString(), idempotency_key: `mark-${crypto.randomUUID()}` };
      const k = personKey(p);
      unconfirmed.current.set(k, { mark: m, confirmed: unconfirmed.current.get(k)?.confirmed ?? p });
      // The warden's own screen shows the mark at once (this row only); the server's answer (or the queue) follows.
      patch([withMark(p, m)]);
      await queueMark(m);
      setPending((n) => n + 1);
      if (navigator.onLine) void sync();
    },
    [patch, withMark, sync],
  );

  // The page follows the cached list (marks, live events); a session started or ended loads it again.
  useEffect(
    () =>
      qc.getQueryCache().subscribe((e) => {
        const [area, kind, id] = e.query.queryKey;
        if (e.type !== 'updated' || area !== 'emergency' || kind !== 'list' || id !== entityId) return;
        if (e.action.type === 'invalidate') void load();
        else if (e.query.state.data) setList(e.query.state.data as EmergencyListResponse);
      }),
    [qc, load, entityId],
  );

  // The list is kept on the phone a moment after it last changed (to open offline), not copied at every mark.
  useEffect(() => {
    if (!list || !savedAt) return;
    const timer = setTimeout(() => void saveList({ entityId, list, savedAt }).catch(() => undefined), KEEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [entityId, list, savedAt]);

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
      if (navigator.onLine) void sync();
    }, 5000);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      clearInterval(timer);
    };
  }, [load, sync]);

  return { list, savedAt, online, pending, refused, dismissRefused: () => setRefused(null), mark };
}
