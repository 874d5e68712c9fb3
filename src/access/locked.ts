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

/** A place where a field can be locked: the value's path, its record's path (from the walked value) and the rule. */
export interface LockSite {
  at: (string | number)[];
  record: (string | number)[];
  field: string;
  need: Tier;
}

type Visit = (obj: Record<string, unknown>, name: string, rec: Record<string, unknown>, path: string, need: Tier, recordDepth: number) => void;

/** Walks `value` along the plan, calling `visit` at every lockable value inside a record; `stack` holds the path walked. */
function walk(plan: Plan, value: unknown, visit: Visit, stack: (string | number)[], record: Record<string, unknown> | null, recordDepth: number): void {
  if (Array.isArray(value)) {
    if (!plan.items) return;
    for (let i = 0; i < value.length; i++) {
      stack.push(i);
      walk(plan.items, value[i], visit, stack, null, -1);
      stack.pop();
    }
    return;
  }
  if (!value || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  const rec = plan.record ? obj : record;
  const depth = plan.record ? stack.length : recordDepth;
  for (const v of plan.variants ?? []) walk(v, obj, visit, stack, rec, depth);
  for (const [name, p] of Object.entries(plan.props ?? {})) {
    if (!(name in obj)) continue;
    stack.push(name);
    if (p.child) walk(p.child, obj[name], visit, stack, rec, depth);
    else if (rec) visit(obj, name, rec, p.path!, p.need!, depth);
    stack.pop();
  }
}

/** Nulls a value and names it in its record's `locked[]` (once). */
function lock(obj: Record<string, unknown>, name: string, rec: Record<string, unknown>, field: string, reason: string): void {
  obj[name] = null;
  const locked = (rec.locked ??= []) as { field: string; reason: string }[];
  if (!locked.some((l) => l.field === field)) locked.push({ field, reason });
}

export function applyLocks(plan: Plan, value: unknown, tier: Tier): void {
  walk(plan, value, (obj, name, rec, path, need) => {
    const reason = lockReason(tier, need);
    if (reason) lock(obj, name, rec, path, reason);
  }, [], null, -1);
}

/** The lockable places of a value, in the order applyLocks visits them (record documents keep them). */
export function lockSites(plan: Plan, value: unknown): LockSite[] {
  const out: LockSite[] = [];
  const stack: (string | number)[] = [];
  walk(plan, value, (_obj, _name, _rec, field, need, depth) => out.push({ at: [...stack], record: stack.slice(0, depth), field, need }), stack, null, -1);
  return out;
}

const at = (root: unknown, path: readonly (string | number)[], end = path.length): unknown => {
  let v = root;
  for (let i = 0; i < end && v !== null && typeof v === 'object'; i++) v = (v as Record<string | number, unknown>)[path[i]!];
  return v;
};

/** applyLocks at precomputed sites (lockSites of the same value): the same result without walking the plan. */
export function applyLockSites(sites: readonly LockSite[], value: unknown, tier: Tier): void {
  for (const s of sites) {
    const reason = lockReason(tier, s.need);
    if (!reason) continue;
    const obj = at(value, s.at, s.at.length - 1) as Record<string, unknown> | null;
    const name = s.at[s.at.length - 1] as string;
    // as the plan's walk: a value another policy removed is not put back
    if (obj && typeof obj === 'object' && name in obj) lock(obj, name, at(value, s.record) as Record<string, unknown>, s.field, reason);
  }
}
