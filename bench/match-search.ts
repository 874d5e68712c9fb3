/**
 * Latency of the forgiving search and of matching, at the database layer (no HTTP) and over HTTP
 * (our server forked over the same database, the development key, client-side times):
 *
 * - `/data/search`'s ranking query (rankedQuery, src/db/search.ts) for exact names, their first
 *   letter (a typeahead's first keystroke), first 2 and first 3 letters, names with one typo and names with a legal form, with and without the forgiving classes;
 *   over HTTP, `GET /data/search?q=` for the same queries;
 * - `matchQueries` (src/match/score.ts) for batches of 100 noisy queries (test/eval/match-set.ts);
 *   over HTTP, `POST /data/entities/match` with the same batches.
 *
 *   npx tsx bench/match-search.ts [--db sqlite|postgres]   (default both, one after the other)
 *     -> bench/results/match-search-<scale>-<db>-<date>.json
 *
 * BENCH_SCALE (default demo) names the bench database of bench/lib.ts (BENCH_DIR): `large` is used as
 * it was seeded (bench/seed.ts) and never seeded here (minutes of both cores); a smaller scale is
 * seeded on first use. BENCH_CPU_PROF=<dir> writes the server's CPU profile (node --cpu-prof) there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../src/db/knex.js';
import { loadMatchFacts } from '../src/db/matchKeys.js';
import { normalizeTerm, rankedQuery } from '../src/db/search.js';
import { forgivingOf } from '../src/match/normalize.js';
import { matchQueries } from '../src/match/score.js';
import { Rng } from '../seeds/random.js';
import { buildSet, typo } from '../test/eval/match-set.js';
import type { ScaleName } from '../seeds/index.js';
import {
  apiHeaders, cpuMs, DB_KINDS, ensureSeeded, forkServer, getToken, log, machineNote, ROOT, SEED, serverEnv, serverHeapArgs, snapshotLoaded, startPostgres, target,
  writeJson, type DbKind, type Pg, type SeedTarget,
} from './lib.js';

const SCALE = (process.env.BENCH_SCALE || 'demo') as ScaleName;
const args = process.argv.slice(2);
const ONLY = (args.includes('--db') ? args[args.indexOf('--db') + 1] : undefined) as DbKind | undefined;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};

async function main() {
  let pg: Pg | null = null;
  try {
    for (const kind of DB_KINDS) {
      if (ONLY && ONLY !== kind) continue;
      if (kind === 'postgres') pg = await startPostgres();
      const t = target(kind, pg, SCALE);
      await ensureSeeded(t, pg, { seed: SCALE !== 'large' });
      const result = await measure(t);
      console.log(JSON.stringify(result, null, 2));
      writeJson(path.join(ROOT, 'bench/results', `match-search-${SCALE}-${kind}-${result.date.slice(0, 10)}.json`), result);
    }
  } finally {
    await pg?.stop();
  }
}

async function measure(t: SeedTarget) {
  const date = new Date().toISOString();
  const machine = machineNote();
  const db = createDb({ dbClient: t.kind, sqliteFile: t.sqliteFile, databaseUrl: t.databaseUrl, dbPoolMax: 1 });
  try {
    const ids = ((await db('entities').where('type', 'organization').select('id')) as { id: number }[]).map((r) => Number(r.id));
    const entities = Number(((await db('entities').count({ n: '*' })) as { n: number | string }[])[0]!.n);
    const facts = [...(await loadMatchFacts(db, ids)).values()];
    const rng = new Rng(SEED, 'bench-search');
    const names = Array.from({ length: 200 }, () => rng.pick(facts).name);
    const cases: Record<string, string[]> = {
      exact: names.map((n) => n.toLowerCase()),
      prefix1: names.map((n) => n.slice(0, 1).toLowerCase()),
      prefix2: names.map((n) => n.slice(0, 2).toLowerCase()),
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
    log(`${t.kind} database layer: match batches of 100 p50 ${pct(batches, 50)} ms`);
    const http = await overHttp(t, cases, set.map((q) => q.query));
    return {
      date,
      db: t.kind,
      scale: SCALE,
      entities,
      machine,
      machine_at_end: machineNote(),
      note: `database layer (one ${t.kind} connection from this process) and over HTTP (our server forked over the same database; client-side times; server CPU per request is the server process's own)`,
      search,
      match_batch_100: { batches: batches.length, p50_ms: pct(batches, 50), max_ms: pct(batches, 100) },
      http,
    };
  } finally {
    await db.destroy();
  }
}

/** The same searches and match batches through our server over the same database. */
async function overHttp(t: SeedTarget, cases: Record<string, string[]>, queries: unknown[]) {
  const prof = process.env.BENCH_CPU_PROF;
  const server = await forkServer('our-server.ts', serverEnv(t.databaseUrl), [...serverHeapArgs(), ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])]);
  try {
    const headers = { ...apiHeaders(await getToken(server.authUrl!)), 'Content-Type': 'application/json' };
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
      const cpu0 = cpuMs(server.pid)!;
      for (const q of qs) {
        const r = await timed(`/data/search?q=${encodeURIComponent(q)}`);
        ms.push(r.ms);
        if (r.body.data.length) found++;
      }
      const cpu = (cpuMs(server.pid)! - cpu0) / qs.length;
      search[label] = { queries: qs.length, found, p50_ms: pct(ms, 50), p95_ms: pct(ms, 95), p99_ms: pct(ms, 99), max_ms: pct(ms, 100), server_cpu_ms_mean: Math.round(cpu * 100) / 100 };
      log(`${t.kind} http search ${label}: p50 ${pct(ms, 50)} ms p99 ${pct(ms, 99)} ms, server CPU ${cpu.toFixed(2)} ms/request`);
    }
    const batches: number[] = [];
    const cpu0 = cpuMs(server.pid)!;
    for (let i = 0; i < queries.length; i += 100) {
      const r = await timed('/data/entities/match', { method: 'POST', body: JSON.stringify({ queries: queries.slice(i, i + 100) }) });
      batches.push(r.ms);
    }
    const cpu = (cpuMs(server.pid)! - cpu0) / batches.length;
    log(`${t.kind} http match batches of 100: p50 ${pct(batches, 50)} ms max ${pct(batches, 100)} ms, server CPU ${cpu.toFixed(0)} ms/batch`);
    return { search, match_batch_100: { batches: batches.length, p50_ms: pct(batches, 50), p95_ms: pct(batches, 95), max_ms: pct(batches, 100), server_cpu_ms_mean: Math.round(cpu) } };
  } finally {
    await server.stop();
  }
}

await main();
