/**
 * The full-size figures of issue "Hardening" (not a test: run once, before and after):
 *   npx tsx bench/hardening.ts [ROOT] > bench/results/hardening-<label>.json
 * ROOT is a checkout of the server (default: this one), so an older commit exported with
 * `git archive` can be measured with the same script. Each scenario starts that server on a fresh
 * copy of a tiny SQLite seed, on 127.0.0.1 only, bounded in time and count:
 * - sign-in flood: /system/health latency idle, then under 32 parallel wrong-password loops (10 s);
 * - idle sockets: 22,000 connections that send nothing, from two processes (the open-file limit
 *   here is 20,000 a process), how many end within 4 s, and whether a client at another address is
 *   served meanwhile;
 * - outside write lock: another process holds BEGIN IMMEDIATE for 15 s; health and metered-call
 *   latency meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(process.argv[2] ?? '.');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]! : null);
const round = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return p;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function req(port: number, p: string, opts: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {}): Promise<{ status: number; ms: number; text: string }> {
  const t = performance.now();
  return new Promise((resolve) => {
    const r = http.request({ host: '127.0.0.1', port, path: p, method: opts.method ?? 'GET', headers: opts.headers, agent }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - t, text }));
    });
    r.setTimeout(opts.timeoutMs ?? 30_000, () => r.destroy(new Error('timeout')));
    r.on('error', () => resolve({ status: 0, ms: performance.now() - t, text: '' }));
    r.end(opts.body);
  });
}

async function startServer(dir: string, db: string): Promise<{ proc: ChildProcess; port: number; authPort: number }> {
  const [port, authPort] = [await freePort(), await freePort()];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), AUTH_PORT: String(authPort), DATABASE_URL: `sqlite:${db}`, SIGNING_KEY_FILE: path.join(dir, 'key.json'), LOG_LEVEL: 'silent', RATE_LIMIT_BURST: '1000000', RATE_LIMIT_PER_SECOND: '1000000' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  for (let i = 0; i < 600 && !err.includes('is running'); i++) await sleep(100);
  if (!err.includes('is running')) throw new Error(`server did not start: ${err}`);
  return { proc, port, authPort };
}

async function stop(proc: ChildProcess) {
  proc.kill('SIGKILL');
  await new Promise((r) => proc.once('exit', r));
}

async function healthSeries(port: number, ms: number): Promise<number[]> {
  const out: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    out.push((await req(port, '/system/health')).ms);
    await sleep(50);
  }
  return out;
}

async function signInFlood(port: number, authPort: number) {
  const idle = await healthSeries(port, 5000);
  let running = true;
  const statuses: Record<string, number> = {};
  const form = new URLSearchParams({ client_id: 'web-app', redirect_uri: 'http://localhost:5173/callback', response_type: 'code', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256', username: 'free@example.com', password: 'wrong' }).toString();
  const loops = Array.from({ length: 32 }, async () => {
    while (running) {
      const r = await req(authPort, '/authorize', { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  });
  await sleep(500);
  const flood = await healthSeries(port, 10_000);
  running = false;
  await Promise.all(loops);
  return { idle_p50_ms: round(pct(idle, 50)), flood_p50_ms: round(pct(flood, 50)), flood_p99_ms: round(pct(flood, 99)), sign_in_answers: statuses };
}

/** Idle connections from two helper processes (each has its own open-file limit of 20,000). */
async function idleSockets(port: number, perProcess: number) {
  const script = `const net = require('node:net'); let closed = 0, errors = 0; const n = Number(process.argv[2]);
    (async () => { for (let i = 0; i < n; i++) { const s = net.connect(Number(process.argv[1]), '127.0.0.1'); s.on('error', () => errors++); s.on('close', () => closed++); if (i % 500 === 499) await new Promise((r) => setTimeout(r, 10)); }
    setTimeout(() => { process.stdout.write(JSON.stringify({ closed, errors })); process.exit(0); }, 4000); })();`;
  const helpers = [0, 1].map(() => {
    const p = spawn(process.execPath, ['-e', script, String(port), String(perProcess)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout!.on('data', (d) => (out += d));
    return new Promise<{ closed: number; errors: number }>((r) => p.on('exit', () => r(JSON.parse(out || '{"closed":0,"errors":0}'))));
  });
  await sleep(3000);
  // a normal client elsewhere (another address: the cap is per address)
  const during = await new Promise<{ status: number; ms: number }>((resolve) => {
    const t = performance.now();
    const r = http.get({ host: '127.0.0.1', port, path: '/system/health', localAddress: '127.0.0.2', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - t }));
    });
    r.setTimeout(5000, () => r.destroy(new Error('timeout')));
    r.on('error', () => resolve({ status: 0, ms: performance.now() - t }));
  });
  const done = await Promise.all(helpers);
  return {
    opened: perProcess * 2,
    closed_by_server_or_failed: done.reduce((a, d) => a + d.closed, 0),
    connect_errors: done.reduce((a, d) => a + d.errors, 0),
    other_client_health: during.status,
    other_client_ms: round(during.ms),
  };
}

async function writeLock(port: number, authPort: number, db: string) {
  const tok = await req(authPort, '/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'dev-client', client_secret: 'dev-secret', audience: 'urn:funding-data-api', grant_type: 'client_credentials' }),
  });
  const token = (JSON.parse(tok.text) as { access_token: string }).access_token;
  const auth = { Authorization: `Bearer ${token}`, 'X-Client-Id': 'dev-client' };
  const id = (JSON.parse((await req(port, '/data/transactions?limit=1', { headers: auth })).text) as { data: { id: string }[] }).data[0]!.id;
  const script = `const D = require('better-sqlite3'); const d = new D(process.argv[1]); d.exec('BEGIN IMMEDIATE'); process.stdout.write('locked\\n'); setTimeout(() => { d.exec('ROLLBACK'); process.exit(0); }, 15000);`;
  const holder = spawn(process.execPath, ['-e', script, db], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((r) => holder.stdout!.on('data', () => r()));
  const lockedAt = Date.now();
  let releasedAt = Infinity;
  holder.once('exit', () => (releasedAt = Date.now()));
  const health: number[] = [];
  const metered: Record<string, number> = {};
  const meteredMs: number[] = [];
  // requests sent while the lock is held; each recorded when its answer comes
  const meter = (async () => {
    while (Date.now() < lockedAt + 15_000) {
      const r = await req(port, `/data/transactions/${id}`, { headers: auth });
      metered[r.status] = (metered[r.status] ?? 0) + 1;
      meteredMs.push(r.ms);
    }
  })();
  const probes: Promise<void>[] = [];
  while (Date.now() < lockedAt + 15_000) {
    probes.push(req(port, '/system/health').then((r) => void health.push(r.ms)));
    await sleep(100);
  }
  await Promise.all([meter, ...probes]);
  return {
    lock_held_ms: releasedAt - lockedAt,
    health_probes: health.length,
    health_p50_ms: round(pct(health, 50)),
    health_max_ms: round(Math.max(...health)),
    metered_answers: metered,
    metered_p50_ms: round(pct(meteredMs, 50)),
  };
}

async function main() {
  const template = process.env.SEEDED_SQLITE;
  if (!template) throw new Error('SEEDED_SQLITE: a seeded SQLite file to copy');
  const results: Record<string, unknown> = { root: ROOT, node: process.version, cpus: os.cpus().length, loadavg: os.loadavg().map((x) => Math.round(x * 10) / 10) };
  for (const [name, run] of [
    ['sign_in_flood', (s: { port: number; authPort: number }) => signInFlood(s.port, s.authPort)],
    ['idle_sockets', (s: { port: number }) => idleSockets(s.port, 11_000)],
    ['outside_write_lock', (s: { port: number; authPort: number }, db: string) => writeLock(s.port, s.authPort, db)],
  ] as const) {
    if (process.env.SCENARIOS && !process.env.SCENARIOS.split(',').includes(name)) continue;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-hardening-'));
    const db = path.join(dir, 'db.sqlite');
    fs.copyFileSync(template, db);
    const s = await startServer(dir, db);
    try {
      results[name] = await run(s, db);
    } finally {
      await stop(s.proc);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    process.stderr.write(`${name}: ${JSON.stringify(results[name])}\n`);
  }
  process.stdout.write(JSON.stringify(results, null, 2) + '\n');
  agent.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
