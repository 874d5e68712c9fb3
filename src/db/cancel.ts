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

/** What an operation's queries read: its abort signal and when its query budget ends (performance.now() time). */
interface Ambient {
  signal: AbortSignal;
  deadline: number;
}

const current = new AsyncLocalStorage<Ambient>();
/** Operations running inside withSignal. */
let running = 0;

/**
 * Runs `work` with `signal` and a `deadline`: the query budget measured from the request's start,
 * so time spent before the queries (waiting for a heavy-work place, earlier statements, the
 * snapshot) comes out of the one budget instead of each statement getting the whole of it.
 */
export async function withSignal<T>(signal: AbortSignal, work: () => Promise<T>, deadline = Infinity): Promise<T> {
  running++;
  try {
    return await current.run({ signal, deadline }, work);
  } finally {
    // nothing reads the storage now: Node drops its promise hooks until the next run
    if (--running === 0) current.disable();
  }
}

export function currentSignal(): AbortSignal | undefined {
  return current.getStore()?.signal;
}

/** The running operation's deadline (performance.now() time), Infinity without one. */
export function currentDeadline(): number {
  return current.getStore()?.deadline ?? Infinity;
}

/** What is left of `budgetMs` under the running operation's deadline (ms; 0 or less: spent). */
export function budgetLeft(budgetMs: number, now = performance.now()): number {
  return Math.min(budgetMs, currentDeadline() - now);
}

/** What a stopped query rejects with (nobody is left to read the answer). */
export const clientGone = () => new ApiError('SERVICE_UNAVAILABLE', 'The client closed the request; its query was cancelled');
