/**
 * A walk: one list statement (filtered and sorted, no LIMIT) read from its start to its end in
 * batches, for an export (src/pipeline/export.ts), instead of a keyset page per batch. A page
 * statement costs the engine what its plan reads, not what it returns: when SQLite serves a filter
 * from the filter's index (`year[gte]:2026` by the year index), every page read and sorted all the
 * matching rounds after the cursor, so an export of N rows cost N²/batch rows read and sorted
 * (34,493 rows of `large`: ~120 ms of the query worker per page of 500, 205 µs of CPU per row). A
 * walk runs its statement once: the rows are read (and sorted, when no index gives the order) once.
 *
 * SQLite: the query worker (budget.ts) iterates the statement on a connection of the walk's own (an
 * iterating statement keeps its connection busy) and sends the rows a batch at a time, the other
 * queries running between its steps (a thread of its own per export cost ~27 MB of RSS); its read
 * transaction stays open until the walk ends, so every batch sees the same data. PostgreSQL: a cursor in a transaction on a pooled
 * connection held for the walk, each batch a FETCH (under the connection's statement_timeout).
 * Either way each batch is bounded by the query budget and stopped when the client goes away; a
 * statement the walk does not hold (another statement of the same operation, a page after a cursor
 * it did not start) gets null and runs as a page.
 */
import type { Knex } from 'knex';
import type pg from 'pg';
import { ApiError } from '../errors.js';
import { cancelOnAbort, sqliteRunner, type SqliteRunner } from './budget.js';
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
  /**
   * The rows the next `take` of `count` rows will return first, once the rows asked for ahead have
   * come; none when no rows are asked for ahead (SQLite), the walk ended or failed. The caller reads
   * what it needs of them (their documents: documentLines.ts `walkLines`) while the taken batch is written.
   */
  upcoming(count: number): Promise<Row[]>;
  /** Ends the walk: its statement, its transaction, its worker or connection. Never throws. */
  close(): Promise<void>;
}

/** The rows of a walk buffered past what was taken, with the engine's part to fetch more and end. */
abstract class BufferedWalk implements Walk {
  private statement: string | null = null;
  private buffer: Row[] = [];
  private done = false;
  private failed: unknown = null;
  /** The rows asked for ahead (`readAhead`), added to the buffer as they come: `take` and `upcoming` wait for the same. */
  private ahead: Promise<void> | null = null;
  /**
   * Whether the next batch's rows are asked for as soon as a batch is taken: on PostgreSQL the
   * cursor's FETCH then runs on its backend while the taken batch is written, and once its rows have
   * come (`upcoming`) their documents are read on others (documentLines.ts `walkLines`); SQLite's
   * worker runs one statement at a time, so there it would only wait.
   */
  protected readAhead = false;

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
      if (this.ahead) {
        const ahead = this.ahead;
        this.ahead = null;
        await ahead;
      }
      while (this.buffer.length <= count && !this.done) this.add(await this.more(Math.max(count + 1 - this.buffer.length, MIN_FETCH), budgetMs, signal));
    } catch (err) {
      this.failed = err;
      throw err;
    }
    const rows = this.buffer.splice(0, count);
    if (this.readAhead && !this.done && this.buffer.length <= count) {
      this.ahead = this.more(Math.max(count + 1 - this.buffer.length, MIN_FETCH), budgetMs, signal).then((r) => this.add(r));
      this.ahead.catch(() => undefined);
    }
    return this.buffer.length > 0 ? [...rows, this.buffer[0]!] : rows;
  }

  async upcoming(count: number): Promise<Row[]> {
    if (!this.readAhead || this.failed || this.statement === null) return [];
    try {
      await this.ahead;
    } catch {
      // the next `take` throws it
      return [];
    }
    return this.buffer.slice(0, count);
  }

  /** Waits for the rows asked for ahead, before the walk's end (its failure is moot then). */
  protected async settled(): Promise<void> {
    await this.ahead?.catch(() => undefined);
    this.ahead = null;
  }

  private add(r: { rows: Row[]; done: boolean }): void {
    for (const row of r.rows) this.buffer.push(row);
    this.done = r.done;
  }
}

/** Walks of this process: the worker's key of each. */
let walkSeq = 0;

class SqliteWalk extends BufferedWalk {
  private readonly key = ++walkSeq;
  private opened = false;

  constructor(private readonly runner: SqliteRunner) {
    super();
  }

  private async step(message: Record<string, unknown>, budgetMs: number, signal?: AbortSignal) {
    try {
      const reply = await this.runner.ask(message, budgetMs, signal);
      return { rows: reply.rows ?? [], done: reply.done === true };
    } catch (err) {
      // the worker was stopped (for a query over its budget) and its walks with it
      if ((err as { code?: string }).code === 'WALK_GONE') throw new ApiError('SERVICE_UNAVAILABLE', 'The export was interrupted; retry with backoff');
      throw err;
    }
  }

  protected open(sql: string, bindings: readonly unknown[], count: number, budgetMs: number, signal?: AbortSignal) {
    this.opened = true;
    return this.step({ walk: this.key, count, sql, bindings: bindings.map((b) => (typeof b === 'boolean' ? Number(b) : b)) }, budgetMs, signal);
  }

  protected more(count: number, budgetMs: number, signal?: AbortSignal) {
    return this.step({ more: this.key, count }, budgetMs, signal);
  }

  async close(): Promise<void> {
    if (!this.opened) return;
    this.opened = false;
    await this.runner.ask({ end: this.key }, CLOSE_BUDGET_MS).catch(() => undefined);
  }
}

/** Ending a walk is closing a statement and a connection: a bound for a stuck worker only. */
const CLOSE_BUDGET_MS = 60_000;

const CURSOR = 'walk';

class PgWalk extends BufferedWalk {
  private conn: pg.Client | null = null;

  constructor(private readonly db: Knex) {
    super();
    this.readAhead = true;
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
    await this.settled();
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

/** Walks open at once per database: on PostgreSQL half its pool (each holds a connection), on SQLite SQLITE_WALKS. */
const SQLITE_WALKS = 8;
const open = new WeakMap<Knex, number>();

function maxWalks(db: Knex): number {
  if (dialectOf(db).inProcess) return SQLITE_WALKS;
  return Math.max(1, Math.floor(((db.client.config as Knex.Config).pool?.max ?? 2) / 2));
}

/**
 * A walk for an export on this database, or null where its statements run on the connection at hand
 * (in a transaction, on an in-memory SQLite database: `budgeted` reads there too) and while as many
 * walks as `maxWalks` are open (the export then reads a page per batch, holding nothing between them:
 * stalled exports must not take every pooled connection).
 */
export function openWalk(db: Knex): Walk | null {
  if ((db as Knex.Transaction).isTransaction) return null;
  if (dialectOf(db).inProcess && sqliteFile(db) === null) return null;
  const n = open.get(db) ?? 0;
  if (n >= maxWalks(db)) return null;
  open.set(db, n + 1);
  const walk: Walk = dialectOf(db).inProcess ? new SqliteWalk(sqliteRunner(db)) : new PgWalk(db);
  let closed = false;
  return {
    take: (...args) => walk.take(...args),
    upcoming: (count) => (closed ? Promise.resolve([]) : walk.upcoming(count)),
    close: async () => {
      if (closed) return;
      closed = true;
      open.set(db, (open.get(db) ?? 1) - 1);
      await walk.close();
    },
  };
}
