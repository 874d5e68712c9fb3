/**
 * A walk: one list statement (filtered and sorted, no LIMIT) read from its start to its end in
 * batches, for an export (src/pipeline/export.ts), instead of a keyset page per batch. A page
 * statement costs the engine what its plan reads, not what it returns: when SQLite serves a filter
 * from the filter's index (`year[gte]:2026` by the year index), every page read and sorted all the
 * matching rounds after the cursor, so an export of N rows cost N²/batch rows read and sorted
 * (34,493 rows of `large`: ~120 ms of the query worker per page of 500, 205 µs of CPU per row). A
 * walk runs its statement once: the rows are read (and sorted, when no index gives the order) once.
 *
 * SQLite: a worker thread of the walk's own iterates the statement (an iterating statement keeps its
 * connection busy) and sends the rows a batch at a time; its read transaction stays open until the
 * walk ends, so every batch sees the same data. PostgreSQL: a cursor in a transaction on a pooled
 * connection held for the walk, each batch a FETCH (under the connection's statement_timeout).
 * Either way each batch is bounded by the query budget and stopped when the client goes away; a
 * statement the walk does not hold (another statement of the same operation, a page after a cursor
 * it did not start) gets null and runs as a page.
 */
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import type pg from 'pg';
import { queryTimeout } from '../errors.js';
import { clientGone } from './cancel.js';
import { cancelOnAbort } from './budget.js';
import { dialectOf } from './dialect.js';
import { sqliteFile } from './knex.js';
import { discardConnection } from '../patches/knex.js';

type Row = Record<string, unknown>;

/** Rows asked of the engine at a time at least (a batch and the row after it, at most a batch more). */
const MIN_FETCH = 256;

export interface Walk {
  /**
   * The next `count` rows of the walk and the row after them when there is one (which the next call
   * returns again), or null when the walk does not serve this statement: `first` (no cursor) opens
   * the walk on its statement; later calls must bring the same statement and no longer be `first`.
   */
  take(statement: { sql: string; bindings: readonly unknown[] }, count: number, first: boolean, budgetMs: number, signal?: AbortSignal): Promise<Row[] | null>;
  /** Ends the walk: its statement, its transaction, its worker or connection. Never throws. */
  close(): Promise<void>;
}

/** The rows of a walk buffered past what was taken, with the engine's part to fetch more and end. */
abstract class BufferedWalk implements Walk {
  private statement: string | null = null;
  private buffer: Row[] = [];
  private done = false;
  private failed: unknown = null;

  protected abstract open(sql: string, bindings: readonly unknown[], count: number, budgetMs: number, signal?: AbortSignal): Promise<{ rows: Row[]; done: boolean }>;
  protected abstract more(count: number, budgetMs: number, signal?: AbortSignal): Promise<{ rows: Row[]; done: boolean }>;
  abstract close(): Promise<void>;

  async take(statement: { sql: string; bindings: readonly unknown[] }, count: number, first: boolean, budgetMs: number, signal?: AbortSignal): Promise<Row[] | null> {
    const key = `${statement.sql}\0${JSON.stringify(statement.bindings)}`;
    if (this.statement === null ? !first : first || key !== this.statement) return null;
    if (this.failed) throw this.failed;
    try {
      if (this.statement === null) {
        this.statement = key;
        this.add(await this.open(statement.sql, statement.bindings, Math.max(count + 1, MIN_FETCH), budgetMs, signal));
      }
      while (this.buffer.length <= count && !this.done) this.add(await this.more(Math.max(count + 1 - this.buffer.length, MIN_FETCH), budgetMs, signal));
    } catch (err) {
      this.failed = err;
      throw err;
    }
    const rows = this.buffer.splice(0, count);
    return this.buffer.length > 0 ? [...rows, this.buffer[0]!] : rows;
  }

  private add(r: { rows: Row[]; done: boolean }): void {
    for (const row of r.rows) this.buffer.push(row);
    this.done = r.done;
  }
}

class SqliteWalk extends BufferedWalk {
  private worker: Worker | null = null;
  private seq = 0;
  private pending: { id: number; resolve(r: { rows: Row[]; done: boolean }): void; reject(err: unknown): void } | null = null;

  constructor(private readonly file: string) {
    super();
  }

  private spawn(): Worker {
    const w = new Worker(new URL('./sqlite-worker.mjs', import.meta.url), { workerData: { file: this.file } });
    w.on('message', (m: { id: number; rows?: Row[]; done?: boolean; error?: { message: string; code?: string } }) => {
      const p = this.pending;
      if (!p || p.id !== m.id) return;
      this.pending = null;
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code ?? 'SQLITE_ERROR' }));
      else p.resolve({ rows: m.rows ?? [], done: m.done === true });
    });
    const fail = (err: unknown) => {
      const p = this.pending;
      this.pending = null;
      p?.reject(err);
    };
    w.on('error', fail);
    w.on('exit', () => fail(new Error('the walk worker ended')));
    w.unref();
    return w;
  }

  /** One message to the worker and its answer, within the budget; a budget spent or a client gone stops the worker. */
  private ask(message: Record<string, unknown>, budgetMs: number, signal?: AbortSignal): Promise<{ rows: Row[]; done: boolean }> {
    if (signal?.aborted) return Promise.reject(clientGone());
    const worker = (this.worker ??= this.spawn());
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const stop = (err: Error) => {
        this.pending = null;
        settle();
        reject(err);
        // better-sqlite3 cannot interrupt a statement: its worker goes, and the walk with it
        this.worker = null;
        void worker.terminate();
      };
      const timer = setTimeout(() => stop(queryTimeout()), budgetMs);
      const onAbort = () => stop(clientGone());
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending = {
        id,
        resolve: (r) => (settle(), resolve(r)),
        reject: (err) => (settle(), reject(err)),
      };
      worker.postMessage({ id, ...message });
    });
  }

  protected open(sql: string, bindings: readonly unknown[], count: number, budgetMs: number, signal?: AbortSignal) {
    return this.ask({ sql, bindings: bindings.map((b) => (typeof b === 'boolean' ? Number(b) : b)), walk: count }, budgetMs, signal);
  }

  protected more(count: number, budgetMs: number, signal?: AbortSignal) {
    return this.ask({ more: count }, budgetMs, signal);
  }

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

const CURSOR = 'walk';

class PgWalk extends BufferedWalk {
  private conn: pg.Client | null = null;

  constructor(private readonly db: Knex) {
    super();
  }

  protected async open(sql: string, bindings: readonly unknown[], count: number, budgetMs: number, signal?: AbortSignal) {
    const conn = (this.conn = (await this.db.client.acquireConnection()) as pg.Client);
    await conn.query('begin read only');
    // planned for every row, not for the first tenth a cursor's plan favours (a filter's index and one sort, not the sort key's index and a filter)
    await conn.query('set local cursor_tuple_fraction = 1');
    await cancelOnAbort(this.db, conn, signal, () => conn.query(`declare ${CURSOR} no scroll cursor for ${sql}`, [...bindings]));
    return this.more(count, budgetMs, signal);
  }

  protected async more(count: number, _budgetMs: number, signal?: AbortSignal) {
    const conn = this.conn!;
    // the connection's statement_timeout (the query budget, knex.ts) bounds each FETCH
    const rows = (await cancelOnAbort(this.db, conn, signal, () => conn.query<Row>(`fetch ${Math.floor(count)} from ${CURSOR}`))).rows;
    return { rows, done: rows.length < count };
  }

  async close(): Promise<void> {
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    try {
      await conn.query('rollback');
    } catch {
      discardConnection(conn, 'left inside a walk: its rollback failed');
    }
    await this.db.client.releaseConnection(conn);
  }
}

/**
 * A walk for an export on this database, or null where its statements run on the connection at hand
 * (in a transaction, on an in-memory SQLite database: `budgeted` reads there too).
 */
export function openWalk(db: Knex): Walk | null {
  if ((db as Knex.Transaction).isTransaction) return null;
  if (!dialectOf(db).inProcess) return new PgWalk(db);
  const file = sqliteFile(db);
  return file === null ? null : new SqliteWalk(file);
}
