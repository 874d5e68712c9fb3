/**
 * Stalled readers against a server with its default settings and `make run`'s heap (not a test: run
 * once before and after a change):
 *   SEEDED_SQLITE=<tiny seed> npx tsx bench/slow-readers.ts [ROOT] > bench/results/slow-readers-<label>.json
 * ROOT is a checkout of the server (default: this one; an older commit via `git archive`). One API
 * key opens SOCKETS sockets (test/helpers/stalled.py: a 4 KB receive buffer each, on 127.0.0.1), each
 * asking a large answer, and reads nothing for WINDOW_MS; meanwhile the server's RSS (/proc) is
 * sampled and a `/system/live` probe sent every 100 ms (each on its own connection, not waiting for the last). Bounded: SOCKETS sockets, WINDOW_MS per scenario.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { mainThreadCpuMs, rssMb, round } from './lib.js';
import { freePort } from '../test/helpers/servers.js';

const ROOT = path.resolve(process.argv[2] ?? '.');
export const HELPER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/helpers/stalled.py');
const SOCKETS = Number(process.env.SOCKETS ?? 200);
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 15_000);
/** `make run`'s defaults (Makefile HEAP_MB, MALLOC_MMAP_THRESHOLD). */
export const RUN_ENV = { NODE_OPTIONS: '--max-old-space-size=1024', MALLOC_MMAP_THRESHOLD_: '131072' };
/** More of the server's Node flags (e.g. `--cpu-prof --cpu-prof-dir=DIR`: written when it stops). */
const SERVER_NODE_FLAGS = (process.env.SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** The start of a window, where a burst of connections meets the probes. */
const FIRST_MS = 3000;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

export function get(port: number, p: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<{ status: number; ms: number; text: string }> {
  const t = performance.now();
  return new Promise((resolve) => {
    const r = http.request({ host: '127.0.0.1', port, path: p, method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - t, text }));
    });
    r.setTimeout(30_000, () => r.destroy(new Error('timeout')));
    r.on('error', () => resolve({ status: 0, ms: performance.now() - t, text: '' }));
    r.end(body);
  });
}

export async function startServer(dir: string, db: string): Promise<Server> {
  const [port, authPort] = [await freePort(), await freePort()];
  const proc = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...RUN_ENV, PORT: String(port), AUTH_PORT: String(authPort), DATABASE_URL: `sqlite:${db}`, SIGNING_KEY_FILE: path.join(dir, 'key.json'), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  for (let i = 0; i < 600 && !err.includes('is running'); i++) await sleep(100);
  if (!err.includes('is running')) throw new Error(`server did not start: ${err}`);
  return { proc, port, authPort };
}

export type Server = { proc: ChildProcess; port: number; authPort: number };

/** The dev client's API-key headers. */
export async function apiKeyHeaders(s: Server): Promise<Record<string, string>> {
  const tok = await get(s.authPort, '/oauth/token', { 'Content-Type': 'application/json' }, 'POST',
    JSON.stringify({ client_id: 'dev-client', client_secret: 'dev-secret', audience: 'urn:funding-data-api', grant_type: 'client_credentials' }));
  return { Authorization: `Bearer ${(JSON.parse(tok.text) as { access_token: string }).access_token}`, 'X-Client-Id': 'dev-client' };
}

/** `count` stalled readers of `url` (test/helpers/stalled.py), opened; `release` reads them and counts their statuses. */
export async function stalledReaders(s: Server, url: string, headers: Record<string, string>, count: number) {
  const child = spawn('python3', [HELPER, String(s.port), String(count), url, JSON.stringify(headers)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const line = () => new Promise<string>((r) => lines.once('line', r));
  await line();
  return {
    async release(): Promise<Record<string, number>> {
      const reading = line();
      child.stdin!.write('read\n');
      const results = JSON.parse(await reading) as { status: string }[];
      const statuses: Record<string, number> = {};
      for (const r of results) statuses[r.status.split(' ')[1] ?? 'none'] = (statuses[r.status.split(' ')[1] ?? 'none'] ?? 0) + 1;
      return statuses;
    },
  };
}

/** The server's RSS and a `/system/live` probe every 100 ms for `windowMs` (each probe on its own connection). */
export async function watch(s: Server, windowMs: number) {
  const rss: number[] = [];
  const live: number[] = [];
  /** the probes sent in the first FIRST_MS of the window: those that meet the burst of connections */
  const first: number[] = [];
  /** the server's main-thread CPU between each of those probes' send and answer: the work ahead of it */
  const ahead: number[] = [];
  let alive = true;
  const started = Date.now();
  const until = started + windowMs;
  const probes: Promise<void>[] = [];
  while (Date.now() < until) {
    const early = Date.now() - started < FIRST_MS;
    const cpu = mainThreadCpuMs(s.proc.pid!) ?? 0;
    probes.push(get(s.port, '/system/live').then((r) => {
      if (r.status !== 200) alive = false;
      live.push(r.ms);
      if (!early) return;
      first.push(r.ms);
      ahead.push((mainThreadCpuMs(s.proc.pid!) ?? 0) - cpu);
    }));
    rss.push((rssMb(s.proc.pid!) ?? 0));
    await sleep(100);
  }
  await Promise.all(probes);
  return {
    server_alive: alive && s.proc.exitCode === null,
    rss_peak_mb: Math.max(...rss),
    rss_last_mb: rss.at(-1) ?? 0,
    live_p50_ms: round(pct(live, 50), 1),
    live_p99_ms: round(pct(live, 99), 1),
    live_max_ms: round(Math.max(...live), 1),
    live_probes: live.length,
    live_over_100ms: live.filter((ms) => ms > 100).length,
    live_first_3s: { probes: first.length, p50_ms: round(pct(first, 50), 1), max_ms: round(Math.max(...first), 1), over_100ms: first.filter((ms) => ms > 100).length,
      main_thread_cpu_ahead_p50_ms: round(pct(ahead, 50), 1), main_thread_cpu_ahead_max_ms: round(Math.max(...ahead), 1) },
  };
}

export /** bench/live-probe.mjs for `ms`: `/system/live` and a control server, each probed from a process of its own. */
function separateProbe(s: Server, ms: number): Promise<unknown> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'live-probe.mjs');
  const child = spawn(process.execPath, [script, String(s.port), String(ms)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  return new Promise((resolve) => child.on('exit', () => resolve(JSON.parse(out))));
}

/** Runs `run` once against a server on a copy of SEEDED_SQLITE and prints its figures with the machine's. */
export function benchMain(run: (s: Server) => Promise<Record<string, unknown>>): void {
  (async () => {
    const template = process.env.SEEDED_SQLITE;
    if (!template) throw new Error('SEEDED_SQLITE: a seeded SQLite file to copy');
    const result = await withServer(template, run);
    const meta = { node: process.version, cpus: os.cpus().length, heap: RUN_ENV.NODE_OPTIONS, loadavg: os.loadavg().map((x) => Math.round(x * 10) / 10) };
    process.stdout.write(JSON.stringify({ ...meta, ...result }, null, 2) + '\n');
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

async function scenario(url: string, s: Server) {
  const headers = await apiKeyHeaders(s);
  await get(s.port, url.replace(/limit=\d+/, 'limit=5'), headers);
  const idleRss = (rssMb(s.proc.pid!) ?? 0);
  const readers = await stalledReaders(s, url, headers, SOCKETS);
  const seen = await watch(s, WINDOW_MS);
  const answers = await readers.release();
  return { url, sockets: SOCKETS, window_ms: WINDOW_MS, rss_idle_mb: idleRss, ...seen, answers };
}

/** Runs `work` against a server of its own on a copy of `template`, stopped and removed after. */
export async function withServer<T>(template: string, work: (s: Server) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-slow-'));
  const db = path.join(dir, 'db.sqlite');
  fs.copyFileSync(template, db);
  const s = await startServer(dir, db);
  try {
    return await work(s);
  } finally {
    // stopped as `make run` is (a profile is written on the way out), killed if that takes long
    const exited = new Promise((r) => s.proc.once('exit', r));
    s.proc.kill('SIGTERM');
    const kill = setTimeout(() => s.proc.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(kill);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const template = process.env.SEEDED_SQLITE;
  if (!template) throw new Error('SEEDED_SQLITE: a seeded SQLite file to copy');
  const results: Record<string, unknown> = { root: ROOT, node: process.version, cpus: os.cpus().length, heap: RUN_ENV.NODE_OPTIONS, loadavg: os.loadavg().map((x) => Math.round(x * 10) / 10) };
  for (const [name, url] of [
    ['stalled_pages', '/data/transactions?limit=2000&sort=-amount'],
    ['stalled_exports', '/data/founders?format=ndjson&view=full'],
  ] as const) {
    results[name] = await withServer(template, (s) => scenario(url, s));
    process.stderr.write(`${name}: ${JSON.stringify(results[name])}\n`);
  }
  process.stdout.write(JSON.stringify(results, null, 2) + '\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
