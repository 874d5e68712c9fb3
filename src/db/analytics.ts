/**
 * Funding analytics in SQL (GROUP BY and window functions; rows never come to Node): the heatmap's
 * metric of matching rounds grouped by (y, x), x, y and none, and the funnel's round counts per
 * stage, through the grouped SQL of aggregate.ts (whose median runs the same on SQLite and
 * PostgreSQL).
 */
import type { Knex } from 'knex';
import type { Dimension } from './dimensions.js';
import type { CompiledFilter } from './listing.js';
import { FUNDING_ROUNDS_SQL, type Metric as AggregateMetric, type SqlSource as Source } from './sources.js';
import { aggregateSets, type AggregateRow, type GroupingSet, type Grouping } from './aggregate.js';

/** Runs grouping sets: `aggregateSets`, or a caller's faster path giving the same answers. */
export type SetsRunner = (db: Knex, q: { source: Source; where: CompiledFilter | null; sets: readonly GroupingSet[]; budgetMs: number }) => Promise<AggregateRow[][]>;

export type Metric = 'count' | 'company_count' | 'total_amount' | 'avg_amount' | 'median_amount';

export interface Group {
  labels: string[];
  value: number;
}

/** The rounds' company, a field only the heatmap's `company_count` reads. */
export const HEATMAP_SOURCE: Source = { ...FUNDING_ROUNDS_SQL, fields: { ...FUNDING_ROUNDS_SQL.fields, company: { sql: 't.company_id', money: false } } };

export const HEATMAP_METRICS: Record<Metric, Pick<AggregateMetric, 'op' | 'field'>> = {
  count: { op: 'count', field: null },
  company_count: { op: 'count_distinct', field: 'company' },
  total_amount: { op: 'sum', field: 'amount' },
  avg_amount: { op: 'avg', field: 'amount' },
  median_amount: { op: 'median', field: 'amount' },
};

const metricOf = (metric: Metric): AggregateMetric => ({ name: metric, money: false, ...HEATMAP_METRICS[metric] });

const groups = (rows: AggregateRow[], i = 0): Group[] => rows.map((r) => ({ labels: r.labels, value: r.values[i] ?? 0 }));

/**
 * The heatmap's groups of matching rounds by (y, x), x, y and none, and the number of rounds
 * (aggregateSets: on SQLite in one statement, the filter and each dimension's pairs run once).
 */
export async function heatmapGroups(db: Knex, where: CompiledFilter | null, xd: Dimension, yd: Dimension, metric: Metric, budgetMs: number, run: SetsRunner = aggregateSets) {
  const m = [metricOf(metric)];
  const [cells, xs, ys, whole] = await run(db, {
    source: HEATMAP_SOURCE,
    where,
    sets: [
      { groups: [yd, xd], metrics: m },
      { groups: [xd], metrics: m },
      { groups: [yd], metrics: m },
      { groups: [], metrics: [...m, metricOf('count')] },
    ],
    budgetMs,
  });
  return { cells: groups(cells!), xs: groups(xs!), ys: groups(ys!), grand: groups(whole!), total: whole![0]?.values[1] ?? 0 };
}

/** The funnel's stages as a grouping: a round's standardized round when it is one of `stages`. */
const stageGrouping = (stages: readonly string[]): Grouping => ({
  sql: `select b.id as tid, b.standardized_round as label from base b where b.standardized_round in (${stages.map(() => '?').join(', ')})`,
  bindings: stages,
  snap: { stages },
});

/** Round counts per (dimension label, standardized round) and per standardized round, for the funnel's buckets (aggregateSets). */
export async function roundsByStage(
  db: Knex,
  where: CompiledFilter | null,
  dim: Dimension,
  stages: readonly string[],
  budgetMs: number,
  run: SetsRunner = aggregateSets,
): Promise<[{ label: string; stage: string; n: number }[], { label: null; stage: string; n: number }[]]> {
  const stage = stageGrouping(stages);
  const count = [metricOf('count')];
  const [perLabel, perStage] = await run(db, {
    source: HEATMAP_SOURCE,
    where,
    sets: [
      { groups: [dim, stage], metrics: count },
      { groups: [stage], metrics: count },
    ],
    budgetMs,
  });
  return [
    perLabel!.map((r) => ({ label: r.labels[0]!, stage: r.labels[1]!, n: r.values[0] ?? 0 })),
    perStage!.map((r) => ({ label: null, stage: r.labels[0]!, n: r.values[0] ?? 0 })),
  ];
}
