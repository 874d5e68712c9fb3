/**
 * The filter rules of src/query/definition.ts, and the two engines that apply them: a filter on the
 * columns the rounds snapshot holds keeps the same rounds when compile.ts's SQL runs it (SQLite in
 * memory) as when the snapshot's interpreter evaluates it, nulls, negations and converted money
 * bounds included.
 */
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { filterMask } from '../../src/analytics/snapshotFilter.js';
import type { Snapshot } from '../../src/db/snapshot.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { columnRule, enumMatch, moneyTerms, termsTest } from '../../src/query/definition.js';
import { parseFilter } from '../../src/query/filter.js';
import { ROUND_TYPES, SCOPES, STANDARDIZED_ROUND_VALUES } from '../../src/query/registry.js';

describe('filter definition', () => {
  it('rounds a converted money bound to the whole USD amounts with the same meaning', () => {
    expect(moneyTerms('gt', 1.5)).toEqual([{ cmp: 'gt', bound: 1 }]);
    expect(moneyTerms('gte', 1.5)).toEqual([{ cmp: 'gte', bound: 2 }]);
    expect(moneyTerms('lt', 1.5)).toEqual([{ cmp: 'lt', bound: 2 }]);
    expect(moneyTerms('lte', 1.5)).toEqual([{ cmp: 'lte', bound: 1 }]);
    // between two whole amounts: eq keeps none
    expect([1, 2].some(termsTest(moneyTerms('eq', 1.5)))).toBe(false);
    // conversion noise does not move a bound
    expect(moneyTerms('gte', 0.1 * 3 * 10)).toEqual([{ cmp: 'gte', bound: 3 }]);
  });

  it('never holds a column condition on a null value, negated or not', () => {
    const holds = (op: 'eq' | 'neq' | 'nin_any', present: boolean, positive: boolean) => {
      const { absent, flip } = columnRule(op);
      return (present ? Number(positive) ^ flip : absent) === 1;
    };
    expect(holds('neq', false, false)).toBe(false);
    expect(holds('eq', false, true)).toBe(false);
    expect(holds('neq', true, false)).toBe(true);
    expect(holds('nin_any', true, true)).toBe(false);
  });

  it('matches an enum value by code or name, case-insensitively, as the column stores it', () => {
    expect(enumMatch(STANDARDIZED_ROUND_VALUES, ' SERIES_F_PLUS ', 'name')).toBe('Series F+');
    expect(enumMatch(ROUND_TYPES, 'series a')).toBe('series_a');
    expect(enumMatch(ROUND_TYPES, 'series z')).toBeUndefined();
  });
});

/** Rounds with every combination of null and present values of the snapshot's own columns. */
const ROWS = Array.from({ length: 60 }, (_x, i) => ({
  id: i + 1,
  year: i % 7 === 0 ? null : 2010 + (i % 9),
  amount_usd: i % 5 === 0 ? null : [999_999, 1_000_000, 1_000_001, 1_111_111, 1_111_112, 5_000_000][i % 6]!,
  valuation_usd: i % 4 === 0 ? null : 100_000_000 + (i % 3),
  round_type_code: i % 6 === 0 ? null : ROUND_TYPES[i % 4]!.code,
  standardized_round: i % 8 === 0 ? null : STANDARDIZED_ROUND_VALUES[i % 5]!.name,
}));

function snapshotOf(rows: typeof ROWS): Snapshot {
  const coded = (values: (string | null)[]) => {
    const distinct = [...new Set(values.filter((v): v is string => v !== null))];
    return { values: distinct, codes: Int16Array.from(values.map((v) => (v === null ? -1 : distinct.indexOf(v)))) };
  };
  return {
    n: rows.length,
    year: Int16Array.from(rows.map((r) => r.year ?? 0)),
    amount: Float64Array.from(rows.map((r) => r.amount_usd ?? NaN)),
    valuation: Float64Array.from(rows.map((r) => r.valuation_usd ?? NaN)),
    roundTypeCode: coded(rows.map((r) => r.round_type_code)),
    standardizedRound: coded(rows.map((r) => r.standardized_round)),
  } as unknown as Snapshot;
}

describe('the SQL compiler and the snapshot interpreter', () => {
  const sqlite = new Database(':memory:');
  sqlite.exec('create table t (id integer, year integer, amount_usd integer, valuation_usd integer, round_type_code text, standardized_round text)');
  const insert = sqlite.prepare('insert into t values (@id, @year, @amount_usd, @valuation_usd, @round_type_code, @standardized_round)');
  for (const r of ROWS) insert.run(r);
  const snap = snapshotOf(ROWS);
  // 1 EUR = 1/0.9 USD: 1,000,000 EUR is 1,111,111.11 USD, between two whole amounts
  const EUR = new Money('EUR', 0.9);
  const FILTERS = [
    'year[eq]:2012', 'year[neq]:2012', 'year[gt]:2014', 'year[lte]:2013', 'year[in_any]:[2011,2015]', 'year[nin_any]:[2011,2015]',
    'amount[eq]:1000000', 'amount[neq]:1000000', 'amount[gt]:1000000', 'amount[gte]:1000000', 'amount[lt]:1000000', 'amount[lte]:1000000',
    'valuation[gte]:100000001', 'valuation[neq]:100000002',
    'round_type[eq]:SEED', 'round_type[nin_any]:[seed,angel]', 'standardized_round[in_any]:[pre_seed,Series A]', 'standardized_round[neq]:seed',
    'or(year[lt]:2012,and(amount[gte]:1000000,round_type[neq]:angel))',
  ];
  for (const money of [new Money('USD', 1), EUR]) {
    it(`keep the same rounds under each filter (${money.currency})`, async () => {
      let kept = 0;
      for (const f of FILTERS) {
        const ast = parseFilter(f)!;
        const where = compileFilter(ast, SCOPES.funding!, { alias: 't', money })!;
        const bySql = (sqlite.prepare(`select id from t where ${where.sql} order by id`).all(...where.bindings.map((b) => (typeof b === 'boolean' ? Number(b) : b))) as { id: number }[]).map((r) => r.id);
        const mask = (await filterMask(undefined as unknown as Knex, snap, ast, money))!;
        expect(mask, f).not.toBeNull();
        const bySnapshot = ROWS.filter((_r, i) => mask[i] === 1).map((r) => r.id);
        expect(bySnapshot, `${f} (${money.currency})`).toEqual(bySql);
        kept += bySql.length;
      }
      expect(kept).toBeGreaterThan(100);
    });
  }
});
