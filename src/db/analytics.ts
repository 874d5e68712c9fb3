/**
 * Funding analytics in SQL (GROUP BY and window functions; rows never come to Node): the metric of
 * matching rounds grouped by zero, one or two dimensions. The median is computed with window
 * functions so that it runs the same on SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';
import type { Dimension } from '../analytics/dimensions.js';
import type { CompiledFilter } from '../query/compile.js';
import { budgeted } from './budget.js';

export type Metric = 'count' | 'company_count' | 'total_amount' | 'avg_amount' | 'median_amount';

export interface Group {
  labels: string[];
  value: number;
}

const AGG: Record<Exclude<Metric, 'median_amount'>, string> = {
  count: 'count(distinct m.tid)',
  company_count: 'count(distinct m.cid)',
  total_amount: 'sum(m.amt)',
  avg_amount: 'avg(m.amt)',
};

function baseCte(where: CompiledFilter | null): { sql: string; bindings: unknown[] } {
  return {
    sql: `base as (select t.id, t.company_id, t.amount_usd, t.year, t.month, t.round_type, t.standardized_round
                   from transactions t where t.deleted_at is null${where ? ` and ${where.sql}` : ''})`,
    bindings: where?.bindings ?? [],
  };
}

/** The metric grouped by the given dimensions (none = one grand value). */
export async function metricBy(db: Knex, where: CompiledFilter | null, dims: Dimension[], metric: Metric, budgetMs: number): Promise<Group[]> {
  const base = baseCte(where);
  const joins = dims.map((d, i) => `join (${d.sql}) d${i} on d${i}.tid = b.id`).join(' ');
  const labels = dims.map((_d, i) => `d${i}.label as g${i}`);
  const m = `m as (select b.id as tid, b.company_id as cid, b.amount_usd as amt${labels.length ? ', ' + labels.join(', ') : ''} from base b ${joins})`;
  const g = dims.map((_d, i) => `m.g${i}`);
  const gsel = g.length ? g.join(', ') + ', ' : '';
  const gby = g.length ? ` group by ${g.join(', ')}` : '';
  let sql: string;
  if (metric === 'median_amount') {
    const part = g.length ? `partition by ${g.join(', ')} ` : '';
    sql = `with ${base.sql}, ${m},
      z as (select ${gsel}m.amt, row_number() over (${part}order by m.amt) as rn, count(*) over (${part.trim() ? part : ''}) as cnt
            from m where m.amt is not null)
      select ${g.map((_x, i) => `z.g${i}`).join(', ')}${g.length ? ', ' : ''}avg(z.amt) as v from z
      where z.rn in ((z.cnt + 1) / 2, (z.cnt + 2) / 2)${g.length ? ` group by ${g.map((_x, i) => `z.g${i}`).join(', ')}` : ''}`;
  } else {
    sql = `with ${base.sql}, ${m} select ${gsel}${AGG[metric]} as v from m${gby}`;
  }
  const rows = await budgeted(db, db.raw(sql, base.bindings as Knex.RawBinding[]), budgetMs);
  return rows.map((r) => ({ labels: dims.map((_d, i) => String(r[`g${i}`])), value: r.v === null ? 0 : Number(r.v) }));
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
