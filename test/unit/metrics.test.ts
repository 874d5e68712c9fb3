import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { emptyFigure, figureOf, medianOfMiddlesSql, medianRanks, medianRanksSql, metricNamed, type Tally } from '../../src/db/metrics.js';
import { heatmapMetric } from '../../src/db/analytics.js';
import { FUNDING_ROUNDS, parseMetric } from '../../src/analytics/sources.js';
import { rollupTally } from '../../src/db/crosstab.js';

const tally = (values: number[], rows = values.length, distinct = 1): Tally => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    rows,
    distinct,
    n: values.length,
    sum: values.reduce((a, b) => a + b, 0),
    min: Math.min(...values),
    max: Math.max(...values),
    middle: () => medianRanks(values.length).map((rank) => sorted[rank - 1]!),
  };
};

describe('metric operations', () => {
  it('figures every op from a group\'s tallies; no value rows: counts stay, the others have no value', () => {
    const t = tally([4, 1, 10], 2, 1);
    expect(['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'median'].map((op) => figureOf(op as never, t))).toEqual([2, 1, 15, 5, 1, 10, 4]);
    const none = tally([], 3, 2);
    expect(['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'median'].map((op) => figureOf(op as never, none))).toEqual([3, 2, null, null, null, null, null]);
    expect(['count', 'count_distinct', 'sum', 'median'].map((op) => emptyFigure(op as never))).toEqual([0, 0, null, null]);
  });

  it('takes the middle one or two values for the median, and the SQL ranks the same ones', () => {
    expect(figureOf('median', tally([7, 1, 3, 5]))).toBe(4);
    expect(figureOf('median', tally([9]))).toBe(9);
    const db = new Database(':memory:');
    for (const cnt of [1, 2, 3, 4, 7, 10]) {
      const ranks = db.prepare(`with c(cnt) as (select ${cnt}), r(rn) as (select 1 union all select rn + 1 from r where rn < ${cnt}) select rn from r, c where rn in ${medianRanksSql('cnt')} order by rn`).all() as { rn: number }[];
      expect(ranks.map((r) => r.rn), `${cnt} values`).toEqual([...new Set(medianRanks(cnt))]);
    }
    db.close();
  });

  it('combines the middle values one way in the snapshot and in SQL: the SQL median over the ranked rows equals the figure', () => {
    const db = new Database(':memory:');
    for (const values of [[7, 1, 3, 5], [9], [2, 2, 8], [0.5, 1.25, 10, 3, 3.5, -4], [1e12, 3e12]]) {
      const rows = values.map(() => 'select ?').join(' union all ');
      const sql = `with x(v) as (${rows}), z as (select v, row_number() over (order by v) as rn, count(*) over () as cnt from x)
        select ${medianOfMiddlesSql('v')} as v from z where rn in ${medianRanksSql('cnt')}`;
      const { v } = db.prepare(sql).get(...values) as { v: number };
      expect(v, values.join(',')).toBe(figureOf('median', tally(values)));
    }
    db.close();
  });

  it('gives the rollup its sum and average from the same rule', () => {
    expect(figureOf('avg', rollupTally(3, 2, 4, 10))).toBe(2.5);
    expect(figureOf('sum', rollupTally(3, 2, 0, 0))).toBeNull();
  });

  it('reads the heatmap\'s and the aggregate\'s metric names by one rule', () => {
    const fields = { amount: {}, company: {} };
    expect(metricNamed('count', fields)).toMatchObject({ op: 'count', field: null });
    expect(metricNamed('company_count', fields)).toMatchObject({ op: 'count_distinct', field: 'company' });
    expect(metricNamed('total_amount', fields)).toMatchObject({ op: 'sum', field: 'amount', word: 'total' });
    expect(metricNamed('sum_amount', fields)).toMatchObject({ op: 'sum', field: 'amount', word: 'sum' });
    expect(metricNamed('median_amount', fields)).toMatchObject({ op: 'median', field: 'amount' });
    expect(metricNamed('median_valuation', fields)).toBeNull();
    expect(metricNamed('toString', fields)).toBeNull();
    expect(['count', 'company_count', 'total_amount', 'avg_amount', 'median_amount'].map((n) => heatmapMetric(n as never))).toEqual([
      { name: 'count', op: 'count', field: null, money: false },
      { name: 'company_count', op: 'count_distinct', field: 'company', money: false },
      { name: 'total_amount', op: 'sum', field: 'amount', money: true },
      { name: 'avg_amount', op: 'avg', field: 'amount', money: true },
      { name: 'median_amount', op: 'median', field: 'amount', money: true },
    ]);
    // the aggregate spells each op by its own name only
    expect(parseMetric(FUNDING_ROUNDS, 'sum_amount', 'metric')).toEqual({ name: 'sum_amount', op: 'sum', field: 'amount', money: true });
    expect(() => parseMetric(FUNDING_ROUNDS, 'total_amount', 'metric')).toThrow(/total_amount is not available/);
    expect(() => parseMetric(FUNDING_ROUNDS, 'company_count', 'metric')).toThrow(/company_count is not available/);
  });
});
