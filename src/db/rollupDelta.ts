/**
 * The analytics rollup kept true by difference (src/db/rollup.ts): every group figure of the rollup
 * is a sum over companies (a company's rounds, whether it has any, its amounts and how many), so an
 * import that changes the rounds of some companies changes each group by what those companies gave
 * it after the change minus what they gave before. The import takes the companies' share before it
 * writes their rounds (`rollupShare`, in its transaction) and again after the facts are refreshed;
 * the stored rows of the groups either share touches are updated, added or removed. Only those
 * companies' rounds are read, not every round.
 */
import type { Knex } from 'knex';
import { idList, normalizeRawResult } from './knex.js';
import { groupings, ROLLUP_TABLE, type RoundFilter } from './rollup.js';
import { dialectOf } from './dialect.js';
import { rollupTally } from './crosstab.js';
import { figureOf } from './metrics.js';
import { withoutParallelWorkers } from './patchRows.js';

/** What some companies give one group. */
export interface Share {
  rounds: number;
  companies: number;
  sum: number;
  /** Rows with an amount. */
  n: number;
}

/** Companies per pass over the dimensions (one statement each; one bound array on PostgreSQL). */
const IDS = 5000;
/** Group keys per statement (four bound values each; SQLite takes 32,766, a rollup row eight per insert). */
const KEYS = 3000;
/** Rows of `n` group keys: a row value IN a VALUES list (SQLite takes no plain list of row values). */
const byKey = (n: number) => `(dim_a, label_a, dim_b, label_b) in (values ${new Array(n).fill('(?, ?, ?, ?)').join(', ')})`;
const keyOf = (dims: readonly string[], labels: readonly string[]) =>
  JSON.stringify([dims[0] ?? '', dims.length > 0 ? labels[0] : '', dims[1] ?? '', dims.length > 1 ? labels[1] : '']);

/**
 * The rounds of some companies, by the company index on both engines: on SQLite as a table of the
 * ids (`json_each`), since with a list of a few hundred ids or more its planner read every round of
 * the analytics covering index instead (0.5-1.3 s a statement on `large`, against 40 ms).
 */
function companiesOnly(trx: Knex, ids: readonly number[]): RoundFilter {
  if (!dialectOf(trx).inProcess) {
    const l = idList(trx, ids);
    return { sql: `t.company_id ${l.sql}`, bindings: l.bindings };
  }
  return { sql: 't.company_id in (select value from json_each(?))', bindings: [JSON.stringify(ids)] };
}

/** The share of the companies `ids` (distinct) in every rollup group, added into `into`. */
export async function rollupShare(trx: Knex, ids: readonly number[], into: Map<string, Share> = new Map()): Promise<Map<string, Share>> {
  // companies are disjoint between chunks: their shares add up
  return withoutParallelWorkers(trx, async () => {
    for (let i = 0; i < ids.length; i += IDS) {
      for (const g of await groupings(trx, companiesOnly(trx, ids.slice(i, i + IDS)))) {
        for (const c of g.groups) {
          const k = keyOf(g.dims, c.labels);
          const s = into.get(k) ?? { rounds: 0, companies: 0, sum: 0, n: 0 };
          into.set(k, { rounds: s.rounds + c.rounds, companies: s.companies + c.companies, sum: s.sum + (c.amountSum ?? 0), n: s.n + c.amountCount });
        }
      }
    }
    return into;
  });
}

/** Whether the rollup holds its whole-set row (a database never seeded with rounds has none). */
export async function rollupBuilt(trx: Knex): Promise<boolean> {
  return (await trx(ROLLUP_TABLE).where({ dim_a: '', label_a: '', dim_b: '', label_b: '' }).first('rounds')) !== undefined;
}

/**
 * Applies `after - before` to the stored rollup (inside the caller's transaction); the rows written.
 * False when the stored rows cannot take a difference (no rollup built yet, or a group whose amounts
 * are all zero, whose count of amounts its sum and average do not give): the caller rebuilds.
 */
export async function applyRollupShare(trx: Knex, before: Map<string, Share>, after: Map<string, Share>): Promise<number | false> {
  const zero: Share = { rounds: 0, companies: 0, sum: 0, n: 0 };
  const moved = [...new Set([...before.keys(), ...after.keys()])].filter((key) => {
    const a = after.get(key) ?? zero;
    const b = before.get(key) ?? zero;
    return a.rounds !== b.rounds || a.companies !== b.companies || a.sum !== b.sum || a.n !== b.n;
  });
  if (!(await rollupBuilt(trx))) return false;
  // the stored rows of the groups that move, by key (not the whole table: 169,405 rows on demo)
  const stored = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < moved.length; i += KEYS) {
    const part = moved.slice(i, i + KEYS);
    const rows = normalizeRawResult(await trx.raw(`select * from ${ROLLUP_TABLE} where ${byKey(part.length)}`, part.flatMap((k) => JSON.parse(k) as string[])));
    for (const r of rows) stored.set(JSON.stringify([r.dim_a, r.label_a, r.dim_b, r.label_b]), r);
  }
  const writes: { key: string; row: Record<string, unknown> | null }[] = [];
  for (const key of moved) {
    const a = after.get(key) ?? zero;
    const b = before.get(key) ?? zero;
    const s = stored.get(key);
    const sum = s?.amount_sum === null || s?.amount_sum === undefined ? 0 : Number(s.amount_sum);
    const avg = s?.amount_avg === null || s?.amount_avg === undefined ? null : Number(s.amount_avg);
    if (avg === 0) return false;
    const n = (avg === null ? 0 : Math.round(sum / avg)) + a.n - b.n;
    const rounds = Number(s?.rounds ?? 0) + a.rounds - b.rounds;
    const [dim_a, label_a, dim_b, label_b] = JSON.parse(key) as string[];
    const t = rollupTally(rounds, Number(s?.companies ?? 0) + a.companies - b.companies, n, sum + a.sum - b.sum);
    writes.push({
      key,
      row: rounds > 0
        ? { dim_a, label_a, dim_b, label_b, rounds, companies: t.distinct, amount_sum: figureOf('sum', t), amount_avg: figureOf('avg', t) }
        : null,
    });
  }
  // the groups' rows replaced: deleted by key, the new ones inserted
  for (let i = 0; i < writes.length; i += KEYS) {
    const part = writes.slice(i, i + KEYS);
    await trx.raw(`delete from ${ROLLUP_TABLE} where ${byKey(part.length)}`, part.flatMap((w) => JSON.parse(w.key) as string[]));
    const rows = part.flatMap((w) => (w.row ? [w.row] : []));
    if (rows.length) await trx(ROLLUP_TABLE).insert(rows);
  }
  return writes.length;
}
