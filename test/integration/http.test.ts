import http from 'node:http';
import { expect, it } from 'vitest';
import { forEachDatabase } from '../helpers/harness.js';

/** A GET with the request target sent byte for byte (fetch would normalise `\\` and dot segments). */
function rawGet(baseUrl: string, target: string): Promise<{ status: number; location: string | undefined }> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: u.hostname, port: u.port, path: target }, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, location: res.headers.location });
      })
      .on('error', reject);
  });
}

forEachDatabase('HTTP behaviour', (h) => {
  it('redirects /api/* with 308 to the path without the prefix, query kept', async () => {
    const r = await h().get('/api/data/transactions?limit=2&currency=EUR');
    expect(r.status).toBe(308);
    expect(r.headers.get('location')).toBe('/data/transactions?limit=2&currency=EUR');
  });

  it('redirects /api/* only to a path on this origin, whatever slashes and backslashes follow the prefix', async () => {
    const cases: [string, string][] = [
      ['/api//evil.example/x', '/evil.example/x'],
      ['/api/\\evil.example', '/evil.example'],
      ['/api/\\/evil.example', '/evil.example'],
      ['/api///\\evil.example/x?a=1', '/evil.example/x?a=1'],
      ['/api/%2F%2Fevil.example', '/%2F%2Fevil.example'],
      ['/api', '/'],
    ];
    for (const [target, expected] of cases) {
      const r = await rawGet(h().server.baseUrl, target);
      expect(r.status, target).toBe(308);
      expect(r.location, target).toBe(expected);
      // resolved against this server, the target stays on its origin
      expect(new URL(r.location!, h().server.baseUrl).origin, target).toBe(new URL(h().server.baseUrl).origin);
    }
  });

  it('answers unknown routes with a 404 envelope and wrong methods with 405 and Allow', async () => {
    const nf = await h().get('/data/nothing-here');
    expect(nf.status).toBe(404);
    expect(nf.body.error.code).toBe('NOT_FOUND');
    const na = await h().call('DELETE', '/data/transactions');
    expect(na.status).toBe(405);
    expect(na.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(na.headers.get('allow')).toBe('GET');
  });

  it('answers an undeclared method with 405 before looking at the request headers', async () => {
    const r = await h().call('PATCH', '/system/health', { headers: { 'API-Version': 'not-a-version' } });
    expect(r.status).toBe(405);
    expect(r.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers a request line and headers over 64 KiB with the 400 envelope, not a bare 431', async () => {
    const r = await h().get(`/data/transactions?filter=${'x'.repeat(70_000)}`);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: null });
    expect(r.body.error.message).toMatch(/exceed 65536 bytes/);
  });

  it('answers malformed JSON with 400, oversized bodies with 413 and other media types with 415', async () => {
    const bad = await h().call('POST', '/platform/teams', { raw: '{"name": ', headers: { 'Content-Type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const big = await h().call('POST', '/platform/teams', { body: { name: 'x'.repeat(200_000), slug: 'big' } });
    expect(big.status).toBe(413);
    const text = await h().call('POST', '/platform/teams', { raw: 'name=x', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('echoes a valid X-Request-Id and makes one otherwise', async () => {
    const mine = await h().get('/system/health', { 'X-Request-Id': 'req-123' });
    expect(mine.headers.get('x-request-id')).toBe('req-123');
    const made = await h().get('/system/health', { 'X-Request-Id': 'bad id with spaces' });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('resolves API-Version: echoes it, refuses malformed, unknown and sunset pins', async () => {
    const ok = await h().get('/system/health', { 'API-Version': '2026-10-09' });
    expect(ok.headers.get('api-version')).toBe('2026-10-09');
    for (const v of ['yesterday', '2026-10-10', '2026-03-16']) {
      const r = await h().get('/data/transactions?limit=1', { 'API-Version': v });
      expect(r.status, v).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
      expect(r.body.error.message).toMatch(/2026-10-09/);
    }
  });

  it('validates query parameters with a details array', async () => {
    const r = await h().get('/data/transactions?limit=0&include_total=maybe');
    expect(r.status).toBe(400);
    const paths = (r.body.error.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['query.include_total', 'query.limit']);
  });

  it('never leaks stacks or SQL in errors', async () => {
    const r = await h().get("/data/transactions?filter=amount[gt]:1'%20or%201=1--");
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).not.toMatch(/select|stack|at .*\.ts/i);
  });
});

forEachDatabase('teams', (h) => {
  it('creates a team (201) and refuses a taken slug (409)', async () => {
    const r = await h().call('POST', '/platform/teams', { body: { name: 'Acme Research', slug: 'acme-research' } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ name: 'Acme Research', slug: 'acme-research', is_active: true, member_count: 1, created_by: 'dev-client' });
    const again = await h().call('POST', '/platform/teams', { body: { name: 'Other', slug: 'acme-research' } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
  });

  it('validates the body with details', async () => {
    const r = await h().call('POST', '/platform/teams', { body: { name: '', slug: 'Bad Slug', extra: 1 } });
    expect(r.status).toBe(400);
    const paths = (r.body.error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.slug', 'body.extra']));
    const count = await h().db('teams').where('slug', 'Bad Slug').count<{ n: number }[]>({ n: '*' });
    expect(Number(count[0]!.n)).toBe(0);
  });
});

forEachDatabase(
  'published document and metrics',
  (h) => {
    it('serves openapi.json and openapi.yaml with servers set to this deployment', async () => {
      const json = await h().get('/openapi.json', { Authorization: null, 'X-Client-Id': null });
      expect(json.status).toBe(200);
      expect(json.body.openapi).toBe('3.1.0');
      expect(json.body.servers).toEqual([{ url: h().server.baseUrl, description: 'This deployment' }]);
      expect(json.body.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe(`${h().server.authUrl}/oauth/token`);
      const yaml = await fetch(`${h().server.baseUrl}/openapi.yaml`);
      expect(yaml.headers.get('content-type')).toMatch(/application\/yaml/);
      expect(await yaml.text()).toContain('openapi: 3.1.0');
    });

    it('exposes Prometheus metrics to the metrics token only', async () => {
      await h().get('/data/transactions?limit=1');
      const denied = await fetch(`${h().server.baseUrl}/system/metrics`);
      expect(denied.status).toBe(401);
      const r = await fetch(`${h().server.baseUrl}/system/metrics`, { headers: { Authorization: 'Bearer metrics-test-token' } });
      expect(r.status).toBe(200);
      const text = await r.text();
      expect(text).toMatch(/http_requests_total\{operation="listTransactions",method="GET",status="200"\} \d+/);
      expect(text).toContain('http_request_duration_seconds_bucket');
      expect(text).toMatch(/credits_charged_total\{operation="listTransactions"\} \d+/);
      // the pool's connections by state, read from knex's pool (src/patches/knex.ts poolCounts)
      const pool = (state: string) => Number(new RegExp(`^db_pool_connections\\{state="${state}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
      expect(pool('used') + pool('free')).toBeGreaterThan(0);
      expect(pool('pending')).toBeGreaterThanOrEqual(0);
    });
  },
  { METRICS_TOKEN: 'metrics-test-token' },
);
