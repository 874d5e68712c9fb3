/**
 * Rows patched by id and stamped `updated_at`: one UPDATE ... FROM (VALUES ...) per set of columns
 * and up to 1,000 rows, on both engines (an UPDATE per row cost PostgreSQL 7 s of a first import of
 * the 2013 export, and 8 s of 1,000 changed rounds on `large`, in round trips; SQLite 0.35-0.55 s
 * of 1,900 statements for the same rounds and their companies).
 */
import type { Knex } from 'knex';
import { dialectOf } from './dialect.js';
import { SCHEMA } from './schema.js';

type Patched = 'entities' | 'transactions';

/** The SQL type of a column, for the VALUES of a batched UPDATE. */
function sqlType(table: Patched, column: string): string {
  const kind = String((SCHEMA[table] as Record<string, string>)[column] ?? 'text').replace('?', '');
  return kind === 'int' ? 'bigint' : kind === 'num' ? 'double precision' : kind === 'bool' ? 'boolean' : 'varchar';
}

/** Bound values per statement at most (SQLite takes 32,766). */
const MAX_BINDINGS = 30_000;

export async function patchRows(trx: Knex, table: Patched, patches: ReadonlyMap<number, Record<string, unknown>>, at: string): Promise<void> {
  const inProcess = dialectOf(trx).inProcess;
  const groups = new Map<string, [number, Record<string, unknown>][]>();
  for (const [id, patch] of patches) {
    const key = Object.keys(patch).sort().join(',');
    (groups.get(key) ?? groups.set(key, []).get(key)!).push([id, patch]);
  }
  for (const [key, rows] of groups) {
    const cols = key.split(',');
    // PostgreSQL types a VALUES column from its first row: each value cast to its column's type; SQLite's
    // VALUES have no type, and the assignment takes the column's affinity as a bound value would
    const tuple = inProcess ? `(${['?', ...cols.map(() => '?')].join(', ')})` : `(cast(? as bigint), ${cols.map((c) => `cast(? as ${sqlType(table, c)})`).join(', ')})`;
    const set = cols.map((c, i) => `${c} = v.column${i + 2}`).join(', ');
    const per = Math.min(1000, Math.floor(MAX_BINDINGS / (cols.length + 1)));
    for (let i = 0; i < rows.length; i += per) {
      const part = rows.slice(i, i + per);
      const bindings = part.flatMap(([id, patch]) => [id, ...cols.map((c) => patch[c] as number | string | boolean | null)]);
      await trx.raw(`update ${table} set ${set}, updated_at = ? from (values ${part.map(() => tuple).join(', ')}) as v where ${table}.id = v.column1`, [at, ...bindings]);
    }
  }
}

/**
 * Runs `work` (statements over some keys' rows: an import's touched companies and rounds) with
 * PostgreSQL's parallel workers off for it: a keyed statement over a few thousand rows was planned
 * with a Gather whose workers' start cost more than the rows (a rollup share of 1,000 companies:
 * 0.75 -> 0.42 s at load 20). Set for the transaction (`set local`) and put back after.
 */
export async function withoutParallelWorkers<T>(trx: Knex, work: () => Promise<T>): Promise<T> {
  if (dialectOf(trx).inProcess) return work();
  await trx.raw('set local max_parallel_workers_per_gather = 0');
  const out = await work();
  await trx.raw('set local max_parallel_workers_per_gather to default');
  return out;
}
