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
 * anything else that writes rounds (`tsx src/db/cli.ts rollup`), after the analytics fact table
 * (src/db/facts.ts, `rebuildFacts` below) its dimensions read.
 */
import type { Knex } from 'knex';
import { crosstab, LabelsBuilder, roundsOf, wholeSet, type Crosstab, type Labels, type Rounds } from './crosstab.js';
import { DIMENSIONS, type Dimension } from './dimensions.js';
import { baseCte } from './aggregate.js';
import { HEATMAP_SOURCE, type Group, type Metric } from './analytics.js';
import { FACT_DIMENSIONS, FACTS_TABLE } from './facts.js';
import { isSqlite, normalizeRawResult } from './knex.js';

const TABLE = 'analytics_rollup';
const MARKER = '*';

/** Heatmap metrics the rollup holds, and their columns (the median needs every value: live only). */
const COLUMNS: Partial<Record<Metric, string>> = { count: 'rounds', company_count: 'companies', total_amount: 'amount_sum', avg_amount: 'amount_avg' };

/** Rounds per label-range query: bounds the rows a dimension's pairs bring into memory at once. */
const CHUNK = 250_000;

/** The non-deleted rounds in (company id, id) order, and their id range. */
async function loadRounds(trx: Knex): Promise<{ rounds: Rounds; minId: number; maxId: number }> {
  const rows = normalizeRawResult(
    await trx.raw(`with ${baseCte(HEATMAP_SOURCE, null, ['amount'])} select b.id, b.company_id, b.f_amount from base b order by b.company_id, b.id`),
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
async function loadLabels(trx: Knex, dim: Dimension, loaded: { rounds: Rounds; minId: number; maxId: number }): Promise<Labels> {
  const labels = new LabelsBuilder(loaded.rounds);
  for (let lo = loaded.minId; lo <= loaded.maxId; lo += CHUNK) {
    const base = baseCte(HEATMAP_SOURCE, { sql: 't.id >= ? and t.id < ?', bindings: [lo, lo + CHUNK] });
    const sql = `with ${base} select d.label, string_agg(cast(d.tid as text), ',') as tids from (${dim.sql}) d group by d.label`;
    for (const r of normalizeRawResult(await trx.raw(sql, [lo, lo + CHUNK]))) labels.addList(String(r.label), String(r.tids));
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
  const dims = Object.keys(DIMENSIONS).sort();
  await db.transaction(async (trx) => {
    await trx(TABLE).delete();
    const loaded = await loadRounds(trx);
    if (loaded.rounds.company.length === 0) return;
    const labels: Record<string, Labels> = {};
    for (const d of dims) labels[d] = await loadLabels(trx, DIMENSIONS[d]!, loaded);
    const whole = wholeSet(loaded.rounds);
    const rows = rollupRows([], crosstab(loaded.rounds, whole, whole));
    for (const [i, a] of dims.entries()) {
      rows.push(...rollupRows([a], crosstab(loaded.rounds, labels[a]!, whole)));
      for (const b of dims.slice(i)) rows.push(...rollupRows([a, b], crosstab(loaded.rounds, labels[a]!, labels[b]!)));
    }
    rows.push(...dims.map((d) => ({ dim_a: d, label_a: '', dim_b: MARKER, label_b: '', rounds: 0, companies: 0 })));
    for (let i = 0; i < rows.length; i += 500) await trx(TABLE).insert(rows.slice(i, i + 500));
  });
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

/**
 * Rebuilds the fact table from the rounds in one transaction (readers see the old rows or the new
 * ones). PostgreSQL: the key index is dropped for the load and built after it, then the table is
 * analysed; SQLite: a WITHOUT ROWID table, so the rows are the index, loaded per dimension in key order.
 */
export async function rebuildFacts(db: Knex): Promise<void> {
  const sqlite = isSqlite(db);
  await db.transaction(async (trx) => {
    await trx.raw(`delete from ${FACTS_TABLE}`);
    if (!sqlite) await trx.raw(`alter table ${FACTS_TABLE} drop constraint if exists ${FACTS_TABLE}_pkey`);
    for (const d of Object.values(FACT_DIMENSIONS)) {
      await trx.raw(`insert into ${FACTS_TABLE} (dim, round_id, value_id) select ${d.dim}, x.* from (${d.pairs}) x order by 2, 3`);
    }
    if (!sqlite) await trx.raw(`alter table ${FACTS_TABLE} add primary key (dim, round_id, value_id)`);
  });
  // PostgreSQL: the visibility map too, so the key index answers alone
  await db.raw(sqlite ? `analyze ${FACTS_TABLE}` : `vacuum (analyze) ${FACTS_TABLE}`);
}
