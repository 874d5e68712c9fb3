/**
 * The floor of the mandated shape (the stack of docs/architecture.md: Express 5 + openapi-backend routing and Ajv
 * validation): a server that answers `GET /data/transactions/{id}` with one fixed JSON body and the
 * same response headers as ours, in one of three modes (FLOOR_MODE):
 *   node        node:http alone
 *   express     an Express 5 app configured as ours (src/app.ts), the answer written as ours writes it
 *   openapi     that app plus openapi-backend's match, request validation and parse of openapi.yaml,
 *               built as our routing stage builds them (src/pipeline/routing.ts buildRouter)
 * No database, token, credits or serialisation: what `floor.ts` measures is what the framework
 * alone costs per request, against what the target ours >= 0.85 x same-work leaves for it.
 * Forked by bench/floor.ts; sends `{ready, baseUrl}` over IPC.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadDocument } from '../src/openapi/served.js';
import { buildRouter } from '../src/pipeline/routing.js';

const MODE = process.env.FLOOR_MODE ?? 'node';
/** About the size of a transaction detail on the large seed (3 KB). */
const BODY = { data: { id: 1, items: Array.from({ length: 24 }, (_, i) => ({ id: i, name: `investor ${i}`, uuid: '00000000-0000-4000-8000-000000000000', lead: i === 0 })) }, currency: 'USD' };
const HEADERS: Record<string, string> = {
  'Cache-Control': 'private, no-cache',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'API-Version': '2026-10-09',
  'X-Credits-Used': '1',
  Vary: 'Authorization, API-Version',
};

/** Written in every mode as our routing stage writes a result (src/pipeline/routing.ts): Node's own calls, not res.json. */
function answer(res: http.ServerResponse): void {
  const text = JSON.stringify(BODY);
  res.writeHead(200, { ...HEADERS, 'X-Request-Id': crypto.randomUUID(), 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

async function handler(): Promise<http.RequestListener> {
  if (MODE === 'node') return (_req, res) => answer(res);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  if (MODE === 'express') {
    app.get('/data/transactions/:id', (_req, res) => answer(res));
    return app;
  }
  const api = await buildRouter(loadDocument(new Date()));
  app.use((req, res, next) => {
    const request = { method: req.method, path: req.path, query: req.query as Record<string, string>, headers: req.headers as Record<string, string>, body: undefined };
    const match = api.router.matchOperation(request, true);
    const validation = api.validator.validateRequest(request, match);
    if (validation.errors) return next(new Error('invalid'));
    api.router.parseRequest(validation.coerced ?? request, match);
    answer(res);
  });
  return app;
}

const server = http.createServer(await handler());
server.listen(0, '127.0.0.1', () => {
  process.send?.({ ready: true, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.on('disconnect', stop);
