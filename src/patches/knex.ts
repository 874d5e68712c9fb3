/**
 * The patches of knex (3.x): its dialect clients' `_query` (the call that hands one compiled query
 * to the driver), wrapped on the client's prototype, which knex's transaction clients share with
 * the pool's client, and the mark its pool reads to drop a connection.
 *
 * Tried first: knex's documented `.options()` passes pg query options through (a test holds it to
 * that), so a query could carry its statement `name` from the call site. But the name is a digest
 * of the SQL text, which exists only once knex compiles the query (naming it at the call site would
 * compile every marked query twice), `DB_PREPARED_STATEMENTS=off` is a setting of the instance, not
 * of the call site, and a statement made stale by a migration must be deallocated and the query run
 * again on the same connection: all three need the one place that sees the SQL and the connection
 * together, which is `_query`.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { requireVersion } from './version.js';

/** The knex release line the patches are written against. */
export const KNEX_VERSION = '3.';

const PATCHED = Symbol('fd.patched');
/** knex's CommonJS modules that its package does not export by name (the SQLite transaction class). */
const requireKnex = createRequire(import.meta.url);

/**
 * SQLite: a statement that finds the database locked (SQLITE_BUSY: another process, or another of
 * our connections, is writing) is tried again after a pause on the event loop's timers, up to
 * `wait.waitMs`, then fails with SQLITE_BUSY (503 SERVICE_UNAVAILABLE; a metered call is not charged).
 * While `wait.quietMs` says a known long writer holds the lock (an import: the milliseconds since
 * it last showed it is alive, null when none does), the statement waits for as long as that writer
 * keeps showing it is alive, gives up `wait.stallMs` after its last sign of life, and has `waitMs`
 * afresh from the last time it saw it alive: once the import lets go, the statement may still find
 * the lock taken by a short writer that got it first. The wait is bounded by the writers' progress,
 * not by a fixed time a transaction may outlast on a busy machine. SQLite's own busy_timeout waits
 * inside the synchronous call instead: one writer held outside for 15 s froze every request of the
 * process. Readers in WAL mode never need the lock.
 */
export function waitForLocks(db: Knex, wait: LockWait): void {
  requireVersion('knex', KNEX_VERSION, 'src/patches/knex.ts');
  type SqliteClient = { _query(connection: unknown, obj: unknown): Promise<unknown> };
  const proto = Object.getPrototypeOf(db.client) as SqliteClient & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  const run = proto._query;
  proto._query = async function (this: SqliteClient, connection, obj) {
    let since = Date.now();
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      try {
        return await run.call(this, connection, obj);
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
        const now = Date.now();
        if (longWriterAlive(wait, (connection as { name: string }).name)) since = now;
        else if (now - since + pause > wait.waitMs) throw err;
        await new Promise((r) => setTimeout(r, pause));
      }
    }
  };
  proto[PATCHED] = true;
}

/** How long a SQLite write waits for the lock, or for its turn to write (gateWriters). */
export interface LockWait {
  waitMs: number;
  stallMs: number;
  /** ms since the long writer of this database file last showed it is alive; null when there is none */
  quietMs(file: string): number | null;
}

/** Whether a long writer of `file` (an import) holds the lock and has shown it is alive within `stallMs`. */
export function longWriterAlive(wait: LockWait, file: string): boolean {
  const quiet = wait.quietMs(file);
  return quiet !== null && quiet <= wait.stallMs;
}

const GATE = Symbol('fd.writerGate');
/** SQL that only reads (a `with` that writes is told by its verb). */
const READS = /^\s*(select|with|pragma|explain|values)\b/i;
const WRITE_VERB = /\b(insert|update|delete|replace)\b/i;
const WRITE_METHODS = new Set(['insert', 'update', 'del', 'truncate']);

/** Whether a builder knex is about to run writes: a query's method, a raw statement's verb, any schema change. */
function writes(builder: { _method?: string; _sequence?: unknown; sql?: unknown }): boolean {
  if (builder._sequence !== undefined) return true;
  if (typeof builder.sql === 'string') return !READS.test(builder.sql) || (/^\s*with\b/i.test(builder.sql) && WRITE_VERB.test(builder.sql));
  return WRITE_METHODS.has(builder._method ?? 'select');
}

/**
 * SQLite: every write of `db` that would take a pool connection (a statement that writes, run
 * outside a transaction, and every transaction) first waits for its turn at `gate` without one
 * (src/db/writerGate.ts), so writers waiting for another process's write lock can hold only the
 * gate's turns and the rest of the pool stays free for reads. Knex acquires a connection in two
 * places, both wrapped once on their prototypes: a runner's `ensureConnection` (a statement outside
 * a transaction; inside one, the transaction's client hands out its own connection and has no gate)
 * and the SQLite transaction's `acquireConnection`, which holds the connection for the whole
 * transaction (a nested one gets its parent's and passes).
 */
export function gateWriters(db: Knex, gate: { enter(): Promise<() => void> }): void {
  requireVersion('knex', KNEX_VERSION, 'src/patches/knex.ts');
  type Gated = { [GATE]?: { enter(): Promise<() => void> } };
  (db.client as Gated)[GATE] = gate;
  const passing = async <T>(g: Gated[typeof GATE], work: () => Promise<T>): Promise<T> => {
    const leave = await g!.enter();
    try {
      return await work();
    } finally {
      leave();
    }
  };

  type Runner = { client: Gated; connection?: unknown; builder: { _connection?: unknown } & Parameters<typeof writes>[0]; ensureConnection(cb: unknown): Promise<unknown> };
  const runner = Object.getPrototypeOf((db.client as unknown as { runner(b: unknown): Runner }).runner(db.queryBuilder())) as Runner & { [PATCHED]?: true };
  if (!runner[PATCHED]) {
    const ensure = runner.ensureConnection;
    runner.ensureConnection = function (this: Runner, cb) {
      const g = this.client[GATE];
      if (!g || this.connection || this.builder._connection || !writes(this.builder)) return ensure.call(this, cb);
      return passing(g, () => ensure.call(this, cb));
    };
    runner[PATCHED] = true;
  }

  type Transaction = { client: Gated; acquireConnection(config: { connection?: unknown } | undefined, cb: unknown): Promise<unknown> };
  const trx = (requireKnex('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js') as { prototype: Transaction & { [PATCHED]?: true } }).prototype;
  if (!trx[PATCHED]) {
    const acquire = trx.acquireConnection;
    trx.acquireConnection = function (this: Transaction, config, cb) {
      const g = this.client[GATE];
      if (!g || config?.connection) return acquire.call(this, config, cb);
      return passing(g, () => acquire.call(this, config, cb));
    };
    trx[PATCHED] = true;
  }
}

/**
 * SQLite: a multi-row INSERT as `insert into t (a, b) values (?, ?), (?, ?)`. knex 3 writes it as a
 * compound `select ? as a, ? as b union all select ...` (from before SQLite 3.7.11 had multi-row
 * VALUES), which SQLite plans and runs as a compound query: an import's inserts took 1,240 ms of CPU
 * where VALUES took 553 ms. Since SQLite 3.8.8 the compound-SELECT limit (500 terms) does not apply to
 * VALUES; the bind limit (32,766) still does. `on conflict` and `returning` follow the VALUES list as on
 * knex's single-row path (that form needs no `where true` before `on conflict`). Raw inserts, empty
 * rows and single rows keep knex's own compilation.
 */
export function valuesInserts(db: Knex): void {
  requireVersion('knex', KNEX_VERSION, 'src/patches/knex.ts');
  type Bindings = unknown;
  type Compiler = {
    single: { insert?: unknown; onConflict?: unknown; ignore?: unknown; merge?: { updates: unknown }; returning?: unknown };
    client: { valueForUndefined: unknown; parameterize(values: unknown[], notSet: unknown, builder: unknown, holder: Bindings): string };
    builder: unknown;
    bindingsHolder: Bindings;
    formatter: { columnize(columns: string[]): string };
    tableName: string;
    with(): string;
    where(): string;
    insert(): unknown;
    _prepInsert(values: unknown): { columns: string[]; values: unknown[][] } | string;
    _ignore(onConflict: unknown): string;
    _merge(updates: unknown, onConflict: unknown, insert: unknown): string;
    _returning(returning: unknown): string;
  };
  const proto = Object.getPrototypeOf(db.client.queryCompiler(db.queryBuilder())) as Compiler & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  const compile = proto.insert;
  proto.insert = function (this: Compiler) {
    const rows = this.single.insert;
    if (!Array.isArray(rows) || rows.length < 2) return compile.call(this);
    const data = this._prepInsert(rows);
    if (typeof data === 'string' || data.columns.length === 0) return compile.call(this);
    if (this.client.valueForUndefined !== null && data.values.some((v) => v.includes(undefined))) return compile.call(this); // knex's own error
    const tuples = data.values.map((v) => `(${this.client.parameterize(v, this.client.valueForUndefined, this.builder, this.bindingsHolder)})`);
    let sql = `${this.with()}insert into ${this.tableName} (${this.formatter.columnize(data.columns)}) values ${tuples.join(', ')}`;
    const { onConflict, ignore, merge, returning } = this.single;
    if (onConflict && ignore) sql += this._ignore(onConflict);
    else if (onConflict && merge) {
      sql += this._merge(merge.updates, onConflict, rows);
      const wheres = this.where();
      if (wheres) sql += ` ${wheres}`;
    }
    if (returning) sql += this._returning(returning);
    return { sql, returning };
  };
  proto[PATCHED] = true;
}

/**
 * Queries marked with `prepared()` run as named prepared statements on PostgreSQL: parsed and
 * planned once per connection, then executed with a generic plan. Planning is most of the cost of
 * a lookup by key here, because the planner weighs every index of a table and the list filters
 * keep many indexes on `transactions` and `entities` (bench: transaction detail 759 -> 1,049
 * req/s, company detail 642 -> 802). Only statements of a fixed text whose generic plan is right for any parameter are marked
 * (lookups by key or by a list of keys, credits); filtered, sorted list pages are not, since a generic plan
 * chosen for one filter value can be wrong for another. The name is a digest of the SQL text, so
 * the number of statements a connection keeps is bounded by the marked call sites.
 * `DB_PREPARED_STATEMENTS=off` turns this off (PgBouncer in transaction mode before 1.21).
 */
/** The query option (`.options(PREPARE)`) that marks a query to run as a named prepared statement. */
export const PREPARE = { prepare: true } as const;
const statementNames = new Map<string, string>();

/** The name of a marked statement: a digest of its text (also for statements run on a pooled connection directly, src/db/lookup.ts). */
export function preparedStatementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `fd_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    if (statementNames.size < 10_000) statementNames.set(sql, name);
  }
  return name;
}

/** Wraps the pg dialect's query call once (on its prototype, which knex's transaction clients share
 * with the pool's client): a marked query gets its statement name unless the instance's config says
 * `preparedStatements: false`. */
export function namePreparedStatements(db: Knex): void {
  requireVersion('knex', KNEX_VERSION, 'src/patches/knex.ts');
  type QueryObject = { sql: string; options?: Record<string, unknown> };
  type PgClient = { config: { preparedStatements?: boolean }; _query(connection: PgConnection, obj: QueryObject): Promise<unknown> };
  const proto = Object.getPrototypeOf(db.client) as PgClient & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  const run = proto._query;
  proto._query = async function (this: PgClient, connection, obj) {
    if (deferred.has(connection)) await settleBefore(connection, obj.sql, (sql) => run.call(this, connection, { sql }));
    if (!obj.options?.prepare) return run.call(this, connection, obj);
    const { prepare: _p, ...rest } = obj.options;
    if (this.config.preparedStatements === false) {
      obj.options = rest;
      return run.call(this, connection, obj);
    }
    const name = preparedStatementName(obj.sql);
    obj.options = { ...rest, name };
    try {
      return await run.call(this, connection, obj);
    } catch (err) {
      if (!(await droppedStaleStatement(err, connection, name))) throw err;
      return run.call(this, connection, obj);
    }
  };
  proto[PATCHED] = true;
}
/** Writes sent on a connection and not awaited (`deferOn`), in the order they were sent: each one's error, or null. */
const deferred = new WeakMap<object, Promise<unknown>[]>();

/**
 * Records a write sent on a pg connection in a transaction that its caller does not wait for (a
 * COPY: src/db/knex.ts `insertRows`), so that the client builds its next rows while the server
 * writes these. The driver sends the connection's statements one after another, so the next
 * statement reads what it wrote; that statement, sent through knex, first waits for it and fails
 * with its error if it failed (its transaction is aborted then), so the error surfaces where the
 * import's next statement would have run. A COMMIT after a failed write is sent as a ROLLBACK
 * (PostgreSQL would answer an aborted transaction's COMMIT with a rollback and no error), then fails.
 */
export function deferOn(connection: object, write: () => Promise<unknown>): void {
  const list = deferred.get(connection) ?? [];
  // after the writes deferred before it (the driver takes one query at a time), and not at all after a failed one
  const before = list.at(-1) ?? Promise.resolve(null);
  list.push(before.then((failed) => failed ?? write().then(() => null, (err: unknown) => err ?? new Error('deferred write failed'))));
  deferred.set(connection, list);
}

/** Waits for the deferred writes of `connection` before `sql` runs on it (see deferOn). */
async function settleBefore(connection: object, sql: string, send: (sql: string) => Promise<unknown>): Promise<void> {
  let failed: unknown = null;
  while (deferred.has(connection)) {
    const list = deferred.get(connection)!;
    deferred.delete(connection);
    for (const err of await Promise.all(list)) failed ??= err;
  }
  if (failed === null || /^\s*rollback\b/i.test(sql)) return;
  if (/^\s*commit\b/i.test(sql)) await send('ROLLBACK;');
  throw failed;
}

/** A pg client as the driver hands it out: its parsed statements by name are internal to pg. */
interface PgConnection {
  connection?: { parsedStatements?: Record<string, string> };
  query(sql: string, cb: (err: Error | null) => void): void;
}

/**
 * Whether `err` was a named statement made stale on `connection`, now dropped so that the caller runs
 * it once more. A column added to a table while this connection holds a `select *` statement on it:
 * the statement keeps failing on this connection until it is deallocated (a migration during a
 * rolling deploy). Outside a transaction only: inside one the failure has already aborted it.
 */
export async function droppedStaleStatement(err: unknown, connection: object, name: string): Promise<boolean> {
  const conn = connection as PgConnection;
  if ((err as { code?: string }).code !== '0A000' || !conn.connection?.parsedStatements?.[name]) return false;
  delete conn.connection.parsedStatements[name];
  await new Promise<void>((resolve, reject) => conn.query(`deallocate ${name}`, (e) => (e ? reject(e) : resolve())));
  return true;
}


/**
 * Marks a pooled pg connection for knex's pool to drop on its next acquire instead of handing it out
 * again (knex itself marks a connection that ended or failed the same way).
 */
export function discardConnection(conn: object, reason: string): void {
  const c = conn as { __knex__disposed?: unknown };
  c.__knex__disposed ??= reason;
}

/**
 * Runs `run` on a connection drawn from knex's pool for it alone, given back after (the client's
 * `acquireConnection` and `releaseConnection`, which knex does not document): a statement the caller
 * must be able to cancel, or a driver call knex has no query for.
 */
export async function onPooledConnection<C, T>(db: Knex, run: (conn: C) => Promise<T>): Promise<T> {
  const conn = (await db.client.acquireConnection()) as C;
  try {
    return await run(conn);
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/**
 * A query run on `conn` through knex's client (its undocumented `query`), so the patched `_query`
 * under it still applies (prepared-statement names): the driver's rows.
 */
export async function queryOn<R>(db: Knex, conn: unknown, query: Knex.QueryBuilder | Knex.Raw): Promise<R[]> {
  const client = db.client as { query(conn: unknown, q: unknown): Promise<{ response: { rows: R[] } }> };
  return (await client.query(conn, query.toSQL())).response.rows;
}

const closing = new WeakMap<object, (() => Promise<void>)[]>();

/**
 * Work `db.destroy()` finishes before it closes the pool: a worker thread's own connection to the
 * same SQLite file (src/db/budget.ts), which must close first so that the pool's last connection can
 * fold the WAL back into the file (a copy of the file alone then holds everything written). knex's
 * `destroy` is the client's, so the hook goes on the client.
 */
export function closesWith(db: Knex, close: () => Promise<void>): void {
  const client = db.client as { destroy(callback?: unknown): Promise<void> };
  let list = closing.get(client);
  if (!list) {
    const own: (() => Promise<void>)[] = [];
    list = own;
    closing.set(client, own);
    const destroy = client.destroy.bind(client);
    client.destroy = async (callback?: unknown) => {
      for (const c of own.splice(0)) await c();
      return destroy(callback);
    };
  }
  list.push(close);
}

/** What knex's pool (tarn) counts of its connections, read through its undocumented `client.pool`. */
export interface PoolCounts {
  /** the pool's size (`pool.max`) */
  max: number;
  used: number;
  free: number;
  pendingCreates: number;
  pendingAcquires: number;
}

/** The pool's counts now, null before knex made its pool (or for a client without one). */
export function poolCounts(db: Knex): PoolCounts | null {
  const pool = (db.client as { pool?: { numUsed(): number; numFree(): number; numPendingCreates(): number; numPendingAcquires(): number } }).pool;
  if (!pool) return null;
  return {
    max: (db.client.config as Knex.Config).pool?.max ?? 1,
    used: pool.numUsed(),
    free: pool.numFree(),
    pendingCreates: pool.numPendingCreates(),
    pendingAcquires: pool.numPendingAcquires(),
  };
}
