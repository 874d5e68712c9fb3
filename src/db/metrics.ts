/**
 * The metric operations, each defined once: how a metric is named, its SQL aggregate (aggregate.ts
 * renders it), and its figure from a group's tallies (the rounds snapshot, snapshotGroups.ts, and the
 * rollup build, crosstab.ts and rollupDelta.ts, compute the tallies and read the figure here). The
 * engines only tally: distinct rounds, distinct values of a field, and the count, sum, least,
 * greatest and middle ones of a field's values over every row with a value (a round with two labels
 * of one grouping is two rows). test/unit/metrics.test.ts holds the rules;
 * test/integration/analytics-snapshot.test.ts proves the engines agree.
 */

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
  /** The values at the median's ranks (`MEDIAN`) in value order (asked for only when `n` > 0). */
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

const AVG: OpRule = { words: ['avg'], sql: (c) => `avg(${c})`, figure: (t) => t.sum / t.n, counts: false };

/**
 * The median, defined once: the op `of` over the values at `ranks` among a group's `cnt` values in
 * order, 1-based `floor((cnt + k) / 2)` for each k: the average of the middle one (odd) or two (even).
 * The snapshot figures it from the values at those ranks (`medianRanks`), SQL ranks rows by
 * `medianRanksSql` and aggregates them by `medianOfMiddlesSql`; both read this.
 */
export const MEDIAN = { ranks: [1, 2], of: AVG } as const satisfies { ranks: readonly number[]; of: OpRule };

/** The tallies of a plain list of values (the median's middle ones). */
function tallyOfValues(xs: readonly number[]): Tally {
  let [sum, min, max] = [0, Infinity, -Infinity];
  for (const x of xs) [sum, min, max] = [sum + x, Math.min(min, x), Math.max(max, x)];
  return { rows: xs.length, distinct: new Set(xs).size, n: xs.length, sum, min, max, middle: () => xs };
}

export const METRIC_OPS = {
  count: { words: ['count'], sql: () => 'count(distinct m.tid)', figure: (t) => t.rows, counts: true },
  count_distinct: { words: [], sql: (c) => `count(distinct ${c})`, figure: (t) => t.distinct, counts: true },
  sum: { words: ['sum', 'total'], sql: (c) => `sum(${c})`, figure: (t) => t.sum, counts: false },
  avg: AVG,
  // `MEDIAN.of` over the values at `MEDIAN.ranks`; in SQL `medianOfMiddlesSql` over the rows ranked by `medianRanksSql` (aggregate.ts `groupingCtes`)
  median: { words: ['median'], sql: null, figure: (t): number => MEDIAN.of.figure(tallyOfValues(t.middle())), counts: false },
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

/** The median's ranks among `cnt` values in order (`MEDIAN`). */
export const medianRanks = (cnt: number): number[] => MEDIAN.ranks.map((k) => Math.floor((cnt + k) / 2));
/** `medianRanks` in SQL: `cnt` an integer column, so `/` divides whole on both databases. */
export const medianRanksSql = (cnt: string): string => `(${MEDIAN.ranks.map((k) => `(${cnt} + ${k}) / 2`).join(', ')})`;
/** The median's aggregate over the column `v` of the rows at its ranks (`MEDIAN.of` in SQL). */
export const medianOfMiddlesSql = (v: string): string => MEDIAN.of.sql!(v);

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
