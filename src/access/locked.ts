/**
 * Locked fields (openapi.yaml `Locked`): the response schema of an operation is compiled once into the paths
 * where a field of src/access/fields.ts can appear; a value there is returned null to callers below
 * the field's tier and named in its record's `locked[]` as `{field: <dotted path>, reason}`
 * (ACCOUNT_REQUIRED when signed out, PREMIUM_REQUIRED otherwise). Handlers never check tiers themselves.
 */
import type { Tier } from '../auth/verify.js';
import { RULE_BY_PATH } from './fields.js';
import { lockReason } from './tiers.js';

type Schema = Record<string, unknown>;

export interface Plan {
  /** The value here is a record: locked paths below are named in its `locked[]`. */
  record?: boolean;
  props?: Record<string, { path?: string; need?: Tier; child?: Plan }>;
  items?: Plan;
  variants?: Plan[];
}

const isObjectSchema = (s: Schema): boolean => {
  const t = s.type;
  return t === 'object' || (Array.isArray(t) && t.includes('object')) || (t === undefined && (!!s.properties || !!s.allOf));
};

/**
 * @param prefix the dotted path of this value inside its record, '' at the record itself, null
 *   outside any record (or inside an array of one, whose items are no paths of it)
 */
function compile(schema: unknown, prefix: string | null, seen: Set<unknown>): Plan | null {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return null;
  seen.add(schema);
  const s = schema as Schema;
  const plan: Plan = {};
  const props = s.properties && typeof s.properties === 'object' ? (s.properties as Record<string, Schema>) : null;
  if (props && 'locked' in props) {
    plan.record = true;
    prefix = '';
  }
  const variants = (['allOf', 'oneOf', 'anyOf'] as const)
    .flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []))
    .map((v) => compile(v, prefix, seen))
    .filter((p): p is Plan => p !== null);
  if (variants.length) plan.variants = variants;
  for (const [name, prop] of Object.entries(props ?? {})) {
    // a record embedded from its own operation (`x-embedded`) was locked by that operation's plan
    if (name === 'locked' || !prop || prop['x-embedded'] === true) continue;
    const path = prefix === null ? null : prefix === '' ? name : `${prefix}.${name}`;
    const rule = path === null ? undefined : RULE_BY_PATH.get(path);
    if (rule && !isObjectSchema(prop)) (plan.props ??= {})[name] = { path: path!, need: rule.need };
    else {
      const child = compile(prop, path, seen);
      if (child) (plan.props ??= {})[name] = { child };
    }
  }
  const items = compile(s.items, null, seen);
  if (items) plan.items = items;
  seen.delete(schema);
  return plan.record || plan.props || plan.items || plan.variants ? plan : null;
}

/** Compiles a response schema into the paths that can be locked; null when none can. */
export function lockPlan(schema: unknown): Plan | null {
  return compile(schema, null, new Set());
}

export function applyLocks(plan: Plan, value: unknown, tier: Tier, record: Record<string, unknown> | null = null): void {
  if (Array.isArray(value)) {
    if (plan.items) for (const v of value) applyLocks(plan.items, v, tier, null);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  const rec = plan.record ? obj : record;
  for (const v of plan.variants ?? []) applyLocks(v, obj, tier, rec);
  for (const [name, p] of Object.entries(plan.props ?? {})) {
    if (!(name in obj)) continue;
    if (p.child) {
      applyLocks(p.child, obj[name], tier, rec);
      continue;
    }
    const reason = lockReason(tier, p.need!);
    if (!reason || !rec) continue;
    obj[name] = null;
    const locked = (rec.locked ??= []) as { field: string; reason: string }[];
    if (!locked.some((l) => l.field === p.path)) locked.push({ field: p.path!, reason });
  }
}
