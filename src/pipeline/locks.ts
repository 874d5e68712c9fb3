/**
 * Locks (openapi.yaml `Locked`): fields of a success response that need a higher tier than the caller's are
 * nulled and listed in the record's `locked` (the `x-locked` marks of openapi.yaml).
 */
import { applyLocks } from '../access/locked.js';
import type { Stage } from './operation.js';

export function locksStage(): Stage {
  return async (x, next) => {
    const result = await next();
    const { locks } = x.op;
    if (locks && x.principal && x.principal.tier !== 'premium' && result.status < 300) applyLocks(locks, result.body, x.principal.tier);
    return result;
  };
}
