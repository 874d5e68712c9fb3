/**
 * Grouped metrics of an analytics source in one SQL statement (GROUP BY, and window functions for
 * the median and the group count): rows never come to Node, only the groups asked for. Runs the
 * same on SQLite and PostgreSQL and under the execution budget.
 */
import type { Knex } from 'knex';
import type { CompiledFilter } from './listing.js';
import type { Metric, SqlSource as Source } from './sources.js';
import { budgeted } from './budget.js';
import { dialectOf } from './dialect.js';
import { METRIC_OPS, medianOfMiddlesSql, medianRanksSql } from './metrics.js';

/** A grouping: SQL producing `(tid, label)` pairs from the CTE `base b`. */
export interface Grouping {
  sql: string;
  bindings?: readonly Knex.RawBinding[];
  /**
   * The same grouping over the rounds snapshot (src/db/snapshot.ts), when it holds it: a period, the
   * funnel's stages, a round dimension read from the round's own columns or a fact dimension
   * (src/db/facts.ts). A grouping without it is answered in SQL.
   */
  snap?: SnapshotGrouping;
}

export type SnapshotGrouping =
  | { period: Interval; from: number; to: number; whole: boolean }
  | { stages: readonly string[] }
  | { round: 'round_year' | 'round_quarter' | 'round_type' | 'standardized_round' }
  | { fact: string };

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

const fieldColumn = (m: Metric) => `m.f_${m.field}`;

/**
 * The CTE `base` of the source's matching rows: id, the columns dimensions read and `f_<field>` per
 * metric field. Not materialized: every dimension joins it back by id, a self-join PostgreSQL removes.
 */
export function baseCte(source: Source, where: CompiledFilter | null, fields: readonly string[] = []): string {
  const cols = [`${source.alias}.id`, ...source.columns, ...fields.map((f) => `${source.fields[f]!.sql} as f_${f}`)];
  return `base as not materialized (select ${cols.join(', ')} ${source.from}${where ? ` and (${where.sql})` : ''})`;
}

/** The columns and CTEs of one grouping over `base b`, named with `p` (`m<p>`, `agg<p>`, ...), ending in `r<p>`. */
function groupingCtes(db: Knex, p: string, groupJoins: readonly string[], metrics: readonly Metric[], fields: readonly string[]) {
  const g = groupJoins.map((_x, i) => `g${i}`);
  const m = `m${p} as (select ${['b.id as tid', ...fields.map((f) => `b.f_${f}`), ...g.map((x, i) => `d${i}.label as ${x}`)].join(', ')} from base b ${groupJoins.join(' ')})`;
  const groupBy = g.length ? ` group by ${g.map((x) => `m.${x}`).join(', ')}` : '';
  const sel = (prefix: string) => g.map((x) => `${prefix}.${x}`);
  const aggCols = metrics.flatMap((mt, i) => {
    const sql = METRIC_OPS[mt.op].sql;
    return sql ? [`${sql(fieldColumn(mt))} as m${i}`] : [];
  });
  const ctes = [m, `agg${p} as (select ${[...sel('m'), ...aggCols, 'count(*) as n'].join(', ')} from m${p} m${groupBy})`];
  const medianJoins: string[] = [];
  metrics.forEach((mt, i) => {
    if (METRIC_OPS[mt.op].sql) return;
    const part = g.length ? `partition by ${sel('m').join(', ')} ` : '';
    const col = fieldColumn(mt);
    ctes.push(
      `z${p}_${i} as (select ${[...sel('m'), `${col} as v`].join(', ')}, row_number() over (${part}order by ${col}) as rn, count(*) over (${part.trim()}) as cnt
                 from m${p} m where ${col} is not null)`,
      `md${p}_${i} as (select ${[...sel('z'), `${medianOfMiddlesSql('v')} as v`].join(', ')} from z${p}_${i} z where rn in ${medianRanksSql('cnt')}${g.length ? ` group by ${sel('z').join(', ')}` : ''})`,
    );
    const on = g.map((x) => `md${i}.${x} = agg.${x}`).join(' and ') || '1 = 1';
    medianJoins.push(`left join md${p}_${i} md${i} on ${on}`);
  });
  const metricCols = metrics.map((mt, i) => (METRIC_OPS[mt.op].sql ? `agg.m${i}` : `md${i}.v as m${i}`));
  ctes.push(`r${p} as (select ${[...sel('agg'), ...metricCols].join(', ')} from agg${p} agg ${medianJoins.join(' ')})`);
  const collate = dialectOf(db).byteOrder;
  return { ctes, g, collate };
}

/** ORDER BY terms of a grouping's rows `r`: the requested ones, then (ties, and everything not ordered) the labels, so both engines agree. */
function orderTerms(order: readonly OrderTerm[] | undefined, g: readonly string[], collate: string): string[] {
  const terms = (order ?? []).map((o) =>
    o.column.startsWith('m') ? `(r.${o.column} is null), r.${o.column}${o.desc ? ' desc' : ''}` : `r.${o.column}${collate}${o.desc ? ' desc' : ''}`,
  );
  terms.push(...g.map((x) => `r.${x}${collate}`));
  return terms;
}

const onlyClause = (q: Pick<AggregateQuery, 'only'>, bindings: Knex.RawBinding[]): string => {
  if (!q.only) return '';
  bindings.push(...q.only.labels);
  return ` where r.g${q.only.group} in (${q.only.labels.map(() => '?').join(', ') || 'null'})`;
};

/** The statement of `aggregate`: columns `g<i>` (labels), `m<i>` (metrics) and `total_groups`. */
export function aggregateStatement(db: Knex, q: AggregateQuery): { sql: string; bindings: Knex.RawBinding[] } {
  const bindings: Knex.RawBinding[] = [];
  const fields = [...new Set(q.metrics.flatMap((m) => (m.field ? [m.field] : [])))];
  const base = baseCte(q.source, q.where, fields);
  bindings.push(...((q.where?.bindings ?? []) as Knex.RawBinding[]));
  const joins = q.groups.map((grp, i) => {
    bindings.push(...(grp.bindings ?? []));
    return `join (${grp.sql}) d${i} on d${i}.tid = b.id`;
  });
  const { ctes, g, collate } = groupingCtes(db, '', joins, q.metrics, fields);
  const filterSql = onlyClause(q, bindings);
  const order = orderTerms(q.order, g, collate);
  let sql = `with ${[base, ...ctes].join(',\n')}
    select r.*, count(*) over () as total_groups from r r${filterSql}${order.length ? ` order by ${order.join(', ')}` : ''}`;
  if (q.limit !== undefined) {
    sql += ' limit ?';
    bindings.push(q.limit);
  }
  return { sql, bindings };
}

const rowOf = (r: Record<string, unknown>, groups: number, metrics: number): AggregateRow => ({
  labels: Array.from({ length: groups }, (_x, i) => String(r[`g${i}`])),
  values: Array.from({ length: metrics }, (_x, i) => (r[`m${i}`] === null || r[`m${i}`] === undefined ? null : Number(r[`m${i}`]))),
  totalGroups: Number(r.total_groups),
});

/** The metrics of the source's matching rows per combination of group labels (none: one row). */
export async function aggregate(db: Knex, q: AggregateQuery): Promise<AggregateRow[]> {
  const { sql, bindings } = aggregateStatement(db, q);
  const rows = await budgeted(db, db.raw(sql, bindings), q.budgetMs);
  return rows.map((r) => rowOf(r, q.groups.length, q.metrics.length));
}

/** One grouping of `aggregateSets`: as `AggregateQuery` without the source and filter they share. */
export type GroupingSet = Pick<AggregateQuery, 'groups' | 'metrics' | 'order' | 'limit' | 'only'>;

/**
 * Several groupings of the same matching rows in one statement: the rows are selected once (the
 * filter runs once) and each distinct grouping's `(row, label)` pairs are read once, then every set
 * is grouped over exactly the rows `aggregate` would group it over (the same joins and the same
 * aggregates), so each set's answer equals `aggregate`'s. Not GROUPING SETS over the widest
 * grouping's rows: a row with two labels of one grouping would count twice in the totals of the
 * other, and a row with none would be missing from them.
 */
export function aggregateSetsStatement(db: Knex, source: Source, where: CompiledFilter | null, sets: readonly GroupingSet[]): { sql: string; bindings: Knex.RawBinding[] } {
  const bindings: Knex.RawBinding[] = [];
  const fields = [...new Set(sets.flatMap((s) => s.metrics.flatMap((m) => (m.field ? [m.field] : []))))];
  // the rows once, then each distinct grouping's pairs once
  const ctes = [baseCte(source, where, fields).replace('base as not materialized', 'base as materialized')];
  bindings.push(...((where?.bindings ?? []) as Knex.RawBinding[]));
  const pairs = new Map<string, string>();
  for (const grp of sets.flatMap((s) => s.groups)) {
    const key = JSON.stringify([grp.sql, grp.bindings ?? []]);
    if (pairs.has(key)) continue;
    const name = `p${pairs.size}`;
    pairs.set(key, name);
    ctes.push(`${name} as materialized (${grp.sql})`);
    bindings.push(...(grp.bindings ?? []));
  }
  const widest = Math.max(...sets.map((s) => s.groups.length));
  const most = Math.max(...sets.map((s) => s.metrics.length));
  const branches: string[] = [];
  const tail: Knex.RawBinding[] = [];
  sets.forEach((set, i) => {
    const joins = set.groups.map((grp, j) => `join ${pairs.get(JSON.stringify([grp.sql, grp.bindings ?? []]))} d${j} on d${j}.tid = b.id`);
    const setFields = [...new Set(set.metrics.flatMap((m) => (m.field ? [m.field] : [])))];
    const built = groupingCtes(db, String(i), joins, set.metrics, setFields);
    ctes.push(...built.ctes);
    const order = orderTerms(set.order, built.g, built.collate);
    const cols = [
      `${i} as s`,
      ...Array.from({ length: widest }, (_x, j) => (j < set.groups.length ? `r.g${j}` : `null as g${j}`)),
      // typed, or PostgreSQL takes two untyped nulls of a column for text and then fails on a number
      ...Array.from({ length: most }, (_x, j) => (j < set.metrics.length ? `r.m${j}` : `cast(null as ${dialectOf(db).numberType}) as m${j}`)),
      'count(*) over () as total_groups',
      `row_number() over (${order.length ? `order by ${order.join(', ')}` : ''}) as ord`,
    ];
    let branch = `select * from (select ${cols.join(', ')} from r${i} r${onlyClause(set, tail)}) x${i}`;
    if (set.limit !== undefined) {
      branch += ` where x${i}.ord <= ?`;
      tail.push(set.limit);
    }
    branches.push(branch);
  });
  return { sql: `with ${ctes.join(',\n')}\n${branches.join('\nunion all\n')}`, bindings: [...bindings, ...tail] };
}

/**
 * `aggregate` of each set; rows of each set in its order. SQLite (one query thread, no parallel
 * scan): in one statement (aggregateSetsStatement). PostgreSQL: one statement per set, run at once
 * on the pool, each planned with the filter inlined and parallel workers; the single statement
 * materializes the rows and pairs, spills them and runs serially in one backend, 2-4x slower on
 * `large` (docs/scaling.md).
 */
export async function aggregateSets(db: Knex, q: { source: Source; where: CompiledFilter | null; sets: readonly GroupingSet[]; budgetMs: number }): Promise<AggregateRow[][]> {
  if (dialectOf(db).groupingSetsInParallel) return Promise.all(q.sets.map((set) => aggregate(db, { source: q.source, where: q.where, ...set, budgetMs: q.budgetMs })));
  return aggregateInOneStatement(db, q);
}

/** `aggregate` of each set in one statement (aggregateSetsStatement), on either engine. */
export async function aggregateInOneStatement(db: Knex, q: { source: Source; where: CompiledFilter | null; sets: readonly GroupingSet[]; budgetMs: number }): Promise<AggregateRow[][]> {
  const { sql, bindings } = aggregateSetsStatement(db, q.source, q.where, q.sets);
  const rows = await budgeted(db, db.raw(sql, bindings), q.budgetMs);
  const out = q.sets.map(() => [] as (AggregateRow & { ord: number })[]);
  for (const r of rows) {
    const set = q.sets[Number(r.s)]!;
    out[Number(r.s)]!.push({ ...rowOf(r, set.groups.length, set.metrics.length), ord: Number(r.ord) });
  }
  return out.map((rs) => rs.sort((a, b) => a.ord - b.ord).map(({ ord: _ord, ...r }) => r));
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
    snap: { period: interval, from: fromKey, to: toKey, whole },
  };
}
