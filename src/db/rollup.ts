/**
 * The funding-rounds rollup (docs/decisions.md, docs/scaling.md): the heatmap metrics other than
 * the median, precomputed over all non-deleted rounds for every analytics dimension, every pair of
 * dimensions and the whole set. An unfiltered heatmap or funnel reads a few hundred rows of it
 * instead of aggregating every round; anything else runs live.
 *
 * Rows: `(dim_a, label_a, dim_b, label_b)` with `dim_a <= dim_b` for pairs (a diagonal pair holds
 * both orders of its labels), `dim_b = ''` for one dimension, all four empty for the whole set, and
 * a marker `(dim, '', '*', '')` per dimension built. Each group's figures come from the same SQL as
 * the live path (aggregate.ts), so both give the same numbers. Derived data: the seed builds it,
 * and so must anything else that writes rounds (`tsx src/db/cli.ts rollup`).
 */
import type { Knex } from 'knex';
import { DIMENSIONS } from '../analytics/dimensions.js';
import type { Metric as SourceMetric } from '../analytics/sources.js';
import { aggregateStatement, baseCte, type Grouping } from './aggregate.js';
import { HEATMAP_METRICS, HEATMAP_SOURCE, type Group, type Metric } from './analytics.js';
import { isSqlite, normalizeRawResult } from './knex.js';

const TABLE = 'analytics_rollup';
const MARKER = '*';

/** Heatmap metrics the rollup holds, and their columns (the median needs every value: live only). */
const COLUMNS: Partial<Record<Metric, string>> = { count: 'rounds', company_count: 'companies', total_amount: 'amount_sum', avg_amount: 'amount_avg' };
const ROLLED = Object.keys(COLUMNS) as Metric[];

export async function createRollup(db: Knex): Promise<void> {
  await db.schema.createTable(TABLE, (t) => {
    t.string('dim_a', 32).notNullable();
    t.text('label_a').notNullable();
    t.string('dim_b', 32).notNullable();
    t.text('label_b').notNullable();
    t.bigInteger('rounds').notNullable();
    t.bigInteger('companies').notNullable();
    t.double('amount_sum');
    t.double('amount_avg');
    t.primary(['dim_a', 'dim_b', 'label_a', 'label_b']);
  });
}

/** Inserts the groups of `dims` (0, 1 or 2 dimension names) as rollup rows. */
async function insertGroups(trx: Knex, groupings: Record<string, Grouping>, dims: readonly string[]): Promise<void> {
  const metrics: SourceMetric[] = ROLLED.map((name) => ({ name, money: false, ...HEATMAP_METRICS[name] }));
  const { sql, bindings } = aggregateStatement(trx, { source: HEATMAP_SOURCE, where: null, groups: dims.map((d) => groupings[d]!), metrics, budgetMs: 0 });
  // selected, then inserted: PostgreSQL plans no parallel workers for an INSERT ... SELECT
  const groups = normalizeRawResult(await trx.raw(sql, bindings));
  const rows = groups.map((g) => ({
    dim_a: dims[0] ?? '',
    label_a: dims.length > 0 ? String(g.g0) : '',
    dim_b: dims[1] ?? '',
    label_b: dims.length > 1 ? String(g.g1) : '',
    ...Object.fromEntries(ROLLED.map((m, i) => [COLUMNS[m]!, g[`m${i}`] === null ? null : Number(g[`m${i}`])])),
  }));
  for (let i = 0; i < rows.length; i += 500) await trx(TABLE).insert(rows.slice(i, i + 500));
}

/**
 * Rebuilds the whole rollup in one transaction: readers see the old one or the new one. Without
 * rounds it stays empty (unfiltered requests then run live), so a database migrated before it was
 * seeded never answers from a rollup of nothing.
 */
export async function rebuildRollup(db: Knex): Promise<void> {
  const dims = Object.keys(DIMENSIONS).sort();
  await db.transaction(async (trx) => {
    await trx(TABLE).delete();
    if (!(await trx('transactions').first('id'))) return;
    if (!isSqlite(trx)) await trx.raw(`set local work_mem = '256MB'`);
    const groupings: Record<string, Grouping> = {};
    for (const d of dims) groupings[d] = await derived(trx, d);
    await insertGroups(trx, groupings, []);
    for (const [i, a] of dims.entries()) {
      await insertGroups(trx, groupings, [a]);
      for (const b of dims.slice(i)) await insertGroups(trx, groupings, [a, b]);
    }
    await trx(TABLE).insert(dims.map((d) => ({ dim_a: d, label_a: '', dim_b: MARKER, label_b: '', rounds: 0, companies: 0 })));
    for (const d of dims) if (DIMENSIONS[d]!.costly) await trx.raw(`drop table ${scratch(d)}`);
  });
}

const scratch = (dim: string) => `rollup_scratch_${dim}`;

/** A costly dimension's `(tid, label)` pairs, derived once into a scratch table the pairs then join. */
async function derived(trx: Knex, name: string): Promise<Grouping> {
  const dim = DIMENSIONS[name]!;
  if (!dim.costly) return dim;
  const table = scratch(name);
  await trx.raw(`create temporary table ${table} as with ${baseCte(HEATMAP_SOURCE, null)} ${dim.sql}`);
  await trx.raw(`create index ${table}_tid on ${table} (tid)`);
  await trx.raw(`analyze ${table}`);
  return { sql: `select s.tid, s.label from ${table} s` };
}

interface Row {
  dim_a: string;
  label_a: string;
  dim_b: string;
  label_b: string;
  value: number | null;
}

export interface RolledUp {
  /** Groups of x, of y, of (y, x) and the whole set, as the live aggregate gives them. */
  xs: Group[];
  ys: Group[];
  cells: Group[];
  grand: Group[];
  /** Rounds in the whole set. */
  total: number;
}

/**
 * The heatmap groups of `metric` by x, y and (y, x) from the rollup; null when the rollup does not
 * hold both dimensions (not built yet, or built before a dimension was added).
 */
export async function rolledUpHeatmap(db: Knex, x: string, y: string, metric: Metric): Promise<RolledUp | null> {
  const column = COLUMNS[metric];
  if (!column) return null;
  const [a, b] = x <= y ? [x, y] : [y, x];
  const rows = (await db(TABLE)
    .where((w) => w.where({ dim_a: a, dim_b: b }).orWhere((o) => o.whereIn('dim_a', ['', x, y]).whereIn('dim_b', ['', MARKER])))
    .select('dim_a', 'label_a', 'dim_b', 'label_b', `${column} as value`, 'rounds')) as (Row & { rounds: number })[];
  const built = new Set(rows.filter((r) => r.dim_b === MARKER).map((r) => r.dim_a));
  if (!built.has(x) || !built.has(y)) return null;
  const value = (r: Row) => (r.value === null ? 0 : Number(r.value));
  const singles = (d: string) => rows.filter((r) => r.dim_a === d && r.dim_b === '').map((r) => ({ labels: [r.label_a], value: value(r) }));
  const whole = rows.find((r) => r.dim_a === '' && r.dim_b === '');
  const yFirst = y === a;
  return {
    xs: singles(x),
    ys: singles(y),
    cells: rows
      .filter((r) => r.dim_a === a && r.dim_b === b)
      .map((r) => ({ labels: yFirst ? [r.label_a, r.label_b] : [r.label_b, r.label_a], value: value(r) })),
    grand: whole ? [{ labels: [], value: value(whole) }] : [],
    total: whole ? Number(whole.rounds) : 0,
  };
}
