/**
 * Credits (the `Usage` schema of openapi.yaml, docs/architecture.md): only API-key requests to `/data` and `/analytics` are metered,
 * 1 credit per successful call unless the operation declares `x-credit-cost`. Credits are taken
 * before the handler runs (so a balance of N admits exactly N concurrent calls), from a lease of the
 * process or the balance (leases.ts), with their usage in the same write (usage.ts), and given back
 * with it when the call fails, so failed requests are never charged nor counted.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Principal } from '../auth/verify.js';
import { returnCredits } from '../db/credits.js';
import type { CreditLeases, Ticket } from './leases.js';
import { negated } from './usage.js';
import { ApiError } from '../errors.js';

export const DEFAULT_CREDIT_COST = 1;

export function isMetered(principal: Principal | null, path: string): principal is Principal & { teamId: number } {
  return principal?.kind === 'api_key' && principal.teamId !== null && /^\/(data|analytics)\//.test(path);
}

/** Takes a call's credits and counts its usage (from this process's lease of the team or the balance: leases.ts). */
export async function reserve(leases: CreditLeases, teamId: number, operationId: string, cost: number, now: Date): Promise<Ticket> {
  let taken: Ticket | undefined;
  try {
    taken = await leases.take(teamId, cost, now, { operationId, requests: 1 });
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', 'Credits cannot be checked right now; retry with backoff');
  }
  if (taken === undefined) {
    throw new ApiError('CREDITS_EXHAUSTED', 'The team has no credits left for this request; contact sales to add credits');
  }
  return taken;
}

/** Settles a reservation: nothing more to write on success (credits and usage were taken together),
 * both given back otherwise. Never throws. */
export async function settle(db: Knex, leases: CreditLeases, log: Logger, ticket: Ticket, success: boolean, now: Date): Promise<void> {
  if (success) return;
  try {
    await leases.giveBack(ticket, now);
  } catch (err) {
    log.error({ err: (err as Error).message, teamId: ticket.usage.teamId, operationId: ticket.usage.operationId }, 'credit settlement failed');
    // a failed request must not stay charged: when the database is down, refund once it is back
    retryRefund(db, log, ticket, now, 1);
  }
}

const REFUND_RETRIES = 12;

function retryRefund(db: Knex, log: Logger, ticket: Ticket, now: Date, attempt: number): void {
  const delay = Math.min(250 * 2 ** (attempt - 1), 10_000);
  const { teamId, credits: cost } = ticket.usage;
  setTimeout(() => {
    returnCredits(db, teamId, cost, now.toISOString(), [negated(ticket.usage)]).then(
      () => log.info({ teamId, attempt }, 'credit refund settled after retry'),
      (err: Error) => {
        if (attempt >= REFUND_RETRIES) log.error({ err: err.message, teamId, cost }, 'credit refund abandoned');
        else retryRefund(db, log, ticket, now, attempt + 1);
      },
    );
  }, delay).unref();
}
