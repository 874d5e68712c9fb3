/**
 * The SQL side of the analytics sources (src/analytics/sources.ts adds the filter scope, dimensions
 * and field rules): which rows a source aggregates, the columns its dimensions read and the numeric
 * fields its metrics read, and the metric and filter shapes the grouped SQL of aggregate.ts takes.
 */
import type { MetricOp } from './metrics.js';

export interface SqlField {
  /** SQL over the source alias. */
  sql: string;
  /** Whole USD in the database, converted to the request currency on the way out. */
  money: boolean;
  /** The rounds snapshot's column of the same values (snapshot.ts), when it holds them: metrics over it can be figured there. */
  snapshot?: 'amount' | 'valuation' | 'company';
}

export interface SqlSource {
  name: string;
  alias: string;
  /** `from ... where ...` of the source rows (the filter is and-ed to it). */
  from: string;
  /** Columns of the source row the dimensions read (besides `id`). */
  columns: readonly string[];
  fields: Record<string, SqlField>;
}

export const AGGREGATE_OPS = ['sum', 'avg', 'median', 'min', 'max'] as const;
/** `count_distinct` (distinct values of a field) is internal: the heatmap's company count. Each op's arithmetic: metrics.ts. */
export type AggregateOp = MetricOp;

export interface Metric {
  name: string;
  op: AggregateOp;
  field: string | null;
  money: boolean;
}

/** The non-deleted funding rounds. */
export const FUNDING_ROUNDS_SQL: SqlSource = {
  name: 'funding-rounds',
  alias: 't',
  from: 'from transactions t where t.deleted_at is null',
  columns: ['t.company_id', 't.year', 't.month', 't.round_type', 't.standardized_round'],
  fields: { amount: { sql: 't.amount_usd', money: true, snapshot: 'amount' }, valuation: { sql: 't.valuation_usd', money: true, snapshot: 'valuation' } },
};
