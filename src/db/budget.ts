/**
 * The query execution budget (SPEC.md part 8, DESIGN.md): beyond it a query fails with 504
 * QUERY_TIMEOUT and the server stays healthy. PostgreSQL enforces it itself: `statement_timeout`
 * on every pooled connection (knex.ts), or `set local` in a transaction for another budget; SQLite queries of lists and analytics run in a worker
 * thread that is terminated when the budget runs out.
 */
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { ApiError } from '../errors.js';
import { connectionBudgetMs, isSqlite, normalizeRawResult } from './knex.js';

type Row = Record<string, unknown>;

interface Pending {
  resolve(rows: Row[]): void;
  reject(err: unknown): void;
  /** The worker running the query: a terminated worker fails only its own queries. */
  worker: Worker;
}

class SqliteRunner {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly file: string) {}

  private spawn(): Worker {
    const w = new Worker(new URL('./sqlite-worker.mjs', import.meta.url), { workerData: { file: this.file } });
    w.on('message', (m: { id: number; rows?: Row[]; error?: { message: string; code?: string } }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code ?? 'SQLITE_ERROR' }));
      else p.resolve(m.rows ?? []);
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

  run(sql: string, bindings: readonly unknown[], budgetMs: number): Promise<Row[]> {
    const worker = (this.worker ??= this.spawn());
    const id = ++this.seq;
    return new Promise<Row[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(timeout());
        // stop the runaway query; the next query starts a fresh worker
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      }, budgetMs);
      this.pending.set(id, {
        worker,
        resolve: (rows) => {
          clearTimeout(timer);
          resolve(rows);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      worker.postMessage({ id, sql, bindings: bindings.map((b) => (typeof b === 'boolean' ? Number(b) : b)) });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

const timeout = () => new ApiError('QUERY_TIMEOUT', 'The query exceeded the execution budget; narrow the filters, use a smaller limit or an aggregate endpoint');

const runners = new WeakMap<Knex, SqliteRunner>();

/** Runs a read query under the budget; returns plain row objects on both engines. */
export async function budgeted<T = Row>(db: Knex, query: Knex.QueryBuilder | Knex.Raw, budgetMs: number): Promise<T[]> {
  if (!isSqlite(db)) {
    const timeoutMs = Math.max(1, Math.floor(budgetMs));
    // one round trip when the connection's own statement_timeout is the budget (knex.ts)
    if (connectionBudgetMs(db) === timeoutMs) return normalizeRawResult(await query) as T[];
    return db.transaction(async (trx) => {
      await trx.raw(`set local statement_timeout = ${timeoutMs}`);
      return normalizeRawResult(await query.transacting(trx)) as T[];
    });
  }
  let runner = runners.get(db);
  if (!runner) {
    const file = (db.client.config.connection as { filename: string }).filename;
    runner = new SqliteRunner(file);
    runners.set(db, runner);
  }
  const { sql, bindings } = query.toSQL().toNative();
  return (await runner.run(sql, bindings, budgetMs)) as T[];
}

export async function closeBudgetRunner(db: Knex): Promise<void> {
  await runners.get(db)?.close();
  runners.delete(db);
}
