/** Knex set-up for SQLite (better-sqlite3) and PostgreSQL (pg); the migration runner is migrate.ts. */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config.js';
import { cacheStatements } from '../patches/better-sqlite3.mjs';
import { deferOn, gateWriters, longWriterAlive, namePreparedStatements, onPooledConnection, PREPARE, valuesInserts, waitForLocks, type LockWait } from '../patches/knex.js';
import { copyRows, copyText, type PgClient } from '../../seeds/copy.mjs';
import { WriterGate } from './writerGate.js';
import { binaryCopy, columnTypes, copyBinaryRows } from './copyBinary.js';

// bigint (int8) and count(*) come back as strings from pg by default; our values stay below 2^53.
pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
// numeric (1700): aggregates such as AVG/SUM over integers.
pg.types.setTypeParser(1700, (v: string) => Number.parseFloat(v));

/** The least `statement_timeout` of a pooled connection: a tiny query budget must not fail key lookups. */
const STATEMENT_TIMEOUT_FLOOR_MS = 5000;

/**
 * `queryBudgetMs` (PostgreSQL): every pooled connection starts with that `statement_timeout` (at
 * least STATEMENT_TIMEOUT_FLOOR_MS), so a query under the default budget needs no transaction of its
 * own (budget.ts). Without it (the database CLI: seeding runs long statements) there is no timeout.
 */
export function createDb(
  cfg: Pick<Config, 'dbClient' | 'sqliteFile' | 'databaseUrl' | 'dbPoolMax'> & { queryBudgetMs?: number; dbPreparedStatements?: boolean },
  /** PostgreSQL: the connections' role, as `application_name`, and asynchronous commit for `metering` (createMeteringDb). */
  role: 'api' | 'metering' = 'api',
): Knex {
  if (cfg.dbClient === 'sqlite') {
    const memory = cfg.sqliteFile === ':memory:';
    if (!memory) fs.mkdirSync(path.dirname(path.resolve(cfg.sqliteFile)), { recursive: true });
    const db = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: cfg.sqliteFile },
      useNullAsDefault: true,
      pool: {
        min: 1,
        // writers take at most SQLITE_WRITERS of them (gateWriters), even while they wait for an
        // import's write lock: the rest are always there for reads
        max: memory ? 1 : SQLITE_CONNECTIONS + SQLITE_WRITERS,
        afterCreate: (conn: { pragma(s: string): unknown; prepare(sql: string): unknown }, done: (err: Error | null, c: unknown) => void) => {
          cacheStatements(conn);
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          // never wait for a lock inside SQLite: that wait blocks the event loop (waitForLocks)
          conn.pragma('busy_timeout = 0');
          conn.pragma('synchronous = NORMAL');
          done(null, conn);
        },
      },
    });
    valuesInserts(db);
    waitForLocks(db, SQLITE_LOCK_WAIT);
    // one connection, shared by readers and writers alike: nothing to keep free
    if (!memory) gateWriters(db, new WriterGate(SQLITE_WRITERS, { waitMs: SQLITE_LOCK_WAIT_MS, longWriterAlive: () => longWriterAlive(SQLITE_LOCK_WAIT, cfg.sqliteFile) }));
    return db;
  }
  const db = knexFactory({
    client: 'pg',
    connection: {
      connectionString: cfg.databaseUrl,
      connectionTimeoutMillis: 2000,
      application_name: `fdapi-${role}`,
      ...(role === 'metering' ? { options: '-c synchronous_commit=off' } : {}),
      ...(cfg.queryBudgetMs ? { statement_timeout: Math.max(STATEMENT_TIMEOUT_FLOOR_MS, Math.floor(cfg.queryBudgetMs)) } : {}),
    },
    pool: { min: 0, max: cfg.dbPoolMax, acquireTimeoutMillis: 2000 } as Knex.PoolConfig,
    acquireConnectionTimeout: 2000,
    preparedStatements: cfg.dbPreparedStatements !== false,
  } as Knex.Config);
  namePreparedStatements(db);
  return db;
}

/** SQLite connections per process for reads (better-sqlite3 runs each statement synchronously). */
const SQLITE_CONNECTIONS = 4;
/**
 * SQLite connections writers may hold at once (src/db/writerGate.ts); more writers wait for a turn
 * holding none. SQLite writes one transaction at a time: a second lets the next writer's transaction
 * begin while one commits.
 */
const SQLITE_WRITERS = 2;
/** How long a SQLite statement waits for a lock another connection or process holds. */
export const SQLITE_LOCK_WAIT_MS = 1000;
/**
 * How long it waits after an import holding the lock last showed it is alive. SQLite has one
 * writer, and an import (src/import/engine.ts) is one all-or-nothing transaction: the whole 2013
 * Crunchbase export holds the write lock for 10-20 s on two quiet cores and past 60 s on two busy
 * ones. A request's own writes (credit leases and takes, refunds, usage, rate limits, idempotency,
 * notes) wait for it as long as the importing process is alive and touches its marker (every
 * IMPORT_HEARTBEAT_MS, from a thread of its own) rather than failing with a 503; the wait polls on
 * the timers (waitForLocks) on one of the SQLITE_WRITERS connections writers may hold, the other
 * writers wait for a turn holding none (gateWriters), and reads never wait (WAL) nor find the pool
 * taken by waiting writers. An import whose process stopped beating
 * for this long (stopped or frozen), and any other holder (a stuck process, after 1 s), get the 503
 * (docs/decisions.md).
 */
export const SQLITE_IMPORT_STALL_MS = 60_000;
/** The wait of a SQLite write for the lock and for its turn (gateWriters): bounded by an importer's liveness. */
const SQLITE_LOCK_WAIT: LockWait = { waitMs: SQLITE_LOCK_WAIT_MS, stallMs: SQLITE_IMPORT_STALL_MS, quietMs: (file) => importQuietMs(path.resolve(file)) };
/** How often an importing process touches its marker. */
const IMPORT_HEARTBEAT_MS = 1000;

/** The file beside a SQLite database that names the process importing into it. */
const importMarker = (file: string) => `${file}-import`;

/**
 * Milliseconds since a live process importing into the SQLite file last touched its marker; null
 * when no live process is importing (a killed one's stale marker does not count).
 */
function importQuietMs(file: string): number | null {
  let pid: number;
  let touched: number;
  try {
    const marker = importMarker(file);
    pid = Number.parseInt(fs.readFileSync(marker, 'utf8'), 10);
    touched = fs.statSync(marker).mtimeMs;
  } catch {
    return null;
  }
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return Math.max(0, Date.now() - touched);
}

/** Each SQLite knex instance's database file, resolved once (null: PostgreSQL or in memory). */
const importFiles = new WeakMap<Knex, string | null>();

/**
 * Whether a live import holds (or is about to take) the write lock of this SQLite database, so that a
 * write now would wait for the import's commit (SQLITE_IMPORT_STALL_MS). Always false on PostgreSQL,
 * whose writers never wait for an import's rows. A few system calls: for the writes a call cannot
 * avoid, not for every call (src/access/leases.ts).
 */
export function importHoldsWriter(db: Knex): boolean {
  let file = importFiles.get(db);
  if (file === undefined) {
    const cfg = db.client.config as { client?: string; connection?: { filename?: string } };
    const name = cfg.connection?.filename;
    file = cfg.client === 'better-sqlite3' && name && name !== ':memory:' ? path.resolve(name) : null;
    importFiles.set(db, file);
  }
  if (file === null) return false;
  const quiet = importQuietMs(file);
  return quiet !== null && quiet <= SQLITE_IMPORT_STALL_MS;
}

/**
 * Runs `work` (an import's transaction and what follows it while it still writes) with the marker
 * that tells other processes' statements on the same SQLite file to wait for it
 * (SQLITE_IMPORT_STALL_MS), touched every IMPORT_HEARTBEAT_MS while the work runs; on PostgreSQL
 * writers never wait for the import's rows, so there is nothing to mark.
 */
export async function markImporting<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  const file = (db.client.config as { client?: string; connection?: { filename?: string } }).connection?.filename;
  if ((db.client.config as { client?: string }).client !== 'better-sqlite3' || !file || file === ':memory:') return work();
  const marker = importMarker(path.resolve(file));
  fs.writeFileSync(marker, String(process.pid));
  // on a thread of its own: an import's statements run synchronously on the main thread, one of
  // them for a minute on a busy machine, and that is still progress
  const beat = new Worker(HEARTBEAT, { eval: true, workerData: { marker, every: IMPORT_HEARTBEAT_MS } });
  beat.unref();
  try {
    return await work();
  } finally {
    await beat.terminate();
    fs.rmSync(marker, { force: true });
  }
}

/** The importing process's heartbeat: touches the marker (removed by hand: waiting writers then get the short wait). */
const HEARTBEAT = `
const fs = require('node:fs');
const { workerData } = require('node:worker_threads');
setInterval(() => {
  const now = new Date();
  try { fs.utimesSync(workerData.marker, now, now); } catch {}
}, workerData.every);
`;

/**
 * The connections of a request's metering writes: credit decrements and refunds, usage counts and
 * the shared rate-limit buckets. On PostgreSQL a pool of its own whose sessions commit
 * asynchronously (`synchronous_commit = off`): a metered call's decrement does not wait for its
 * WAL flush, while every other write (keys, teams, notes) keeps the server's durable commit. The
 * decrement is still atomic and visible to every process the moment it commits; what a crash of
 * the database server (not of the API) can lose is the last few hundred milliseconds of
 * decrements: calls that go uncharged, never a double charge (decision entry "Metering writes
 * commit asynchronously"). bench: PostgreSQL transaction detail 1,320 / 1,163 -> 1,424 / 1,392
 * req/s in alternating runs. SQLite (`synchronous = NORMAL` in WAL mode already
 * commits without a sync) shares the pool: `db` itself.
 */
export function createMeteringDb(cfg: Parameters<typeof createDb>[0], db: Knex): Knex {
  if (isSqlite(db)) return db;
  return createDb({ ...cfg, dbPoolMax: meteringPoolMax(cfg.dbPoolMax) }, 'metering');
}

/** Half the API pool, at least 2: one statement of well under a millisecond per metered call. */
const meteringPoolMax = (apiPoolMax: number) => Math.max(2, Math.ceil(apiPoolMax / 2));

/** Marks a query builder or raw query to run as a prepared statement (see above; no effect on SQLite). */
export function prepared<Q extends { options(o: Readonly<Record<string, unknown>>): Q }>(q: Q): Q {
  return q.options(PREPARE);
}

/**
 * `in (…)` over integer ids (serial ids, so never 0), written so that the statement text does not
 * depend on how many there are on PostgreSQL (`= any(?::bigint[])`, one parameter), and as a plain
 * list on SQLite. Use as `where x.id ${l.sql}` with `l.bindings`.
 *
 * On PostgreSQL the array has at least GENERIC_PLAN_IDS entries, padded with 0. A prepared
 * statement keeps its generic plan (planned once per connection) only when the custom plans,
 * planned for each call's values, do not look cheaper, and for `= any($1)` the generic plan assumes
 * an array of 10: with the 1 to 4 ids of a detail or a founders page's investors, every call was
 * planned again, and planning cost more than running the statement (bench/pgstat.ts shows it per
 * statement).
 */
export function idList(db: Knex, ids: readonly number[]): { sql: string; bindings: (number | string)[] } {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`idList: not an integer id: ${id}`);
  if (isSqlite(db)) return { sql: `in (${ids.map(() => '?').join(', ')})`, bindings: [...ids] };
  const padded = ids.length >= GENERIC_PLAN_IDS ? ids : [...ids, ...new Array<number>(GENERIC_PLAN_IDS - ids.length).fill(0)];
  return { sql: '= any(?::bigint[])', bindings: [`{${padded.join(',')}}`] };
}

/** The least length of an id array on PostgreSQL (idList). */
const GENERIC_PLAN_IDS = 16;

/** Rows of one table, written by `insertRows`; on a conflict on `conflict`, `update` columns take the row's values. */
export interface RowsInsert {
  returning?: string;
  conflict?: readonly string[];
  update?: readonly string[];
}

/**
 * Inserts rows in as few statements as each engine takes. PostgreSQL: the rows travel as one json
 * parameter read with `json_populate_recordset` (so typed as the table's columns), in a statement
 * whose text depends only on the columns: prepared once per connection, where knex's multi-row
 * VALUES has a new text for every row count, five to forty parameters a row to bind, and a VALUES
 * list to parse and plan (7-8 ms of planning per 400 rows of `transactions`). In a transaction,
 * rows wanting neither RETURNING nor a conflict action go through `COPY ... FROM STDIN` instead
 * (`copyInto`): the server reads the text format's fields with the columns' input functions, as it
 * reads the JSON's, without parsing and unescaping a JSON document first (the 2013 snapshot's
 * entities: 1.5 -> 1.0 server CPU s, bench/results/import-2026-11-27-impdb38.md). SQLite: knex's
 * multi-row VALUES (src/patches/knex.ts), as many rows a statement as its bind limit takes. Rows
 * that leave a column out (its DEFAULT) go through knex on both. RETURNING gives the rows in input order.
 */
export async function insertRows(db: Knex, table: string, rows: readonly object[], opts: RowsInsert = {}): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const cols = columnsOf(rows);
  const per = isSqlite(db) ? Math.max(1, Math.floor(SQLITE_BINDS / cols.length)) : PG_ROWS_PER_INSERT;
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += per) out.push(...(await insertPart(db, table, cols, rows.slice(i, i + per), opts)));
  return out;
}

/**
 * Every column some row has, in the order first met. A loop over each row's keys: `flatMap` of the
 * rows' keys into one array took ten times as long (12-40 ms for 1,000 rows of `transactions`).
 */
function columnsOf(rows: readonly object[]): string[] {
  const cols = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) cols.add(k);
  return [...cols];
}

/** SQLite's bind limit (SQLITE_MAX_VARIABLE_NUMBER since 3.32) and PostgreSQL's rows per statement (one parameter, whatever the count). */
const SQLITE_BINDS = 32_766;
const PG_ROWS_PER_INSERT = 5000;

async function insertPart(db: Knex, table: string, cols: readonly string[], rows: readonly object[], opts: RowsInsert): Promise<Record<string, unknown>[]> {
  // knex writes a missing or undefined value as the column's DEFAULT (NULL on SQLite), json_populate_recordset as NULL
  if (isSqlite(db) || rows.some((r) => cols.some((c) => (r as Record<string, unknown>)[c] === undefined))) {
    let q = db(table).insert(rows as Record<string, unknown>[]);
    if (opts.conflict) q = (opts.update?.length ? q.onConflict([...opts.conflict]).merge([...opts.update]) : q.onConflict([...opts.conflict]).ignore()) as typeof q;
    return opts.returning ? ((await q.returning(opts.returning)) as Record<string, unknown>[]) : (await q, []);
  }
  if (!opts.conflict && !opts.returning && copies(db, rows, cols)) {
    await copyInto(db, table, cols, rows, true);
    return [];
  }
  const list = cols.map((c) => `"${c}"`).join(', ');
  const conflict = !opts.conflict ? ''
    : ` on conflict (${opts.conflict.map((c) => `"${c}"`).join(', ')}) ${opts.update?.length ? `do update set ${opts.update.map((c) => `"${c}" = excluded."${c}"`).join(', ')}` : 'do nothing'}`;
  const sql = `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ?::json)${conflict}${opts.returning ? ` returning ${opts.returning}` : ''}`;
  return normalizeRawResult(await prepared(db.raw(sql, [JSON.stringify(rows)])));
}

/**
 * Whether COPY takes these rows as the JSON path would: PostgreSQL, in a transaction (the COPY runs
 * on its connection, knex's own statements around it), every value a string, a finite number, a
 * boolean or null (the text format writes them as node-postgres binds them, seeds/copy.mjs); dates
 * and objects keep the JSON path's conversions.
 */
function copies(db: Knex, rows: readonly object[], cols: readonly string[]): boolean {
  if (isSqlite(db) || !(db as Knex & { isTransaction?: boolean }).isTransaction) return false;
  for (const r of rows) {
    for (const c of cols) {
      const v = (r as Record<string, unknown>)[c];
      if (v !== null && typeof v !== 'string' && typeof v !== 'boolean' && !(typeof v === 'number' && Number.isFinite(v))) return false;
    }
  }
  return true;
}

/**
 * The rows by `COPY table (cols) FROM STDIN` on the transaction's connection. `deferred`: sent and
 * not waited for (src/patches/knex.ts `deferOn`): the transaction's next statement waits for it and
 * fails with its error, and meanwhile the caller builds its next rows while the server writes these
 * (an import's batch: its rounds, keys and change log go in while the next batch is read).
 */
async function copyInto(db: Knex, table: string, cols: readonly string[], rows: readonly object[], deferred = false): Promise<void> {
  const values: unknown[] = [];
  for (const r of rows) for (const c of cols) values.push((r as Record<string, unknown>)[c]);
  const quoted = cols.map((c) => `"${c}"`);
  await onPooledConnection<PgClient, void>(db, async (conn) => {
    const copy = async () => {
      // binary where every column and value allow it (src/db/copyBinary.ts), else text
      const binary = binaryCopy(values, cols, await columnTypes(db, conn, table));
      await (binary ? copyBinaryRows(conn, table, quoted, binary) : copyRows(conn, table, quoted, [copyText(values, cols.length)]));
    };
    if (deferred) deferOn(conn, copy);
    else await copy();
  });
}

/**
 * Rows replacing those of the same key, or added (rows carrying every column of the table, so a
 * replaced row keeps nothing of the old one): an upsert on `key` (`insertRows` with every other
 * column updated). On PostgreSQL in a transaction the rows of these keys are deleted and the new
 * ones copied in (`copyInto`), within a savepoint: a document's text then costs the server half the
 * upsert's CPU (no JSON to unescape, no speculative insertion). Another transaction adding a row of
 * one of these keys meanwhile (the delete found nothing to lock) makes the COPY fail on the key:
 * rolled back to the savepoint, the rows are upserted, which waits for it as before.
 */
export async function replaceRows(db: Knex, table: string, rows: readonly object[], key: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = columnsOf(rows);
  const upsert = () => insertRows(db, table, rows, { conflict: key, update: cols.filter((c) => !key.includes(c)) });
  if (rows.some((r) => cols.some((c) => (r as Record<string, unknown>)[c] === undefined)) || !copies(db, rows, cols)) return void (await upsert());
  const keys = JSON.stringify(rows.map((r) => Object.fromEntries(key.map((k) => [k, (r as Record<string, unknown>)[k]]))));
  await db.raw('savepoint replace_rows');
  try {
    await db.raw(`delete from ${table} x using json_populate_recordset(null::${table}, ?::json) k where ${key.map((k) => `x."${k}" = k."${k}"`).join(' and ')}`, [keys]);
    await copyInto(db, table, cols, rows);
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    await db.raw('rollback to savepoint replace_rows');
    await upsert();
  }
  await db.raw('release savepoint replace_rows');
}

/** `column in ids` on a query builder, as idList. */
export function whereIdIn<Q extends Knex.QueryBuilder>(db: Knex, q: Q, column: string, ids: readonly number[]): Q {
  const l = idList(db, ids);
  return q.whereRaw(`?? ${l.sql}`, [column, ...l.bindings]) as Q;
}

/** The `statement_timeout` every pooled PostgreSQL connection starts with (ms), or null. */
export function connectionBudgetMs(db: Knex): number | null {
  return (db.client.config.connection as { statement_timeout?: number }).statement_timeout ?? null;
}

export function isSqlite(db: Knex): boolean {
  return db.client.config.client === 'better-sqlite3';
}

/** The file of a SQLite database (null for PostgreSQL and an in-memory database). */
export function sqliteFile(db: Knex): string | null {
  if (!isSqlite(db)) return null;
  const file = (db.client.config.connection as { filename?: string }).filename ?? '';
  return file === '' || file.startsWith(':memory:') ? null : file;
}

/** knex.raw resolves to rows on SQLite and to a pg Result on PostgreSQL; builders to rows on both. */
export function normalizeRawResult(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return (result as { rows: Record<string, unknown>[] }).rows;
}
