/**
 * The SQL and the strategies that differ between SQLite and PostgreSQL, in one place: each entry says
 * one thing in both engines' words, so a query reads the same for both and no code outside says which
 * engine it is on: a call site asks for a capability (`oneWriter`, `inProcess`, `timesOutStatements`,
 * `dropsConstraints`) or a strategy and reads as its intent. The metering pool and id lists, which
 * shape the connection itself, stay in knex.ts.
 */
import type { Knex } from 'knex';
import { onPooledConnection } from '../patches/knex.js';
import { isSqlite, normalizeRawResult } from './knex.js';

/** A prepared better-sqlite3 statement, as far as rows read as arrays need it. */
export interface SqliteStatement {
  raw(on: boolean): unknown;
  iterate(...bindings: unknown[]): IterableIterator<unknown[]>;
}

/** Visits each row of a prepared SQLite statement as an array as it is read. */
export function eachSqliteRow(stmt: SqliteStatement, bindings: readonly (number | string)[], visit: (row: unknown[]) => void): void {
  stmt.raw(true);
  try {
    for (const row of stmt.iterate(...bindings)) visit(row);
  } finally {
    stmt.raw(false);
  }
}

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
  /**
   * Statements run in the server's own process (SQLite): a statement per row costs no round trip,
   * so bulk writes need no batching into one statement.
   */
  inProcess: boolean;
  /**
   * The engine stops a statement past a time limit it is given (PostgreSQL's `statement_timeout`);
   * without one a budgeted read runs in a worker thread that is terminated (budget.ts).
   */
  timesOutStatements: boolean;
  /** A table's constraints can be dropped and added back (SQLite cannot, and checks foreign keys cheaply). */
  dropsConstraints: boolean;
  /** The plain (non-unique, constraint-free) secondary indexes of the tables bound to `marks`: rows of name, table, sql. */
  secondaryIndexesSql(marks: string): string;
  /** What follows a claim's `select` of rows of alias `alias` so that rows another claimer holds are skipped (one writer: nothing). */
  skipLockedSql(alias: string): string;
  /** Visits each row of `sql` as an array, on a connection of the pool, as it is read. */
  eachRowOnPool(db: Knex, sql: string, bindings: readonly (number | string)[], visit: (row: unknown[]) => void): Promise<void>;
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
  /** Within `trx`, the foreign key `constraint` is checked at commit rather than per statement (SQLite: every foreign key). */
  deferForeignKey(trx: Knex, constraint: string): Promise<void>;
  /**
   * Ids come from the table's sequence, which no other transaction can hand out twice (PostgreSQL);
   * without it the one writer hands out ids after the largest given.
   */
  idSequences: boolean;
  /** Bytes on disk of the connection's database (null: the file's size says it). */
  databaseBytesSql: string | null;
  /** Bytes on disk of a table with its indexes and TOAST (null: not told apart within the file). */
  tableBytesSql(table: string): string | null;
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
  inProcess: true,
  timesOutStatements: false,
  dropsConstraints: false,
  // automatic indexes (primary keys, UNIQUE constraints) have no sql
  secondaryIndexesSql: (marks) => `select name, tbl_name as "table", sql from sqlite_master
     where type = 'index' and sql is not null and tbl_name in (${marks})
       and lower(sql) not like 'create unique %'
     order by tbl_name, name`,
  skipLockedSql: () => '',
  eachRowOnPool: async (db, sql, bindings, visit) => {
    // an in-memory database has only the pool's connection
    await onPooledConnection<{ prepare(sql: string): SqliteStatement }, void>(db, async (conn) => eachSqliteRow(conn.prepare(sql), bindings, visit));
  },
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
  deferForeignKey: async (trx) => {
    await trx.raw('pragma defer_foreign_keys = on');
  },
  idSequences: false,
  databaseBytesSql: null,
  tableBytesSql: () => null,
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
  inProcess: false,
  timesOutStatements: true,
  dropsConstraints: true,
  secondaryIndexesSql: (marks) => `select i.indexname as name, i.tablename as "table", i.indexdef as sql
     from pg_indexes i
     join pg_namespace n on n.nspname = i.schemaname
     join pg_class c on c.relname = i.indexname and c.relnamespace = n.oid
     join pg_index x on x.indexrelid = c.oid
     where i.schemaname = current_schema() and i.tablename in (${marks})
       and not x.indisunique and not x.indisprimary
       and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
     order by i.tablename, i.indexname`,
  skipLockedSql: (alias) => ` for update of ${alias} skip locked`,
  eachRowOnPool: async (db, sql, bindings, visit) => {
    const result = (await db.raw(sql, bindings as (number | string)[]).options({ rowMode: 'array' })) as { rows: unknown[][] };
    for (const row of result.rows) visit(row);
  },
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
  deferForeignKey: async (trx, constraint) => {
    await trx.raw(`set constraints ${constraint} deferred`);
  },
  idSequences: true,
  databaseBytesSql: 'select pg_database_size(current_database()) as n',
  tableBytesSql: (table) => `select pg_total_relation_size('${table}') as n`,
};

/** The dialect of a connection's engine. */
export function dialectOf(db: Knex): Dialect {
  return isSqlite(db) ? SQLITE : POSTGRES;
}
