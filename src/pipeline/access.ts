/**
 * Access, the one place a request's rights are decided: the operation's scopes, the caller's rate
 * limit bucket, and the tier and page caps the list input carries (openapi.yaml: scopes, `Locked`, `Page`). What a
 * tier may see of a response is the locks stage's (src/pipeline/locks.ts).
 */
import type { Request } from 'express';
import { HEAVY_PAGE_ROWS, type HeavySlots } from '../access/heavy.js';
import type { RateLimiter } from '../access/rateLimit.js';
import type { WorkQueue } from '../access/workQueue.js';
import { fieldTier, pageCaps } from '../access/tiers.js';
import type { Principal } from '../auth/verify.js';
import { ApiError } from '../errors.js';
import { clientAddress } from '../http/address.js';
import { requestedExport } from './export.js';
import type { Exchange, Stage } from './operation.js';

/** Refuses a principal that lacks one of the operation's scopes. */
export function requireScopes(principal: Principal, required: readonly string[]): void {
  const missing = required.filter((s) => !principal.scopes.has(s));
  if (missing.length > 0) {
    throw new ApiError('FORBIDDEN', `The token lacks the required scope: ${missing.join(', ')}`, { required_scope: missing.join(' ') });
  }
}

/**
 * Whose bucket a request draws from: an API key's, a signed-in user's, and for guests (the
 * anonymous tier) their address's, since anyone can sign in as a new guest at will.
 */
export function rateLimitKey(principal: Principal, req: Request, trustProxy: number): string {
  if (principal.clientId) return principal.clientId;
  if (principal.tier === 'anonymous') return `addr:${clientAddress(req, trustProxy)}`;
  return `user:${principal.sub}`;
}

/** Whether a routed request is heavy (src/access/heavy.ts): an export, analytics, or a large page. */
export function isHeavy(x: Pick<Exchange, 'op' | 'query' | 'req'>): boolean {
  if (x.op.ambientSignal) return true;
  if (isExport(x)) return true;
  return typeof x.query.limit === 'number' && x.query.limit > HEAVY_PAGE_ROWS;
}

/** Whether a heavy request streams (its export batches queue one by one in the export stage). */
const isExport = (x: Pick<Exchange, 'op' | 'query' | 'req'>): boolean => requestedExport(x) !== null;

export function accessStage(rateLimiter: Pick<RateLimiter, 'take'>, trustProxy: number, heavy?: { slots: HeavySlots; work: WorkQueue }): Stage {
  return async (x, next) => {
    const p = x.principal;
    const key = p ? rateLimitKey(p, x.req, trustProxy) : null;
    if (p) {
      requireScopes(p, x.op.scopes ?? []);
      x.state.credits = 0;
      x.res.set(await rateLimiter.take(key!));
    }
    x.access = { tier: fieldTier(p), caps: pageCaps(p) };
    if (heavy && isHeavy(x)) {
      const release = heavy.slots.take(key, clientAddress(x.req, trustProxy));
      // held until the answer has left this process (its last byte handed to the kernel) or its client has gone
      x.res.once('close', release);
      x.res.once('finish', release);
      if (!isExport(x)) return heavy.work.run(next, x.state.abort?.signal);
    }
    return next();
  };
}
