/**
 * The funding-rounds rollup (docs/architecture.md, docs/scaling.md): the heatmap metrics other than
 * the median, precomputed over all non-deleted rounds for every analytics dimension, every pair of
 * dimensions and the whole set. An unfiltered heatmap or funnel reads a few hundred rows of it
 * instead of aggregating every round; anything else runs live.
 *
 * Rows: `(dim_a, label_a, dim_b, label_b)` with `dim_a <= dim_b` for pairs (a diagonal pair holds
 * both orders of its labels), `dim_b = ''` for one dimension, all four empty for the whole set, and
 * a marker `(dim, '', '*', '')` per dimension built. Each group's figures come from the `(round,
 * label)` pairs of the dimension's own SQL, combined and counted as the live path's GROUP BY does
 * (aggregate.ts), so both give the same numbers. Derived data: the seed builds it, and so must
 * anything else that writes rounds (`tsx src/admin/database.ts rollup`), after the analytics fact table
 * (src/db/facts.ts, `rebuildFacts` below) its dimensions read.
 */
import type { Knex } from 'knex';
import { crosstab, LabelsBuilder, roundsOf, wholeSet, type Crosstab, type Labels, type Rounds } from './crosstab.js';
import { DIMENSIONS, type Dimension } from './dimensions.js';
import { baseCte } from './aggregate.js';
import { HEATMAP_SOURCE, heatmapMetric, type Group, type Metric } from './analytics.js';
import type { MetricOp } from './metrics.js';
import { FACT_DIMENSIONS, FACTS_TABLE } from './facts.js';
import { dialectOf } from './dialect.js';
import { idList, insertRows, normalizeRawResult } from './knex.js';

export const ROLLUP_TABLE = 'analytics_rollup';
const TABLE = ROLLUP_TABLE;
const MARKER = '*';

/** Metric ops the rollup holds (over the amount; the company count over the company), and their columns (the median needs every value: live only). */
const COLUMNS: Partial<Record<MetricOp, string>> = { count: 'rounds', count_distinct: 'companies', sum: 'amount_sum', avg: 'amount_avg' };

/** Rounds per label-range query: bounds the rows a dimension's pairs bring into memory at once. */
const CHUNK = 250_000;

/** A condition on the rounds (`t`) and its bindings: those of some companies. */
export interface RoundFilter {
  sql: string;
  bindings: (number | string)[];
}

/** The non-deleted rounds (of `only`'s companies) in (company id, id) order, and their id range. */
async function loadRounds(trx: Knex, only: RoundFilter | null = null): Promise<{ rounds: Rounds; minId: number; maxId: number }> {
  const rows = normalizeRawResult(
    await trx.raw(`with ${baseCte(HEATMAP_SOURCE, only, ['amount'])} select b.id, b.company_id, b.f_amount from base b order by b.company_id, b.id`, only?.bindings ?? []),
  ).map((r) => ({ id: Number(r.id), company: Number(r.company_id), amount: r.f_amount === null ? null : Number(r.f_amount) }));
  let [minId, maxId] = [Infinity, -Infinity];
  for (const r of rows) [minId, maxId] = [Math.min(minId, r.id), Math.max(maxId, r.id)];
  return { rounds: roundsOf(rows), minId, maxId };
}

/**
 * A dimension's `(round, label)` pairs from its own SQL, read in id ranges of `CHUNK` rounds, as one
 * row per label with its round ids in one string: a row and a label string per pair cost SQLite's
 * driver twice as much (22 against 12 s on `large`).
 */
async function loadLabels(trx: Knex, dim: Dimension, loaded: { rounds: Rounds; minId: number; maxId: number }, only: RoundFilter | null = null): Promise<Labels> {
  const labels = new LabelsBuilder(loaded.rounds);
  // some companies' rounds (an import's) in one statement: they are few, and spread over the id
  // ranges (a statement per range read the companies' rounds once per range)
  const step = only ? loaded.maxId - loaded.minId + 1 : CHUNK;
  for (let lo = loaded.minId; lo <= loaded.maxId; lo += step) {
    const range = only ? only : { sql: 't.id >= ? and t.id < ?', bindings: [lo, lo + CHUNK] };
    const sql = `with ${baseCte(HEATMAP_SOURCE, range)} select d.label, string_agg(cast(d.tid as text), ',') as tids from (${dim.sql}) d group by d.label`;
    for (const r of normalizeRawResult(await trx.raw(sql, range.bindings))) labels.addList(String(r.label), String(r.tids));
  }
  return labels.build();
}

/** Rollup rows of the groups of `dims` (0, 1 or 2 dimension names). */
function rollupRows(dims: readonly string[], groups: Crosstab[]): Record<string, unknown>[] {
  return groups.map((g) => ({
    dim_a: dims[0] ?? '',
    label_a: dims.length > 0 ? g.labels[0] : '',
    dim_b: dims[1] ?? '',
    label_b: dims.length > 1 ? g.labels[1] : '',
    rounds: g.rounds,
    companies: g.companies,
    amount_sum: g.amountSum,
    amount_avg: g.amountAvg,
  }));
}

/**
 * Rebuilds the whole rollup in one transaction: readers see the old one or the new one. Without
 * rounds it stays empty (unfiltered requests then run live), so a database migrated before it was
 * seeded never answers from a rollup of nothing. The rounds and each dimension's pairs are read once
 * and grouped in memory (src/db/crosstab.ts): 171 GROUP BY statements over every round took
 * 222 s on SQLite and 454 s on PostgreSQL for the `large` seed.
 */
export async function rebuildRollup(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await replaceRollup(trx, await computeRollup(trx));
  });
}

/**
 * Replaces the rollup's rows (inside the caller's transaction); how many. Written by `insertRows`
 * (PostgreSQL: COPY), not 500-row INSERTs each parsed and planned with 4,000 parameters.
 */
export async function replaceRollup(trx: Knex, rows: Record<string, unknown>[]): Promise<number> {
  await trx(TABLE).delete();
  await insertRows(trx, TABLE, rows);
  return rows.length;
}

/** Every grouping of the rollup (the whole set, each dimension, each pair) over the rounds of `only` (all: null); none without rounds. */
export async function groupings(trx: Knex, only: RoundFilter | null): Promise<{ dims: string[]; groups: Crosstab[] }[]> {
  const dims = Object.keys(DIMENSIONS).sort();
  const loaded = await loadRounds(trx, only);
  if (loaded.rounds.company.length === 0) return [];
  const labels: Record<string, Labels> = {};
  for (const d of dims) labels[d] = await loadLabels(trx, DIMENSIONS[d]!, loaded, only);
  const whole = wholeSet(loaded.rounds);
  const out = [{ dims: [] as string[], groups: crosstab(loaded.rounds, whole, whole) }];
  for (const [i, a] of dims.entries()) {
    out.push({ dims: [a], groups: crosstab(loaded.rounds, labels[a]!, whole) });
    for (const b of dims.slice(i)) out.push({ dims: [a, b], groups: crosstab(loaded.rounds, labels[a]!, labels[b]!) });
  }
  return out;
}

/** The rollup's rows as the rounds and facts give them now (none without rounds). */
export async function computeRollup(trx: Knex): Promise<Record<string, unknown>[]> {
  const all = await groupings(trx, null);
  if (all.length === 0) return [];
  const dims = Object.keys(DIMENSIONS).sort();
  const rows = all.flatMap((g) => rollupRows(g.dims, g.groups));
  rows.push(...dims.map((d) => ({ dim_a: d, label_a: '', dim_b: MARKER, label_b: '', rounds: 0, companies: 0, amount_sum: null, amount_avg: null })));
  return rows;
}

/** Groups whose stored rollup row differs from (or is missing in) what the rounds give now, as `dims/labels` keys. */
export async function rollupDifferences(db: Knex): Promise<string[]> {
  const key = (r: Record<string, unknown>) => `${r.dim_a}=${r.label_a}/${r.dim_b}=${r.label_b}`;
  // sums and averages as both engines store them: a float's last bits may differ (1e-12 relative)
  const close = (a: unknown, b: unknown) =>
    (a ?? null) === null || (b ?? null) === null ? (a ?? null) === (b ?? null) : Math.abs(Number(a) - Number(b)) <= 1e-12 * Math.max(1, Math.abs(Number(b)));
  const expected = new Map((await computeRollup(db)).map((r) => [key(r), r]));
  const out: string[] = [];
  for (const r of (await db(TABLE).select('*')) as Record<string, unknown>[]) {
    const e = expected.get(key(r));
    expected.delete(key(r));
    if (!e) out.push(`${key(r)}: stored, not derived`);
    else if (Number(e.rounds) !== Number(r.rounds) || Number(e.companies) !== Number(r.companies) || !close(r.amount_sum, e.amount_sum) || !close(r.amount_avg, e.amount_avg)) {
      out.push(`${key(r)}: stored ${r.rounds} rounds / ${r.amount_sum}, derived ${e.rounds} / ${e.amount_sum}`);
    }
  }
  for (const k of expected.keys()) out.push(`${k}: derived, not stored`);
  return out;
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
  const { op, field } = heatmapMetric(metric);
  const column = field === null || field === 'amount' || field === 'company' ? COLUMNS[op] : undefined;
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

/**
 * Rebuilds the fact table from the rounds in one transaction (readers see the old rows or the new
 * ones). PostgreSQL: the key index is dropped for the load and built after it, then the table is
 * analysed; SQLite: a WITHOUT ROWID table, so the rows are the index, loaded per dimension in key order.
 */
export async function rebuildFacts(db: Knex): Promise<void> {
  const dialect = dialectOf(db);
  await db.transaction(async (trx) => {
    await trx.raw(`delete from ${FACTS_TABLE}`);
    await dialect.loadKeyed(trx, FACTS_TABLE, ['dim', 'round_id', 'value_id'], async () => {
      for (const d of Object.values(FACT_DIMENSIONS)) {
        await trx.raw(`insert into ${FACTS_TABLE} (dim, round_id, value_id) select ${d.dim}, x.* from (${d.pairs}) x order by 2, 3`);
      }
    });
  });
  await db.raw(dialect.analyzeSql(FACTS_TABLE));
}

/** Rounds per statement of a fact refresh (one bound array on PostgreSQL; SQLite takes 32,766 variables). */
const FACT_CHUNK = 5000;

/**
 * Rewrites the fact rows of the rounds `ids` from their dimensions' definitions (inside the caller's
 * transaction); when they are a good part of all rounds, the whole table, one statement per dimension.
 * The rounds are counted only up to that part (a whole count read every round: 0.5-1 s on `large`).
 */
export async function refreshFacts(trx: Knex, ids: readonly number[]): Promise<void> {
  const part = ids.length * 10;
  const some = Number(normalizeRawResult(await trx.raw('select count(*) as n from (select 1 from transactions limit ?) x', [part]))[0]!.n);
  if (some < part) {
    await trx.raw(`delete from ${FACTS_TABLE}`);
    for (const d of Object.values(FACT_DIMENSIONS)) {
      await trx.raw(`insert into ${FACTS_TABLE} (dim, round_id, value_id) select ${d.dim}, x.round_id, x.value_id from (${d.pairs}) x order by 2, 3`);
    }
    return;
  }
  for (let i = 0; i < ids.length; i += FACT_CHUNK) {
    const l = idList(trx, ids.slice(i, i + FACT_CHUNK));
    await trx.raw(`delete from ${FACTS_TABLE} where round_id ${l.sql}`, l.bindings);
    for (const d of Object.values(FACT_DIMENSIONS)) {
      await trx.raw(`insert into ${FACTS_TABLE} (dim, round_id, value_id) select ${d.dim}, x.round_id, x.value_id from (${d.pairs}) x where x.round_id ${l.sql}`, l.bindings);
    }
  }
}

/** Per fact dimension, the pairs its definition gives and the table lacks, and the rows the table holds beyond them (none when true). */
export async function factDifferences(db: Knex): Promise<string[]> {
  const out: string[] = [];
  for (const [name, d] of Object.entries(FACT_DIMENSIONS)) {
    const stored = `select round_id, value_id from ${FACTS_TABLE} where dim = ${d.dim}`;
    const pairs = `select x.round_id, x.value_id from (${d.pairs}) x`;
    const count = async (sql: string) => Number(Object.values(normalizeRawResult(await db.raw(`select count(*) as n from (${sql}) y`))[0] ?? {})[0] ?? 0);
    const missing = await count(`${pairs} except ${stored}`);
    const extra = await count(`${stored} except ${pairs}`);
    if (missing || extra) out.push(`${name}: ${missing} pairs missing, ${extra} rows not derived`);
  }
  return out;
}
