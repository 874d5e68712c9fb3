/**
 * The abort signal of the work a query runs for: a request whose client has gone away aborts it
 * (src/pipeline/routing.ts), and `budgeted` (budget.ts) then stops its query: `pg_cancel_backend`
 * on PostgreSQL, the query worker terminated on SQLite. Lists pass it along explicitly (their page
 * request carries it); the analytics operations, whose queries sit below several layers of
 * computation, read it from an AsyncLocalStorage that `withSignal` sets.
 *
 * While an AsyncLocalStorage is enabled, Node 20 runs a promise hook on every promise of the
 * process, and the request path is promise-heavy (knex, the operation stages): with the storage
 * set around every request, a transaction detail spent about a tenth of its CPU more. So it is
 * enabled only while an operation that reads it runs, and disabled as soon as none does.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from '../errors.js';

const current = new AsyncLocalStorage<AbortSignal>();
/** Operations running inside withSignal. */
let running = 0;

export async function withSignal<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await current.run(signal, work);
  } finally {
    // nothing reads the storage now: Node drops its promise hooks until the next run
    if (--running === 0) current.disable();
  }
}

export function currentSignal(): AbortSignal | undefined {
  return current.getStore();
}

/** What a stopped query rejects with (nobody is left to read the answer). */
export const clientGone = () => new ApiError('SERVICE_UNAVAILABLE', 'The client closed the request; its query was cancelled');
