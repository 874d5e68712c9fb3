/**
 * What a filter condition means, once for both engines that answer it: the SQL compiler
 * (compile.ts) renders these rules as SQL, the rounds snapshot (src/analytics/snapshotFilter.ts)
 * evaluates the same rules over its typed arrays. A new operator, money rule or enum rule is
 * written here and nowhere else; docs/analytics.md lists the files a new filter key touches.
 */
import type { EnumValue, FilterOp } from '../db/listing.js';

/** The comparison operators and their SQL (`termsTest` is the same test on a present value). */
export const COMPARISONS = { eq: { sql: '=' }, gt: { sql: '>' }, gte: { sql: '>=' }, lt: { sql: '<' }, lte: { sql: '<=' } } as const;
export type Comparison = keyof typeof COMPARISONS;

/** Operators that hold where their positive form does not (`neq` of `eq`, `nin_*` of `in_*`). */
const NEGATIONS: Partial<Record<FilterOp, FilterOp>> = { neq: 'eq', nin_any: 'in_any', nin_all: 'in_all' };

export const isNegated = (op: FilterOp): boolean => NEGATIONS[op] !== undefined;

/** The positive operator a condition is built from (its negation is applied around it). */
export const positiveOf = (op: FilterOp): FilterOp => NEGATIONS[op] ?? op;

/** Operators taking a list of values. */
export const SET_OPS: readonly FilterOp[] = ['in_any', 'nin_any', 'in_all', 'nin_all'];

/** A bound of a condition: `column <comparison> bound`; a condition holds when all its terms do. */
export interface Term {
  cmp: Comparison;
  bound: number;
}

/**
 * A money condition's terms. Money columns hold whole USD while a converted threshold is
 * fractional: it is rounded to the integer bound with the same meaning (the comparison stays
 * integer and index-friendly); `eq` (and so `neq`) keeps the whole USD amounts that convert to the
 * value, none when it falls between two.
 */
export function moneyTerms(op: FilterOp, usdRaw: number): Term[] {
  const usd = Math.round(usdRaw * 1e6) / 1e6; // conversion noise must not move a bound
  const [up, down] = [Math.ceil(usd), Math.floor(usd)];
  switch (positiveOf(op)) {
    case 'gt':
      return [{ cmp: 'gt', bound: down }];
    case 'gte':
      return [{ cmp: 'gte', bound: up }];
    case 'lt':
      return [{ cmp: 'lt', bound: up }];
    case 'lte':
      return [{ cmp: 'lte', bound: down }];
    default:
      return [
        { cmp: 'gte', bound: up },
        { cmp: 'lte', bound: down },
      ];
  }
}

/** A plain comparison's one term (`neq` is `eq`, negated by the caller). */
export const comparisonTerms = (op: FilterOp, bound: number): Term[] => [{ cmp: positiveOf(op) as Comparison, bound }];

/** Whether a present value meets every term: one test built once, with no lookups left (it runs per round). */
export function termsTest(terms: readonly Term[]): (v: number) => boolean {
  const one = (t: Term): ((v: number) => boolean) => {
    const x = t.bound;
    switch (t.cmp) {
      case 'eq':
        return (v) => v === x;
      case 'gt':
        return (v) => v > x;
      case 'gte':
        return (v) => v >= x;
      case 'lt':
        return (v) => v < x;
      default:
        return (v) => v <= x;
    }
  };
  if (terms.length === 1) return one(terms[0]!);
  // a range: both bounds in one test
  const [lo, hi] = terms as [Term, Term];
  if (lo.cmp === 'gte' && hi.cmp === 'lte') return (v) => v >= lo.bound && v <= hi.bound;
  const tests = terms.map(one);
  return (v) => tests.every((t) => t(v));
}

/**
 * An enum value named by its code or its display name, case-insensitively: what the column stores
 * (the code, or the name for keys that store names); undefined for a value not in the set.
 */
export function enumMatch(values: readonly EnumValue[], raw: string, stores: 'code' | 'name' = 'code'): string | undefined {
  const low = raw.trim().toLowerCase();
  const hit = values.find((e) => e.code.toLowerCase() === low || e.name.toLowerCase() === low);
  return hit && (stores === 'name' ? hit.name : hit.code);
}

/**
 * The null rule of a column condition, as SQL's three-valued logic gives it: a condition on a null
 * column never holds, negated or not (`not (x = 1)` is null for a null `x`). A related key is an
 * EXISTS instead, whose negation holds for records without any related value. As the figures an
 * interpreter needs per record, without a call: a record without a value is `absent`; one with a
 * value keeps `positive ^ flip` (1 when its value meets the positive condition).
 */
export function columnRule(op: FilterOp): { absent: 0; flip: 0 | 1 } {
  return { absent: 0, flip: isNegated(op) ? 1 : 0 };
}
