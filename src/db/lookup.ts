/**
 * One row by key, read on a pooled connection with the driver's own call: the statement prepared once
 * per connection (better-sqlite3's statement cache, src/patches/better-sqlite3.mjs; a named
 * statement on PostgreSQL, as `prepared()` names them), without knex's query builder, runner,
 * option cloning and response processing, which cost a detail more CPU than the read itself
 * (docs/scaling.md, "Where a detail's time goes"). Only for fixed statement texts on a primary or
 * unique key; anything else goes through knex.
 */
import type { Knex } from 'knex';
import type pg from 'pg';
import { isSqlite, normalizeRawResult, prepared } from './knex.js';
import { droppedStaleStatement, preparedStatementName } from '../patches/knex.js';

/** A value bound to a lookup's placeholder. */
export type LookupValue = string | number;

/** A better-sqlite3 connection as knex's pool hands it out (its statement cache installed: `prepare` is cheap). */
interface SqliteConnection {
  prepare(sql: string): { raw(on: boolean): { get(...values: LookupValue[]): unknown[] | undefined } };
}

/** PostgreSQL's text of a statement written with `?` placeholders (fixed texts: no `?` inside a literal). */
const pgTexts = new Map<string, string>();
function pgText(sql: string): string {
  let text = pgTexts.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    pgTexts.set(sql, text);
  }
  return text;
}

/** SQLite's statement of a lookup, in raw mode (rows as arrays), kept apart from knex's objects-mode statement of the same text. */
const RAW_SUFFIX = ' -- raw';

/**
 * The first row of `sql` (a fixed text with `?` placeholders; at most one row wanted) as its values
 * in the select list's order, or undefined when there is none. Inside a transaction, or with
 * `DB_PREPARED_STATEMENTS=off` on PostgreSQL, it runs through knex as any other statement.
 */
export async function lookupRow(db: Knex, sql: string, values: readonly LookupValue[]): Promise<unknown[] | undefined> {
  const client = db.client as { acquireConnection(): Promise<unknown>; releaseConnection(conn: unknown): Promise<unknown>; config: { preparedStatements?: boolean } };
  const direct = !(db as Knex & { isTransaction?: boolean }).isTransaction && (isSqlite(db) || client.config.preparedStatements !== false);
  if (!direct) return throughKnex(db, sql, values);
  const conn = await client.acquireConnection();
  try {
    if (isSqlite(db)) return sqliteRow(conn as SqliteConnection, sql, values);
    return await pgRow(conn as pg.Client, sql, values);
  } catch (err) {
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
  } finally {
    await client.releaseConnection(conn);
  }
  // a read that found SQLite busy (rare in WAL mode: a recovery) waits as knex's statements do (src/patches/knex.ts waitForLocks)
  return throughKnex(db, sql, values);
}

async function throughKnex(db: Knex, sql: string, values: readonly LookupValue[]): Promise<unknown[] | undefined> {
  const row = normalizeRawResult(await prepared(db.raw(sql, [...values])))[0];
  return row && Object.values(row);
}

function sqliteRow(conn: SqliteConnection, sql: string, values: readonly LookupValue[]): unknown[] | undefined {
  // a read in WAL mode never waits for a writer's lock (src/db/knex.ts), so none of knex's lock waits applies
  return conn.prepare(sql + RAW_SUFFIX).raw(true).get(...values);
}

async function pgRow(conn: pg.Client, sql: string, values: readonly LookupValue[]): Promise<unknown[] | undefined> {
  const text = pgText(sql);
  // named as knex's path names the same text, so both share the connection's statement
  const name = preparedStatementName(text);
  const query = { name, text, values: values as LookupValue[], rowMode: 'array' as const };
  try {
    return (await conn.query<unknown[]>(query)).rows[0];
  } catch (err) {
    if (!(await droppedStaleStatement(err, conn, name))) throw err;
    return (await conn.query<unknown[]>(query)).rows[0];
  }
}
