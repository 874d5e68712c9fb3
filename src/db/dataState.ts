/**
 * Whether a database holds data, and emptying it: what the database command line (src/admin/database.ts)
 * asks before it seeds.
 */
import type { Knex } from 'knex';
import { dialectOf } from './dialect.js';
import { normalizeRawResult } from './knex.js';

/** Rows in one table. */
export async function countRows(db: Knex, table: string): Promise<number> {
  const row = (await db(table).count<{ n: number | string }[]>({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export async function hasData(db: Knex): Promise<boolean> {
  for (const t of ['entities', 'transactions', 'teams', 'api_keys']) if ((await countRows(db, t)) > 0) return true;
  return false;
}

/** Every table except knex's own bookkeeping. */
async function dataTables(db: Knex): Promise<string[]> {
  const rows = await db.raw(dialectOf(db).dataTablesSql);
  return normalizeRawResult(rows).map((r) => String(r.name));
}

/** Empties every data table (and restarts id sequences). */
export async function resetData(db: Knex): Promise<void> {
  const tables = await dataTables(db);
  if (tables.length === 0) return;
  await dialectOf(db).emptyTables(db, tables);
}
