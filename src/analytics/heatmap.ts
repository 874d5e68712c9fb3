/** The heatmap and funnel analytics (openapi.yaml, tag Analytics): the rollup unfiltered, else grouping sets (snapshot.ts `groupingSets`). */
import type { Knex } from 'knex';
import type { components } from '../../generated/api.js';
import { HEATMAP_SOURCE, heatmapGroups, heatmapMetric, heatmapSets, stageGroups, stageSets, type Group, type Metric } from '../db/analytics.js';
import { rolledUpHeatmap } from '../db/rollup.js';
import type { Money } from '../money/fx.js';
import { DIMENSIONS, FUNNEL_BUCKETS, type Dimension } from '../db/dimensions.js';
import { groupingSets, type AnalyticsFilter } from './snapshot.js';

type HeatmapDimension = components['schemas']['HeatmapDimension'];

/** The top `n` labels of an axis by value (ties by label); ordinal axes are then put in natural order. */
export function topLabels(groups: Group[], n: number, dim: Dimension): string[] {
  const top = [...groups]
    .sort((a, b) => b.value - a.value || (a.labels[0]! < b.labels[0]! ? -1 : 1))
    .slice(0, n)
    .map((g) => g.labels[0]!);
  return dim.ordinal ? top.sort() : top;
}

/** Round counts per (label, stage) and per stage: from the rollup when unfiltered, else live. */
async function stageCounts(db: Knex, where: AnalyticsFilter | null, dimension: string, stages: readonly string[], budgetMs: number, money: Money) {
  const rolled = where === null ? await rolledUpHeatmap(db, 'standardized_round', dimension, 'count') : null;
  if (!rolled) {
    return stageGroups(await groupingSets(db, { source: HEATMAP_SOURCE, where, money, sets: stageSets(DIMENSIONS[dimension]!, stages), budgetMs }));
  }
  const staged = new Set(stages);
  return [
    rolled.cells.filter((c) => staged.has(c.labels[1]!)).map((c) => ({ label: c.labels[0]!, stage: c.labels[1]!, n: c.value })),
    rolled.xs.filter((c) => staged.has(c.labels[0]!)).map((c) => ({ label: null, stage: c.labels[0]!, n: c.value })),
  ] as const;
}

export async function heatmap(
  db: Knex,
  where: AnalyticsFilter | null,
  q: { x: string; y: string; metric: Metric; topX: number; topY: number; budgetMs: number },
  money: Money,
): Promise<components['schemas']['Heatmap']> {
  const xd = DIMENSIONS[q.x]!;
  const yd = DIMENSIONS[q.y]!;
  const { xs, ys, cells, grand, total } =
    (where === null ? await rolledUpHeatmap(db, q.x, q.y, q.metric) : null) ??
    heatmapGroups(await groupingSets(db, { source: HEATMAP_SOURCE, where, money, sets: heatmapSets(xd, yd, q.metric), budgetMs: q.budgetMs }));
  // a metric over a money field comes out in the request currency
  const conv = (v: number) => (heatmapMetric(q.metric).money ? (money.out(v) ?? 0) : v);
  const xLabels = topLabels(xs, q.topX, xd);
  const yLabels = topLabels(ys, q.topY, yd);
  const cell = new Map(cells.map((c) => [`${c.labels[0]}\u0000${c.labels[1]}`, c.value]));
  const total1 = (gs: Group[], l: string) => gs.find((g) => g.labels[0] === l)?.value ?? 0;
  return {
    x_labels: xLabels,
    y_labels: yLabels,
    cells: yLabels.map((yl) => xLabels.map((xl) => conv(cell.get(`${yl}\u0000${xl}`) ?? 0))),
    x_totals: xLabels.map((l) => conv(total1(xs, l))),
    y_totals: yLabels.map((l) => conv(total1(ys, l))),
    grand_total: conv(grand[0]?.value ?? 0),
    query_info: { metric: q.metric, x_dimension: q.x as HeatmapDimension, y_dimension: q.y as HeatmapDimension, total_rows: total },
    currency: money.currency as components['schemas']['CurrencyCode'],
  };
}

export async function funnel(
  db: Knex,
  where: AnalyticsFilter | null,
  q: { dimension: string; topN: number; budgetMs: number },
  money: Money,
): Promise<Omit<components['schemas']['Funnel'], 'query_info'> & { dimension: string }> {
  const stages = FUNNEL_BUCKETS.map((b) => b.label);
  const [perLabel, totals] = await stageCounts(db, where, q.dimension, stages, q.budgetMs, money);
  const byLabel = new Map<string, number[]>();
  for (const r of perLabel) {
    const buckets = byLabel.get(r.label!) ?? stages.map(() => 0);
    buckets[stages.indexOf(r.stage)] = r.n;
    byLabel.set(r.label!, buckets);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const rows = [...byLabel.entries()]
    .map(([label, buckets]) => ({ label, buckets }))
    .sort((a, b) => sum(b.buckets) - sum(a.buckets) || (a.label < b.label ? -1 : 1))
    .slice(0, q.topN);
  const totalPerBucket = stages.map((s) => totals.find((t) => t.stage === s)?.n ?? 0);
  return {
    rows,
    bucket_labels: stages,
    bucket_group_labels: FUNNEL_BUCKETS.map((b) => b.group),
    total_per_bucket: totalPerBucket,
    grand_total: sum(totalPerBucket),
    dimension: q.dimension,
  };
}
