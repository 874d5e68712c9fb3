/**
 * Streamed export of a `/data` list (its export operation, `GET /data/exports/...`, or the list with
 * `Accept: application/x-ndjson` or `format=ndjson`: src/pipeline/export.ts): every row
 * matching the request's `filter` and `sort`, one JSON row per line, then a trailer line
 * `{"_export": {"rows": N, "complete": true, "credits": C}}`. `format=csv` (or `Accept: text/csv`)
 * streams the same rows and trailer as CSV records (src/http/csv.ts).
 *
 * The stage runs the list's own operation repeatedly with an internal cursor, a batch of
 * EXPORT_BATCH_ROWS rows at a time (bench/export.ts on demo PostgreSQL: server RSS peaked at 396 MB
 * with batches of 1,000 rows, 351 MB with 250, at the same rate), so each row is exactly the list's row (tier locks, version and
 * currency applied by the same code as a page); the batches' rows come from one statement of the
 * list read from its start to its end (src/db/walk.ts: the caller's walk), not a page statement
 * each, so memory stays that of one or two batches whatever the size. The next batch is read while the
 * current one is written; a write the socket does not take at once waits for 'drain', and a client
 * that goes away aborts the running query (the request's AbortSignal) and ends the loop.
 *
 * Callers without an API key keep their plan's caps (src/access/tiers.ts): the batch is their page
 * size and the walk ends at their depth, with the trailer saying why. API-key callers are metered
 * per EXPORT_ROWS_PER_CREDIT rows sent (at least one credit; openapi.yaml `x-export-rows-per-credit`):
 * a credit is taken before the rows it pays for are written, and a balance that runs out ends the
 * stream with `complete: false` and CREDITS_EXHAUSTED. A client that leaves mid-stream pays for the rows
 * whose bytes left the process (handed to the kernel), not for those still queued in it.
 */
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { CreditLeases } from '../access/leases.js';
import { usageOf } from '../access/usage.js';
import { ApiError } from '../errors.js';
import { toApiError } from './errors.js';
import { CSV, csvHeader, csvRecord, csvTrailer, type Column } from './csv.js';
import { ExportLine, RawJson, rowValue } from './rawJson.js';

export const EXPORT_BATCH_ROWS = 500;
export const EXPORT_ROWS_PER_CREDIT = 1000;
export const NDJSON = 'application/x-ndjson';

export type ExportFormat = 'ndjson' | 'csv';

/** The export a request asks for, or null for a JSON page: `format` wins over `Accept`. */
export function exportFormat(format: unknown, accept: string | undefined): ExportFormat | null {
  if (format === 'ndjson' || format === 'csv') return format;
  if (format === 'json' || accept === undefined) return null;
  const wanted = accept.toLowerCase();
  return wanted.includes(NDJSON) ? 'ndjson' : wanted.includes(CSV) ? 'csv' : null;
}

/** How the rows and the trailer of one export are written. */
export interface ExportEncoding {
  type: string;
  head: string;
  /** A row's line: its bytes when it came as them (an `ExportLine` of the encoding's form). */
  row: (row: unknown) => string | Buffer;
  trailer: (trailer: Trailer) => string;
}

export const ndjsonEncoding: ExportEncoding = {
  type: NDJSON,
  head: '',
  row: (row) => (row instanceof ExportLine && row.form === 'ndjson' ? row.bytes : (row instanceof RawJson ? row.json() : JSON.stringify(rowValue(row))) + '\n'),
  trailer: (t) => JSON.stringify({ _export: t }) + '\n',
};

export const csvEncoding = (columns: Column[]): ExportEncoding => ({
  type: `${CSV}; charset=utf-8; header=present`,
  head: csvHeader(columns),
  // a row's stored CSV record came only for an export with the list row's columns (src/pipeline/export.ts)
  row: (row) => (row instanceof ExportLine && row.form === 'csv' ? row.bytes : row instanceof RawJson && row.csv !== undefined ? row.csv : csvRecord(rowValue(row), columns)),
  trailer: csvTrailer,
});

/** A list page as the operation answers it (after locks and version changes). */
export interface ListBody {
  data: unknown[];
  page?: { next_cursor?: string | null };
}

/** Credits of one export: taken as rows are about to be sent (with their usage: the first counts the request), settled once it ends. */
export interface ExportMeter {
  /** Where credits are taken from (this process's lease of the team or the balance); refunds go to the balance. */
  leases: CreditLeases;
  log: Logger;
  teamId: number;
  operationId: string;
  now: () => Date;
}

export interface ExportOptions {
  res: Response;
  signal: AbortSignal;
  query: Record<string, unknown>;
  /** Runs the list operation for one batch (the query with the internal cursor and limit). */
  page: (query: Record<string, unknown>) => Promise<ListBody>;
  /**
   * Where a batch is worked on: read and encoded together, so the whole main-thread part of a batch
   * (its rows assembled and serialised) takes its turn with the process's other heavy work
   * (src/access/workQueue.ts) instead of running between turns, unpaced. Directly when absent.
   */
  unit?: <T>(work: () => Promise<T>) => Promise<T>;
  meter: ExportMeter | null;
  encoding: ExportEncoding;
  /** Told the credits charged once they are known (logs and metrics). */
  charged?: (credits: number) => void;
  /** Told a batch's lines once the socket has written them (their memory may then be reused). */
  written?: (lines: readonly (string | Buffer)[]) => void;
}

/** A batch's rows, each encoded as its line, and the cursor of the next (null: the last). */
interface Encoded {
  lines: (string | Buffer)[];
  next: string | null;
}

export interface Trailer {
  rows: number;
  complete: boolean;
  credits: number;
  error?: { code: string; message: string; details: unknown };
}

/**
 * A batch's lines as one buffer for the socket: the lines' own bytes when they are consecutive
 * views of one buffer (read as one, src/db/documentLines.ts), else encoded once. A string written
 * to the response was measured for its chunk's length and encoded again by the socket's writev
 * (7 + 17 µs a row on `large`, the lines of a batch a string of 500 parts).
 */
export function batchBytes(lines: readonly (string | Buffer)[]): Buffer {
  if (lines.every((l): l is string => typeof l === 'string')) return Buffer.from(lines.join(''));
  const first = lines[0] as Buffer;
  let end = first.byteOffset;
  for (const l of lines) {
    if (typeof l === 'string' || l.buffer !== first.buffer || l.byteOffset !== end) return Buffer.concat(lines.map((x) => (typeof x === 'string' ? Buffer.from(x) : x)));
    end += l.length;
  }
  return Buffer.from(first.buffer, first.byteOffset, end - first.byteOffset);
}

/** Resolves when the socket takes more (or the client is gone). */
function drained(res: Response, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
    signal.addEventListener('abort', done);
  });
}

async function take(meter: ExportMeter, first: boolean): Promise<boolean> {
  try {
    return (await meter.leases.take(meter.teamId, 1, meter.now(), { operationId: meter.operationId, requests: first ? 1 : 0 })) !== undefined;
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', 'Credits cannot be checked right now; retry with backoff');
  }
}

/** Credits taken for rows never sent go back with their usage (and the request's, when none is charged). Never throws. */
async function settle(meter: ExportMeter, startedAt: Date, taken: number, charged: number): Promise<void> {
  if (taken <= charged) return;
  const usage = usageOf(meter.teamId, { operationId: meter.operationId, requests: charged > 0 ? 0 : 1 }, taken - charged, startedAt);
  await meter.leases.refund(usage, meter.now()).catch((err: Error) => meter.log.error({ err: err.message, teamId: meter.teamId }, 'export credit refund failed'));
}

/**
 * Streams the export. Errors before the first row (a bad filter, no credits, a refused depth) are
 * thrown for the ordinary error envelope; later ones end the stream with an incomplete trailer.
 */
export async function streamExport(o: ExportOptions): Promise<void> {
  const { res, signal, meter } = o;
  const unit = o.unit ?? ((work) => work());
  const batch = (cursor: string | null): Promise<Encoded> =>
    unit(async () => {
      const body = await o.page(cursor === null ? { ...o.query, cursor: undefined, limit: EXPORT_BATCH_ROWS } : { ...o.query, cursor, limit: undefined });
      return { lines: body.data.map(o.encoding.row), next: body.page?.next_cursor ?? null };
    });
  let taken = 0;
  let rows = 0;
  // rows whose bytes left this process (the write's callback: handed to the kernel)
  let flushed = 0;
  const startedAt = meter?.now() ?? new Date();
  if (meter) {
    if (!(await take(meter, true))) throw new ApiError('CREDITS_EXHAUSTED', 'The team has no credits left for this request; contact sales to add credits');
    taken = 1;
  }
  let body: Encoded;
  try {
    body = await batch(null);
  } catch (err) {
    if (meter) await settle(meter, startedAt, taken, 0);
    throw err;
  }
  // the credits held when the rows start; the trailer's `credits` is the total
  res.status(200).set('Content-Type', o.encoding.type).set('X-Credits-Used', String(taken));
  if (o.encoding.head) res.write(o.encoding.head);
  const trailer: Trailer = { rows: 0, complete: false, credits: 0 };
  try {
    for (;;) {
      // the next batch is read while this one is written; its rejection is handled when awaited
      const ahead = body.next === null ? null : batch(body.next);
      ahead?.catch(() => undefined);
      let exhausted = false;
      let count = 0;
      while (count < body.lines.length) {
        if (meter && rows + count >= taken * EXPORT_ROWS_PER_CREDIT) {
          if (!(await take(meter, false))) {
            exhausted = true;
            break;
          }
          taken++;
        }
        count++;
      }
      if (signal.aborted) break;
      const { lines } = body;
      const wrote = (err: Error | null | undefined) => {
        if (err) return;
        flushed += count;
        o.written?.(lines);
      };
      if (count > 0 && !res.write(batchBytes(count === lines.length ? lines : lines.slice(0, count)), wrote)) await drained(res, signal);
      rows += count;
      if (signal.aborted) break;
      if (exhausted) {
        trailer.error = new ApiError('CREDITS_EXHAUSTED', 'The team ran out of credits during the export; the rows sent are paid for').toBody().error as Trailer['error'];
        break;
      }
      if (ahead === null) {
        trailer.complete = true;
        break;
      }
      body = await ahead;
    }
  } catch (err) {
    const e = toApiError(err);
    trailer.error = e.toBody().error as Trailer['error'];
  }
  // a client that left pays for the rows that left this process, not for those still waiting in it
  // (what sits in the kernel's socket buffers is not measurable from here and counts as sent)
  const paid = signal.aborted || res.destroyed ? flushed : rows;
  const charged = meter ? Math.min(taken, Math.max(1, Math.ceil(paid / EXPORT_ROWS_PER_CREDIT))) : 0;
  if (meter) await settle(meter, startedAt, taken, charged);
  o.charged?.(charged);
  if (signal.aborted || res.destroyed) return;
  trailer.rows = rows;
  trailer.credits = charged;
  res.end(o.encoding.trailer(trailer));
}
