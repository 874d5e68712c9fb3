/**
 * Hostile input (issue "Reliability and security", parts 2 and 6): a corpus of hostile values on
 * every kind of parameter (query, path id, header, body), duplicated parameters, wrong media types,
 * oversized and malformed JSON, invalid UTF-8 and NUL bytes, raw malformed HTTP. Each must get a
 * 4xx error envelope (never a 5xx), leak no SQL or stack, and leave the database exactly as it was
 * (row counts and a checksum of every mutable table). Also: security headers, CORS allow-list,
 * secrets never logged, and a small fast-check run of random filters and cursors over HTTP.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertContract } from '../helpers/contract.js';
import { forEachDatabase, settled, startHarness, type Harness } from '../helpers/harness.js';
import { postSignIn } from '../helpers/signin.js';
import { handlers } from '../../handlers/index.js';

/** Tables a request could change (see src/db/migrations). */
const MUTABLE_TABLES: [string, string[]][] = [
  ['teams', ['id']],
  ['team_members', ['team_id', 'member']],
  ['api_keys', ['id']],
  ['users', ['id']],
  ['credit_balances', ['team_id']],
  ['usage_daily', ['team_id', 'day', 'operation_id']],
  ['rate_limit_buckets', ['client_id']],
  ['fx_rates', ['currency']],
];

/** Row counts and a SHA-256 over the ordered rows of every mutable table, plus counts of the data tables. */
async function snapshot(h: Harness): Promise<Record<string, string | number>> {
  const out: Record<string, string | number> = {};
  for (const [table, key] of MUTABLE_TABLES) {
    // a refused metered call reserves a credit and gives it back: the balance must be the same, its
    // updated_at stamp may move
    const rows = (await h.db(table).select('*').orderBy(key)).map((r: Record<string, unknown>) => {
      if (table === 'credit_balances') delete r.updated_at;
      return r;
    });
    out[`${table}.count`] = rows.length;
    out[`${table}.sha256`] = crypto.createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  }
  for (const table of ['entities', 'transactions', 'jobs', 'career', 'education']) {
    out[`${table}.count`] = Number((await h.db(table).count<{ n: number }[]>({ n: '*' }))[0]!.n);
  }
  return out;
}

interface Payload {
  label: string;
  /** The value as a string (bodies, headers, and URL-encoded for query and path). */
  text?: string;
  /** Already percent-encoded for a URL (byte-level payloads that are no valid string). */
  encoded?: string;
}

const SQL: Payload[] = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '1; DROP TABLE teams; --',
  "x'; DELETE FROM credit_balances; --",
  "1' UNION SELECT secret_hash, client_id FROM api_keys --",
  "') OR ('a'='a",
  '1 OR 1=1',
  "'; UPDATE credit_balances SET balance = 999999; --",
  "'||(SELECT sqlite_version())||'",
  "1); SELECT pg_sleep(5); --",
  '$1',
  '?',
  "%' --",
  '\\\'; --',
  '"; DROP TABLE api_keys; --',
  '1/**/OR/**/1=1',
].map((text) => ({ label: `sql ${text}`, text }));

const OTHER: Payload[] = [
  { label: 'long 10k', text: 'a'.repeat(10_000) },
  { label: 'long 40k', text: "'".repeat(40_000) },
  { label: 'deep parentheses', text: '('.repeat(3000) + ')'.repeat(3000) },
  { label: 'deep and()', text: 'and('.repeat(200) + 'amount[gt]:1' + ')'.repeat(200) },
  { label: 'NUL', encoded: '%00' },
  { label: 'NUL inside', encoded: 'a%00b' },
  { label: 'invalid UTF-8 FF FE', encoded: '%FF%FE' },
  { label: 'overlong UTF-8 dot', encoded: '%C0%AE%C0%AE' },
  { label: 'lone surrogate', encoded: '%ED%A0%80' },
  { label: 'truncated escape', encoded: '%E2%82' },
  { label: 'bad percent', encoded: '%G1%' },
  { label: 'right-to-left override', text: '\u202Eabc' },
  { label: 'emoji', text: '\u{1F4A3}\u{1F4A3}' },
  { label: 'fullwidth SELECT', text: 'ＳＥＬＥＣＴ' },
  { label: 'path traversal', text: '../../etc/passwd' },
  { label: 'encoded traversal', encoded: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'template', text: '${7*7}{{7*7}}' },
  { label: 'script', text: '<script>alert(1)</script>' },
  { label: 'CRLF injection', encoded: 'x%0D%0ASet-Cookie:%20a=b' },
  { label: 'NaN', text: 'NaN' },
  { label: 'huge number', text: '9'.repeat(400) },
  { label: 'exponent', text: '1e309' },
  { label: 'negative', text: '-1' },
  { label: 'hex', text: '0x10' },
  { label: 'JSON object', text: '{"$gt":""}' },
  { label: '__proto__', text: '__proto__' },
];

const PAYLOADS = [...SQL, ...OTHER];

/** Where a payload goes: a URL built from the encoded value. Every one must answer 4xx. */
type Slot = { label: string; url: (v: string) => string; method?: string; skip?: (p: Payload) => boolean };

const UUID = '00000000-0000-4000-8000-000000000000';
const SLOTS: Slot[] = [
  { label: 'transactions filter', url: (v) => `/data/transactions?filter=${v}` },
  { label: 'transactions filter value', url: (v) => `/data/transactions?filter=${encodeURIComponent('amount[gt]:')}${v}` },
  { label: 'transactions filter in_any', url: (v) => `/data/transactions?filter=${encodeURIComponent('round_type[in_any]:[')}${v}${encodeURIComponent(']')}` },
  { label: 'companies filter', url: (v) => `/data/companies?filter=${v}` },
  { label: 'founders filter', url: (v) => `/data/founders?filter=${v}` },
  { label: 'heatmap filter', url: (v) => `/analytics/funding-analytics/heatmap?x=round_year&y=country&filter=${v}` },
  { label: 'transactions sort', url: (v) => `/data/transactions?sort=${v}` },
  { label: 'companies sort', url: (v) => `/data/companies?sort=-${v}` },
  { label: 'cursor', url: (v) => `/data/transactions?cursor=${v}` },
  { label: 'limit', url: (v) => `/data/transactions?limit=${v}` },
  { label: 'currency', url: (v) => `/data/transactions?currency=${v}` },
  { label: 'include_total', url: (v) => `/data/companies?include_total=${v}` },
  { label: 'view', url: (v) => `/data/founders?view=${v}` },
  { label: 'heatmap x', url: (v) => `/analytics/funding-analytics/heatmap?x=${v}&y=country` },
  { label: 'heatmap top_n_x', url: (v) => `/analytics/funding-analytics/heatmap?x=round_year&y=country&top_n_x=${v}` },
  { label: 'funnel dimension', url: (v) => `/analytics/funding-analytics/funnel?dimension=${v}` },
  { label: 'usage from', url: (v) => `/platform/usage?from=${v}` },
  { label: 'teams offset', url: (v) => `/platform/teams?offset=${v}` },
  { label: 'unknown query parameter', url: (v) => `/data/transactions?${v}=1` },
  { label: 'company id', url: (v) => `/data/companies/${v}` },
  { label: 'transaction id', url: (v) => `/data/transactions/${v}` },
  { label: 'job id', url: (v) => `/data/jobs/${v}` },
  { label: 'founder id (nested)', url: (v) => `/data/founders/${v}/founded-companies` },
  { label: 'team id', url: (v) => `/platform/teams/${v}` },
  { label: 'api key id', url: (v) => `/platform/api-keys/${v}` },
  { label: 'api key id (revoke)', url: (v) => `/platform/api-keys/${v}`, method: 'DELETE' },
  { label: 'filter key path', url: (v) => `/reference/filters/${v}/values` },
  { label: 'reference scope', url: (v) => `/reference/filters?scope=${v}` },
];

/** Strings the server must never show in an error (the request's own input removed first). */
const LEAK = /\b(select|insert into|delete from|update \w+ set|sqlite|postgres|pg_|knex|syntax error at|stack|node_modules)\b|at \S+ \(|\.ts:\d+/i;

/**
 * The body text without the request's own input echoed back (whole, or quoted in part, as in
 * `Unknown value "1' UNION SELECT ..."`): what is left is what the server itself said.
 */
function scrub(text: string, payload?: Payload): string {
  if (!payload) return text;
  const forms = [payload.text, payload.encoded, payload.text && JSON.stringify(payload.text).slice(1, -1)].filter((f): f is string => !!f);
  for (const f of forms) text = text.split(f).join('');
  return text.replace(/\\"(.*?)\\"/g, (m, inner: string) => (forms.some((f) => f.includes(inner.replace(/\\\\/g, '\\'))) ? '' : m));
}

/** Slot and payload pairs that are valid input, not hostile: they must answer 200 (still checked against the contract). */
const VALID = new Set(['transactions filter value <- negative', 'limit <- hex', 'teams offset <- hex', 'heatmap top_n_x <- hex']);

forEachDatabase('hostile input', (h) => {
  let before: Record<string, string | number>;
  const tried: string[] = [];
  const failures: string[] = [];
  /** Valid-input pairs, sent after the checksum comparison (a success is charged a credit). */
  const valid: [string, string, string][] = [];

  beforeAll(async () => {
    before = await snapshot(h());
  });

  /** Sends one hostile request and records any answer that is not a clean 4xx envelope. */
  async function expect4xx(label: string, method: string, url: string, opts: { headers?: Record<string, string | null>; body?: unknown; raw?: string } = {}, payload?: Payload) {
    tried.push(label);
    let r;
    try {
      r = await h().call(method, url, opts);
    } catch (err) {
      failures.push(`${label}: ${(err as Error).message.slice(0, 300)}`);
      return;
    }
    if (r.status < 400 || r.status >= 500) failures.push(`${label}: status ${r.status}`);
    if (typeof r.body !== 'object' || !r.body?.error?.code) failures.push(`${label}: no error envelope`);
    if (LEAK.test(scrub(JSON.stringify(r.body), payload))) failures.push(`${label}: leaks ${JSON.stringify(r.body).slice(0, 300)}`);
  }

  it(`answers ${PAYLOADS.length} hostile values in ${SLOTS.length} parameter slots with 4xx envelopes`, async () => {
    for (const slot of SLOTS) {
      const batch = PAYLOADS.filter((p) => !slot.skip?.(p)).map((p) => {
        const v = p.encoded ?? encodeURIComponent(p.text!);
        const label = `${slot.label} <- ${p.label}`;
        if (VALID.has(label)) return void valid.push([label, slot.method ?? 'GET', slot.url(v)]);
        return expect4xx(label, slot.method ?? 'GET', slot.url(v), {}, p);
      });
      await Promise.all(batch);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers hostile values in headers with 4xx envelopes', async () => {
    const headerSafe = PAYLOADS.filter((p) => p.text !== undefined && /^[\x20-\x7e]*$/.test(p.text) && p.text.length < 30_000);
    for (const p of headerSafe) {
      await expect4xx(`API-Version <- ${p.label}`, 'GET', '/data/transactions?limit=1', { headers: { 'API-Version': p.text! } }, p);
      await expect4xx(`X-Client-Id <- ${p.label}`, 'GET', '/data/transactions?limit=1', { headers: { 'X-Client-Id': p.text! } }, p);
      await expect4xx(`Authorization <- ${p.label}`, 'GET', '/data/transactions?limit=1', { headers: { Authorization: `Bearer ${p.text}` } }, p);
    }
    expect(failures).toEqual([]);
  });

  it('answers hostile JSON bodies with 4xx envelopes', async () => {
    const strings = PAYLOADS.filter((p) => p.text !== undefined);
    for (const p of strings) {
      const v = p.text!;
      // (a payload that happens to be a valid slug, such as 1e309, would rightly create a team)
      if (!/^[a-z0-9][a-z0-9-]*[a-z0-9]$|^[a-z0-9]$/.test(v)) await expect4xx(`team body slug <- ${p.label}`, 'POST', '/platform/teams', { body: { name: v, slug: v } }, p);
      await expect4xx(`team body extra <- ${p.label}`, 'POST', '/platform/teams', { body: { name: 'ok', slug: `ok-${crypto.randomBytes(3).toString('hex')}`, [v.slice(0, 100)]: v } }, p);
      await expect4xx(`key body scopes <- ${p.label}`, 'POST', '/platform/api-keys', { body: { label: v, scopes: [v] } }, p);
    }
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const bodies: Record<string, string> = {
      'deep array 20k': `{"name":${deep(20_000)},"slug":"deep"}`,
      'deep object 10k': `{"name":"x","slug":"deep","a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
      'truncated': '{"name": "x", "slug": ',
      'single quotes': "{'name':'x','slug':'single'}",
      'trailing comma': '{"name":"x","slug":"trailing",}',
      'comment': '{"name":"x", /* c */ "slug":"comment"}',
      'NaN value': '{"name":NaN,"slug":"nan"}',
      'null': 'null',
      'array': '[{"name":"x","slug":"arr"}]',
      'string': '"x"',
      'number': '123',
      'empty object': '{}',
      'empty body with content type': '',
      'BOM then JSON': '\uFEFF{"name":"x","slug":"bom-bad slug"}',
      'duplicate keys, last invalid': '{"name":"x","slug":"dup-ok","slug":"Dup Bad"}',
      'NUL escape in name': '{"name":"a\\u0000b","slug":"nul-in-name"}',
      'NUL escape in slug': '{"name":"x","slug":"nul\\u0000"}',
      'lone surrogate escape': '{"name":"\\ud800","slug":"lone-surrogate"}',
      'proto pollution': '{"name":"x","slug":"proto-bad slug","__proto__":{"admin":true}}',
      'constructor pollution': '{"name":"x","slug":"ctor-bad slug","constructor":{"prototype":{"admin":true}}}',
      'huge number': `{"name":"x","slug":"num","n":${'9'.repeat(5000)}}`,
      'wrong types': '{"name":123,"slug":["a"]}',
    };
    for (const [label, raw] of Object.entries(bodies)) {
      await expect4xx(`team raw body <- ${label}`, 'POST', '/platform/teams', { raw, headers: { 'Content-Type': 'application/json' } });
    }
    await expect4xx('key raw body <- NUL in label', 'POST', '/platform/api-keys', { raw: '{"label":"a\\u0000","scopes":["read:transactions"]}', headers: { 'Content-Type': 'application/json' } });
    await expect4xx('oversized body 200 KiB', 'POST', '/platform/teams', { body: { name: 'x'.repeat(200_000), slug: 'big' } });
    await expect4xx('oversized body 2 MiB', 'POST', '/platform/teams', { raw: `{"name":"${'x'.repeat(2_000_000)}","slug":"big"}`, headers: { 'Content-Type': 'application/json' } });
    expect(failures).toEqual([]);
  });

  it('refuses invalid UTF-8 bytes in a JSON body', async () => {
    for (const bytes of [[0xff, 0xfe], [0xc0, 0xae], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('","slug":"utf8-' + bytes.map((b) => b.toString(16)).join('') + '"}')]);
      tried.push(`invalid UTF-8 body ${bytes}`);
      const res = await fetch(`${h().server.baseUrl}/platform/teams`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${h().token}`, 'X-Client-Id': 'dev-client', 'Content-Type': 'application/json' },
        body,
      });
      const json = await res.json();
      assertContract('POST', '/platform/teams', res.status, res.headers, json);
      expect(res.status, String(bytes)).toBe(400);
      expect(json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers wrong and missing media types with 415 or 400', async () => {
    const types = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/json-patch+json; x=1', 'text/json', 'application/javascript', '*/*', 'application/json; charset=utf-16', 'application/json; charset=latin1'];
    for (const type of types) {
      await expect4xx(`content type ${type}`, 'POST', '/platform/teams', { raw: '{"name":"x","slug":"ctype"}', headers: { 'Content-Type': type } });
    }
    expect(failures).toEqual([]);
  });

  it('answers duplicated query parameters with 4xx envelopes', async () => {
    const urls = [
      '/data/transactions?limit=1&limit=2',
      '/data/transactions?filter=amount[gt]:1&filter=amount[lt]:5',
      '/data/transactions?sort=-date&sort=date',
      '/data/transactions?currency=USD&currency=EUR',
      '/data/transactions?cursor=a&cursor=b',
      '/data/companies?include_total=true&include_total=false',
      '/data/founders?view=full&view=summary',
      '/analytics/funding-analytics/heatmap?x=round_year&x=country&y=country',
      '/platform/teams?offset=0&offset=1',
      '/platform/usage?from=2026-01-01&from=2026-02-01',
      '/data/transactions?limit[]=1',
      '/data/transactions?filter[a]=1',
      '/data/transactions?limit=99999999999999999999',
      '/data/transactions?limit=2001',
      '/data/companies?limit=501',
      '/data/transactions?limit=1.5',
      '/data/transactions?limit=',
    ];
    for (const url of urls) await expect4xx(`query ${url}`, 'GET', url.replace(/\[/g, '%5B').replace(/\]/g, '%5D'));
    expect(failures).toEqual([]);
  });

  it('answers malformed raw HTTP with a 400 envelope and keeps serving', async () => {
    const port = Number(new URL(h().server.baseUrl).port);
    const raws = {
      'NUL in a header': `GET /system/health HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n`,
      'raw 0xFF in the path': Buffer.concat([Buffer.from('GET /data/companies/'), Buffer.from([0xff, 0xfe]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
      'space in a header name': `GET /system/health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n`,
      'bare LF line ends and junk': `GET /system/health HTTP/1.1\nHost: x\n\u0001\u0002\n\n`,
      'conflicting length headers (smuggling)': `POST /platform/teams HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      'two Content-Length': `POST /platform/teams HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
      'not HTTP': 'HELLO THERE\r\n\r\n',
      'header over 64 KiB': `GET /system/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
      '10,000 headers': `GET /system/health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 10_000 }, (_, i) => `X-${i}: 1\r\n`).join('')}\r\n`,
    };
    for (const [label, raw] of Object.entries(raws)) {
      tried.push(`raw HTTP ${label}`);
      const answer = await new Promise<string>((resolve) => {
        const s = net.connect(port, '127.0.0.1');
        let got = '';
        s.on('data', (d) => (got += d.toString('latin1')));
        s.on('error', () => resolve(got));
        s.on('close', () => resolve(got));
        s.write(raw);
        setTimeout(() => s.destroy(), 5000).unref();
      });
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      if (status < 400 || status >= 500) failures.push(`raw HTTP ${label}: status ${status}`);
      else {
        const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
        if (!body.error?.code) failures.push(`raw HTTP ${label}: no envelope`);
      }
    }
    expect(failures).toEqual([]);
    expect((await h().get('/system/health')).status).toBe(200);
  });

  it('keeps a hostile string that is valid data as plain data (parameterised, verbatim)', async () => {
    const name = "Robert'); DROP TABLE teams; -- \u{1F4A3}";
    const created = await h().call('POST', '/platform/teams', { body: { name, slug: 'bobby-tables' } });
    expect(created.status).toBe(201);
    expect(created.body.data.name).toBe(name);
    expect((await h().get(`/platform/teams/${created.body.data.id}`)).body.data.name).toBe(name);
    // put the database back for the checksum comparison
    await h().db('team_members').where('team_id', created.body.data.id).delete();
    await h().db('credit_balances').where('team_id', created.body.data.id).delete();
    await h().db('teams').where('id', created.body.data.id).delete();
  });

  it('leaves the database unchanged: same row counts and checksums', async () => {
    expect(tried.length).toBeGreaterThan(1000);
    // refunds of failed metered calls settle after the response
    const after = await settled(() => snapshot(h()), before, 10_000);
    expect(after).toEqual(before);
  });

  it('serves the corpus values that are valid input', async () => {
    expect(valid.map(([label]) => label).sort()).toEqual([...VALID].sort());
    for (const [label, method, url] of valid) expect((await h().call(method, url)).status, label).toBe(200);
  });
});

forEachDatabase('random filters and cursors over HTTP (fast-check)', (h) => {
  const RUNS = Math.max(1, Math.floor((Number(process.env.FUZZ_RUNS) || 0) / 100)) * 60;
  it(`answers ${RUNS} random filter expressions and cursors with 200 or a 4xx envelope, never 5xx`, async () => {
    const before = await snapshot(h());
    const piece = fc.oneof(
      fc.constantFrom('and(', 'or(', ')', ',', '[', ']', ':', 'amount', 'year', 'round_type', 'country', '[eq]', '[gt]', '[in_any]', '[nin_all]', "'", '"', ';', '--', ' ', '\\', '%', 'select', 'null'),
      fc.string({ maxLength: 6 }),
      fc.integer().map(String),
    );
    const filter = fc.array(piece, { maxLength: 25 }).map((a) => a.join(''));
    await fc.assert(
      fc.asyncProperty(filter, fc.string({ maxLength: 80 }), fc.constantFrom('/data/transactions', '/data/companies', '/data/founders'), async (f, cursor, path) => {
        for (const url of [`${path}?limit=2&filter=${encodeURIComponent(f)}`, `${path}?cursor=${encodeURIComponent(cursor)}`]) {
          const r = await h().call('GET', url);
          expect(r.status === 200 || (r.status >= 400 && r.status < 500 && typeof r.body.error?.code === 'string'), `${url} -> ${r.status}`).toBe(true);
        }
      }),
      { numRuns: RUNS, seed: 42 },
    );
    // reads only: the dev key's credits were charged for the 200s, nothing else moved
    const after = await snapshot(h());
    for (const k of Object.keys(before)) if (!k.startsWith('credit_balances') && !k.startsWith('usage_daily')) expect(after[k], k).toEqual(before[k]);
  }, 120_000);
});

describe('hardening', () => {
  let h: Harness;
  const logged: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    h = await startHarness('sqlite', { LOG_LEVEL: 'trace', METRICS_TOKEN: 'hostile-metrics' });
    // a second server over the same database with a capturing logger at the most verbose level
    const { startServer } = await import('../../src/server.js');
    const server = await startServer({ ...h.server.cfg, port: 0, authPort: 0 }, handlers, { logger: pino({ level: 'trace' }, sink) });
    const close = h.server.close;
    h.server.close = async () => {
      await server.close();
      await close();
    };
    (h as { logged?: typeof server }).logged = server;
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });

  it('sets security headers on API answers, errors included', async () => {
    const page = await h.get('/data/transactions?limit=1');
    for (const r of [await h.get('/system/health'), page, await h.get('/data/nothing'), await h.get('/data/transactions', { Authorization: null })]) {
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      // a caller's own data may be kept by its own cache only (revalidated by ETag); probes and errors by none
      expect(r.headers.get('cache-control')).toBe(r === page ? 'private, no-cache' : 'no-store');
      expect(r.headers.get('x-powered-by')).toBeNull();
      expect(r.headers.get('server')).toBeNull();
    }
  });

  it('allows CORS from the registered origins only', async () => {
    const base = h.server.baseUrl;
    const preflight = (origin: string) =>
      fetch(`${base}/data/transactions`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
    const ok = await preflight('http://localhost:5173');
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    for (const origin of ['https://evil.example', 'http://localhost:5173.evil.example', 'http://evil.localhost:5173', 'null', 'http://localhost:5174', 'https://localhost:5173', '*']) {
      for (const r of [await preflight(origin), await fetch(`${base}/system/health`, { headers: { Origin: origin } })]) {
        expect(r.headers.get('access-control-allow-origin'), origin).toBeNull();
        expect(r.status).toBeLessThan(500);
      }
    }
  });

  it('answers a body that does not match its Content-Encoding with 400 (415 when unknown), on the API and the token endpoint, logging no error', async () => {
    const server = (h as unknown as { logged: import('../../src/server.js').RunningServer }).logged;
    const errorsBefore = logged.filter((l) => l.includes('"level":50')).length;
    const plain = JSON.stringify({ entity_id: 1, body: 'x' });
    const token = JSON.stringify({ client_id: 'dev-client', client_secret: 'dev-secret', audience: server.cfg.audience, grant_type: 'client_credentials' });
    for (const encoding of ['gzip', 'deflate', 'br', 'GZIP']) {
      const api = await fetch(`${server.baseUrl}/data/notes`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, body: plain });
      const body = await api.json();
      assertContract('POST', '/data/notes', api.status, api.headers, body);
      expect(api.status, encoding).toBe(400);
      expect(body.error.code).toBe('VALIDATION_ERROR');
      const idp = await fetch(`${server.authUrl}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, body: token });
      expect(idp.status, encoding).toBe(400);
      expect(((await idp.json()) as { error: string }).error).toBe('invalid_request');
    }
    // a truncated gzip stream is refused the same way
    const truncated = zlib.gzipSync(Buffer.from(plain)).subarray(0, 12);
    const cut = await fetch(`${server.baseUrl}/data/notes`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: truncated });
    expect(cut.status).toBe(400);
    for (const url of [`${server.baseUrl}/data/notes`, `${server.authUrl}/oauth/token`]) {
      const r = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'compress' }, body: plain });
      expect(r.status, url).toBe(415);
    }
    // a correctly compressed body is read as usual
    const good = await fetch(`${server.authUrl}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: zlib.gzipSync(Buffer.from(token)) });
    expect(good.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(logged.filter((l) => l.includes('"level":50')).length).toBe(errorsBefore);
  });

  it('logs one warn line per refused sign-in and token request (who, address, reason; never the secret) and counts them in the metrics', async () => {
    const server = (h as unknown as { logged: import('../../src/server.js').RunningServer }).logged;
    const lines = () => logged.flatMap((l) => l.split('\n')).filter((l) => l.includes('"auth_failure"')).map((l) => JSON.parse(l) as Record<string, unknown>);
    const before = lines().length;
    const token = (client_id: string, client_secret: string) =>
      fetch(`${server.authUrl}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id, client_secret, audience: server.cfg.audience, grant_type: 'client_credentials' }) });
    for (let i = 0; i < 3; i++) expect((await token('dev-client', `wrong-secret-${i}`)).status).toBe(401);
    expect((await token('no-such-client', 'whatever-secret')).status).toBe(401);
    const form = (username: string, password: string) => postSignIn(server.authUrl, { username, password });
    expect((await form('free@example.com', 'wrong-password-1')).status).toBe(401);
    expect((await form('ghost@example.com', 'wrong-password-2')).status).toBe(401);
    await new Promise((r) => setTimeout(r, 100));
    const seen = lines().slice(before);
    expect(seen.map((l) => [l.level, l.endpoint, l.client_id ?? l.account, l.reason])).toEqual([
      [40, 'token', 'dev-client', 'wrong_secret'],
      [40, 'token', 'dev-client', 'wrong_secret'],
      [40, 'token', 'dev-client', 'wrong_secret'],
      [40, 'token', 'no-such-client', 'unknown_client'],
      [40, 'authorize', 'free@example.com', 'wrong_password'],
      [40, 'authorize', 'ghost@example.com', 'unknown_account'],
    ]);
    for (const l of seen) expect(l.address).toBe('127.0.0.1');
    const text = JSON.stringify(seen);
    for (const secret of ['wrong-secret-0', 'whatever-secret', 'wrong-password-1', 'wrong-password-2']) expect(text).not.toContain(secret);
    const metrics = await (await fetch(`${server.baseUrl}/system/metrics`, { headers: { Authorization: 'Bearer hostile-metrics' } })).text();
    expect(metrics).toMatch(/auth_failures_total\{endpoint="token",reason="wrong_secret"\} 3/);
    expect(metrics).toMatch(/auth_failures_total\{endpoint="token",reason="unknown_client"\} 1/);
    expect(metrics).toMatch(/auth_failures_total\{endpoint="authorize",reason="wrong_password"\} 1/);
    expect(metrics).toMatch(/auth_failures_total\{endpoint="authorize",reason="unknown_account"\} 1/);
  });

  it('never logs secrets, tokens or passwords', async () => {
    const server = (h as unknown as { logged: import('../../src/server.js').RunningServer }).logged;
    const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const tok = (await (await post(`${server.authUrl}/oauth/token`, { client_id: 'dev-client', client_secret: 'dev-secret', audience: server.cfg.audience, grant_type: 'client_credentials' })).json()) as { access_token: string };
    await post(`${server.authUrl}/oauth/token`, { client_id: 'dev-client', client_secret: 'wrong-secret-xyz', audience: server.cfg.audience, grant_type: 'client_credentials' });
    const auth = { Authorization: `Bearer ${tok.access_token}`, 'X-Client-Id': 'dev-client', 'Content-Type': 'application/json' };
    const key = (await (await fetch(`${server.baseUrl}/platform/api-keys`, { method: 'POST', headers: auth, body: JSON.stringify({ label: 'logged', scopes: ['read:transactions'] }) })).json()) as { data: { client_secret: string; client_id: string } };
    expect(key.data.client_secret).toBeTruthy();
    await fetch(`${server.baseUrl}/data/transactions?limit=1`, { headers: auth });
    await fetch(`${server.baseUrl}/data/transactions?filter=${encodeURIComponent("x'--")}`, { headers: auth });
    await fetch(`${server.baseUrl}/data/transactions`, { headers: { ...auth, Authorization: `Bearer ${tok.access_token}x` } });
    await fetch(`${server.baseUrl}/platform/teams`, { method: 'POST', headers: auth, body: '{"name": ' });
    await fetch(`${server.authUrl}/authorize`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'username=free%40example.com&password=free-password&client_id=web-app' });
    await new Promise((r) => setTimeout(r, 100));
    const text = logged.join('');
    expect(text).toContain('"request"'); // the logger did capture the requests
    for (const secret of ['dev-secret', 'wrong-secret-xyz', tok.access_token, tok.access_token.split('.')[2]!, key.data.client_secret, 'free-password']) {
      expect(text.includes(secret), `log contains ${secret.slice(0, 12)}...`).toBe(false);
    }
  });
});
