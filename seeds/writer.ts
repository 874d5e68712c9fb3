/**
 * Streaming bulk writer: rows are buffered per table and written inside database transactions.
 * Buffers are flushed together, parents before children (the table order below follows the foreign
 * keys), so foreign keys hold at every statement on both engines. Given an insert target, the writes
 * run in a thread of their own on a connection of their own (insert-worker.mjs) while the next rows
 * are generated: multi-row INSERTs on a SQLite file, COPY on PostgreSQL (copy.mjs; the COPY text of
 * many flushes is gathered and sent in one statement per table). Without one, multi-row INSERTs on
 * the writer's own transaction, under SQLite's bound-parameter limit (insert-sql.mjs).
 * Also the progress bar.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { dialectOf, type Dialect } from '../src/db/dialect.js';
import { sqliteFile } from '../src/db/knex.js';
import { columnsOf, type TableName as SchemaTable } from '../src/db/schema.js';
import { insertSql, sqliteValues, statementsOf } from './insert-sql.mjs';

/** Every table the seed writes, in foreign-key order. */
const SEEDED: readonly SchemaTable[] = [
  'places', 'taxonomy', 'investor_types', 'investment_stages', 'degrees', 'majors', 'entities', 'entity_locations', 'entity_taxonomy',
  'entity_flags', 'entity_investor_types', 'entity_investor_stages', 'transactions', 'transaction_investors', 'career', 'education', 'jobs',
  'funds', 'fund_lps', 'valuations', 'financials', 'headcount_breakdown', 'web_traffic', 'patents', 'news', 'news_entities', 'news_taxonomy',
  'landscapes', 'landscape_taxonomy', 'teams', 'team_members', 'api_keys', 'notes', 'users', 'credit_balances', 'fx_rates',
  'ecosystems', 'ecosystem_places',
  // the typeahead and match tables, derived from entities and news as those are added (terms.ts)
  'search_terms', 'news_terms', 'match_keys',
];

/** Every table the seed writes, in foreign-key order, with its columns (src/db/schema.ts). */
export const TABLES: Record<string, readonly string[]> = Object.fromEntries(SEEDED.map((t) => [t, columnsOf(t)]));

export type TableName = keyof typeof TABLES & string;
export type Row = Record<string, unknown>;
/** Rows derived from a row as it is added: each table they go to and its rows. */
export type Derive = (row: Row) => readonly (readonly [TableName, readonly Row[]])[];

/** Buffered values across all tables before a flush. */
const FLUSH_VALUES = 60_000;
/** Rows written before the running database transaction is committed and a new one begun (SQLite; on PostgreSQL the rows are one transaction). */
const COMMIT_ROWS = 400_000;

/** Where an insert thread writes: a SQLite file, or a PostgreSQL database (knex's connection settings). */
export type InsertTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; connection: unknown };

/** The insert thread's target for `db`: its file on SQLite (none in memory), its connection settings on PostgreSQL. */
export function insertTarget(db: Knex): InsertTarget | null {
  if (db.client.config.client !== 'pg') {
    const file = sqliteFile(db);
    return file ? { engine: 'sqlite', file } : null;
  }
  return { engine: 'postgres', connection: db.client.config.connection };
}

export class Progress {
  private readonly started = performance.now();
  private phase = '';
  private phaseStarted = 0;
  private total = 0;
  private lastDraw = 0;

  /** `onPhase`: told each phase's name as it begins (the bench reads the CPU time of each). */
  constructor(
    private readonly enabled: boolean,
    private readonly onPhase?: (phase: string) => void,
  ) {}

  begin(phase: string, total: number): void {
    this.end();
    this.onPhase?.(phase);
    this.phase = phase;
    this.phaseStarted = performance.now();
    this.total = Math.max(1, total);
    this.draw(0, true);
  }

  tick(done: number, rows: number): void {
    const t = performance.now();
    if (t - this.lastDraw < 100 && done < this.total) return;
    this.lastDraw = t;
    this.draw(done, false, rows);
  }

  end(rows?: number): void {
    if (!this.phase) return;
    const seconds = (performance.now() - this.phaseStarted) / 1000;
    this.draw(this.total, true, rows);
    if (this.enabled) process.stderr.write(`${seconds.toFixed(1).padStart(6)} s\n`);
    this.phase = '';
  }

  elapsedSeconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  summary(rows: number, writeSeconds: number): void {
    if (!this.enabled) return;
    const s = this.elapsedSeconds();
    process.stderr.write(`seeded ${rows.toLocaleString('en-US')} rows in ${s.toFixed(1)} s (${Math.round(rows / s).toLocaleString('en-US')} rows/s)\n`);
    process.stderr.write(`of which writes and commits of generated rows ${writeSeconds.toFixed(1)} s\n`);
  }

  private draw(done: number, force: boolean, rows?: number): void {
    if (!this.enabled || (!force && !this.phase)) return;
    const width = 30;
    const frac = Math.min(1, done / this.total);
    const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '.');
    const rate = rows !== undefined ? `  ${Math.round(rows / Math.max(0.001, this.elapsedSeconds())).toLocaleString('en-US')} rows/s` : '';
    process.stderr.write(`\r${this.phase.padEnd(14)} [${bar}] ${String(Math.round(frac * 100)).padStart(3)}%  ${done}/${this.total}${rate}   `);
  }
}

/** Flushes handed to the insert thread and not yet written before a flush waits for the oldest. */
const MAX_PENDING = 2;

/**
 * The insert thread: its own connection, one open transaction at a time, messages answered in order.
 * Only one of it and the writer's knex transaction writes at a time (see BulkWriter).
 */
class InsertThread {
  private readonly worker: Worker;
  private readonly replies = new Map<number, { resolve(): void; reject(err: Error): void }>();
  private pending: Promise<void>[] = [];
  private nextId = 0;
  private failure: Error | null = null;
  /** Rows sent since the last commit or rollback. */
  dirty = false;
  /** Milliseconds the thread spent on INSERTs and commits (SQLite) or COPYs (PostgreSQL). */
  ms = 0;
  /** The tables of the COPYs done, in order (PostgreSQL). */
  readonly copies: string[] = [];

  constructor(target: InsertTarget, tables: Record<string, readonly string[]>) {
    this.worker = new Worker(new URL('./insert-worker.mjs', import.meta.url), { workerData: { ...target, tables } });
    type Reply = { id: number; ms?: number; copies?: string[]; error?: { message: string; code?: string } };
    this.worker.on('message', ({ id, ms, copies, error }: Reply) => {
      const reply = this.replies.get(id)!;
      this.replies.delete(id);
      if (error) reply.reject(Object.assign(new Error(error.message), { code: error.code }));
      else {
        this.ms += ms!;
        this.copies.push(...copies!);
        reply.resolve();
      }
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const r of this.replies.values()) r.reject(err);
      this.replies.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`seed insert thread exited (${code})`)));
  }

  /** Nothing sent that is not committed or rolled back yet. */
  get idle(): boolean {
    return this.pending.length === 0 && !this.dirty;
  }

  /** Sends the rows; waits only when more than MAX_PENDING sends are unanswered. */
  async rows(batches: [string, unknown[]][]): Promise<void> {
    this.dirty = true;
    this.pending.push(this.send('rows', { batches }));
    if (this.pending.length > MAX_PENDING) await this.pending.shift();
  }

  /** Commits without waiting (a later `end` reports a failure). */
  commitLater(): void {
    this.pending.push(this.send('commit', {}));
    this.dirty = false;
  }

  /** Waits for everything sent, then commits (or rolls back, ignoring earlier failures). */
  async end(op: 'commit' | 'rollback'): Promise<void> {
    const earlier = this.pending;
    this.pending = [];
    this.dirty = false;
    if (op === 'rollback') {
      await Promise.allSettled(earlier);
      // a thread that cannot roll back is stopped next (close), and closing its connection rolls back
      await this.send('rollback', {}).catch(() => {});
    } else await Promise.all([...earlier, this.send('commit', {})]);
  }

  /** Closes the thread's connection (rolling back what is not committed) and stops it. */
  async close(): Promise<void> {
    await this.send('close', {}).catch(() => {}); // a thread that failed is stopped all the same
    await this.worker.terminate();
  }

  private send(op: string, args: Record<string, unknown>): Promise<void> {
    const id = this.nextId++;
    const answered = new Promise<void>((resolve, reject) => (this.failure ? reject(this.failure) : this.replies.set(id, { resolve, reject })));
    answered.catch(() => {}); // awaited later (or settled by a rollback): not an unhandled rejection meanwhile
    if (!this.failure) this.worker.postMessage({ id, op, ...args });
    return answered;
  }
}

/** The part of a better-sqlite3 connection the writer uses. */
interface SqliteConnection {
  prepare(sql: string): { run(params: unknown[]): unknown };
}

/** The driver connection a knex transaction runs on (SQLite). */
function connectionOf<C>(trx: Knex.Transaction): Promise<C> {
  return (trx as unknown as { client: { acquireConnection(): Promise<C> } }).client.acquireConnection();
}

export class BulkWriter {
  private readonly buffers = new Map<TableName, unknown[]>();
  private readonly checked = new Set<TableName>();
  private readonly sqlCache = new Map<string, string>();
  private buffered = 0;
  private added = 0;
  private sinceCommit = 0;
  private writeMs = 0;
  private trx: Knex.Transaction | null = null;
  /** Prepared INSERT statements per SQLite connection (reused across batches). */
  private readonly statements = new WeakMap<SqliteConnection, Map<string, { run(params: unknown[]): unknown }>>();

  private thread: InsertThread | null = null;
  /** The tables of the COPYs the insert thread has done, in order (PostgreSQL). */
  readonly copies: string[] = [];

  /**
   * `tables`: the tables this writer fills with their columns, parents first (default: the generated
   * data). `insertThread`: where the rows are written by a thread of their own (`insertTarget`).
   * `derived`: per table, rows of a later table that each added row brings (added with it).
   */
  constructor(
    readonly db: Knex,
    private readonly tables: Record<string, readonly string[]> = TABLES,
    private readonly insertThread: InsertTarget | null = null,
    private readonly derived: Partial<Record<TableName, Derive>> = {},
  ) {
    for (const t of Object.keys(tables) as TableName[]) this.buffers.set(t, []);
    this.dialect = dialectOf(db);
  }

  /** One writer: its rows are committed every COMMIT_ROWS; in-process: statements kept prepared. */
  private readonly dialect: Dialect;

  /** Rows added so far (written or buffered). */
  get totalRows(): number {
    return this.added;
  }

  /** Seconds spent writing rows (INSERT or COPY) and committing (the rest of a generation phase is generating rows). */
  get writeSeconds(): number {
    return (this.writeMs + (this.thread?.ms ?? 0)) / 1000;
  }

  /** Buffers one row (keys are column names; missing columns are null). Call `maybeFlush` between units. */
  add(table: TableName, row: Row): void {
    const cols = this.tables[table]!;
    if (!this.checked.has(table)) {
      for (const k of Object.keys(row)) if (!cols.includes(k)) throw new Error(`seed: ${table} has no column ${k}`);
      this.checked.add(table);
    }
    const buf = this.buffers.get(table)!;
    for (const c of cols) {
      const v = row[c];
      buf.push(v === undefined ? null : v);
    }
    this.buffered += cols.length;
    this.added++;
    const derive = this.derived[table];
    if (derive) for (const [to, rows] of derive(row)) for (const r of rows) this.add(to, r);
  }

  addAll(table: TableName, rows: readonly Row[]): void {
    for (const r of rows) this.add(table, r);
  }

  /** Flushes when enough values are buffered; call it after each complete unit (a company and its rows). */
  async maybeFlush(): Promise<void> {
    if (this.buffered >= FLUSH_VALUES) await this.flush();
  }

  /** The open database transaction (begun on first use, once the insert thread has committed its rows). */
  async conn(): Promise<Knex.Transaction> {
    if (this.thread && !this.thread.idle) await this.thread.end('commit');
    if (!this.trx) this.trx = await this.db.transaction();
    return this.trx;
  }

  /** Writes every buffer, parents first, in statements of at most MAX_PARAMS values. */
  async flush(): Promise<void> {
    if (this.buffered === 0) return;
    if (this.insertThread) return this.flushToThread();
    const started = performance.now();
    const trx = await this.conn();
    for (const [table, buf] of this.buffers) {
      if (buf.length === 0) continue;
      const cols = this.tables[table]!;
      for (const part of statementsOf(cols, buf)) await this.execute(trx, this.insertSql(table, part.rows), part.values);
      this.sinceCommit += buf.length / cols.length;
      buf.length = 0;
    }
    this.buffered = 0;
    this.writeMs += performance.now() - started;
    if (this.sinceCommit >= COMMIT_ROWS) await this.commit();
  }

  /** Every non-empty buffer as [table, values], parents first, each replaced by an empty one. */
  private takeBuffers(): [string, unknown[]][] {
    const batches: [string, unknown[]][] = [];
    for (const [table, buf] of this.buffers) {
      if (buf.length === 0) continue;
      batches.push([table, buf]);
      this.sinceCommit += buf.length / this.tables[table]!.length;
      this.buffers.set(table, []);
    }
    this.buffered = 0;
    return batches;
  }

  /** Hands every buffer to the insert thread (after committing the writer's own transaction, if open). */
  private async flushToThread(): Promise<void> {
    await this.commitOwn();
    this.thread ??= new InsertThread(this.insertThread!, this.tables);
    const batches = this.takeBuffers();
    await this.thread.rows(batches);
    if (this.dialect.oneWriter && this.sinceCommit >= COMMIT_ROWS) {
      this.thread.commitLater();
      this.sinceCommit = 0;
    }
  }

  /** Flushes and commits the running transaction (and the insert thread's). */
  async commit(): Promise<void> {
    if (this.buffered > 0) await this.flush();
    if (this.thread) await this.thread.end('commit');
    await this.commitOwn();
    this.sinceCommit = 0;
  }

  private async commitOwn(): Promise<void> {
    if (!this.trx) return;
    const started = performance.now();
    const t = this.trx;
    this.trx = null;
    await t.commit();
    this.writeMs += performance.now() - started;
  }

  /** Stops the insert thread (after `commit` or `rollback`). */
  async close(): Promise<void> {
    const t = this.thread;
    this.thread = null;
    if (!t) return;
    this.writeMs += t.ms;
    this.copies.push(...t.copies);
    await t.close();
  }

  /** Runs one statement in the running transaction (after flushing buffers). */
  async exec(sql: string, bindings: Knex.RawBinding[] = []): Promise<unknown> {
    await this.flush();
    return (await this.conn()).raw(sql, bindings);
  }

  /**
   * Runs one statement with many bound values in the running transaction (after flushing buffers),
   * on SQLite as a prepared statement of the connection itself (knex's binding of thousands of
   * values cost twice the statement).
   */
  async run(sql: string, values: unknown[]): Promise<void> {
    await this.flush();
    await this.execute(await this.conn(), sql, values);
  }

  /** Runs one statement once per row of bound values in the running transaction (after flushing buffers), on SQLite prepared once. */
  async runEach(sql: string, rows: readonly unknown[][]): Promise<void> {
    await this.flush();
    const trx = await this.conn();
    for (const values of rows) await this.execute(trx, sql, values);
  }

  async rollback(): Promise<void> {
    for (const buf of this.buffers.values()) buf.length = 0;
    this.buffered = 0;
    if (this.thread) await this.thread.end('rollback');
    if (this.trx) {
      const t = this.trx;
      this.trx = null;
      await t.rollback();
    }
  }

  /** Runs `sql` with `values` (an INSERT, or `run`'s statement), kept prepared on SQLite. */
  private async execute(trx: Knex.Transaction, sql: string, values: unknown[]): Promise<void> {
    if (!this.dialect.inProcess) {
      await trx.raw(sql, values as Knex.RawBinding[]);
      return;
    }
    // on SQLite knex would re-prepare each statement; the transaction's own connection runs cached ones
    const conn = await connectionOf<SqliteConnection>(trx);
    let cache = this.statements.get(conn);
    if (!cache) this.statements.set(conn, (cache = new Map()));
    let stmt = cache.get(sql);
    // INSERTs in a dozen sizes per table (statementsOf) and `run`'s few statements
    if (!stmt) cache.set(sql, (stmt = conn.prepare(sql)));
    stmt.run(sqliteValues(values));
  }

  /** The INSERT of `rows` rows (statementsOf keeps the sizes few). */
  private insertSql(table: TableName, rows: number): string {
    const key = `${table}:${rows}`;
    let sql = this.sqlCache.get(key);
    if (!sql) this.sqlCache.set(key, (sql = insertSql(table, this.tables[table]!, rows)));
    return sql;
  }
}
