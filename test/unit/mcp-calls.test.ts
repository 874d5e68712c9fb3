/**
 * Every MCP tool call ends: an injected request whose handler waits for 'drain' is answered, one
 * that never answers is cut at the query budget (QUERY_TIMEOUT), one whose client goes away is cut at
 * once, and an answer past the size cap is refused. Cut requests look to the pipeline like a client
 * that hung up (their response closes), which is what cancels queries and returns credits.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/app.js';
import { ApiError } from '../../src/errors.js';
import { QUERY_TIMEOUT_MESSAGE } from '../helpers/harness.js';
import { errorStage } from '../../src/pipeline/errors.js';
import { InFlight } from '../../src/http/inflight.js';
import { runOperation } from '../../src/mcp/dispatch.js';
import { inject } from '../../src/mcp/inject.js';
import { mcpRoutes } from '../../src/mcp/route.js';
import { cutToFit, shape, summarize } from '../../src/mcp/shape.js';

const target = { name: 'listThings', path: '/data/things', parameters: [{ name: 'limit', in: 'query' as const, commaSeparated: false }] };

/** A handler that never answers, and the promise of its response's 'close'. */
function hanging() {
  let closed!: () => void;
  let reached!: () => void;
  const gone = new Promise<void>((r) => (closed = r));
  const entered = new Promise<void>((r) => (reached = r));
  const handler = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.once('close', closed);
    reached();
  };
  return { handler, gone, entered };
}

describe('MCP calls end', () => {
  it("answers a handler that writes more than a socket buffer and waits for 'drain' (a streamed export)", async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const handler = (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      let left = 8;
      const more = () => {
        while (left > 0) {
          left--;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('{}');
      };
      more();
    };
    const res = await inject(handler, { method: 'GET', url: '/', headers: {} });
    expect(res.body.length).toBe(8 * chunk.length + 2);
  });

  it('cuts a call at the query budget with QUERY_TIMEOUT, its request closed as a client that left', async () => {
    const { handler, gone } = hanging();
    const started = Date.now();
    const out = await runOperation(target, { limit: 1 }, { app: handler, headers: {}, budgetMs: 100 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(out.ok).toBe(false);
    // the same error body the HTTP answer of an operation past its budget has
    if (!out.ok) expect(JSON.parse((out.result.content[0] as { text: string }).text).error).toEqual({ code: 'QUERY_TIMEOUT', message: QUERY_TIMEOUT_MESSAGE, details: null });
    await gone;
  });

  it('cuts a call whose client went away', async () => {
    const { handler, gone } = hanging();
    const abort = new AbortController();
    const call = runOperation(target, {}, { app: handler, headers: {}, budgetMs: 60_000, signal: abort.signal });
    setTimeout(() => abort.abort(), 20);
    expect((await call).ok).toBe(false);
    await gone;
  });

  it('refuses an answer past the size cap without keeping it', async () => {
    const handler = (_req: http.IncomingMessage, res: http.ServerResponse) => res.end(JSON.stringify({ data: 'y'.repeat(300_000) }));
    const out = await runOperation(target, {}, { app: handler, headers: {}, budgetMs: 1000, maxBytes: 100_000 });
    expect(!out.ok && JSON.parse((out.result.content[0] as { text: string }).text).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('MCP route', () => {
  async function serve(app: http.RequestListener, budgetMs: number, rateLimiter?: { take(key: string): Promise<Record<string, string>> }) {
    const inflight = new InFlight();
    const cfg = { baseUrl: 'http://127.0.0.1', authUrl: 'http://127.0.0.1:1', app: { origins: [] }, queryBudgetMs: budgetMs, trustProxy: 0 } as never;
    const auth = { authenticate: async () => ({ kind: 'api_key', sub: 'k', scopes: new Set<string>(), tier: 'premium', ecosystem: null, clientId: 'k', teamId: 1 }) } as never;
    const server = express();
    server.use(mcpRoutes({ cfg, auth, doc: loadDocument(new Date('2026-11-25T00:00:00Z')) as never, version: '1', app: () => app, inflight, rateLimiter }));
    server.use(errorStage(pino({ level: 'silent' })));
    const listener = http.createServer(server).listen(0, '127.0.0.1');
    await new Promise((r) => listener.once('listening', r));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`;
    return { url, inflight, close: () => new Promise((r) => listener.close(r)) };
  }
  const callBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_records', arguments: { type: 'transactions' } } });
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

  it('answers QUERY_TIMEOUT past the budget and counts the call as running work until then', async () => {
    const { handler, gone, entered } = hanging();
    const s = await serve(handler, 1000);
    try {
      const answer = fetch(s.url, { method: 'POST', headers, body: callBody });
      await entered;
      // shutdown waits for this call as it waits for an HTTP request
      expect(s.inflight.size).toBe(1);
      const body = await (await answer).json();
      expect(JSON.parse(body.result.content[0].text).error.code).toBe('QUERY_TIMEOUT');
      await gone;
      expect(await s.inflight.idle(1000)).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('takes a rate-limit token for each message that is not a tool call, and answers 429 when none is left', async () => {
    const taken: string[] = [];
    let left = 4;
    const limiter = {
      take: async (key: string) => {
        taken.push(key);
        if (left-- <= 0) throw new ApiError('RATE_LIMITED', 'Rate limit exceeded; retry after 1 seconds', null, { headers: { 'Retry-After': '1' } });
        return {};
      },
    };
    const answering = (_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[],"page":{}}');
    const s = await serve(answering, 1000, limiter);
    try {
      const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
      const batch = [list(1), list(2), list(3), JSON.parse(callBody), { jsonrpc: '2.0', method: 'notifications/initialized' }];
      const ok = await fetch(s.url, { method: 'POST', headers, body: JSON.stringify(batch) });
      expect(ok.status).toBe(200);
      // three requests that are not tool calls (a tool call draws from the bucket through the pipeline; a notification is no request)
      expect(taken).toEqual(['k', 'k', 'k']);
      const refused = await fetch(s.url, { method: 'POST', headers, body: JSON.stringify([list(1), list(2)]) });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
    } finally {
      await s.close();
    }
  });

  it('cancels the running call when the client goes away', async () => {
    const { handler, gone, entered } = hanging();
    const s = await serve(handler, 60_000);
    try {
      const abort = new AbortController();
      const answer = fetch(s.url, { method: 'POST', headers, body: callBody, signal: abort.signal }).catch(() => 'aborted');
      await entered;
      abort.abort();
      expect(await answer).toBe('aborted');
      await gone;
      expect(await s.inflight.idle(1000)).toBe(true);
    } finally {
      await s.close();
    }
  });
});

describe('MCP results fit', () => {
  const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `n${i}`, text: 'z'.repeat(1000), company: { id: 7, name: 'c', country: { id: 1, name: 'DE' } }, investors: Array.from({ length: 9 }, (_, j) => ({ is_lead: j === 0, investor: { id: j, name: `i${j}`, bio: 'b' } })) }));

  it('narrows to fields, summarizes, and cuts with a contract', () => {
    expect(shape({ data: rows.slice(0, 1) }, { fields: ['name', 'company.name'] })).toEqual({ data: [{ id: 0, name: 'n0', company: { name: 'c' } }] });
    const s = summarize(rows[0]) as { investors: unknown[]; investors_count: number; company: unknown };
    expect(s.investors).toHaveLength(5);
    expect(s.investors_count).toBe(9);
    expect(s.investors[0]).toEqual({ is_lead: true, investor: { id: 0, name: 'i0' } });
    const big = shape({ data: rows, page: { next_cursor: 'abc', limit: 200 } }, { cursor: 'c0' });
    expect(Buffer.byteLength(JSON.stringify(big))).toBeLessThan(80_000);
    const t = big.truncated as { cut: { path: string; kept: number; total: number }[]; how_to_get_the_rest: string };
    expect(t.cut[0]).toMatchObject({ path: 'data', total: 200 });
    expect((big.data as unknown[]).length).toBe(t.cut[0]!.kept);
    expect(big.page).toEqual({ next_cursor: null, limit: 200 });
    expect(t.how_to_get_the_rest).toContain('same cursor');
  });

  it('cuts long texts too', () => {
    const body = { data: { id: 1, body: 'w'.repeat(500_000) } };
    const cuts = cutToFit(body, 10_000);
    expect(cuts[0]).toMatchObject({ path: 'data.body', total: 500_000 });
    expect(JSON.stringify(body).length).toBeLessThan(10_000);
    // a text just over the budget still ends shorter (the ellipsis it gains is made up for)
    const close = { data: { id: 1, body: 'w'.repeat(300) } };
    cutToFit(close, 300);
    expect(JSON.stringify(close).length).toBeLessThanOrEqual(300);
  });
});
