/**
 * Secondary indexes (and, on PostgreSQL, foreign keys: `withoutForeignKeys`) set aside for a bulk load: read the definitions of the plain (non-unique)
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
 * targets. On SQLite the sorts may use a second thread meanwhile (`pragma threads`, restored after);
 * on PostgreSQL each build may sort in more memory than the server's default (for its own
 * transaction only), so the larger tables' sorts stay off disk.
 */
async function recreate(db: Knex, missing: BulkIndex[]): Promise<void> {
  const names = missing.map((ix) => ix.name);
  const threads = isSqlite(db) ? Number(normalizeRawResult(await db.raw('pragma threads'))[0]?.threads ?? 0) : null;
  if (threads !== null) await db.raw(`pragma threads = ${SORT_THREADS}`);
  try {
    while (missing.length > 0) {
      const sql = missing[0]!.sql;
      if (threads !== null) await db.raw(sql);
      else
        await db.transaction(async (trx) => {
          await trx.raw(`set local maintenance_work_mem = '${PG_SORT_MEMORY}'`);
          await trx.raw(sql);
        });
      missing.shift();
    }
  } finally {
    if (threads !== null) await db.raw(`pragma threads = ${threads}`);
  }
  await applyStatisticsTargets(db, names);
}

/** PostgreSQL's sort memory for one index build (the default 64MB spills the largest tables to disk). */
const PG_SORT_MEMORY = '256MB';

/** SQLite sorter threads for the index builds (largest tables of `large`: 20.4 -> 18.9 s). */
const SORT_THREADS = 2;

export interface BulkForeignKey {
  name: string;
  table: string;
  /** pg_get_constraintdef: `FOREIGN KEY (...) REFERENCES ...` with its actions. */
  definition: string;
}

/** The foreign keys declared on `tables` (PostgreSQL; SQLite cannot drop a constraint and checks them cheaply). */
export async function foreignKeys(db: Knex, tables: readonly string[]): Promise<BulkForeignKey[]> {
  if (tables.length === 0 || isSqlite(db)) return [];
  const rows = await db.raw(
    `select k.conname as name, c.relname as "table", pg_get_constraintdef(k.oid) as definition
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = current_schema() and c.relname in (${tables.map(() => '?').join(', ')})
     order by c.relname, k.conname`,
    [...tables],
  );
  return normalizeRawResult(rows).map((r) => ({ name: String(r.name), table: String(r.table), definition: String(r.definition) }));
}

/**
 * Runs `load` with the foreign keys of `tables` dropped (PostgreSQL) and adds them back afterwards,
 * also when `load` fails. Checking a key per copied row costs PostgreSQL a query and a row lock on
 * the parent; adding the key back checks every row in one join. A row that breaks a key makes
 * adding it back fail, so the load's result is checked as before, once, at the end.
 */
export async function withoutForeignKeys<T>(db: Knex, tables: readonly string[], load: () => Promise<T>): Promise<T> {
  const missing: BulkForeignKey[] = [];
  const restore = async () => {
    try {
      while (missing.length > 0) {
        const fk = missing[0]!;
        await db.raw(`alter table ?? add constraint ?? ${fk.definition}`, [fk.table, fk.name]);
        missing.shift();
      }
    } catch (err) {
      const left = missing.map((fk) => `alter table ${fk.table} add constraint ${fk.name} ${fk.definition};`).join('\n');
      throw new AggregateError([err], `${missing.length} foreign keys could not be added back (${(err as Error).message}); run:\n${left}`);
    }
  };
  let result: T;
  try {
    for (const fk of await foreignKeys(db, tables)) {
      await db.raw('alter table ?? drop constraint ??', [fk.table, fk.name]);
      missing.push(fk);
    }
    result = await load();
  } catch (err) {
    if (missing.length === 0) throw err;
    try {
      await restore();
    } catch (again) {
      throw new AggregateError([err, again], `bulk load failed and ${(again as Error).message}`);
    }
    throw err;
  }
  await restore();
  return result;
}
