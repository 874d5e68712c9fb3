import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { Money } from '../../src/money/fx.js';
import { csvPlan } from '../../src/http/csv.js';
import { exportStage } from '../../src/pipeline/export.js';
import type { Exchange } from '../../src/pipeline/operation.js';
import { listInputOf } from '../../src/pipeline/listInput.js';
import { answer, exchange } from '../helpers/exchange.js';

const cfg = { cursorSecret: 'test-secret-of-enough-length-0123456789', queryBudgetMs: 1000 };
const exportable = { id: 'listCompanies', method: 'get', scopes: [], creditCost: 1, locks: null, cache: null, exportable: true, handler: answer() };

/** An exchange whose response records what is written to it. */
function streaming(headers: Record<string, string>, query: Record<string, unknown> = {}) {
  const x = exchange({ headers, op: exportable, rawQuery: query });
  x.query = { ...x.query, ...query };
  x.list = listInputOf(x, cfg, new Money('USD', 1), {});
  x.state.abort = new AbortController();
  const written: string[] = [];
  Object.assign(x.res as unknown as Record<string, unknown>, {
    status: () => x.res,
    type: () => x.res,
    write: (chunk: string) => (written.push(chunk), true),
    end: (chunk: string) => void written.push(chunk),
    on: () => x.res,
    off: () => x.res,
    get headersSent() {
      return written.length > 0;
    },
  });
  return { x, written: () => written.join('').trimEnd().split('\n').map((l) => JSON.parse(l) as unknown) };
}

describe('export stage', () => {
  it('passes a request that asks for no export, or an operation without one, down the chain', async () => {
    const plain = streaming({});
    expect((await exportStage(answer(), () => null!)(plain.x, answer({ status: 200, body: 'page' }))).body).toBe('page');
    const notExportable = exchange({ headers: { accept: 'application/x-ndjson' } });
    expect((await exportStage(answer(), () => null!)(notExportable, answer({ status: 200, body: 'page' }))).body).toBe('page');
  });

  it('runs the list batch after batch on its own cursor and streams its rows, then the trailer', async () => {
    const seen: { cursor?: string; limit?: number }[] = [];
    const rows = async (batch: Exchange) => {
      seen.push({ cursor: batch.list!.cursor, limit: batch.list!.limit });
      const first = batch.list!.cursor === undefined;
      return { status: 200, body: { data: first ? [{ id: 1 }, { id: 2 }] : [{ id: 3 }], page: { next_cursor: first ? 'c-2' : null } } };
    };
    const { x, written } = streaming({ accept: 'application/x-ndjson' }, { cursor: 'from-the-client' });
    let downstream = false;
    await exportStage(rows, () => null!)(x, async () => ((downstream = true), { status: 200, body: null }));
    expect(downstream).toBe(false);
    // the client's own cursor and limit are not the export's: it starts at the first row
    expect(seen).toEqual([{ cursor: undefined, limit: 500 }, { cursor: 'c-2', limit: undefined }]);
    expect(written()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { _export: { rows: 3, complete: true, credits: 0 } }]);
  });

  it('refuses CSV for a pinned version whose changes reshape rows: its columns are the latest version\'s', async () => {
    const csv = csvPlan({ properties: { data: { items: { type: 'object', properties: { id: { type: 'integer' } } } } } });
    const pinned = exchange({ headers: { accept: 'text/csv' }, op: { ...exportable, csv }, pin: '2026-09-01' });
    await expect(exportStage(answer(), () => null!)(pinned, answer())).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('export charging when the client leaves', () => {
  it('charges the rows whose bytes left the process, not the ones still queued in it', async () => {
    const { default: pino } = await import('pino');
    const { streamExport, EXPORT_BATCH_ROWS, ndjsonEncoding } = await import('../../src/http/export.js');
    const signal = new AbortController();
    let writes = 0;
    const res = {
      destroyed: false,
      status: () => res,
      type: () => res,
      set: () => res,
      on: () => res,
      off: () => res,
      end: () => undefined,
      // the first two batches leave at once; the third stays queued (the client stopped reading) and the client leaves
      write: (_chunk: string, done: (err?: Error | null) => void) => {
        if (++writes <= 2) {
          queueMicrotask(() => done(null));
          return true;
        }
        setTimeout(() => signal.abort(), 10);
        return false;
      },
    };
    const page = async (q: Record<string, unknown>) => {
      const n = Number(q.cursor ?? 0);
      return { data: Array.from({ length: EXPORT_BATCH_ROWS }, (_, i) => ({ id: n * EXPORT_BATCH_ROWS + i })), page: { next_cursor: String(n + 1) } };
    };
    const refunds: unknown[] = [];
    let taken = 0;
    let charged = -1;
    await streamExport({
      res: res as unknown as Response,
      signal: signal.signal,
      query: {},
      page,
      meter: {
        leases: { take: async () => (taken++, { lease: null }), refund: async (u: unknown) => void refunds.push(u) } as never,
        log: pino({ level: 'silent' }),
        teamId: 1,
        operationId: 'listTransactions',
        now: () => new Date('2026-11-27T10:00:00Z'),
      },
      encoding: ndjsonEncoding,
      charged: (n) => (charged = n),
    });
    // 1,500 rows were handed to the response, 1,000 left the process: one credit, the second given
    // back with its usage (the request itself stays counted)
    expect(charged).toBe(1);
    expect(taken).toBe(2);
    expect(refunds).toEqual([{ teamId: 1, day: '2026-11-27', operationId: 'listTransactions', requests: 0, credits: 1 }]);
  });
});
