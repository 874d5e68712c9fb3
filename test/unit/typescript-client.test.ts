/** clients/typescript against a scripted fetch: which answers are retried, and the headers each request carries. */
import { describe, expect, it } from 'vitest';
import { createFundingClient, FundingApiError, paginate, retryAfterMs, unwrap } from '../../clients/typescript/index.js';

type Answer = Response | Error;

/** A fetch that answers call n with answer n (the last repeats) and records each request. */
function scripted(...answers: (() => Answer)[]) {
  const seen: { method: string; url: string; headers: Headers; body: string }[] = [];
  const f = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: await req.text() });
    const answer = answers[Math.min(seen.length, answers.length) - 1]!();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch: f as typeof fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const ok = json(200, { data: [], page: { limit: 25, offset: 0, next_cursor: null, prev_cursor: null, total: null }, currency: 'USD' });
const created = json(201, { data: { id: 1, name: 'A', slug: 'a' } });
// Retry-After 0 keeps these tests fast while still going through the retry path
const unavailable = json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'down', details: null } }, { 'Retry-After': '0' });
const limited = json(429, { error: { code: 'RATE_LIMITED', message: 'slow down', details: null } }, { 'Retry-After': '0' });
const dropped = () => new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
const refused = () => new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });

function client(f: typeof fetch, extra: { apiVersion?: string; clientId?: string } = {}) {
  return createFundingClient({ baseUrl: 'http://api.test', token: 'mock-token', fetch: f, ...extra });
}

describe('typescript client retries', () => {
  it('retries a GET on 5xx and on a dropped connection', async () => {
    const s = scripted(unavailable, dropped, ok);
    const { response } = await client(s.fetch).GET('/data/transactions');
    expect(response.status).toBe(200);
    expect(s.seen.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('does not repeat a PATCH after a 5xx or a dropped connection', async () => {
    const patch = (f: typeof fetch) => client(f).PATCH('/data/notes/{id}', { params: { path: { id: '1' } }, body: { body: 'x' } });
    const s = scripted(unavailable, ok);
    const { response } = await patch(s.fetch);
    expect(response.status).toBe(503);
    expect(s.seen).toHaveLength(1);
    const d = scripted(dropped, ok);
    await expect(patch(d.fetch)).rejects.toThrow('fetch failed');
    expect(d.seen).toHaveLength(1);
  });

  it('sends one Idempotency-Key with every try of a POST, and so retries it on 5xx, a dropped connection and 409 in progress', async () => {
    const inProgress = json(409, { error: { code: 'CONFLICT', message: 'in progress', details: null } }, { 'Retry-After': '0' });
    const s = scripted(unavailable, dropped, inProgress, created);
    const { response } = await client(s.fetch).POST('/platform/teams', { body: { name: 'A', slug: 'a' } });
    expect(response.status).toBe(201);
    const keys = s.seen.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    // a caller's own key is kept; another POST gets another key
    const mine = scripted(created);
    await client(mine.fetch).POST('/platform/teams', { body: { name: 'A', slug: 'a' }, headers: { 'Idempotency-Key': 'mine-1' } });
    expect(mine.seen[0]!.headers.get('Idempotency-Key')).toBe('mine-1');
    const next = scripted(created);
    await client(next.fetch).POST('/platform/teams', { body: { name: 'A', slug: 'a' } });
    expect(next.seen[0]!.headers.get('Idempotency-Key')).not.toBe(keys[0]);
    // a 409 without Retry-After (a taken slug) is an answer, not a wait
    const taken = scripted(json(409, { error: { code: 'CONFLICT', message: 'taken', details: null } }), created);
    expect((await client(taken.fetch).POST('/platform/teams', { body: { name: 'A', slug: 'a' } })).response.status).toBe(409);
    expect(taken.seen).toHaveLength(1);
  });

  it('retries a POST on 429 and on a refused connection, sending the same body', async () => {
    const s = scripted(limited, refused, created);
    const { response } = await client(s.fetch).POST('/platform/teams', { body: { name: 'A', slug: 'a' } });
    expect(response.status).toBe(201);
    expect(s.seen.map((r) => r.body)).toEqual(Array(3).fill('{"name":"A","slug":"a"}'));
  });

  it('gives up after maxRetries and hands back the last answer', async () => {
    const s = scripted(unavailable);
    const api = createFundingClient({ baseUrl: 'http://api.test', token: 't', fetch: s.fetch, maxRetries: 2 });
    expect((await api.GET('/data/transactions')).response.status).toBe(503);
    expect(s.seen).toHaveLength(3);
  });

  it('hands back a 429 whose Retry-After is beyond the limit', () => {
    const res = new Response(null, { status: 429, headers: { 'Retry-After': '3600' } });
    expect(retryAfterMs(0, 'GET', res, undefined)).toBeNull();
    expect(retryAfterMs(0, 'GET', res, undefined, { maxRetryAfterSeconds: 3600 })).toBe(3_600_000);
    expect(retryAfterMs(0, 'PATCH', new Response(null, { status: 500 }), undefined)).toBeNull();
    expect(retryAfterMs(0, 'DELETE', new Response(null, { status: 500 }), undefined)).not.toBeNull();
    expect(retryAfterMs(0, 'GET', new Response(null, { status: 404 }), undefined)).toBeNull();
  });
});

describe('typescript client static token', () => {
  it('sends the fixed token without any exchange, X-Client-Id only when given, and the pinned version', async () => {
    const s = scripted(ok);
    await client(s.fetch).GET('/data/transactions');
    await client(s.fetch, { clientId: 'mock', apiVersion: '2026-10-07' }).GET('/data/transactions');
    expect(s.seen.map((r) => r.url)).toEqual(['http://api.test/data/transactions', 'http://api.test/data/transactions']);
    expect(s.seen[0]!.headers.get('Authorization')).toBe('Bearer mock-token');
    expect(s.seen[0]!.headers.has('X-Client-Id')).toBe(false);
    expect(s.seen[0]!.headers.has('API-Version')).toBe(false);
    expect(s.seen[1]!.headers.get('X-Client-Id')).toBe('mock');
    expect(s.seen[1]!.headers.get('API-Version')).toBe('2026-10-07');
  });

  it('exchanges and caches a key token when no fixed token is given', async () => {
    const s = scripted(json(200, { access_token: 'exchanged', token_type: 'Bearer', expires_in: 86400 }), ok);
    const api = createFundingClient({ baseUrl: 'http://api.test', authUrl: 'http://auth.test', clientId: 'c', clientSecret: 's', fetch: s.fetch });
    await api.GET('/data/transactions');
    await api.GET('/data/transactions');
    expect(s.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST http://auth.test/oauth/token', 'GET http://api.test/data/transactions', 'GET http://api.test/data/transactions']);
    expect(s.seen[2]!.headers.get('Authorization')).toBe('Bearer exchanged');
    expect(s.seen[2]!.headers.get('X-Client-Id')).toBe('c');
  });

  it('exchanges once more after a 401 on an exchanged token, then lets the answer stand', async () => {
    let n = 0;
    const exchange = () => new Response(JSON.stringify({ access_token: `tok-${++n}`, token_type: 'Bearer', expires_in: 86400 }), { status: 200 });
    const unauthorized = json(401, { error: { code: 'UNAUTHORIZED', message: 'expired', details: null } });
    const s = scripted(exchange, unauthorized, exchange, ok, unauthorized, exchange, unauthorized);
    const api = createFundingClient({ baseUrl: 'http://api.test', authUrl: 'http://auth.test', clientId: 'c', clientSecret: 's', fetch: s.fetch });
    expect((await api.GET('/data/transactions')).response.status).toBe(200);
    expect(s.seen.filter((r) => r.url.startsWith('http://api.test')).map((r) => r.headers.get('Authorization'))).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect((await api.GET('/data/transactions')).response.status).toBe(401);
    expect(s.seen.map((r) => r.url.replace(/^http:\/\/(api|auth)\.test/, '$1'))).toEqual([
      'auth/oauth/token', 'api/data/transactions', 'auth/oauth/token', 'api/data/transactions',
      'api/data/transactions', 'auth/oauth/token', 'api/data/transactions',
    ]);
  });
});

describe('typescript client errors', () => {
  const invalid = json(400, { error: { code: 'VALIDATION_ERROR', message: 'Request validation failed', details: [{ path: 'query.limit', message: 'must be <= 2000' }] } }, { 'X-Request-Id': 'req-1' });
  const missing = json(404, { error: { code: 'NOT_FOUND', message: 'Transaction 9 not found', details: null } }, { 'X-Request-Id': 'req-2' });

  it('unwrap throws a FundingApiError with the status, code, message, details and request id', async () => {
    const api = client(scripted(invalid).fetch);
    const err = await api.GET('/data/transactions', { params: { query: { limit: 99999 } } }).then(unwrap).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FundingApiError);
    const e = err as FundingApiError;
    expect([e.status, e.code, e.requestId, e.message]).toEqual([400, 'VALIDATION_ERROR', 'req-1', '400 VALIDATION_ERROR: Request validation failed']);
    expect(e.details).toEqual([{ path: 'query.limit', message: 'must be <= 2000' }]);
  });

  it('unwrap hands back the data of a success', async () => {
    const page = unwrap(await client(scripted(ok).fetch).GET('/data/transactions'));
    expect(page.currency).toBe('USD');
  });

  it('paginate throws the FundingApiError of a failed page', async () => {
    const api = client(scripted(missing).fetch);
    const rows = paginate((cursor) => api.GET('/data/transactions', { params: { query: { cursor } } }));
    await expect(rows.next()).rejects.toMatchObject({ name: 'FundingApiError', status: 404, code: 'NOT_FOUND', details: null, requestId: 'req-2' });
  });

  it('reads an answer that is not the error envelope', () => {
    const e = FundingApiError.from(new Response('bad gateway', { status: 502 }), 'bad gateway');
    expect([e.status, e.code, e.details, e.requestId, e.message]).toEqual([502, null, null, null, '502 error: bad gateway']);
  });
});
