/**
 * The SQL and the strategies that differ between SQLite and PostgreSQL, in one place: each entry says
 * one thing in both engines' words, so a query reads the same for both and no code outside says which
 * engine it is on. Strategies bound up with the code they shape (how a statement's time is limited,
 * budget.ts; how the snapshot streams rows, snapshot.ts; index builds, bulkIndexes.ts; bulk updates,
 * figures.ts; the metering pool and id lists, knex.ts) stay there.
 */
import type { Knex } from 'knex';
import { isSqlite, normalizeRawResult } from './knex.js';

export interface Dialect {
  /** Orders text by its bytes, as SQLite does by default, so group labels sort alike on both. */
  byteOrder: string;
  /** The type of a typed null in a number column (PostgreSQL reads two untyped nulls as text). */
  numberType: string;
  /** The whole number of times the bound `?` fits in `expr` (not negative), as an integer. */
  wholeTimes(expr: string): string;
  /**
   * `column is null` for a condition that holds for nearly every row: on SQLite written so that no
   * index serves it (db/transactions.ts says why); PostgreSQL's planner needs no such hint.
   */
  nearlyAlwaysNull(column: string): string;
  /** Row locks for a worker's claim that skip rows another holds (SQLite has one writer: none). */
  lockSkippingLocked(q: Knex.QueryBuilder): Knex.QueryBuilder;
  /** Every table but the engine's and knex's own, as rows of `name`. */
  dataTablesSql: string;
  /**
   * One writer at a time (SQLite): work that writes runs in one lane, since a deferred transaction
   * there cannot wait to become the writer.
   */
  oneWriter: boolean;
  /**
   * Every process that can own a run is on the database's host (SQLite: a file), so a run's owner is
   * known by its pid and needs no heartbeat row (which would wait for a running import's write lock).
   */
  ownersOnOneHost: boolean;
  /** Commits notify listeners (LISTEN/NOTIFY, migration 027); without it the callers poll. */
  notifies: boolean;
  /**
   * The probes need a connection of their own (src/db/probe.ts): on SQLite lists and analytics run in
   * a worker thread and hold no connection of the pool, so the probes share it.
   */
  probesApart: boolean;
  /**
   * Grouping sets run as one query each, in parallel on the pool (PostgreSQL plans each with parallel
   * workers); SQLite has one connection's worth of work to give and answers them in one statement.
   */
  groupingSetsInParallel: boolean;
  /** Empties the tables and restarts their id sequences. */
  emptyTables(db: Knex, tables: readonly string[]): Promise<void>;
  /** Moves the tables' id sequences past their largest id (after rows were given ids; SQLite's follow by themselves). */
  restartIdsAfterMax(db: Knex, tables: readonly string[]): Promise<void>;
  /**
   * Loads a table through `load` inside `trx` with its primary key built after the rows (PostgreSQL);
   * on SQLite the key is the table (WITHOUT ROWID), loaded as it is.
   */
  loadKeyed(trx: Knex, table: string, key: readonly string[], load: () => Promise<void>): Promise<void>;
  /** Refreshes a table's planner statistics (PostgreSQL: and its visibility map, so its key index answers alone). */
  analyzeSql(table: string): string;
  /** Sets the statistics target of an index's first column; null where the engine has none. */
  statisticsTargetSql(target: number): string | null;
  /**
   * Takes the write lock at the start of a transaction that reads before it writes. On SQLite such a
   * transaction cannot take it once another connection has committed since its read (SQLITE_BUSY,
   * no wait helps), so a write statement that changes nothing comes first; PostgreSQL locks rows as it writes.
   */
  writeFirst(trx: Knex, table: string): Promise<void>;
  /** Holds off other writers of `table` until the transaction ends, so ids read as max + 1 stay free (SQLite has one writer). */
  lockTable(trx: Knex, table: string): Promise<void>;
  /** An empty table of this connection's own that the transaction's end leaves nothing of (PostgreSQL drops it; SQLite's is emptied on the next use). */
  scratchTable(trx: Knex, name: string, columnsSql: string): Promise<void>;
}

const SQLITE: Dialect = {
  byteOrder: '',
  numberType: 'real',
  wholeTimes: (expr) => `cast((${expr}) / ? as integer)`,
  nearlyAlwaysNull: (column) => `+${column} is null`,
  lockSkippingLocked: (q) => q,
  dataTablesSql: `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'knex_%' order by name`,
  oneWriter: true,
  ownersOnOneHost: true,
  notifies: false,
  probesApart: false,
  groupingSetsInParallel: false,
  emptyTables: (db, tables) =>
    db.transaction(async (trx) => {
      await trx.raw('pragma defer_foreign_keys = on');
      for (const t of tables) await trx.raw(`delete from "${t}"`);
      const seq = normalizeRawResult(await trx.raw(`select name from sqlite_master where name = 'sqlite_sequence'`));
      if (seq.length) await trx.raw('delete from sqlite_sequence');
    }),
  restartIdsAfterMax: async () => {},
  loadKeyed: (_trx, _table, _key, load) => load(),
  analyzeSql: (table) => `analyze ${table}`,
  statisticsTargetSql: () => null,
  writeFirst: async (trx, table) => {
    await trx.raw(`delete from ${table} where 0 = 1`);
  },
  lockTable: async () => {},
  scratchTable: async (trx, name, columnsSql) => {
    await trx.raw(`create temp table if not exists ${name} (${columnsSql})`);
    await trx.raw(`delete from temp.${name}`);
  },
};

const POSTGRES: Dialect = {
  byteOrder: ' collate "C"',
  numberType: 'numeric',
  wholeTimes: (expr) => `cast(floor((${expr}) / ?) as integer)`,
  nearlyAlwaysNull: (column) => `${column} is null`,
  lockSkippingLocked: (q) => q.forUpdate().skipLocked(),
  dataTablesSql: `select tablename as name from pg_tables where schemaname = current_schema() and tablename not like 'knex_%' order by tablename`,
  oneWriter: false,
  ownersOnOneHost: false,
  notifies: true,
  probesApart: true,
  groupingSetsInParallel: true,
  emptyTables: async (db, tables) => {
    await db.raw(`truncate table ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
  },
  restartIdsAfterMax: async (db, tables) => {
    for (const table of tables)
      normalizeRawResult(await db.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1), (select count(*) from ${table}) > 0)`));
  },
  loadKeyed: async (trx, table, key, load) => {
    await trx.raw(`alter table ${table} drop constraint if exists ${table}_pkey`);
    await load();
    await trx.raw(`alter table ${table} add primary key (${key.join(', ')})`);
  },
  analyzeSql: (table) => `vacuum (analyze) ${table}`,
  statisticsTargetSql: (target) => `alter index if exists ?? alter column 1 set statistics ${Number(target)}`,
  writeFirst: async () => {},
  lockTable: async (trx, table) => {
    await trx.raw(`lock table ${table} in exclusive mode`);
  },
  scratchTable: async (trx, name, columnsSql) => {
    await trx.raw(`create temp table if not exists ${name} (${columnsSql}) on commit drop`);
  },
};

/** The dialect of a connection's engine. */
export function dialectOf(db: Knex): Dialect {
  return isSqlite(db) ? SQLITE : POSTGRES;
}
