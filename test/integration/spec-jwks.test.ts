/**
 * An external identity provider (JWKS_URL) whose key set cannot be fetched: 503
 * EXTERNAL_SERVICE_ERROR, retryable, never a 401 that sends clients to sign in again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { forEachDatabase } from '../helpers/harness.js';

/** A key-set endpoint on loopback whose answer the test chooses. */
let mode: 'reset' | 'error' | 'garbage' | 'ok' = 'reset';
let upstream = '';
const provider = http.createServer(async (req, res) => {
  if (mode === 'reset') return req.socket.destroy();
  if (mode === 'error') return res.writeHead(500).end('upstream down');
  if (mode === 'garbage') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"keys": not json');
  const keys = await (await fetch(upstream)).text();
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(keys);
});
await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
const jwksUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/.well-known/jwks.json`;
afterAll(() => provider.close());

forEachDatabase(
  'external identity provider key set',
  (h) => {
    it('answers 503 EXTERNAL_SERVICE_ERROR while the key set cannot be fetched, then verifies tokens again', async () => {
      upstream = `${h().server.authUrl}/.well-known/jwks.json`;
      for (const m of ['reset', 'error', 'garbage'] as const) {
        mode = m;
        const r = await h().get('/data/transactions?limit=1');
        expect(r.status, m).toBe(503);
        expect(r.body.error.code, m).toBe('EXTERNAL_SERVICE_ERROR');
        expect(r.headers.get('retry-after'), m).toBe('5');
        expect(r.headers.get('www-authenticate'), m).toBeNull();
      }
      mode = 'ok';
      expect((await h().get('/data/transactions?limit=1')).status).toBe(200);
      // with the keys at hand a bad token is still a 401
      const forged = `${h().token.slice(0, -4)}AAAA`;
      const bad = await h().get('/data/transactions?limit=1', { Authorization: `Bearer ${forged}` });
      expect(bad.status).toBe(401);
      expect(bad.body.error.code).toBe('UNAUTHORIZED');
    });
  },
  { JWKS_URL: jwksUrl },
);
