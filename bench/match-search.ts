/**
 * Latency of the forgiving search and of matching on SQLite, at the database layer (no HTTP) and
 * over HTTP (a server in this process, the development key, client-side times):
 *
 * - `/data/search`'s ranking query (rankedQuery, src/db/search.ts) for exact names, 3-letter
 *   prefixes, names with one typo and names with a legal form, with and without the forgiving classes;
 *   over HTTP, `GET /data/search?q=` for the same queries;
 * - `matchQueries` (src/match/score.ts) for batches of 100 noisy queries (test/eval/match-set.ts);
 *   over HTTP, `POST /data/entities/match` with the same batches.
 *
 *   tsx bench/match-search.ts        (BENCH_SCALE, default demo; the database is kept in BENCH_DIR)
 *
 * Seeding `large` is off-limits on a shared two-core machine: the figures are demo's, bounded by one
 * SQLite connection on a shared core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { createDb } from '../src/db/knex.js';
import { loadMatchFacts } from '../src/db/matchKeys.js';
import { migrate } from '../src/db/migrate.js';
import { normalizeTerm, rankedQuery } from '../src/db/search.js';
import { forgivingOf } from '../src/match/normalize.js';
import { matchQueries } from '../src/match/score.js';
import { startServer } from '../src/server.js';
import { Rng } from '../seeds/random.js';
import { buildSet, typo } from '../test/eval/match-set.js';
import { testServerConfig } from '../test/helpers/servers.js';
import { BENCH_DIR, log, machineNote, ROOT, SEED, snapshotLoaded, writeJson } from './lib.js';
import { seedDatabase, type ScaleName } from '../seeds/index.js';

const SCALE = (process.env.BENCH_SCALE || 'demo') as ScaleName;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};

async function main() {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const file = path.join(BENCH_DIR, `match-${SCALE}.sqlite`);
  const fresh = !fs.existsSync(file);
  const db = createDb({ dbClient: 'sqlite', sqliteFile: file, databaseUrl: `sqlite:${file}`, dbPoolMax: 1 });
  try {
    await migrate(db);
    if (fresh) {
      log(`seeding ${SCALE} into ${file}`);
      await seedDatabase(db, { scale: SCALE, seed: SEED, rollup: false });
    }
    const ids = ((await db('entities').where('type', 'organization').select('id')) as { id: number }[]).map((r) => r.id);
    const entities = Number(((await db('entities').count({ n: '*' })) as { n: number }[])[0]!.n);
    const facts = [...(await loadMatchFacts(db, ids)).values()];
    const rng = new Rng(SEED, 'bench-search');
    const names = Array.from({ length: 200 }, () => rng.pick(facts).name);
    const cases: Record<string, string[]> = {
      exact: names.map((n) => n.toLowerCase()),
      prefix3: names.map((n) => n.slice(0, 3).toLowerCase()),
      typo: names.map((n) => typo(rng, n) ?? n),
      'legal form': names.map((n) => `${n} Inc.`),
    };
    const search: Record<string, unknown> = {};
    for (const [label, qs] of Object.entries(cases)) {
      for (const forgiving of [false, true]) {
        const ms: number[] = [];
        let found = 0;
        for (const raw of qs) {
          const q = normalizeTerm(raw);
          const t0 = performance.now();
          const rows = await rankedQuery(db, q, null, forgiving ? forgivingOf(q) : null);
          ms.push(performance.now() - t0);
          if (rows.length) found++;
        }
        search[`${label}${forgiving ? '' : ' (prefix index only)'}`] = { queries: qs.length, found, p50_ms: pct(ms, 50), p95_ms: pct(ms, 95), max_ms: pct(ms, 100) };
      }
    }
    const set = buildSet(SEED, facts, 1000);
    const batches: number[] = [];
    for (let i = 0; i < set.length; i += 100) {
      const t0 = performance.now();
      await matchQueries(db, set.slice(i, i + 100).map((q) => q.query), 5, (j) => `body.queries.${j}`);
      batches.push(performance.now() - t0);
    }
    const result = {
      date: new Date().toISOString(),
      scale: SCALE,
      entities,
      machine: machineNote(),
      note: 'database layer (one SQLite connection) and over HTTP (a server in this process); large is not seeded on this shared machine',
      search,
      match_batch_100: { batches: batches.length, p50_ms: pct(batches, 50), max_ms: pct(batches, 100) },
      http: await overHttp(file, cases, set.map((q) => q.query)),
    };
    console.log(JSON.stringify(result, null, 2));
    writeJson(path.join(ROOT, 'bench/results', `match-search-${SCALE}-${result.date.slice(0, 10)}.json`), result);
  } finally {
    await db.destroy();
  }
}

/** The same searches and match batches through a server over the same database file. */
async function overHttp(file: string, cases: Record<string, string[]>, queries: unknown[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-bench-ms-'));
  const server = await startServer(testServerConfig(`sqlite:${file}`, dir, { RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_SECOND: '100000' }), { logger: pino({ level: 'silent' }) });
  try {
    const token = (
      (await (
        await fetch(`${server.authUrl}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: 'dev-client', client_secret: 'dev-secret', audience: server.cfg.audience, grant_type: 'client_credentials' }) })
      ).json()) as { access_token: string }
    ).access_token;
    const headers = { Authorization: `Bearer ${token}`, 'X-Client-Id': 'dev-client', 'Content-Type': 'application/json' };
    const timed = async (p: string, init: RequestInit = {}) => {
      const t0 = performance.now();
      const res = await fetch(server.baseUrl + p, { ...init, headers });
      const body = (await res.json()) as { data: unknown[] };
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t0, body };
    };
    // the server loads its rounds snapshot in the background at start: measure after it
    await snapshotLoaded(server.baseUrl, headers);
    // warm the connection and the server's caches once
    await timed('/data/search?q=a');
    const search: Record<string, unknown> = {};
    for (const [label, qs] of Object.entries(cases)) {
      const ms: number[] = [];
      let found = 0;
      for (const q of qs) {
        const r = await timed(`/data/search?q=${encodeURIComponent(q)}`);
        ms.push(r.ms);
        if (r.body.data.length) found++;
      }
      search[label] = { queries: qs.length, found, p50_ms: pct(ms, 50), p95_ms: pct(ms, 95), p99_ms: pct(ms, 99), max_ms: pct(ms, 100) };
      log(`http search ${label}: p50 ${pct(ms, 50)} ms p99 ${pct(ms, 99)} ms`);
    }
    const batches: number[] = [];
    for (let i = 0; i < queries.length; i += 100) {
      const r = await timed('/data/entities/match', { method: 'POST', body: JSON.stringify({ queries: queries.slice(i, i + 100) }) });
      batches.push(r.ms);
    }
    log(`http match batches of 100: p50 ${pct(batches, 50)} ms max ${pct(batches, 100)} ms`);
    return { search, match_batch_100: { batches: batches.length, p50_ms: pct(batches, 50), p95_ms: pct(batches, 95), max_ms: pct(batches, 100) } };
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
