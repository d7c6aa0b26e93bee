import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The transaction the current async context runs in (entered by `withTenant` and `asSystem`), so the platform can
 * tell when a side effect is about to leave the transaction that causes it. On the embedded database the one
 * connection is held by that transaction: a job insert sent beside it (outside `tx`) waits for the transaction,
 * which waits for it, and every later call hangs.
 */
interface Scope {
  /** False once the transaction has ended: callbacks created inside it (a timer, a promise) may run later. */
  open: boolean;
  /** Run once the transaction has committed (not after a rollback). */
  afterCommit: (() => void)[];
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `fn` as the body of a transaction; `afterCommit` callbacks it registered run when `commit` resolves. */
export async function inTransactionScope<T>(fn: () => Promise<T>): Promise<T> {
  const scope: Scope = { open: true, afterCommit: [] };
  let result: T;
  try {
    result = await scopes.run(scope, fn);
  } finally {
    scope.open = false;
  }
  for (const callback of scope.afterCommit) callback();
  return result;
}

/** Whether the caller runs inside an open transaction. */
export const inOpenTransaction = () => scopes.getStore()?.open === true;

/**
 * Refuses a side effect sent beside the open transaction rather than inside it (a programming error: pass the
 * transaction, e.g. `mail.queue(msg, { tx })` or `jobs.send(name, data, { db: jobsIn(tx) })`).
 */
export function refuseBesideTransaction(what: string, how: string) {
  if (inOpenTransaction()) {
    throw new Error(`${what} was called without the open transaction it runs in: pass it (${how}). Sent beside the transaction, it waits for the one embedded connection the transaction holds, and the server hangs.`);
  }
}

/** Runs `callback` after the current transaction commits, or now when there is none. */
export function afterCommit(callback: () => void) {
  const scope = scopes.getStore();
  if (scope?.open) scope.afterCommit.push(callback);
  else callback();
}
