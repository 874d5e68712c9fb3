/**
 * Streamed export of a `/data` list (src/http/export.ts): when the request asks for NDJSON, the
 * list's own operation (its response policies and handler, `rows`) runs batch after batch with an
 * internal cursor, so every row has exactly the page's shape, and the export meters itself per
 * rows sent instead of per call. Otherwise the request goes on down the chain.
 */
import { exportFormat, streamExport, type ExportMeter, type ListBody } from '../http/export.js';
import { isMetered } from '../access/credits.js';
import type { WorkQueue } from '../access/workQueue.js';
import type { Result } from '../http/context.js';
import { pageOf } from './listInput.js';
import type { Exchange, Stage } from './operation.js';

export function exportStage(rows: (x: Exchange) => Promise<Result>, meter: (x: Exchange, teamId: number) => ExportMeter, work?: WorkQueue): Stage {
  return async (x, next) => {
    if (!x.op.exportable || !exportFormat(x.query.format, x.req.get('Accept'))) return next();
    const principal = x.principal;
    await streamExport({
      res: x.res,
      signal: x.state.abort!.signal,
      query: x.query,
      page: async (query) => {
        const batch: Exchange = { ...x, query, list: { ...x.list!, ...pageOf(query) } };
        // each batch takes its turn with the process's other heavy work
        const run = () => rows(batch);
        return (await (work ? work.run(run, x.state.abort!.signal) : run())).body as ListBody;
      },
      meter: isMetered(principal, x.req.path) ? meter(x, principal.teamId) : null,
      charged: (n) => (x.state.credits = n),
    });
    // the stream has been written: nothing is left for the routing stage to send
    return { status: 200, body: null };
  };
}
