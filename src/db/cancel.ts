/**
 * The abort signal of the work a query runs for: a request whose client has gone away aborts it
 * (src/app.ts), and `budgeted` (budget.ts) then stops its query: `pg_cancel_backend` on PostgreSQL,
 * the query worker terminated on SQLite. Carried by AsyncLocalStorage so the handlers between the
 * two need not pass it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from '../errors.js';

const current = new AsyncLocalStorage<AbortSignal>();

export function withSignal<T>(signal: AbortSignal, work: () => T): T {
  return current.run(signal, work);
}

export function currentSignal(): AbortSignal | undefined {
  return current.getStore();
}

/** What a stopped query rejects with (nobody is left to read the answer). */
export const clientGone = () => new ApiError('SERVICE_UNAVAILABLE', 'The client closed the request; its query was cancelled');
