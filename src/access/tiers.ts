/**
 * Tiers and per-plan caps (openapi.yaml `Locked` and `Page`). Requests without an API key are capped by
 * plan: the page size is clamped (`page.capped = true`), and a page beyond the plan's depth
 * (`offset + limit`) is refused with PAGINATION_DEPTH_EXCEEDED, never truncated. API-key requests
 * report `page.tier = premium` and have no caps.
 */
import type { Principal, Tier } from '../auth/verify.js';

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

/** The caps of a capped caller's plan, handed to the list input as a plain value. */
export interface PageCaps {
  tier: Tier;
  ecosystem: string | null;
  /** Largest page of the core lists. */
  pageSize: number;
  /** Furthest position (`offset + limit`) a page may reach. */
  depth: number;
}

/** The caller's page caps; null for API keys (and internal calls), which are uncapped and report `premium`. */
export function pageCaps(p: Principal | null): PageCaps | null {
  if (!p || p.kind === 'api_key') return null;
  return { tier: p.tier, ecosystem: p.ecosystem, ...PLAN_CAPS[p.tier] };
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
