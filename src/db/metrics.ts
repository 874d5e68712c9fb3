/**
 * The metric operations, each defined once: how a metric is named, its SQL aggregate (aggregate.ts
 * renders it), and its figure from a group's tallies (the rounds snapshot, snapshotGroups.ts, and the
 * rollup build, crosstab.ts and rollupDelta.ts, compute the tallies and read the figure here). The
 * engines only tally: distinct rounds, distinct values of a field, and the count, sum, least,
 * greatest and middle ones of a field's values over every row with a value (a round with two labels
 * of one grouping is two rows). test/unit/metrics.test.ts holds the rules;
 * test/integration/analytics-snapshot.test.ts proves the engines agree.
 */

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** What an engine has tallied for one group. */
export interface Tally {
  /** Distinct rows of the source (rounds). */
  rows: number;
  /** Distinct values of the metric's field (`count_distinct`). */
  distinct: number;
  /** Rows with a value of the field, and their sum, least and greatest value. */
  n: number;
  sum: number;
  min: number;
  max: number;
  /** The values at the `MEDIAN_RANKS` in value order (asked for only when `n` > 0). */
  middle: () => readonly number[];
}

interface OpRule {
  /** How the op is spelled before `_<field>` in a metric name; the first is the aggregate's, the others the heatmap's. */
  words: readonly string[];
  /** The SQL aggregate over the column `col` of the grouped rows `m` (null: ranked by window functions, the ranks of `medianRanksSql`). */
  sql: ((col: string) => string) | null;
  figure: (t: Tally) => number;
  /** Whether the figure is a count: 0 over no rows, where the others have no value (null). */
  counts: boolean;
}

export const METRIC_OPS = {
  count: { words: ['count'], sql: () => 'count(distinct m.tid)', figure: (t) => t.rows, counts: true },
  count_distinct: { words: [], sql: (c) => `count(distinct ${c})`, figure: (t) => t.distinct, counts: true },
  sum: { words: ['sum', 'total'], sql: (c) => `sum(${c})`, figure: (t) => t.sum, counts: false },
  avg: { words: ['avg'], sql: (c) => `avg(${c})`, figure: (t) => t.sum / t.n, counts: false },
  // in SQL: avg(v) of the rows whose row number is in `medianRanksSql` (aggregate.ts `groupingCtes`)
  median: { words: ['median'], sql: null, figure: (t) => mean(t.middle()), counts: false },
  min: { words: ['min'], sql: (c) => `min(${c})`, figure: (t) => t.min, counts: false },
  max: { words: ['max'], sql: (c) => `max(${c})`, figure: (t) => t.max, counts: false },
} as const satisfies Record<string, OpRule>;

export type MetricOp = keyof typeof METRIC_OPS;

/** A group's value of `op`: null for a non-count without a row that has a value (SQL's aggregates over nulls only). */
export function figureOf(op: MetricOp, t: Tally): number | null {
  const rule: OpRule = METRIC_OPS[op];
  return rule.counts || t.n > 0 ? rule.figure(t) : null;
}

/** The value of `op` over no rows at all (a set without groupings over nothing still has its one row). */
export const emptyFigure = (op: MetricOp): number | null => (METRIC_OPS[op].counts ? 0 : null);

/**
 * The median's ranks among `cnt` values in order, 1-based: `floor((cnt + k) / 2)` for each k, the
 * middle one (odd) or two (even), averaged.
 */
export const MEDIAN_RANKS = [1, 2] as const;
export const medianRanks = (cnt: number): number[] => MEDIAN_RANKS.map((k) => Math.floor((cnt + k) / 2));
/** `MEDIAN_RANKS` in SQL: `cnt` an integer column, so `/` divides whole on both databases. */
export const medianRanksSql = (cnt: string): string => `(${MEDIAN_RANKS.map((k) => `(${cnt} + ${k}) / 2`).join(', ')})`;

/**
 * The op and field of a metric name: `count`, `<word>_<field>` (`sum_amount`, the heatmap's
 * `total_amount`) or `<field>_count` (distinct values of the field: the heatmap's `company_count`).
 * Null: not a metric over these fields. `word` is how the op was spelled.
 */
export function metricNamed(name: string, fields: Readonly<Record<string, unknown>>): { op: MetricOp; field: string | null; word: string } | null {
  if (name === 'count') return { op: 'count', field: null, word: 'count' };
  if (name.endsWith('_count') && Object.hasOwn(fields, name.slice(0, -'_count'.length))) return { op: 'count_distinct', field: name.slice(0, -'_count'.length), word: 'count' };
  const cut = name.indexOf('_');
  if (cut < 0) return null;
  const [word, field] = [name.slice(0, cut), name.slice(cut + 1)];
  const op = (Object.keys(METRIC_OPS) as MetricOp[]).find((o) => o !== 'count' && (METRIC_OPS[o].words as readonly string[]).includes(word));
  return op && Object.hasOwn(fields, field) ? { op, field, word } : null;
}
