/**
 * The heatmap's and the funnel's grouping sets over the funding rounds (their source, metrics and the
 * funnel's stage grouping), and their answers shaped. Either engine answers the sets
 * (src/analytics/snapshot.ts `groupingSets`: the rounds snapshot, or the grouped SQL of
 * aggregate.ts, whose median runs the same on SQLite and PostgreSQL).
 */
import type { Dimension } from './dimensions.js';
import { FUNDING_ROUNDS_SQL, type Metric as AggregateMetric, type SqlSource as Source } from './sources.js';
import type { AggregateRow, GroupingSet, Grouping } from './aggregate.js';
import { metricNamed } from './metrics.js';

export type Metric = 'count' | 'company_count' | 'total_amount' | 'avg_amount' | 'median_amount';

export interface Group {
  labels: string[];
  value: number;
}

/** The rounds' company, a field only the heatmap's `company_count` reads. */
export const HEATMAP_SOURCE: Source = { ...FUNDING_ROUNDS_SQL, fields: { ...FUNDING_ROUNDS_SQL.fields, company: { sql: 't.company_id', money: false, snapshot: 'company' } } };

/**
 * A heatmap metric (`HeatmapMetric` of openapi.yaml) as a metric of the grouping sets, read by the one
 * naming rule of metrics.ts (`metricNamed`) over the heatmap source's fields.
 */
export function heatmapMetric(name: Metric): AggregateMetric {
  const m = metricNamed(name, HEATMAP_SOURCE.fields);
  if (!m) throw new Error(`${name} names no metric over the funding rounds`);
  return { name, op: m.op, field: m.field, money: m.field !== null && HEATMAP_SOURCE.fields[m.field]!.money };
}

const metricOf = heatmapMetric;

const groups = (rows: AggregateRow[], i = 0): Group[] => rows.map((r) => ({ labels: r.labels, value: r.values[i] ?? 0 }));

/** The heatmap's grouping sets: matching rounds by (y, x), x, y and none (with the number of rounds). */
export function heatmapSets(xd: Dimension, yd: Dimension, metric: Metric): GroupingSet[] {
  const m = [metricOf(metric)];
  return [
    { groups: [yd, xd], metrics: m },
    { groups: [xd], metrics: m },
    { groups: [yd], metrics: m },
    { groups: [], metrics: [...m, metricOf('count')] },
  ];
}

/** The answer to `heatmapSets` as the heatmap reads it. */
export function heatmapGroups([cells, xs, ys, whole]: AggregateRow[][]) {
  return { cells: groups(cells!), xs: groups(xs!), ys: groups(ys!), grand: groups(whole!), total: whole![0]?.values[1] ?? 0 };
}

/** The funnel's stages as a grouping: a round's standardized round when it is one of `stages`. */
const stageGrouping = (stages: readonly string[]): Grouping => ({
  sql: `select b.id as tid, b.standardized_round as label from base b where b.standardized_round in (${stages.map(() => '?').join(', ')})`,
  bindings: stages,
  snap: { stages },
});

/** The funnel's grouping sets: round counts per (dimension label, standardized round) and per standardized round. */
export function stageSets(dim: Dimension, stages: readonly string[]): GroupingSet[] {
  const stage = stageGrouping(stages);
  const count = [metricOf('count')];
  return [
    { groups: [dim, stage], metrics: count },
    { groups: [stage], metrics: count },
  ];
}

/** The answer to `stageSets` as the funnel reads it. */
export function stageGroups([perLabel, perStage]: AggregateRow[][]): [{ label: string; stage: string; n: number }[], { label: null; stage: string; n: number }[]] {
  return [
    perLabel!.map((r) => ({ label: r.labels[0]!, stage: r.labels[1]!, n: r.values[0] ?? 0 })),
    perStage!.map((r) => ({ label: null, stage: r.labels[0]!, n: r.values[0] ?? 0 })),
  ];
}
