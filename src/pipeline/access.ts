/**
 * Access, the one place a request's rights are decided: the operation's scopes, the caller's rate
 * limit bucket, and the tier and page caps the list input carries (openapi.yaml: scopes, `Locked`, `Page`). What a
 * tier may see of a response is the locks stage's (src/pipeline/locks.ts).
 */
import type { Request } from 'express';
import type { RateLimiter } from '../access/rateLimit.js';
import { fieldTier, pageCaps } from '../access/tiers.js';
import type { Principal } from '../auth/verify.js';
import { ApiError } from '../errors.js';
import { clientAddress } from '../http/address.js';
import type { Stage } from './operation.js';

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

export function accessStage(rateLimiter: Pick<RateLimiter, 'take'>, trustProxy: number): Stage {
  return async (x, next) => {
    const p = x.principal;
    if (p) {
      requireScopes(p, x.op.scopes ?? []);
      x.state.credits = 0;
      x.res.set(await rateLimiter.take(rateLimitKey(p, x.req, trustProxy)));
    }
    x.access = { tier: fieldTier(p), caps: pageCaps(p) };
    return next();
  };
}
