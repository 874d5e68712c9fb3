/**
 * The SQL that differs between SQLite and PostgreSQL, in one place: each entry says one thing in
 * both engines' words, so a query reads the same for both. Strategies that differ (how a statement's
 * time is limited, budget.ts; how the snapshot streams rows, snapshot.ts; index builds,
 * bulkIndexes.ts; bulk updates, figures.ts; the metering pool and id lists, knex.ts) stay with the
 * code they shape.
 */
import type { Knex } from 'knex';
import { isSqlite } from './knex.js';

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
}

const SQLITE: Dialect = {
  byteOrder: '',
  numberType: 'real',
  wholeTimes: (expr) => `cast((${expr}) / ? as integer)`,
  nearlyAlwaysNull: (column) => `+${column} is null`,
  lockSkippingLocked: (q) => q,
  dataTablesSql: `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'knex_%' order by name`,
};

const POSTGRES: Dialect = {
  byteOrder: ' collate "C"',
  numberType: 'numeric',
  wholeTimes: (expr) => `cast(floor((${expr}) / ?) as integer)`,
  nearlyAlwaysNull: (column) => `${column} is null`,
  lockSkippingLocked: (q) => q.forUpdate().skipLocked(),
  dataTablesSql: `select tablename as name from pg_tables where schemaname = current_schema() and tablename not like 'knex_%' order by tablename`,
};

/** The dialect of a connection's engine. */
export function dialectOf(db: Knex): Dialect {
  return isSqlite(db) ? SQLITE : POSTGRES;
}
