/**
 * The query execution budget (openapi.yaml `QueryTimeout`, docs/scaling.md): beyond it a query fails with 504
 * QUERY_TIMEOUT and the server stays healthy. PostgreSQL enforces it itself: `statement_timeout`
 * on every pooled connection (knex.ts), or `set local` in a transaction of its own for another
 * budget (one that always ends: see withLocalTimeout). SQLite queries of lists and analytics run in
 * a worker thread that is terminated when the budget runs out. Within an operation that sets a
 * deadline (cancel.ts), each statement gets only what is left of the request's budget.
 */
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import type pg from 'pg';
import { ApiError, queryTimeout } from '../errors.js';
import { budgetLeft, clientGone, currentDeadline, currentSignal } from './cancel.js';
import { dialectOf } from './dialect.js';
import { connectionBudgetMs, normalizeRawResult, sqliteFile } from './knex.js';
import { withBase } from './lineBytes.mjs';
import { lendSlot, releaseSlot } from './slots.js';
import { closesWith, discardConnection, onPooledConnection, queryOn } from '../patches/knex.js';

type Row = Record<string, unknown>;

/** The worker's reply: a query's rows, a walk's next rows and whether it has ended, an export batch's lines (documentLines.ts). */
export interface Reply {
  id: number;
  rows?: Row[];
  done?: boolean;
  /** `bytes` null: written into the shared slot the request lent (documentLines.ts), `length` bytes at its start. */
  lines?: { bytes: Uint8Array | null; length: number; ends: Uint32Array } | null;
  error?: { message: string; code?: string };
}

interface Pending {
  resolve(reply: Reply): void;
  reject(err: unknown): void;
  /** The worker running the query: a terminated worker fails only its own queries. */
  worker: Worker;
}

/**
 * The query worker's young generation (V8's default is 48 MB, three semi-spaces of 16): what it
 * allocates per message (a batch's rows, a query's result before it is cloned) dies before the next,
 * and a young generation of the default size stayed resident at its high-water mark beside the main
 * thread's (docs/scaling.md, "Memory").
 */
const WORKER_YOUNG_MB = 8;

export class SqliteRunner {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly file: string) {}

  private spawn(): Worker {
    const w = new Worker(new URL('./sqlite-worker.mjs', import.meta.url), { workerData: { file: this.file }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
    w.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code ?? 'SQLITE_ERROR' }));
      else p.resolve(m);
    });
    w.on('error', (err) => this.fail(w, err));
    w.on('exit', () => {
      if (this.worker === w) this.worker = null;
      // queries of other requests on a worker stopped for a runaway one: retryable, never a 500
      this.fail(w, new ApiError('SERVICE_UNAVAILABLE', 'The query was interrupted; retry with backoff'));
    });
    w.unref();
    return w;
  }

  private fail(worker: Worker, err: unknown): void {
    for (const [id, p] of this.pending) {
      if (p.worker !== worker) continue;
      this.pending.delete(id);
      p.reject(err);
    }
  }

  async run(sql: string, bindings: readonly unknown[], budgetMs: number, signal?: AbortSignal, texts?: DocumentTexts & { slot?: SharedArrayBuffer }): Promise<Row[]> {
    return (await this.ask({ sql, bindings: bindings.map((b) => (typeof b === 'boolean' ? Number(b) : b)), texts }, budgetMs, signal)).rows ?? [];
  }

  /** One message to the worker (a query, or a step of a walk: src/db/walk.ts) and its reply, within the budget. */
  ask(message: Record<string, unknown>, budgetMs: number, signal?: AbortSignal): Promise<Reply> {
    if (signal?.aborted) return Promise.reject(clientGone());
    const worker = (this.worker ??= this.spawn());
    const id = ++this.seq;
    return new Promise<Reply>((resolve, reject) => {
      const stop = (err: Error) => {
        this.pending.delete(id);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(err);
        // stop the query (better-sqlite3 cannot interrupt one); the next query starts a fresh worker
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      };
      const timer = setTimeout(() => stop(queryTimeout()), budgetMs);
      const onAbort = () => stop(clientGone());
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      this.pending.set(id, {
        worker,
        resolve: (rows) => {
          settle();
          resolve(rows);
        },
        reject: (err) => {
          settle();
          reject(err);
        },
      });
      worker.postMessage({ id, ...message });
    });
  }

  /** Closes the worker's connection, then the worker (terminated if it does not end within a second: a query still running). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (!w) return;
    const ended = new Promise<void>((r) => w.once('exit', () => r()));
    w.postMessage({ close: true });
    const timer = setTimeout(() => void w.terminate(), 1000);
    await ended;
    clearTimeout(timer);
  }
}

const runners = new WeakMap<Knex, SqliteRunner>();

/** The query worker of a SQLite database file (started on first use, closed with the database). */
export function sqliteRunner(db: Knex): SqliteRunner {
  let runner = runners.get(db);
  if (!runner) {
    const file = (db.client.config.connection as { filename: string }).filename;
    runner = new SqliteRunner(file);
    runners.set(db, runner);
    closesWith(db, () => closeBudgetRunner(db));
  }
  return runner;
}

/**
 * A column of a query's rows that holds record documents' bodies (a list page's, src/db/documents.ts
 * `withDocumentTexts`), given back as their texts with the web app's base in their `service_url`s
 * (lineBytes.mjs `withBase`): on SQLite the query worker reads them as bytes and writes them into a
 * lent slot (slots.ts), copied out once, so the main thread receives no string per document (the structured clone of
 * a page's documents was the largest stage of a list's CPU), nor collects them, nor encodes them
 * again for the socket. A row without a document keeps a null.
 */
export interface DocumentTexts {
  column: string;
  appUrl: string;
}

/**
 * Runs a read query under the budget; returns plain row objects on both engines. `signal` (the
 * request's, when its client goes away) stops it; without one, the signal of the operation it runs
 * for (src/db/cancel.ts). With `texts`, that column's documents come as their texts (DocumentTexts).
 */
export async function budgeted<T = Row>(db: Knex, query: Knex.QueryBuilder | Knex.Raw, budgetMs: number, given?: AbortSignal, texts?: DocumentTexts): Promise<T[]> {
  if (!texts || (dialectOf(db).inProcess && sqliteFile(db) !== null && !(db as Knex.Transaction).isTransaction)) return budgetedRows<T>(db, query, budgetMs, given, texts);
  const rows = await budgetedRows<Row>(db, query, budgetMs, given);
  withBase(rows, texts.column, texts.appUrl);
  return rows as T[];
}

/** `budgeted`; `texts` only where the SQLite worker reads the query. */
async function budgetedRows<T = Row>(db: Knex, query: Knex.QueryBuilder | Knex.Raw, budgetMs: number, given?: AbortSignal, texts?: DocumentTexts): Promise<T[]> {
  // a read inside a transaction (a writer rebuilding record documents, src/documents/build.ts) must
  // see its uncommitted rows: it runs on the transaction's connection, under no budget of its own,
  // since a connection of its own (the SQLite worker, a pooled PostgreSQL one) cannot see them; an
  // in-memory SQLite database is its one connection, which no worker can open
  if ((db as Knex.Transaction).isTransaction || (dialectOf(db).inProcess && sqliteFile(db) === null)) return normalizeRawResult(await query) as T[];
  const signal = given ?? currentSignal();
  // an operation's statements share its one budget, counted from the request's start (cancel.ts)
  const started = performance.now();
  const leftMs = budgetLeft(budgetMs, started);
  if (leftMs <= 0) throw queryTimeout();
  if (dialectOf(db).timesOutStatements) {
    const timeoutMs = Math.max(1, Math.floor(leftMs));
    // one round trip when the connection's own statement_timeout is the budget (knex.ts)
    if (connectionBudgetMs(db) === timeoutMs) {
      if (!signal) return normalizeRawResult(await query) as T[];
      // through knex's client on a connection of our own: prepared-statement marks still apply
      return (await cancellable(db, signal, (conn) => queryOn<Row>(db, conn, query))) as T[];
    }
    return (await withLocalTimeout(db, query, timeoutMs, currentDeadline(), signal)) as T[];
  }
  const { sql, bindings } = query.toSQL().toNative();
  if (!texts) return (await sqliteRunner(db).run(sql, bindings, leftMs, signal)) as T[];
  const slot = lendSlot();
  try {
    const rows = await sqliteRunner(db).run(sql, bindings, leftMs, signal, { ...texts, slot: slot ?? undefined });
    if (slot) copiedOut(rows, texts.column, slot);
    return rows as T[];
  } finally {
    if (slot) releaseSlot(slot);
  }
}

/**
 * The rows' texts the worker wrote into the lent `slot` (slots.ts), copied out into one buffer of the
 * page's own, each row's value its view there, so that the slot can be given back at once: the
 * texts live on until the answer's bytes are built, after the stages that follow the handler.
 */
function copiedOut(rows: Row[], column: string, slot: SharedArrayBuffer): void {
  let length = 0;
  for (const r of rows) {
    const v = r[column] as Uint8Array | null;
    if (v && v.buffer === slot) length = Math.max(length, v.byteOffset + v.byteLength);
  }
  const own = Buffer.from(new Uint8Array(slot, 0, length));
  for (const r of rows) {
    const v = r[column] as Uint8Array | null;
    if (v && v.buffer === slot) r[column] = own.subarray(v.byteOffset, v.byteOffset + v.byteLength);
  }
}

/**
 * A read that completes the rows of a request's answer (their blocks, career and education
 * glances). On SQLite it runs on the worker thread, as the page query itself does: on the main
 * thread (better-sqlite3 answers synchronously) these reads were most of an export batch's
 * main-thread time (three statements of 8-25 ms each per batch of founders), and with 200 exports
 * opened at once they held every other request, the liveness probe's among them. Within the running
 * operation's budget, else ROWS_READ_BUDGET_MS (these reads are of at most a page's ids: a bound
 * for a stuck statement, not a query budget). In a transaction (the worker cannot see its writes),
 * on an in-memory database and on PostgreSQL it runs as any query.
 */
export async function readRows<T = Row>(db: Knex, query: Knex.QueryBuilder | Knex.Raw): Promise<T[]> {
  // PostgreSQL runs it as any query; on SQLite, budgeted keeps a transaction's and an in-memory database's reads on their connection
  if (!dialectOf(db).inProcess) return normalizeRawResult(await query) as T[];
  return budgeted<T>(db, query, ROWS_READ_BUDGET_MS);
}

const ROWS_READ_BUDGET_MS = 60_000;

/** A pooled pg client. */
type PgConnection = pg.Client;

/**
 * PostgreSQL, a budget other than the connection's own: `begin; set local statement_timeout; the
 * query; rollback` on one pooled connection (a read has nothing to commit); within an operation's
 * `deadline` (cancel.ts), the timeout is at most what is left of it once the connection is drawn.
 * The local timeout also
 * covers the ROLLBACK, and on a busy backend a ROLLBACK sent after a tiny budget can itself be
 * cancelled before it runs. knex's transaction then returned the connection to the pool still inside
 * the aborted transaction, and every later statement on it failed ("current transaction is
 * aborted"): 500s for whoever drew that connection. Here a cancelled ROLLBACK is sent again, and a
 * connection that could not be brought back out of its transaction is dropped, not reused.
 */
async function withLocalTimeout(db: Knex, query: Knex.QueryBuilder | Knex.Raw, budgetMs: number, deadline: number, signal?: AbortSignal): Promise<Row[]> {
  return onPooledConnection<PgConnection, Row[]>(db, async (conn) => {
    let clean = false;
    try {
      // within an operation's deadline the wait for a pooled connection comes out of the budget too
      const timeoutMs = Math.max(1, Math.floor(Math.min(budgetMs, deadline - performance.now())));
      await conn.query('begin');
      try {
        await conn.query(`set local statement_timeout = ${timeoutMs}`);
        const { sql, bindings } = query.toSQL().toNative();
        return await cancelOnAbort(db, conn, signal, async () => (await conn.query<Row>(sql, [...bindings])).rows);
      } finally {
        clean = await rollback(conn);
      }
    } finally {
      // before the pool gets it back
      if (!clean) discardConnection(conn, 'left inside a transaction: its rollback failed');
    }
  });
}

/** PostgreSQL: runs `run` on a connection of its own, cancelled when `signal` aborts. */
function cancellable(db: Knex, signal: AbortSignal, run: (conn: PgConnection) => Promise<Row[]>): Promise<Row[]> {
  return onPooledConnection<PgConnection, Row[]>(db, (conn) => cancelOnAbort(db, conn, signal, () => run(conn)));
}

/**
 * Runs `work` on `conn`; if `signal` aborts meanwhile, asks the server to cancel the connection's
 * statement (`pg_cancel_backend` from another pooled connection). The cancel is awaited before the
 * connection goes back to the pool, so it can never reach a later user's statement.
 */
export async function cancelOnAbort<T>(db: Knex, conn: PgConnection, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (!signal) return work();
  if (signal.aborted) throw clientGone();
  let cancelling: Promise<unknown> | null = null;
  const onAbort = () => {
    cancelling = db.raw('select pg_cancel_backend(?)', [(conn as { processID?: number }).processID ?? 0]).catch(() => undefined);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await work();
  } catch (err) {
    throw signal.aborted ? clientGone() : err;
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (cancelling) await cancelling;
  }
}

const ROLLBACK_ATTEMPTS = 5;

/** Ends the connection's transaction; false when it could not (the connection must not be reused). */
async function rollback(conn: PgConnection): Promise<boolean> {
  for (let attempt = 0; attempt < ROLLBACK_ATTEMPTS; attempt++) {
    try {
      await conn.query('rollback');
      return true;
    } catch (err) {
      // only a ROLLBACK cancelled by the local statement_timeout is worth sending again
      if ((err as { code?: string }).code !== '57014') return false;
    }
  }
  return false;
}

export async function closeBudgetRunner(db: Knex): Promise<void> {
  await runners.get(db)?.close();
  runners.delete(db);
}
