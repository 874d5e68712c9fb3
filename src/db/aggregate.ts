/**
 * Grouped metrics of an analytics source in one SQL statement (GROUP BY, and window functions for
 * the median and the group count): rows never come to Node, only the groups asked for. Runs the
 * same on SQLite and PostgreSQL and under the execution budget.
 */
import type { Knex } from 'knex';
import type { Metric, Source } from '../analytics/sources.js';
import type { CompiledFilter } from '../query/compile.js';
import { budgeted } from './budget.js';
import { isSqlite } from './knex.js';

/** A grouping: SQL producing `(tid, label)` pairs from the CTE `base b`. */
export interface Grouping {
  sql: string;
  bindings?: readonly Knex.RawBinding[];
}

export interface OrderTerm {
  /** `m<i>` (metric i) or `g<i>` (grouping i). */
  column: string;
  desc: boolean;
}

export interface AggregateQuery {
  source: Source;
  where: CompiledFilter | null;
  groups: readonly Grouping[];
  metrics: readonly Metric[];
  order?: readonly OrderTerm[];
  limit?: number;
  /** Keep only the groups whose label `group` is one of `labels`. */
  only?: { group: number; labels: readonly string[] };
  budgetMs: number;
}

export interface AggregateRow {
  labels: string[];
  values: (number | null)[];
  /** Groups before `limit`. */
  totalGroups: number;
}

const AGG: Record<Exclude<Metric['op'], 'median'>, (col: string) => string> = {
  count: () => 'count(distinct m.tid)',
  count_distinct: (c) => `count(distinct ${c})`,
  sum: (c) => `sum(${c})`,
  avg: (c) => `avg(${c})`,
  min: (c) => `min(${c})`,
  max: (c) => `max(${c})`,
};

const fieldColumn = (m: Metric) => `m.f_${m.field}`;

/**
 * The CTE `base` of the source's matching rows: id, the columns dimensions read and `f_<field>` per
 * metric field. Not materialized: every dimension joins it back by id, a self-join PostgreSQL removes.
 */
export function baseCte(source: Source, where: CompiledFilter | null, fields: readonly string[] = []): string {
  const cols = [`${source.alias}.id`, ...source.columns, ...fields.map((f) => `${source.fields[f]!.sql} as f_${f}`)];
  return `base as not materialized (select ${cols.join(', ')} ${source.from}${where ? ` and (${where.sql})` : ''})`;
}

/** The statement of `aggregate`: columns `g<i>` (labels), `m<i>` (metrics) and `total_groups`. */
export function aggregateStatement(db: Knex, q: AggregateQuery): { sql: string; bindings: Knex.RawBinding[] } {
  const { source } = q;
  const bindings: Knex.RawBinding[] = [];
  const fields = [...new Set(q.metrics.flatMap((m) => (m.field ? [m.field] : [])))];
  const base = baseCte(source, q.where, fields);
  bindings.push(...((q.where?.bindings ?? []) as Knex.RawBinding[]));

  const g = q.groups.map((_x, i) => `g${i}`);
  const joins = q.groups.map((grp, i) => {
    bindings.push(...(grp.bindings ?? []));
    return `join (${grp.sql}) d${i} on d${i}.tid = b.id`;
  });
  const m = `m as (select ${['b.id as tid', ...fields.map((f) => `b.f_${f}`), ...g.map((x, i) => `d${i}.label as ${x}`)].join(', ')} from base b ${joins.join(' ')})`;
  const groupBy = g.length ? ` group by ${g.map((x) => `m.${x}`).join(', ')}` : '';
  const sel = (prefix: string) => g.map((x) => `${prefix}.${x}`);

  const aggCols = q.metrics.map((mt, i) => (mt.op === 'median' ? null : `${AGG[mt.op](fieldColumn(mt))} as m${i}`)).filter((c) => c !== null);
  const ctes = [base, m, `agg as (select ${[...sel('m'), ...aggCols, 'count(*) as n'].join(', ')} from m${groupBy})`];
  const medianJoins: string[] = [];
  q.metrics.forEach((mt, i) => {
    if (mt.op !== 'median') return;
    const part = g.length ? `partition by ${sel('m').join(', ')} ` : '';
    const col = fieldColumn(mt);
    ctes.push(
      `z${i} as (select ${[...sel('m'), `${col} as v`].join(', ')}, row_number() over (${part}order by ${col}) as rn, count(*) over (${part.trim()}) as cnt
                 from m where ${col} is not null)`,
      `md${i} as (select ${[...sel(`z${i}`), 'avg(v) as v'].join(', ')} from z${i} where rn in ((cnt + 1) / 2, (cnt + 2) / 2)${g.length ? ` group by ${sel(`z${i}`).join(', ')}` : ''})`,
    );
    const on = g.map((x) => `md${i}.${x} = agg.${x}`).join(' and ') || '1 = 1';
    medianJoins.push(`left join md${i} on ${on}`);
  });
  const metricCols = q.metrics.map((mt, i) => (mt.op === 'median' ? `md${i}.v as m${i}` : `agg.m${i}`));
  ctes.push(`r as (select ${[...sel('agg'), ...metricCols].join(', ')} from agg ${medianJoins.join(' ')})`);

  let filterSql = '';
  if (q.only) {
    filterSql = ` where r.g${q.only.group} in (${q.only.labels.map(() => '?').join(', ') || 'null'})`;
    bindings.push(...q.only.labels);
  }
  const collate = isSqlite(db) ? '' : ' collate "C"';
  const order = (q.order ?? []).map((o) =>
    o.column.startsWith('m') ? `(r.${o.column} is null), r.${o.column}${o.desc ? ' desc' : ''}` : `r.${o.column}${collate}${o.desc ? ' desc' : ''}`,
  );
  // ties (and everything not ordered) by the labels, so the answer is the same on both engines
  order.push(...g.map((x) => `r.${x}${collate}`));
  let sql = `with ${ctes.join(',\n')}
    select r.*, count(*) over () as total_groups from r${filterSql}${order.length ? ` order by ${order.join(', ')}` : ''}`;
  if (q.limit !== undefined) {
    sql += ' limit ?';
    bindings.push(q.limit);
  }
  return { sql, bindings };
}

/** The metrics of the source's matching rows per combination of group labels (none: one row). */
export async function aggregate(db: Knex, q: AggregateQuery): Promise<AggregateRow[]> {
  const { sql, bindings } = aggregateStatement(db, q);
  const g = q.groups.map((_x, i) => `g${i}`);
  const rows = await budgeted(db, db.raw(sql, bindings), q.budgetMs);
  return rows.map((r) => ({
    labels: g.map((x) => String(r[x])),
    values: q.metrics.map((_mt, i) => (r[`m${i}`] === null || r[`m${i}`] === undefined ? null : Number(r[`m${i}`]))),
    totalGroups: Number(r.total_groups),
  }));
}

export type Interval = 'month' | 'quarter' | 'year';

/** A period key of a round as an integer (`YYYYMM`, `YYYYQ`, `YYYY`) and its label. */
const PERIODS: Record<Interval, { key: string; label: string; needs: string }> = {
  month: {
    key: 'b.year * 100 + b.month',
    label: `cast(b.year as varchar(4)) || '-' || case when b.month < 10 then '0' else '' end || cast(b.month as varchar(2))`,
    needs: 'b.month is not null',
  },
  quarter: {
    key: 'b.year * 10 + (b.month + 2) / 3',
    label: `cast(b.year as varchar(4)) || '-Q' || cast((b.month + 2) / 3 as varchar(1))`,
    needs: 'b.month is not null',
  },
  year: { key: 'b.year', label: 'cast(b.year as varchar(4))', needs: '1 = 1' },
};

/**
 * Funding rounds by announcement period between two period keys (inclusive); rounds whose date
 * lacks the interval's precision (no month for month and quarter) fall in no period. `whole`: one
 * group (`all`) for the whole range.
 */
export function periodGrouping(interval: Interval, fromKey: number, toKey: number, whole = false): Grouping {
  const p = PERIODS[interval];
  return {
    sql: `select b.id as tid, ${whole ? "'all'" : p.label} as label from base b where b.year is not null and ${p.needs} and ${p.key} >= ? and ${p.key} <= ?`,
    bindings: [fromKey, toKey],
  };
}
