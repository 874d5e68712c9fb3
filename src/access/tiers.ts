/**
 * Tiers and per-plan caps (SPEC.md 5.5 and part 8). Requests without an API key are capped by
 * plan: the page size is clamped (`page.capped = true`), and a page beyond the plan's depth
 * (`offset + limit`) is refused with PAGINATION_DEPTH_EXCEEDED, never truncated. API-key requests
 * report `page.tier = premium` and have no caps.
 */
import type { Principal, Tier } from '../auth/verify.js';
import { ApiError } from '../errors.js';

export const PLAN_CAPS: Record<Tier, { pageSize: number; depth: number }> = {
  anonymous: { pageSize: 50, depth: 750 },
  free: { pageSize: 100, depth: 5_000 },
  premium: { pageSize: 500, depth: 50_000 },
};

export interface PageExtras {
  capped?: boolean;
  tier?: Tier;
  ecosystem?: string | null;
}

export interface Capped {
  limit: number;
  extras: PageExtras;
}

/**
 * @param core whether the list is one of the core lists whose page size is capped per plan
 * @param offset the position the page starts at (the cursor's, or 0)
 */
export function applyCaps(p: Principal | null, limit: number, offset: number, core: boolean): Capped {
  if (!p || p.kind === 'api_key') return { limit, extras: { tier: 'premium' } };
  const caps = PLAN_CAPS[p.tier];
  const clamped = core && limit > caps.pageSize;
  const size = clamped ? caps.pageSize : limit;
  if (offset + size > caps.depth) {
    throw new ApiError(
      'PAGINATION_DEPTH_EXCEEDED',
      `Pages beyond position ${caps.depth} need a higher plan (the ${p.tier} plan reaches offset + limit = ${caps.depth})`,
      { max_depth: caps.depth, tier: p.tier },
    );
  }
  return { limit: size, extras: { capped: clamped, tier: p.tier, ecosystem: p.ecosystem } };
}

/** The tier the field rules apply for: undefined for API keys (and internal calls), which see every field. */
export function fieldTier(p: Principal | null): Tier | undefined {
  return p && p.kind === 'app' ? p.tier : undefined;
}

const RANK: Record<Tier, number> = { anonymous: 0, free: 1, premium: 2 };

/** Whether a tier reaches a required tier, and the reason to give when it does not. */
export function lockReason(have: Tier, need: Tier): 'ACCOUNT_REQUIRED' | 'PREMIUM_REQUIRED' | null {
  if (RANK[have] >= RANK[need]) return null;
  return have === 'anonymous' ? 'ACCOUNT_REQUIRED' : 'PREMIUM_REQUIRED';
}
