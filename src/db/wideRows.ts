/**
 * Wide rows (`select *` of `entities`, 66 columns, and of `transactions`) read inside a SQLite
 * transaction, built from the statement's raw rows. better-sqlite3 sets an object row's properties
 * one by one (about 0.45 µs a column: 30 µs a row of `entities`); an object literal of the
 * statement's columns takes a raw row's values at once. An import's record documents read back
 * every entity and round it wrote this way (docs/import.md, "How an import is made fast"). Outside a
 * transaction (the request path) and on PostgreSQL the rows come through knex as any others.
 */
import type { Knex } from 'knex';
import { dialectOf } from './dialect.js';

/** A better-sqlite3 connection, as far as the transaction's own statements need it. */
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

interface SqliteStatement {
  run(...values: unknown[]): unknown;
  raw(on: boolean): SqliteStatement;
  all(...values: unknown[]): unknown[][];
  columns(): { name: string }[];
}

/**
 * The connection of a SQLite transaction (its writes hold the write lock, so its statements need
 * none of the waits the pool's writers go through, src/patches/knex.ts), or null: not SQLite, or
 * not in a transaction.
 */
export async function sqliteTransactionConnection(db: Knex): Promise<SqliteConnection | null> {
  return inSqliteTransaction(db) ? ((await db.client.acquireConnection()) as SqliteConnection) : null;
}

const inSqliteTransaction = (db: Knex): boolean => dialectOf(db).oneWriter && (db as Knex & { isTransaction?: boolean }).isTransaction === true;

/** The statement of a raw-mode read, kept apart from knex's object-mode statement of the same text (better-sqlite3's statement cache, src/patches/better-sqlite3.mjs). */
const RAW_SUFFIX = ' -- wide rows';

/** Row builders by their column names (NUL-joined). */
const builders = new Map<string, ((r: unknown[]) => Record<string, unknown>) | null>();
const MAX_BUILDERS = 200;

/**
 * A row builder for these column names, or null where an object literal would not make the same
 * object better-sqlite3 makes (a name `__proto__` sets the prototype in a literal).
 */
function builderOf(names: readonly string[]): ((r: unknown[]) => Record<string, unknown>) | null {
  if (names.includes('__proto__')) return null;
  // a repeated name: the literal, as better-sqlite3's row, keeps its first place and its last value
  return new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`) as (r: unknown[]) => Record<string, unknown>;
}

/**
 * The rows of a select (bound to numbers and strings only), the same objects knex gives, keys in
 * the same order: inside a SQLite transaction built from raw rows, else through knex.
 */
export async function wideRows<R>(db: Knex, query: Knex.QueryBuilder): Promise<R[]> {
  // the request path's reads go to knex before any compiling of their own
  if (!inSqliteTransaction(db)) return (await query) as R[];
  const native = query.toSQL().toNative();
  const conn = native.bindings.every((b) => typeof b === 'number' || typeof b === 'string') ? await sqliteTransactionConnection(db) : null;
  if (!conn) return (await query) as R[];
  const stmt = conn.prepare(native.sql + RAW_SUFFIX);
  // the names asked each time (250 µs, a read of 400 rows takes 5-12 ms): a schema change made since renames them
  const names = stmt.columns().map((c) => c.name);
  const key = names.join('\u0000');
  let build = builders.get(key);
  if (build === undefined) {
    build = builderOf(names);
    if (builders.size >= MAX_BUILDERS) builders.clear();
    builders.set(key, build);
  }
  if (!build) return (await query) as R[];
  const raw = stmt.raw(true).all(...native.bindings);
  const rows = new Array<R>(raw.length);
  for (let i = 0; i < raw.length; i++) rows[i] = build(raw[i]!) as R;
  return rows;
}
