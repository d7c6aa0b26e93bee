import { ApiError, OfflineError } from './api';

/** Worth trying again later: the server is unreachable, busy or failing, not refusing this sign-in. */
const transient = (err: unknown) => err instanceof OfflineError || (err instanceof ApiError && (err.status >= 500 || err.status === 429));

/** A sign-in kept while the server is unreachable; its idempotency key makes a replay record it once. */
export interface QueuedScan {
  key: string;
  /** The call it goes to (a sign-in by default; a walk-in visitor's registration). */
  path?: string;
  body: Record<string, unknown> & { idempotency_key: string; at: string };
  queuedAt: string;
}

/** Where queued sign-ins live: IndexedDB on the device, memory in the component tests. */
export interface QueueStorage {
  put(item: QueuedScan): Promise<void>;
  all(): Promise<QueuedScan[]>;
  remove(key: string): Promise<void>;
}

export class MemoryQueueStorage implements QueueStorage {
  private items = new Map<string, QueuedScan>();
  async put(item: QueuedScan) {
    this.items.set(item.key, structuredClone(item));
  }
  async all() {
    return [...this.items.values()].sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  }
  async remove(key: string) {
    this.items.delete(key);
  }
}

const DB = 'gatehouse-kiosk';
const STORE = 'scans';
const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

export class IdbQueueStorage implements QueueStorage {
  private db: Promise<IDBDatabase> | null = null;
  private open() {
    this.db ??= new Promise((resolve, reject) => {
      const r = indexedDB.open(DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'key' });
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    return this.db;
  }
  private async store(mode: IDBTransactionMode) {
    return (await this.open()).transaction(STORE, mode).objectStore(STORE);
  }
  async put(item: QueuedScan) {
    await request((await this.store('readwrite')).put(item));
  }
  async all() {
    const items = (await request((await this.store('readonly')).getAll())) as QueuedScan[];
    return items.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  }
  async remove(key: string) {
    await request((await this.store('readwrite')).delete(key));
  }
}

export const newKey = () => `kiosk-${crypto.randomUUID()}`;

export type Submitted<R> = { status: 'sent'; result: R } | { status: 'queued'; item: QueuedScan };

/**
 * Sends a sign-in, or keeps it when the server is unreachable and sends it later in order. A refusal (4xx) of a
 * replayed sign-in is dropped and reported (it would be refused again); an unreachable server stops the replay
 * with the item kept. One replay at a time, so an item is never sent twice concurrently.
 */
export class OfflineQueue<R> {
  private flushing: Promise<number> | null = null;

  constructor(
    private storage: QueueStorage,
    private send: (body: QueuedScan['body'], path?: string) => Promise<R>,
    private events: { onChange?: (waiting: number) => void; onRejected?: (item: QueuedScan, error: Error) => void } = {},
  ) {}

  async count() {
    return (await this.storage.all()).length;
  }

  private async changed() {
    this.events.onChange?.(await this.count());
  }

  async submit(body: Omit<QueuedScan['body'], 'idempotency_key' | 'at'> & Partial<Pick<QueuedScan['body'], 'idempotency_key' | 'at'>>, path?: string): Promise<Submitted<R>> {
    const full = { ...body, idempotency_key: body.idempotency_key ?? newKey(), at: body.at ?? new Date().toISOString() };
    // Earlier sign-ins first: while some wait, a new one waits behind them.
    if ((await this.count()) > 0) await this.flush();
    if ((await this.count()) === 0) {
      try {
        return { status: 'sent', result: await this.send(full, path) };
      } catch (err) {
        if (!(err instanceof OfflineError)) throw err;
      }
    }
    // Marked as recorded offline: the server keeps it even without what only it could ask (host, entry condition).
    const item: QueuedScan = { key: full.idempotency_key, body: { ...full, offline: 1 }, queuedAt: new Date().toISOString(), ...(path ? { path } : {}) };
    await this.storage.put(item);
    await this.changed();
    return { status: 'queued', item };
  }

  /** Sends what waits; answers how many were sent (or dropped as refused). */
  flush(): Promise<number> {
    this.flushing ??= this.replay().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async replay() {
    let done = 0;
    for (const item of await this.storage.all()) {
      try {
        await this.send(item.body, item.path);
      } catch (err) {
        if (transient(err)) break;
        this.events.onRejected?.(item, err as Error);
      }
      await this.storage.remove(item.key);
      done += 1;
    }
    if (done) await this.changed();
    return done;
  }
}
