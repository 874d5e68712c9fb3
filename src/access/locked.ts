/**
 * Locked fields (SPEC.md 5.5): a field whose schema in openapi.yaml carries
 * `x-locked: {tier: free|premium}` is returned null to callers below that tier and named in the
 * record's `locked[]` as `{field, reason}` (ACCOUNT_REQUIRED when signed out, PREMIUM_REQUIRED
 * otherwise). One mechanism, driven by the contract: handlers never check tiers themselves.
 */
import type { Tier } from '../auth/verify.js';
import { lockReason } from './tiers.js';

type Schema = Record<string, unknown>;

interface Plan {
  props?: Record<string, { need?: Tier; child?: Plan }>;
  items?: Plan;
  variants?: Plan[];
}

/** Compiles the response schema into the paths that can be locked; null when none can. */
export function lockPlan(schema: unknown, seen = new Set<unknown>()): Plan | null {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return null;
  seen.add(schema);
  const s = schema as Schema;
  const plan: Plan = {};
  const variants = (['allOf', 'oneOf', 'anyOf'] as const)
    .flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []))
    .map((v) => lockPlan(v, seen))
    .filter((p): p is Plan => p !== null);
  if (variants.length) plan.variants = variants;
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, prop] of Object.entries(s.properties as Record<string, Schema>)) {
      const lock = prop?.['x-locked'] as { tier?: Tier } | undefined;
      const child = lockPlan(prop, seen);
      if (lock?.tier || child) (plan.props ??= {})[name] = { need: lock?.tier, child: child ?? undefined };
    }
  }
  const items = lockPlan(s.items, seen);
  if (items) plan.items = items;
  seen.delete(schema);
  return plan.props || plan.items || plan.variants ? plan : null;
}

export function applyLocks(plan: Plan, value: unknown, tier: Tier): void {
  if (Array.isArray(value)) {
    if (plan.items) for (const v of value) applyLocks(plan.items, v, tier);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  for (const v of plan.variants ?? []) applyLocks(v, obj, tier);
  for (const [name, p] of Object.entries(plan.props ?? {})) {
    if (!(name in obj)) continue;
    const reason = p.need ? lockReason(tier, p.need) : null;
    if (reason) {
      obj[name] = null;
      const locked = (obj.locked ??= []) as { field: string; reason: string }[];
      if (!locked.some((l) => l.field === name)) locked.push({ field: name, reason });
    } else if (p.child) applyLocks(p.child, obj[name], tier);
  }
}
