/**
 * Secondary indexes set aside for a bulk load: read the definitions of the plain (non-unique)
 * indexes of some tables, drop them, run the load, and re-create them from their exact original
 * definitions, which is one sorted build per index instead of a B-tree insert per row.
 *
 * Kept: primary keys, unique indexes and every index backing a constraint (PostgreSQL), so
 * uniqueness and foreign keys are enforced during the load as before. Whatever fails, the indexes
 * are re-created before the error is passed on.
 */
import type { Knex } from 'knex';
import { isSqlite, normalizeRawResult } from './knex.js';
import { applyStatisticsTargets } from './statistics.js';

export interface BulkIndex {
  name: string;
  table: string;
  /** The statement that created it (sqlite_master.sql, pg_indexes.indexdef). */
  sql: string;
}

/** The plain secondary indexes of `tables`, by table then name. */
export async function secondaryIndexes(db: Knex, tables: readonly string[]): Promise<BulkIndex[]> {
  if (tables.length === 0) return [];
  const marks = tables.map(() => '?').join(', ');
  const rows = isSqlite(db)
    ? // automatic indexes (primary keys, UNIQUE constraints) have no sql
      await db.raw(
        `select name, tbl_name as "table", sql from sqlite_master
         where type = 'index' and sql is not null and tbl_name in (${marks})
           and lower(sql) not like 'create unique %'
         order by tbl_name, name`,
        [...tables],
      )
    : await db.raw(
        `select i.indexname as name, i.tablename as "table", i.indexdef as sql
         from pg_indexes i
         join pg_namespace n on n.nspname = i.schemaname
         join pg_class c on c.relname = i.indexname and c.relnamespace = n.oid
         join pg_index x on x.indexrelid = c.oid
         where i.schemaname = current_schema() and i.tablename in (${marks})
           and not x.indisunique and not x.indisprimary
           and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
         order by i.tablename, i.indexname`,
        [...tables],
      );
  return normalizeRawResult(rows).map((r) => ({ name: String(r.name), table: String(r.table), sql: String(r.sql) }));
}

/**
 * Runs `load` with the secondary indexes of `tables` dropped and re-creates them afterwards, also
 * when `load` fails. `load` must not hold a transaction open when it returns or throws.
 * `restoring` is told how many indexes are about to be built (for a progress line).
 */
export async function withoutSecondaryIndexes<T>(
  db: Knex,
  tables: readonly string[],
  load: () => Promise<T>,
  restoring?: (count: number) => void,
): Promise<T> {
  const missing: BulkIndex[] = [];
  try {
    for (const ix of await secondaryIndexes(db, tables)) {
      await db.raw('drop index ??', [ix.name]);
      missing.push(ix);
    }
    const result = await load();
    restoring?.(missing.length);
    await recreate(db, missing);
    return result;
  } catch (err) {
    if (missing.length === 0) throw err;
    try {
      await recreate(db, missing);
    } catch (again) {
      const left = missing.map((ix) => `${ix.sql};`).join('\n');
      throw new AggregateError([err, again], `bulk load failed and ${missing.length} indexes could not be re-created; run:\n${left}`);
    }
    throw err;
  }
}

/**
 * Creates the indexes in order, taking each off `missing` once it exists, with their statistics
 * targets. On SQLite the sorts may use a second thread meanwhile (`pragma threads`, restored after).
 */
async function recreate(db: Knex, missing: BulkIndex[]): Promise<void> {
  const names = missing.map((ix) => ix.name);
  const threads = isSqlite(db) ? Number(normalizeRawResult(await db.raw('pragma threads'))[0]?.threads ?? 0) : null;
  if (threads !== null) await db.raw(`pragma threads = ${SORT_THREADS}`);
  try {
    while (missing.length > 0) {
      await db.raw(missing[0]!.sql);
      missing.shift();
    }
  } finally {
    if (threads !== null) await db.raw(`pragma threads = ${threads}`);
  }
  await applyStatisticsTargets(db, names);
}

/** SQLite sorter threads for the index builds (largest tables of `large`: 20.4 -> 18.9 s). */
const SORT_THREADS = 2;
