/**
 * Filter AST + registry -> one SQL boolean expression with bound parameters (never interpolated
 * values). Values are typed here: FILTER_VALIDATION_ERROR for a wrong type or an unknown enum value,
 * UNKNOWN_FILTER for a key the scope does not have, UNSUPPORTED_OPERATOR for an operator the key
 * does not allow (openapi.yaml `ApiError`).
 */
import { requireField } from '../access/fields.js';
import type { Tier } from '../auth/verify.js';
import { ApiError } from '../errors.js';
import type { Money } from '../money/fx.js';
import type { FilterNode, FilterOp } from './filter.js';
import type { CompiledFilter, FilterEnums, FilterKey, FilterScope } from '../db/listing.js';
import { COMPARISONS, enumMatch, isNegated, moneyTerms, positiveOf, SET_OPS, type Comparison, type Term } from './definition.js';
import { retiredKey, scopeKey } from './registry.js';

export type { CompiledFilter, FilterEnums } from '../db/listing.js';

export interface CompileOptions {
  /** Base table alias substituted for `{b}`. */
  alias: string;
  money: Money;
  /** The request's API version: keys a version retired are refused from it on (default: the newest rules). */
  version?: string;
  /** Values of the enum keys whose set is reference data (`valuesFrom`), e.g. investor types. */
  enums?: FilterEnums;
  /** The caller's tier for the field rules of src/access/fields.ts; undefined for API keys (every field). */
  tier?: Tier;
}

type Cond = Extract<FilterNode, { kind: 'cond' }>;
type Value = string | number | boolean;

const INT = /^-?\d{1,15}$/;
/**
 * `integer` and `place` keys are 32-bit columns on every engine (ids, years, counts): a value
 * outside that range is refused here, the same on SQLite and PostgreSQL, instead of reaching
 * PostgreSQL as an out-of-range parameter (an error there, a plain mismatch on SQLite).
 */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
const NUM = /^-?(\d{1,15}(\.\d{1,10})?|\.\d{1,10})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PARTIAL = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
/** An ISO 8601 date-time with its offset (`Z` or `±HH:MM`); fractions of a second to milliseconds. */
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function invalid(key: string, message: string): ApiError {
  return new ApiError('FILTER_VALIDATION_ERROR', message, { filter: key });
}

/** The [start, end) range of 'YYYY-MM-DD' strings a partial date covers. */
export function partialDateRange(key: string, v: string): [string, string] {
  const m = PARTIAL.exec(v);
  if (!m) throw invalid(key, `Filter ${key} expects a date YYYY, YYYY-MM or YYYY-MM-DD, got "${v}"`);
  const y = Number(m[1]);
  const mo = m[2] === undefined ? undefined : Number(m[2]);
  const d = m[3] === undefined ? undefined : Number(m[3]);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  if (mo === undefined) return [`${pad(y, 4)}-01-01`, `${pad(y + 1, 4)}-01-01`];
  if (mo < 1 || mo > 12) throw invalid(key, `Filter ${key} has an invalid month in "${v}"`);
  const nextMonth = mo === 12 ? `${pad(y + 1, 4)}-01-01` : `${pad(y, 4)}-${pad(mo + 1)}-01`;
  if (d === undefined) return [`${pad(y, 4)}-${pad(mo)}-01`, nextMonth];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (d < 1 || date.getUTCMonth() !== mo - 1) throw invalid(key, `Filter ${key} has an invalid day in "${v}"`);
  const next = new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10);
  return [v, next];
}

function typed(k: FilterKey, raw: string, opts: CompileOptions): Value {
  const v = raw.trim();
  switch (k.type) {
    case 'place':
      return placeId(k, raw, opts.enums);
    case 'integer': {
      const n = INT.test(v) ? Number(v) : NaN;
      if (!(n >= INT32_MIN && n <= INT32_MAX)) throw invalid(k.key, `Filter ${k.key} expects an integer from ${INT32_MIN} to ${INT32_MAX}, got "${raw}"`);
      return n;
    }
    case 'number':
      if (!NUM.test(v)) throw invalid(k.key, `Filter ${k.key} expects a number, got "${raw}"`);
      return Number(v);
    case 'money':
      if (!INT.test(v)) throw invalid(k.key, `Filter ${k.key} expects a whole amount in ${opts.money.currency} (integers only), got "${raw}"`);
      return opts.money.toUsd(Number(v));
    case 'boolean': {
      const b = v.toLowerCase();
      if (b !== 'true' && b !== 'false') throw invalid(k.key, `Filter ${k.key} expects true or false, got "${raw}"`);
      return b === 'true';
    }
    case 'uuid': {
      const u = v.toLowerCase();
      if (!UUID.test(u)) throw invalid(k.key, `Filter ${k.key} expects a UUID, got "${raw}"`);
      return u;
    }
    case 'enum': {
      const values = k.values ?? (k.valuesFrom ? opts.enums?.[k.valuesFrom] : undefined);
      if (!values) throw new Error(`The values of enum filter ${k.key} were not loaded`);
      const stored = enumMatch(values, v, k.enumStores);
      if (stored === undefined) {
        throw invalid(k.key, `Unknown value "${raw}" for filter ${k.key}; valid values: GET /reference/filters/${k.key}/values`);
      }
      return stored;
    }
    case 'partial_date':
      partialDateRange(k.key, v);
      return v;
    case 'datetime': {
      // a date alone compares at its precision; an instant compares with the stored UTC text
      if (PARTIAL.test(v)) {
        partialDateRange(k.key, v);
        return v;
      }
      const at = DATETIME.test(v) ? new Date(v) : null;
      if (!at || Number.isNaN(at.getTime())) {
        throw invalid(k.key, `Filter ${k.key} expects an ISO 8601 date-time such as 2026-01-31T12:00:00Z (or a date YYYY, YYYY-MM, YYYY-MM-DD), got "${raw}"`);
      }
      return at.toISOString();
    }
    default:
      return k.key === 'name' ? v.toLowerCase() : v;
  }
}

/**
 * A place key's value as the place id it stands for: the id itself, or a country or continent by its
 * code (`DE`, `EU`) or English name (`Germany`). Also read by the rounds snapshot
 * (src/analytics/snapshot.ts), which evaluates the filter's tree itself.
 */
export function placeId(k: FilterKey, raw: string, enums: FilterEnums | undefined): number {
  const v = raw.trim();
  if (INT.test(v)) {
    const n = Number(v);
    if (!(n >= INT32_MIN && n <= INT32_MAX)) throw invalid(k.key, `Filter ${k.key} expects a place id from ${INT32_MIN} to ${INT32_MAX}, got "${raw}"`);
    return n;
  }
  const kinds = (k.valuesKind ?? '').split(',');
  const low = v.toLowerCase();
  const hits = (enums?.places ?? []).filter((p) => kinds.includes(p.kind!) && (p.code.toLowerCase() === low || p.name.toLowerCase() === low));
  if (hits.length === 1) return hits[0]!.id!;
  const named = kinds.filter((kind) => kind === 'country' || kind === 'continent');
  if (hits.length > 1) {
    throw invalid(k.key, `"${raw}" names ${hits.map((p) => `the ${p.kind} ${p.name} (${p.id})`).join(' and ')} for filter ${k.key}: give the place id`);
  }
  const also = named.length ? `, or a ${named.join(' or ')} by its ${named.includes('country') ? 'ISO 3166 code (DE) or English name' : 'code (EU) or name'}` : '';
  throw invalid(k.key, `Filter ${k.key} expects a place id${also}, got "${raw}"; the values: GET /reference/filters/${k.key}/values`);
}

/** Terms as SQL over one expression, and-ed (definition.ts gives their meaning). */
function termsSql(sql: string, terms: readonly Term[], b: Value[]): string {
  b.push(...terms.map((t) => t.bound));
  const parts = terms.map((t) => `${sql} ${COMPARISONS[t.cmp].sql} ?`);
  return parts.length === 1 ? parts[0]! : `(${parts.join(' and ')})`;
}

/** A positive condition on one SQL expression (the negations are applied by the caller). */
function positive(sql: string, op: FilterOp, k: FilterKey, values: Value[], b: Value[]): string {
  if (k.type === 'partial_date' || (k.type === 'datetime' && PARTIAL.test(String(values[0])))) {
    const [start, end] = partialDateRange(k.key, String(values[0]));
    switch (op) {
      case 'eq':
      case 'neq':
        b.push(start, end);
        return `(${sql} >= ? and ${sql} < ?)`;
      case 'gt':
        b.push(end);
        return `${sql} >= ?`;
      case 'gte':
        b.push(start);
        return `${sql} >= ?`;
      case 'lt':
        b.push(start);
        return `${sql} < ?`;
      default:
        b.push(end);
        return `${sql} < ?`;
    }
  }
  if (SET_OPS.includes(op)) {
    b.push(...values);
    return `${sql} in (${values.map(() => '?').join(', ')})`;
  }
  if (k.type === 'money') return termsSql(sql, moneyTerms(op, Number(values[0])), b);
  b.push(values[0]!);
  return `${sql} ${COMPARISONS[positiveOf(op) as Comparison].sql} ?`;
}

const anyOf = (k: FilterKey, op: FilterOp, values: Value[], b: Value[], alias: string) => {
  const parts = k.sqls.map((s) => positive(s.replaceAll('{b}', alias), op, k, values, b));
  return parts.length === 1 ? parts[0]! : `(${parts.join(' or ')})`;
};

/** The scope's keys that end in `.key` (a field of a related record, `company.country`). */
function didYouMean(key: string, scope: FilterScope): string {
  const related = scope.keys.map((k) => k.key).filter((name) => name.endsWith(`.${key}`));
  return related.length ? `; did you mean ${related.join(' or ')}?` : '';
}

function condition(c: Cond, scope: FilterScope, opts: CompileOptions, b: Value[]): string {
  const k = scopeKey(scope, c.key) ?? retiredKey(scope, c.key, opts.version ?? '9999-12-31');
  if (!k) {
    throw new ApiError('UNKNOWN_FILTER', `Unknown filter key "${c.key}" for scope ${scope.name}${didYouMean(c.key, scope)}; see GET /reference/filters?scope=${scope.name}`, {
      filter: c.key,
    });
  }
  if (k.field) requireField(k.field, opts.tier, `Filter ${c.key}`, { filter: c.key });
  if (!k.ops.includes(c.op)) {
    throw new ApiError(
      'UNSUPPORTED_OPERATOR',
      `Operator ${c.op} is not supported for filter ${c.key}; allowed operators: ${k.ops.join(', ')}`,
      { filter: c.key, operator: c.op },
    );
  }
  const isSet = SET_OPS.includes(c.op);
  if (!isSet && (c.list || c.values.length !== 1)) {
    throw invalid(c.key, `Operator ${c.op} takes a single value for filter ${c.key}; use in_any for a list`);
  }
  if (isSet && c.values.length === 0) throw invalid(c.key, `Operator ${c.op} needs at least one value for filter ${c.key}`);
  const values = [...new Set(c.values.map((v) => typed(k, v, opts)))];
  const negated = isNegated(c.op);
  const alias = opts.alias;
  if (k.kind === 'column') {
    const expr = anyOf(k, c.op, values, b, alias);
    return negated ? `not ${expr}` : expr;
  }
  const from = k.from.replaceAll('{b}', alias);
  const link = k.link.replaceAll('{b}', alias);
  if (c.op === 'in_all' || c.op === 'nin_all') {
    const col = k.sqls[0]!.replaceAll('{b}', alias);
    const inner = positive(col, c.op, k, values, b);
    b.push(values.length);
    const expr = `(select count(distinct ${col}) from ${from} where ${link} and ${inner}) = ?`;
    return negated ? `not (${expr})` : expr;
  }
  const expr = `exists (select 1 from ${from} where ${link} and ${anyOf(k, c.op, values, b, alias)})`;
  return negated ? `not ${expr}` : expr;
}

function node(n: FilterNode, scope: FilterScope, opts: CompileOptions, b: Value[]): string {
  if (n.kind === 'cond') return condition(n, scope, opts, b);
  const parts = n.children.map((ch) => node(ch, scope, opts, b));
  return `(${parts.join(n.kind === 'and' ? ' and ' : ' or ')})`;
}

export function compileFilter(ast: FilterNode | null, scope: FilterScope, opts: CompileOptions): CompiledFilter | null {
  if (!ast) return null;
  const bindings: Value[] = [];
  const sql = node(ast, scope, opts, bindings);
  return { sql, bindings };
}

/** Compiled filters kept per enums object (src/db/refCache.ts `filterEnums`: one while the reference tables last). */
const compiled = new WeakMap<FilterEnums, Map<string, CompiledFilter>>();
/** Without enums (a filter with no reference-data key), or for an enums object made by hand. */
const NO_ENUMS: FilterEnums = {};
/** Distinct filters kept per enums object: a client's few saved filters, not every filter ever sent. */
const MAX_COMPILED = 1000;

/**
 * `compileFilter` of a tree whose canonical text (`printFilter`) is `printed`, kept by that text and
 * everything else the compiled SQL depends on (scope, alias, version, tier, currency and rate), so a
 * filter sent again is not compiled again. Only successes are kept: a refused filter is compiled,
 * and refused, each time. The result is frozen: callers share it.
 */
export function compileFilterCached(ast: FilterNode | null, printed: string, scope: FilterScope, opts: CompileOptions): CompiledFilter | null {
  if (!ast) return null;
  const enums = opts.enums ?? NO_ENUMS;
  let byKey = compiled.get(enums);
  if (!byKey) compiled.set(enums, (byKey = new Map()));
  const key = `${scope.name}\0${opts.alias}\0${opts.version ?? ''}\0${opts.tier ?? ''}\0${opts.money.currency}\0${opts.money.perUsd}\0${printed}`;
  let hit = byKey.get(key);
  if (!hit) {
    const fresh = compileFilter(ast, scope, opts)!;
    hit = Object.freeze({ sql: fresh.sql, bindings: Object.freeze(fresh.bindings) as CompiledFilter['bindings'] });
    if (byKey.size >= MAX_COMPILED) byKey.clear();
    byKey.set(key, hit);
  }
  return hit;
}
