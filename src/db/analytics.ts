/**
 * Funding analytics in SQL (GROUP BY and window functions; rows never come to Node): the heatmap's
 * metric of matching rounds grouped by zero, one or two dimensions (the grouped SQL of aggregate.ts,
 * whose median runs the same on SQLite and PostgreSQL), and the funnel's round counts per stage.
 */
import type { Knex } from 'knex';
import type { Dimension } from '../analytics/dimensions.js';
import { FUNDING_ROUNDS, type Metric as AggregateMetric, type Source } from '../analytics/sources.js';
import type { CompiledFilter } from '../query/compile.js';
import { aggregate } from './aggregate.js';
import { budgeted } from './budget.js';

export type Metric = 'count' | 'company_count' | 'total_amount' | 'avg_amount' | 'median_amount';

export interface Group {
  labels: string[];
  value: number;
}

function baseCte(where: CompiledFilter | null): { sql: string; bindings: unknown[] } {
  return {
    sql: `base as not materialized (select t.id, t.company_id, t.amount_usd, t.year, t.month, t.round_type, t.standardized_round
                   from transactions t where t.deleted_at is null${where ? ` and ${where.sql}` : ''})`,
    bindings: where?.bindings ?? [],
  };
}

/** The rounds' company, a field only the heatmap's `company_count` reads. */
export const HEATMAP_SOURCE: Source = { ...FUNDING_ROUNDS, fields: { ...FUNDING_ROUNDS.fields, company: { sql: 't.company_id', money: false } } };

export const HEATMAP_METRICS: Record<Metric, Pick<AggregateMetric, 'op' | 'field'>> = {
  count: { op: 'count', field: null },
  company_count: { op: 'count_distinct', field: 'company' },
  total_amount: { op: 'sum', field: 'amount' },
  avg_amount: { op: 'avg', field: 'amount' },
  median_amount: { op: 'median', field: 'amount' },
};

/** The metric grouped by the given dimensions (none = one grand value); USD, 0 for no value. */
export async function metricBy(db: Knex, where: CompiledFilter | null, dims: Dimension[], metric: Metric, budgetMs: number): Promise<Group[]> {
  const rows = await aggregate(db, { source: HEATMAP_SOURCE, where, groups: dims, metrics: [{ name: metric, money: false, ...HEATMAP_METRICS[metric] }], budgetMs });
  return rows.map((r) => ({ labels: r.labels, value: r.values[0] ?? 0 }));
}

/** Number of rounds matching the filter. */
export async function countRounds(db: Knex, where: CompiledFilter | null, budgetMs: number): Promise<number> {
  const [g] = await metricBy(db, where, [], 'count', budgetMs);
  return g?.value ?? 0;
}

/** Round counts per (dimension label, standardized round) for the funnel's buckets. */
export async function roundsByStage(
  db: Knex,
  where: CompiledFilter | null,
  dim: Dimension | null,
  stages: readonly string[],
  budgetMs: number,
): Promise<{ label: string | null; stage: string; n: number }[]> {
  const base = baseCte(where);
  const join = dim ? `join (${dim.sql}) d on d.tid = b.id` : '';
  const sql = `with ${base.sql}
    select ${dim ? 'd.label' : 'null'} as label, b.standardized_round as stage, count(distinct b.id) as n
    from base b ${join}
    where b.standardized_round in (${stages.map(() => '?').join(', ')})
    group by ${dim ? 'd.label, ' : ''}b.standardized_round`;
  const rows = await budgeted(db, db.raw(sql, [...(base.bindings as Knex.RawBinding[]), ...stages]), budgetMs);
  return rows.map((r) => ({ label: r.label === null ? null : String(r.label), stage: String(r.stage), n: Number(r.n) }));
}
