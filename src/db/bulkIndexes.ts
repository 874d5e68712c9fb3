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
import { dialectOf } from './dialect.js';
import { normalizeRawResult } from './knex.js';
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
  const rows = await db.raw(dialectOf(db).secondaryIndexesSql(marks), [...tables]);
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
 * Creates the indexes, taking each off `missing` once it exists, with their statistics targets. With
 * one writer (SQLite) one at a time, the sorts using a second thread meanwhile (`pragma threads`,
 * restored after). Otherwise (PostgreSQL) on PG_LANES connections at once, largest tables first (a build is one sort, mostly
 * one process: one per core keeps both busy), each sorting in more memory than the server's default
 * (for its own transaction only), so the larger tables' sorts stay off disk.
 */
async function recreate(db: Knex, missing: BulkIndex[]): Promise<void> {
  const names = missing.map((ix) => ix.name);
  if (dialectOf(db).oneWriter) {
    const threads = Number(normalizeRawResult(await db.raw('pragma threads'))[0]?.threads ?? 0);
    await db.raw(`pragma threads = ${SORT_THREADS}`);
    try {
      while (missing.length > 0) {
        await db.raw(missing[0]!.sql);
        missing.shift();
      }
    } finally {
      await db.raw(`pragma threads = ${threads}`);
    }
  } else {
    const size = await tableSizes(db, missing.map((ix) => ix.table));
    const order = [...missing].sort((a, b) => (size.get(b.table) ?? 0) - (size.get(a.table) ?? 0));
    await inLanes(order, PG_LANES, (ix) =>
      db.transaction(async (trx) => {
        await trx.raw(`set local maintenance_work_mem = '${PG_SORT_MEMORY}'`);
        await trx.raw(ix.sql);
        missing.splice(missing.indexOf(ix), 1);
      }),
    );
  }
  await applyStatisticsTargets(db, names);
}

/** Bytes of each table's heap (PostgreSQL). */
async function tableSizes(db: Knex, tables: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(tables)];
  if (unique.length === 0) return new Map();
  const rows = normalizeRawResult(
    await db.raw(
      `select c.relname as name, pg_relation_size(c.oid) as bytes from pg_class c
       where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and c.relname in (${unique.map(() => '?').join(', ')})`,
      unique,
    ),
  );
  return new Map(rows.map((r) => [String(r.name), Number(r.bytes)]));
}

/**
 * Runs `work` on the items in order, up to `lanes` at a time (each on a connection of its own when
 * it uses one); after a failure starts no more, waits for those running and throws the first failure.
 */
async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length && failures.length === 0) {
      const item = items[next++]!;
      await work(item).catch((err: unknown) => failures.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}

/**
 * Planner statistics for every table of the schema (after a bulk load). With one writer (SQLite) one
 * `analyze`; otherwise (PostgreSQL) one `analyze` per table on PG_LANES connections at once, largest
 * first (a database-wide `analyze` samples the tables one after the other in one process).
 */
export async function analyzeAll(db: Knex): Promise<void> {
  if (dialectOf(db).oneWriter) {
    await db.raw('analyze');
    return;
  }
  const tables = normalizeRawResult(await db.raw(`select tablename as name from pg_tables where schemaname = current_schema()`)).map((r) => String(r.name));
  const size = await tableSizes(db, tables);
  tables.sort((a, b) => (size.get(b) ?? 0) - (size.get(a) ?? 0));
  await inLanes(tables, PG_LANES, (t) => db.raw('analyze ??', [t]));
}

/** Index builds, foreign key checks and analyze at once on PostgreSQL: one per core of the bench machine. */
const PG_LANES = 2;

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

/** The foreign keys declared on `tables`, to set aside: none where constraints cannot be dropped (`dropsConstraints`). */
export async function foreignKeys(db: Knex, tables: readonly string[]): Promise<BulkForeignKey[]> {
  if (tables.length === 0 || !dialectOf(db).dropsConstraints) return [];
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
 *
 * The keys come back `not valid` (a catalogue change each), then are validated on PG_LANES
 * connections at once, a table's keys in one lane: a validation locks its table against another
 * one's, not the referenced table, where adding a checked key locks both for the whole check.
 * A key that fails its check is dropped again and reported as left to add. `restoring` is told how
 * many keys are about to be added back (for a progress line).
 */
export async function withoutForeignKeys<T>(db: Knex, tables: readonly string[], load: () => Promise<T>, restoring?: (count: number) => void): Promise<T> {
  const missing: BulkForeignKey[] = [];
  const restore = async () => {
    if (missing.length > 0) restoring?.(missing.length);
    const unchecked: BulkForeignKey[] = [];
    try {
      while (missing.length > 0) {
        const fk = missing[0]!;
        await db.raw(`alter table ?? add constraint ?? ${fk.definition} not valid`, [fk.table, fk.name]);
        unchecked.push(missing.shift()!);
      }
      const byTable = [...new Set(unchecked.map((fk) => fk.table))].map((t) => unchecked.filter((fk) => fk.table === t));
      await inLanes(byTable, PG_LANES, async (keys) => {
        for (const fk of keys) {
          await db.raw('alter table ?? validate constraint ??', [fk.table, fk.name]);
          unchecked.splice(unchecked.indexOf(fk), 1);
        }
      });
    } catch (err) {
      for (const fk of unchecked.splice(0)) {
        await db.raw('alter table ?? drop constraint if exists ??', [fk.table, fk.name]).catch(() => {});
        missing.unshift(fk);
      }
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
