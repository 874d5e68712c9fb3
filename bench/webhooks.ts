/**
 * Change feed and webhooks, small (the machine is shared): the tiny seed on SQLite (a file) and on
 * PostgreSQL (a database of the bench cluster, bench/lib.ts), one server in this process with the
 * shipped outbox settings (WEBHOOK_POLL_MS 1000) and receivers on 127.0.0.1, in this process too.
 *   1. commit-to-first-attempt latency: single-round imports, 400-1400 ms apart, one webhook;
 *   2. fan-out: one import of ROUNDS rounds to 10 webhooks (10 receivers), commit to the last delivery;
 *   3. the change feed walked over HTTP (limit 1000) after a further WALK_ROUNDS-round import, changes per second.
 *   npx tsx bench/webhooks.ts [rounds] [--db sqlite|postgres] [--only fan-out]
 *     -> bench/results/webhooks-<date>.json (one entry per database)
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createDb } from '../src/db/knex.js';
import { migrate } from '../src/db/migrate.js';
import { runImport } from '../src/import/engine.js';
import { startServer } from '../src/server.js';
import { handlers } from '../handlers/index.js';
import { CLAIM_BATCH } from '../src/webhooks/outbox.js';
import { seedDatabase } from '../seeds/index.js';
import { testServerConfig } from '../test/helpers/servers.js';
import { log, machineNote, ROOT, startPostgres, type DbKind, type Pg } from './lib.js';

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const ROUNDS = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')) ?? 1000);
const ONLY_FAN_OUT = flag('--only') === 'fan-out';
const LATENCY_SAMPLES = 30;
const WALK_ROUNDS = 5000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function receiver(onRequest: (id: string) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      onRequest(String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

async function measure(kind: DbKind, pg: Pg | null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-bench-wh-'));
  const pgName = `webhooks_${process.pid}`;
  if (pg) await pg.createDatabase(pgName);
  const url = pg ? pg.url(pgName) : `sqlite:${path.join(dir, 'db.sqlite')}`;
  const env = { WEBHOOK_ALLOW_PRIVATE: 'on', RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_SECOND: '100000' };
  const seedDb = createDb(testServerConfig(url, dir, env));
  await migrate(seedDb);
  await seedDatabase(seedDb, { scale: 'tiny' });
  await seedDb.destroy();
  const server = await startServer(testServerConfig(url, dir, env), handlers, { logger: pino({ level: 'silent' }) });
  const db = createDb(server.cfg);
  const token = (
    (await (
      await fetch(`${server.authUrl}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: 'dev-client', client_secret: 'dev-secret', audience: server.cfg.audience, grant_type: 'client_credentials' }) })
    ).json()) as { access_token: string }
  ).access_token;
  const api = (method: string, p: string, body?: unknown) =>
    fetch(server.baseUrl + p, { method, headers: { Authorization: `Bearer ${token}`, 'X-Client-Id': 'dev-client', 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  let n = 0;
  const imp = async (lines: object[]) => {
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    const r = await runImport(db, [{ name: `b${n++}.ndjson`, size: text.length, open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> }], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'bench' });
    if (!r.committed) throw new Error(JSON.stringify(r.rejections));
  };
  const round = (key: string, amount: number) => ({ type: 'round', key, data: { company: 'bench-co', round_type: 'seed', announced_on: '2024-01-02', amount_usd: amount } });
  await imp([{ type: 'company', key: 'bench-co', data: { name: 'Bench Co', country: 'DEU', city: null, categories: [], status: 'operating', founded_on: '2020' } }]);

  // 1. latency
  const latencies: number[] = [];
  const closers: (() => Promise<void>)[] = [];
  if (!ONLY_FAN_OUT) {
    let arrived: (() => void) | null = null;
    const one = await receiver(() => arrived?.());
    closers.push(one.close);
    const hook = (await (await api('POST', '/platform/webhooks', { url: one.url, events: ['transaction.created'] })).json()) as { data: { id: string } };
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      await new Promise((r) => setTimeout(r, 400 + Math.random() * 1000));
      const got = new Promise<number>((r) => (arrived = () => r(performance.now())));
      await imp([round(`lat-${i}`, 1000 + i)]);
      const committed = performance.now();
      latencies.push((await got) - committed);
  }
  arrived = null;
  await api('DELETE', `/platform/webhooks/${hook.data.id}`);
  log(`latency p50 ${pct(latencies, 50).toFixed(0)} ms p99 ${pct(latencies, 99).toFixed(0)} ms`);
  }

  // 2. fan-out
  let delivered = 0;
  let allIn: () => void = () => undefined;
  const want = ROUNDS * 10;
  const all = new Promise<void>((r) => (allIn = r));
  // distinct webhook-ids: a delivery sent twice (a lost record, a lease run out) is not counted twice
  const ids = new Set<string>();
  const rx = await Promise.all(
    Array.from({ length: 10 }, () =>
      receiver((id) => {
        delivered++;
        ids.add(id);
        if (ids.size === want) allIn();
      }),
    ),
  );
  const fanHooks: string[] = [];
  for (const r of rx) fanHooks.push(((await (await api('POST', '/platform/webhooks', { url: r.url, events: ['transaction.created'] })).json()) as { data: { id: string } }).data.id);
  await imp(Array.from({ length: ROUNDS }, (_, i) => round(`fan-${i}`, 2000 + i)));
  const t0 = performance.now();
  await all;
  const fanSeconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const duplicates = delivered - want;
  log(`${kind}: fan-out ${want} deliveries in ${fanSeconds.toFixed(2)} s: ${(want / fanSeconds).toFixed(0)}/s (${duplicates} sent twice)`);

  // 3. change feed walk, over a further import with no webhook
  for (const id of fanHooks) await api('DELETE', `/platform/webhooks/${id}`);
  let walked = 0;
  let walkSeconds = 0;
  if (!ONLY_FAN_OUT) {
    await imp(Array.from({ length: WALK_ROUNDS }, (_, i) => round(`walk-${i}`, 5000 + i)));
    const w0 = performance.now();
    let after: string | null = null;
    for (;;) {
      const res = await api('GET', `/data/changes?limit=1000${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      const body = (await res.json()) as { data: unknown[]; page: { next_after: string; has_more: boolean } };
      walked += body.data.length;
      after = body.page.next_after;
      if (!body.page.has_more) break;
  }
  walkSeconds = (performance.now() - w0) / 1000;
  log(`feed walk ${walked} changes in ${walkSeconds.toFixed(2)} s: ${(walked / walkSeconds).toFixed(0)}/s`);
  }

  await Promise.all([...closers.map((c) => c()), ...rx.map((r) => r.close())]);
  await db.destroy();
  await server.close();
  if (pg) await pg.dropDatabase(pgName);
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    database: `${kind} (tiny seed), server in the benchmark process, receivers on 127.0.0.1`,
    ...(latencies.length ? { commit_to_first_attempt_ms: { samples: latencies.length, p50: Math.round(pct(latencies, 50)), p99: Math.round(pct(latencies, 99)), max: Math.round(Math.max(...latencies)) } } : {}),
    fan_out: { rounds: ROUNDS, endpoints: 10, deliveries: want, sent_twice: duplicates, seconds: Number(fanSeconds.toFixed(2)), per_second: Math.round(want / fanSeconds) },
    ...(walked ? { change_feed_walk: { changes: walked, seconds: Number(walkSeconds.toFixed(3)), per_second: Math.round(walked / walkSeconds) } } : {}),
  };
}

async function main(): Promise<void> {
  const only = flag('--db') as DbKind | undefined;
  const date = new Date().toISOString();
  const machine = machineNote();
  const runs: Record<string, unknown>[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (only && only !== kind) continue;
    const pg = kind === 'postgres' ? await startPostgres() : null;
    try {
      runs.push(await measure(kind, pg));
    } finally {
      await pg?.stop();
    }
  }
  const result = { date, machine, settings: { WEBHOOK_POLL_MS: 1000, claim_batch: CLAIM_BATCH }, runs };
  const file = path.join(ROOT, 'bench/results', `webhooks-${date.slice(0, 10)}${ONLY_FAN_OUT ? '-fan-out' : ''}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify(result, null, 2));
}

await main();
