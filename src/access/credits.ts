/**
 * Credits (the `Usage` schema of openapi.yaml, docs/architecture.md): only API-key requests to `/data` and `/analytics` are metered,
 * 1 credit per successful call unless the operation declares `x-credit-cost`. Credits are taken
 * before the handler runs (so a balance of N admits exactly N concurrent calls), from a lease of the
 * process or the balance (leases.ts), and given back when the call fails, so failed requests are
 * never charged.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Principal } from '../auth/verify.js';
import { returnCredits } from '../db/credits.js';
import type { CreditLeases, Ticket } from './leases.js';
import type { UsageBuffer } from './usage.js';
import { ApiError } from '../errors.js';

export const DEFAULT_CREDIT_COST = 1;

export function isMetered(principal: Principal | null, path: string): principal is Principal & { teamId: number } {
  return principal?.kind === 'api_key' && principal.teamId !== null && /^\/(data|analytics)\//.test(path);
}

/** Takes a call's credits (from this process's lease of the team or the balance: leases.ts); where from. */
export async function reserve(leases: CreditLeases, teamId: number, cost: number, now: Date): Promise<Ticket> {
  let taken: Ticket | undefined;
  try {
    taken = await leases.take(teamId, cost, now);
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', 'Credits cannot be checked right now; retry with backoff');
  }
  if (taken === undefined) {
    throw new ApiError('CREDITS_EXHAUSTED', 'The team has no credits left for this request; contact sales to add credits');
  }
  return taken;
}

/** Settles a reservation: counts usage on success (written by the usage buffer), gives the credits
 * back otherwise. Never throws. */
export async function settle(
  db: Knex,
  leases: CreditLeases,
  usage: UsageBuffer,
  log: Logger,
  ticket: Ticket,
  teamId: number,
  operationId: string,
  cost: number,
  success: boolean,
  now: Date,
): Promise<void> {
  if (success) return usage.add(teamId, now.toISOString().slice(0, 10), operationId, cost);
  try {
    await leases.giveBack(ticket, teamId, cost, now);
  } catch (err) {
    log.error({ err: (err as Error).message, teamId, operationId }, 'credit settlement failed');
    // a failed request must not stay charged: when the database is down, refund once it is back
    retryRefund(db, log, teamId, cost, now, 1);
  }
}

const REFUND_RETRIES = 12;

function retryRefund(db: Knex, log: Logger, teamId: number, cost: number, now: Date, attempt: number): void {
  const delay = Math.min(250 * 2 ** (attempt - 1), 10_000);
  setTimeout(() => {
    returnCredits(db, teamId, cost, now.toISOString()).then(
      () => log.info({ teamId, attempt }, 'credit refund settled after retry'),
      (err: Error) => {
        if (attempt >= REFUND_RETRIES) log.error({ err: err.message, teamId, cost }, 'credit refund abandoned');
        else retryRefund(db, log, teamId, cost, now, attempt + 1);
      },
    );
  }, delay).unref();
}
