/**
 * Hardening, round 3: what a second black-box run found, each kept as a test on both databases.
 * Integer filter values outside the engine's range, prototype-named keys, invalid UTF-8 in the query
 * string, HEAD on GET routes, revalidations without credits, idle sockets, readiness under a busy
 * pool, and repeated server errors in the log.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/query/registry.js';
import { forEachDatabase, settled, startHarness, type Harness } from '../helpers/harness.js';
import { teamKey } from '../helpers/principals.js';

/** A list endpoint of each filter scope, and an analytics endpoint over the funding scope. */
const LIST_OF: Record<string, string> = {
  funding: '/data/transactions?limit=1',
  entity: '/data/companies?limit=1',
  job: '/data/jobs?limit=1',
  fund: '/data/funds?limit=1',
  valuation: '/data/valuations?limit=1',
  news: '/data/news?limit=1',
  note: '/data/notes?limit=1',
};
const ANALYTICS = '/analytics/aggregate/funding-rounds?group_by=country&metric=count';

/** Every integer-typed key of every scope (`company.*` forms included), with an endpoint that takes it. */
function integerKeys(): { url: string; key: string; ops: readonly string[] }[] {
  const out: { url: string; key: string; ops: readonly string[] }[] = [];
  for (const [name, scope] of Object.entries(SCOPES)) {
    for (const k of scope.keys) {
      if (k.type !== 'integer' && k.type !== 'place') continue;
      out.push({ url: LIST_OF[name]!, key: k.key, ops: k.ops });
      if (name === 'funding') out.push({ url: ANALYTICS, key: k.key, ops: k.ops });
    }
  }
  return out;
}

forEachDatabase('hardening round 3', (h) => {
  it('answers integer filter values outside the 32-bit range with 400 FILTER_VALIDATION_ERROR on every key and engine (item 7)', async () => {
    const keys = integerKeys();
    expect(keys.some((k) => k.key.startsWith('company.'))).toBe(true);
    const failures: string[] = [];
    for (const { url, key, ops } of keys) {
      for (const value of ['2147483648', '99999999999', '-2147483649', '999999999999999']) {
        const op = ops.includes('gt') ? 'gt' : 'eq';
        const r = await h().get(`${url}&filter=${encodeURIComponent(`${key}[${op}]:${value}`)}`);
        if (r.status !== 400 || r.body?.error?.code !== 'FILTER_VALIDATION_ERROR') failures.push(`${url} ${key}[${op}]:${value} -> ${r.status} ${r.body?.error?.code}`);
      }
      // the edges of the range are values like any other
      const edge = await h().get(`${url}&filter=${encodeURIComponent(`${key}[eq]:2147483647`)}`);
      if (edge.status !== 200) failures.push(`${url} ${key}[eq]:2147483647 -> ${edge.status} ${edge.body?.error?.code}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('reads sort and filter keys named like Object.prototype members as unknown keys (item 13)', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const sorted = await h().get(`/data/transactions?limit=1&sort=${name}`);
      expect(sorted.status, name).toBe(400);
      expect(sorted.body.error.message).toMatch(new RegExp(`^Unknown sort key ${name}`));
      const filtered = await h().get(`/data/transactions?limit=1&filter=${encodeURIComponent(`${name}[eq]:1`)}`);
      expect(filtered.status, name).toBe(400);
      expect(filtered.body.error.code).toBe('UNKNOWN_FILTER');
      expect(filtered.body.error.message).not.toMatch(/undefined/);
    }
  });

  it('refuses percent-encoding that is no UTF-8 in the query string with 400, as in the path and body (item 13)', async () => {
    for (const bad of ['%ED%A0%80', '%C0%80', '%FF', 'caf%E9']) {
      const r = await h().get(`/data/companies?limit=1&filter=${encodeURIComponent('name[eq]:')}${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
      expect(r.body.error.details).toEqual([{ path: 'query', message: 'is not valid percent-encoded UTF-8' }]);
    }
    // valid UTF-8 and a literal % are still plain data
    expect((await h().get(`/data/companies?limit=1&filter=${encodeURIComponent('name[eq]:café 100%')}`)).status).toBe(200);
    expect((await h().get(`/data/companies?limit=1&filter=name[eq]:100%`)).status).toBe(200);
  });

  it('serves HEAD on GET routes as the GET without a body (item 13)', async () => {
    for (const url of ['/data/transactions?limit=2', '/reference/filters?scope=funding', '/system/health']) {
      const get = await h().get(url);
      // raw fetch: a HEAD answer has no body for the contract check
      const head = await fetch(h().server.baseUrl + url, { method: 'HEAD', headers: { Authorization: `Bearer ${h().token}`, 'X-Client-Id': 'dev-client' } });
      expect(head.status, url).toBe(200);
      expect(await head.text(), url).toBe('');
      expect(head.headers.get('content-type'), url).toBe(get.headers.get('content-type'));
      // the probe's body carries its latency and time: only the others are the same bytes
      if (!url.startsWith('/system/')) expect(head.headers.get('content-length'), url).toBe(get.headers.get('content-length'));
    }
  });

  it('checks credits before a conditional request: 402 at a balance of 0 whatever the validators (item 3)', async () => {
    const k = await teamKey(h(), ['read:entities', 'read:transactions'], 3);
    const first = await h().get('/data/companies?limit=1', k.headers);
    const url = `/data/companies/${first.body.data[0].uuid}`;
    const record = await h().get(url, k.headers);
    expect(record.status).toBe(200);
    const tag = record.headers.get('etag')!;
    // with credits, the current tag is answered 304 and not charged
    const current = await h().get(url, { ...k.headers, 'If-None-Match': tag });
    expect(current.status).toBe(304);
    expect(current.headers.get('x-credits-used')).toBe('0');
    const balance = () => h().db('credit_balances').where('team_id', k.teamId).first('balance').then((b: { balance: unknown }) => Number(b.balance));
    // the 304's reservation went back: one credit left, spent on a changed answer
    expect(await settled(balance, 1)).toBe(1);
    expect((await h().get(url, { ...k.headers, 'If-None-Match': '"stale"' })).status).toBe(200);
    expect(await settled(balance, 0)).toBe(0);
    // at 0 the same revalidation, `*` and a stale tag all answer 402: nothing about the data leaks
    for (const validator of [tag, '*', '"stale"']) {
      const r = await h().get(url, { ...k.headers, 'If-None-Match': validator });
      expect(r.status, validator).toBe(402);
      expect(r.body.error.code).toBe('CREDITS_EXHAUSTED');
      expect(r.headers.get('etag')).toBeNull();
    }
    // a filter that matches or not answers the same 402
    const empty = `/data/transactions?limit=1&filter=${encodeURIComponent('amount[gt]:999999999999')}`;
    const full = `/data/transactions?limit=1&filter=${encodeURIComponent('amount[gt]:0')}`;
    expect((await h().get(empty, { ...k.headers, 'If-None-Match': '*' })).status).toBe(402);
    expect((await h().get(full, { ...k.headers, 'If-None-Match': '*' })).status).toBe(402);
  });

  it('keeps nothing of a POST whose answer could not be stored, and frees its Idempotency-Key at once (item 5)', async () => {
    const uuid = ((await h().db('entities').orderBy('id').first('uuid')) as { uuid: string }).uuid;
    const key = `fault-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const text = `idempotency under faults ${key}`;
    const notes = async () => Number(((await h().db('notes').where('body', text).count({ n: '*' }).first()) as { n: number }).n);
    const post = () => h().call('POST', '/data/notes', { body: { entity: uuid, body: text }, headers: { 'Idempotency-Key': key } });
    // the answer cannot be stored (as when the database turns read-only after the handler's write)
    if (h().kind === 'postgres') {
      await h().db.raw(`create or replace function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'read-only'; end $$`);
      await h().db.raw('create trigger refuse_update before update on idempotency_keys for each row execute function refuse_update()');
    } else {
      await h().db.raw(`create trigger refuse_update before update on idempotency_keys begin select raise(abort, 'read-only'); end`);
    }
    try {
      const failed = await post();
      expect(failed.status).toBeGreaterThanOrEqual(500);
      // nothing half-written: no note, no claim left behind
      expect(await notes()).toBe(0);
      // a retry is not locked out with 409: it runs again (and fails the same way while the fault lasts)
      expect((await post()).status).toBeGreaterThanOrEqual(500);
      expect(await notes()).toBe(0);
    } finally {
      await h().db.raw('drop trigger refuse_update' + (h().kind === 'postgres' ? ' on idempotency_keys' : ''));
    }
    const ok = await post();
    expect(ok.status).toBe(201);
    const again = await post();
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(ok.body.data.id);
    expect(await notes()).toBe(1);
  });

  it('reads `If-None-Match: *` on a GET as no validator: the answer, charged (item 3)', async () => {
    const k = await teamKey(h(), ['read:entities'], 10);
    const first = await h().get('/data/companies?limit=1', k.headers);
    const url = `/data/companies/${first.body.data[0].uuid}`;
    const r = await h().get(url, { ...k.headers, 'If-None-Match': '*' });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-credits-used')).toBe('1');
  });
});

/** Reads a server's pino lines (JSON) as objects. */
function capture(): { logger: pino.Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(String(chunk));
      cb();
    },
  });
  return {
    logger: pino({ level: 'info' }, sink),
    lines: () => chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('repeated server errors (item 13)', () => {
  it('logs a run of identical 503s once with its stack, then once with the count', async () => {
    const { RepeatedErrors } = await import('../../src/http/repeats.js');
    const { logger, lines } = capture();
    const repeats = new RepeatedErrors(logger, 50);
    for (let i = 0; i < 1000; i++) repeats.report('SERVICE_UNAVAILABLE\0down', 'request failed', { request_id: `r${i}`, stack: 'Error: down\n at x' });
    repeats.report('DATABASE_ERROR\0other', 'request failed', { request_id: 'o', stack: 'Error: other' });
    expect(lines().filter((l) => l.msg === 'request failed')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 120));
    const summary = lines().filter((l) => l.msg === 'request failed (repeated)');
    expect(summary).toEqual([expect.objectContaining({ repeated: 999, last_request_id: 'r999', level: 50 })]);
  });
});

describe('idle sockets with the default settings (item 12)', () => {
  let h: Harness;
  beforeAll(async () => {
    // HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS as an operator gets them: unset
    h = await startHarness('sqlite');
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });

  it('closes a connection that sends nothing within the default headers timeout', async () => {
    expect(h.server.cfg.headersTimeoutMs).toBe(10_000);
    const socket = net.connect({ port: Number(new URL(h.server.baseUrl).port), host: '127.0.0.1' });
    socket.on('error', () => undefined);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const opened = Date.now();
    const closed = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), h.server.cfg.headersTimeoutMs + 5000);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve(Date.now() - opened);
      });
    });
    socket.destroy();
    expect(closed).not.toBeNull();
    expect((await h.get('/system/health')).status).toBe(200);
  }, 30_000);
});

// PostgreSQL only: SQLite runs lists and analytics on a worker thread, not on pooled connections
describe('readiness under a busy pool [postgres] (item 11)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('postgres', { DB_POOL_MAX: '2' });
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });

  it('answers ready while every pooled connection is held by slow requests', async () => {
    const trx = await h.db.transaction();
    // the lists wait on this lock, each holding a pooled connection
    await trx.raw('lock table transactions in access exclusive mode');
    const slow = Array.from({ length: 6 }, () => h.get('/data/transactions?limit=5').catch(() => null));
    try {
      await new Promise((r) => setTimeout(r, 300));
      const probes = [];
      for (let i = 0; i < 8; i++) {
        probes.push((await h.get('/system/ready')).status);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(probes).toEqual(Array(8).fill(200));
    } finally {
      await trx.rollback();
    }
    await Promise.all(slow);
    expect((await h.get('/system/ready')).status).toBe(200);
  }, 30_000);
});
