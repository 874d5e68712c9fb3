/**
 * Metering: a metered call's credits are reserved before the handler runs (402 when the team's
 * balance is short) and settled after it: kept and counted as usage on success, given back when
 * the call failed, answered 304 (the client already holds the data) or its client went away before
 * the answer was written. A revalidation reserves like any call, so a team without credits gets 402
 * whatever its validators: one reservation per answer, so a balance of N admits exactly N answers.
 */
import { isMetered } from '../access/credits.js';
import type { Principal } from '../auth/verify.js';
import type { Result } from '../http/context.js';
import type { Exchange, Stage } from './operation.js';
import { clientGone } from './state.js';

/** `T`: where a reservation's credits came from (a lease or the balance), handed back to `settle`. */
export interface Meter<T = unknown> {
  reserve(teamId: number, operationId: string, cost: number): Promise<T>;
  /** Settles in the background (the answer does not wait for it). */
  settle(teamId: number, operationId: string, cost: number, success: boolean, ticket: T): void;
}

/** A call's credits: the operation's cost, once per item of its batch property when it declares one (the body is validated by now). */
export function costOf(x: Pick<Exchange, 'op' | 'body'>): number {
  if (!x.op.creditPer) return x.op.creditCost;
  const items = (x.body as Record<string, unknown> | null | undefined)?.[x.op.creditPer];
  return x.op.creditCost * (Array.isArray(items) ? Math.max(1, items.length) : 1);
}

export function meteringStage<T>(meter: Meter<T>): Stage {
  return async (x, next) => {
    const principal: Principal | null = x.principal;
    const cost = costOf(x);
    if (!isMetered(principal, x.req.path) || cost <= 0) return next();
    // before the handler, whatever the request's validators: a 304 or not is itself an answer about
    // the data, so a team without credits learns nothing from a conditional request either
    const ticket = await meter.reserve(principal.teamId, x.op.id, cost);
    let result: Result | undefined;
    try {
      result = await next();
      return result;
    } finally {
      // a client gone before its answer is written did not get the call: credits back, no usage;
      // a 304 sent nothing the client did not hold
      const success = result !== undefined && result.status < 400 && result.status !== 304 && !clientGone(x.res);
      meter.settle(principal.teamId, x.op.id, cost, success, ticket);
      if (success) x.state.credits = cost;
    }
  };
}
