/**
 * Streamed export of a `/data` list (src/http/export.ts): an export operation (`exportTransactions`,
 * openapi.yaml `x-export-of`), or its list asked for NDJSON or CSV with `format` or `Accept` (how
 * callers exported before the export operations; the list's contract declares JSON only). The list's
 * own operation (its response policies and handler, `rows`) runs batch after batch with an internal
 * cursor, so every row has exactly the page's shape, and the export meters itself per rows sent
 * instead of per call. Otherwise the request goes on down the chain.
 */
import { csvEncoding, exportFormat, ndjsonEncoding, streamExport, type ExportEncoding, type ExportFormat, type ExportMeter, type ListBody } from '../http/export.js';
import { columnsFor } from '../http/csv.js';
import { isMetered } from '../access/credits.js';
import { ApiError } from '../errors.js';
import type { WorkQueue } from '../access/workQueue.js';
import type { Result } from '../http/context.js';
import { changesFor } from '../versions/changes/index.js';
import type { Walk } from '../db/walk.js';
import { releaseLines } from '../db/documentLines.js';
import { pageOf } from './listInput.js';
import type { Exchange, OperationPlan, Stage } from './operation.js';

/**
 * CSV columns are those of the latest version's row schema: a pinned version whose changes reshape
 * responses gets NDJSON (its rows keep their old shape there) instead of a header that does not fit.
 */
function encodingOf(x: Exchange, format: 'ndjson' | 'csv'): ExportEncoding {
  if (format === 'ndjson') return ndjsonEncoding;
  if (!x.op.csv) throw new ApiError('VALIDATION_ERROR', `${x.op.id} has no CSV form; use format=ndjson`, [{ path: 'query.format', message: 'csv is not available here' }]);
  if (changesFor(x.version.info.date).some((c) => c.downgradeResponse)) {
    const message = `format=csv has the columns of the latest API version; API-Version ${x.version.info.date} reshapes rows: use format=ndjson, or the latest version`;
    throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.format', message }]);
  }
  return csvEncoding(columnsFor(x.op.csv, x.query.view));
}

/** The `format` values a list still takes from callers of its export (not in its contract, so checked here). */
const LEGACY_FORMATS = ['json', 'ndjson', 'csv'];

/**
 * A list's `format`, which its contract no longer declares (the export operation does): taken out of
 * the query before the document validates it (an undeclared parameter is refused) and given back to
 * the exchange after, where `requestedExport` checks it.
 */
export function withoutLegacyFormat(op: OperationPlan, query: Record<string, unknown>): { query: Record<string, unknown>; format?: unknown } {
  if (!op.exportable || op.exportOf || query.format === undefined) return { query };
  const { format, ...rest } = query;
  return { query: rest, format };
}

/**
 * The export a routed request asks for, or null for the operation's own answer: an export operation
 * streams NDJSON unless `format` or `Accept` asks for CSV; a list streams when either asks for an export.
 */
export function requestedExport(x: Pick<Exchange, 'op' | 'query' | 'req'>): ExportFormat | null {
  if (!x.op.exportable) return null;
  const format = x.query.format;
  if (!x.op.exportOf && format !== undefined && !LEGACY_FORMATS.includes(format as string)) {
    const message = `must be one of: ${LEGACY_FORMATS.join(', ')}`;
    throw new ApiError('VALIDATION_ERROR', `Request validation failed: query.format ${message}`, [{ path: 'query.format', message }]);
  }
  return exportFormat(format, x.req.get('Accept')) ?? (x.op.exportOf ? 'ndjson' : null);
}

/**
 * `walks` opens an export's walk (src/db/walk.ts: its batches read one statement of the list), or
 * null for a page statement per batch; without it every export reads pages.
 */
export function exportStage(rows: (x: Exchange) => Promise<Result>, meter: (x: Exchange, teamId: number) => ExportMeter, work?: WorkQueue, walks?: () => Walk | null): Stage {
  return async (x, next) => {
    const format = requestedExport(x);
    if (!format) return next();
    // a batch runs as the list itself: its handler, cursor, locks and version changes
    const list = x.op.exportOf ?? x.op;
    const encoding = encodingOf(x, format);
    // the stored CSV records of record documents have the columns of the row without a `view`
    const storedCsv = format === 'csv' && columnsFor(x.op.csv!, x.query.view) === x.op.csv!.get('') ? ({ csv: true } as const) : {};
    // rows that go out as stored are read as their lines' bytes (src/db/documentLines.ts)
    const lines = format === 'ndjson' || 'csv' in storedCsv ? { lines: format } : {};
    const principal = x.principal;
    // the batches read the list's statement once, from its start to its end (src/db/walk.ts)
    const walk = walks?.() ?? undefined;
    try {
      await streamExport({
        res: x.res,
        signal: x.state.abort!.signal,
        query: x.query,
        page: async (query) => (await rows({ ...x, op: list, query, list: { ...x.list!, ...pageOf(query), ...storedCsv, ...lines, walk } })).body as ListBody,
        // each batch, read and encoded, takes its turn with the process's other heavy work
        unit: work ? (run) => work.run(run, x.state.abort!.signal) : undefined,
        meter: isMetered(principal, x.req.path) ? meter(x, principal.teamId) : null,
        encoding,
        charged: (n) => (x.state.credits = n),
        written: releaseLines,
      });
    } finally {
      void walk?.close();
    }
    // the stream has been written: nothing is left for the routing stage to send
    return { status: 200, body: null };
  };
}
