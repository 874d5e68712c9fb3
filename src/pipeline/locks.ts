/**
 * Locks (openapi.yaml `Locked`): fields of a success response that need a higher tier than the caller's are
 * nulled and listed in the record's `locked` (the `x-locked` marks of openapi.yaml).
 */
import { applyLocks, type Plan } from '../access/locked.js';
import type { Principal } from '../auth/verify.js';
import type { Result } from '../http/context.js';
import type { Stage } from './operation.js';

/** Applies an operation's locks to its result for the caller. */
export function lockResult(locks: Plan | null, principal: Principal | null, result: Result): void {
  if (!locks || !principal || principal.tier === 'premium' || result.status >= 300) return;
  if (result.locks) result.locks(result.body, principal.tier);
  else applyLocks(locks, result.body, principal.tier);
}

export function locksStage(): Stage {
  return async (x, next) => {
    const result = await next();
    lockResult(x.op.locks, x.principal, result);
    return result;
  };
}
