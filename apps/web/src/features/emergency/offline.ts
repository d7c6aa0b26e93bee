import type { EmergencyListResponse } from '@gatehouse/contract';
import type { Mark } from './api/emergency';

/**
 * The wardens' phone keeps two things in IndexedDB: the latest list it received (so it opens with no connection)
 * and the marks made while offline, sent in order when the connection is back. Each mark carries its idempotency
 * key and the time it was tapped, so a mark sent twice counts once and the later mark wins on the server.
 */
const DB = 'gatehouse-emergency';
const LIST = 'list';
const MARKS = 'marks';

const wrap = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

let opened: Promise<IDBDatabase> | null = null;
function open() {
  opened ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => {
      r.result.createObjectStore(LIST);
      r.result.createObjectStore(MARKS, { keyPath: 'idempotency_key' });
    };
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  return opened;
}
const store = async (name: string, mode: IDBTransactionMode) => (await open()).transaction(name, mode).objectStore(name);

export interface KeptList {
  entityId: number;
  list: EmergencyListResponse;
  savedAt: string;
}

export const saveList = async (kept: KeptList) => void (await wrap((await store(LIST, 'readwrite')).put(kept, kept.entityId)));
export const loadList = async (entityId: number) => (await wrap((await store(LIST, 'readonly')).get(entityId))) as KeptList | undefined;
export const queueMark = async (mark: Mark) => void (await wrap((await store(MARKS, 'readwrite')).put(mark)));
export const queuedMarks = async () => ((await wrap((await store(MARKS, 'readonly')).getAll())) as Mark[]).sort((a, b) => a.at.localeCompare(b.at));
export const dropMark = async (key: string) => void (await wrap((await store(MARKS, 'readwrite')).delete(key)));

/** Sends the queued marks in order; stops at the first that cannot go (offline, server failing) and keeps it. */
async function sendQueued(send: (m: Mark) => Promise<unknown>, isTransient: (err: unknown) => boolean) {
  let sent = 0;
  for (const m of await queuedMarks()) {
    try {
      await send(m);
    } catch (err) {
      if (isTransient(err)) break;
      // Refused for good (the session ended, the person is not in it): dropped, not retried forever.
    }
    await dropMark(m.idempotency_key);
    sent++;
  }
  return sent;
}

let flushing: Promise<number> | null = null;
let queuedSince = false;

/**
 * Sends the queue, one sending at a time: a call while one runs (a tap, the timer, the page coming back online)
 * joins it, and the queue is read again once it ends, so a mark is not sent twice at once and a mark queued
 * meanwhile is not left behind. Answers how many marks left the queue.
 */
export function flushMarks(send: (m: Mark) => Promise<unknown>, isTransient: (err: unknown) => boolean): Promise<number> {
  if (flushing) {
    queuedSince = true;
    return flushing;
  }
  flushing = (async () => {
    let total = 0;
    do {
      queuedSince = false;
      total += await sendQueued(send, isTransient);
    } while (queuedSince);
    return total;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
