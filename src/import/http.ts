/**
 * The HTTP door of the import engine (`POST /platform/imports`, docs/import.md): the request's
 * NDJSON body is streamed to a temporary file (src/pipeline/spool.ts; counted against
 * `IMPORT_MAX_BYTES`, memory flat),
 * the caller gets 202 and the import runs in this process through `runImport`, exactly as the
 * command line runs it, its status and report kept in `import_runs`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { failUnfinishedImportRuns, importRunExists, markImportRun, touchImportRuns, unfinishedImportRuns } from '../db/importRuns.js';
import { dialectOf } from '../db/dialect.js';
import { ApiError } from '../errors.js';
import { runImport } from './engine.js';
import type { ImportJob, ImportQueue } from './job.js';
import { InputError } from './errors.js';
import { ABANDONED_ERROR, abandoned, ALIVE_EVERY_MS, newOwner } from './owner.js';

export const newImportId = () => `imp_${crypto.randomBytes(12).toString('hex')}`;

const tooLarge = (cap: number) => new ApiError('PAYLOAD_TOO_LARGE', `The import body is larger than ${cap} bytes; split it into several imports`);

/** A request body in a temporary file of its own directory. */
export interface Spooled {
  file: string;
  bytes: number;
  sha256: string;
}

/** The body of `req` in a temporary file; 413 when it passes `cap` (at once when its Content-Length says so). */
export async function spoolBody(req: Request, cap: number): Promise<Spooled> {
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > cap) {
    req.resume();
    throw tooLarge(cap);
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'import-'));
  const file = path.join(dir, 'body.ndjson');
  let bytes = 0;
  const digest = crypto.createHash('sha256');
  // past the cap chunks are dropped, not written, and the body read to its end: failing the pipeline
  // would destroy the request's socket and the client would see a reset instead of the 413
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > cap) return done();
      digest.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(req, counter, fs.createWriteStream(file));
  } catch {
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw new ApiError('VALIDATION_ERROR', 'The request body could not be read to its end');
  }
  if (bytes > cap) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw tooLarge(cap);
  }
  return { file, bytes, sha256: digest.digest('hex') };
}

/**
 * Runs posted imports after the transaction that recorded them commits (`recorded`: the idempotency
 * stage's transaction, or nothing). Imports of one process run one after another: each is one
 * writing transaction, and two at once would only wait for each other.
 *
 * Each run records this runner as its owner (src/import/owner.ts). `open` marks failed the
 * unfinished runs no live process owns any more (a process killed with imports queued or running),
 * and keeps doing so every ALIVE_EVERY_MS, when on PostgreSQL it also says its own runs are alive.
 */
export class ImportRunner implements ImportQueue {
  private chain: Promise<void> = Promise.resolve();
  private readonly owner = newOwner();
  /** Runs of this runner not finished yet. */
  private readonly unfinished = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Knex,
    private readonly log: Logger,
    private readonly afterCommit: () => void,
    private readonly track: <T>(work: Promise<T>) => Promise<T> = (w) => w,
  ) {}

  /** The owner recorded with each run this runner starts. */
  get ownerTag(): string {
    return this.owner.tag;
  }

  /** Fails the abandoned runs now and every ALIVE_EVERY_MS until `close`. */
  async open(): Promise<void> {
    await this.sweep();
    this.timer ??= setInterval(() => void this.tick(), ALIVE_EVERY_MS);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.owner.release();
  }

  /** Unfinished runs whose owner is gone -> failed; how many. */
  async sweep(now = new Date()): Promise<number> {
    const gone = (await unfinishedImportRuns(this.db)).filter((r) => abandoned(r.owner, r.alive_at, now)).map((r) => r.id);
    const n = await failUnfinishedImportRuns(this.db, gone, ABANDONED_ERROR, now.toISOString());
    if (n > 0) this.log.warn({ imports: gone }, 'imports of a stopped process marked failed');
    return n;
  }

  private async tick(): Promise<void> {
    try {
      // owners on one host are known by their pid; elsewhere a heartbeat row says a run's owner lives
      if (!dialectOf(this.db).ownersOnOneHost) await touchImportRuns(this.db, [...this.unfinished], new Date().toISOString());
      await this.sweep();
    } catch (err) {
      this.log.error({ err }, 'import runs: liveness check failed');
    }
  }

  start(job: ImportJob, recorded: Promise<unknown> | null): void {
    this.unfinished.add(job.id);
    const run = async () => {
      try {
        await recorded?.catch(() => undefined);
        // the recording transaction rolled back (its answer was an error): nothing to run
        if (!(await importRunExists(this.db, job.id))) return;
        await this.run(job);
      } finally {
        this.unfinished.delete(job.id);
      }
    };
    this.chain = this.chain.then(() => this.track(run())).catch((err) => this.log.error({ err, importId: job.id }, 'import run failed'));
  }

  /** Resolves once every import started so far has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  private async run(job: ImportJob): Promise<void> {
    await markImportRun(this.db, job.id, { status: 'running' });
    try {
      const report = await runImport(this.db, [{ name: 'body', size: (await fs.promises.stat(job.file)).size, open: () => fs.createReadStream(job.file, { highWaterMark: 256 * 1024 }) }], {
        format: 'ndjson',
        mode: job.mode,
        dryRun: job.dryRun,
        source: job.source,
        type: job.type,
      });
      const succeeded = report.committed || (report.dry_run && report.rejected_total === 0);
      await markImportRun(this.db, job.id, { status: succeeded ? 'succeeded' : 'failed', report: JSON.stringify(report), finished_at: new Date().toISOString() });
      if (report.committed) this.afterCommit();
    } catch (err) {
      const message = err instanceof InputError ? err.message : 'The import stopped on an internal error; nothing was written';
      if (!(err instanceof InputError)) this.log.error({ err, importId: job.id }, 'import failed');
      await markImportRun(this.db, job.id, { status: 'failed', error: message, finished_at: new Date().toISOString() });
    } finally {
      await fs.promises.rm(path.dirname(job.file), { recursive: true, force: true });
    }
  }
}
