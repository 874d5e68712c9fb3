/**
 * The change feed walked over HTTP after a day of changes, on a bench database of bench/lib.ts
 * (BENCH_SCALE, default large: used as bench/seed.ts seeded it, never seeded here; a smaller scale
 * is seeded on first use). Per database:
 *
 * - set-up (timed, not the figure): an import of COMPANIES companies `fw<i>` with ROUNDS_EACH rounds
 *   each in the source `bench-feed` (the same records every run, so a rerun writes only what the
 *   previous run changed back, and restores the rounds it withdrew);
 * - the position `from=latest`, then the day: one import of a new amount for CHANGED rounds, NEW new
 *   rounds and WITHDRAWN withdrawn ones (each also refigures its company: a company update in the feed);
 * - the walk: `GET /data/changes?after=<position>&limit=1000` until `has_more` is false, WALKS times,
 *   the servers of both databases alternating; changes per wall second and per server CPU second (our
 *   server process only: the PostgreSQL server's time is not in it).
 *
 *   npx tsx bench/feed-walk.ts [--db sqlite|postgres] [--walks 7] [--limit 1000]
 *     -> bench/results/feed-walk-<scale>-<date>.json
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../src/db/knex.js';
import { runImport } from '../src/import/engine.js';
import {
  apiHeaders, cpuMs, DB_KINDS, ensureSeeded, forkServer, getToken, log, machineNote, median, ROOT, round, SCALE, serverEnv, serverHeapArgs, snapshotLoaded, startPostgres,
  target, timedGet, writeJson, type ChildServer, type DbKind, type Pg,
} from './lib.js';

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const WALKS = Number(flag('--walks') ?? 7);
const LIMIT = Number(flag('--limit') ?? 1000);
const COMPANIES = 1000;
const ROUNDS_EACH = 3;
const CHANGED = 2000;
const NEW = 500;
const WITHDRAWN = 500;
const SOURCE = 'bench-feed';

const company = (i: number) => ({ type: 'company', key: `fw${i}`, data: { name: `Feed Walk Company ${i}`, country: ['USA', 'DEU', 'GBR', 'FRA'][i % 4], city: null, categories: ['software'], status: 'operating', founded_on: `${2000 + (i % 24)}` } });
const roundOf = (key: string, i: number, amount: number) => ({ type: 'round', key, data: { company: `fw${i % COMPANIES}`, round_type: 'seed', announced_on: `${2015 + (i % 10)}-0${1 + (i % 9)}-15`, amount_usd: amount } });

/** The set-up: the companies and their rounds as every run starts from them. */
function setup(): object[] {
  const rounds = Array.from({ length: COMPANIES * ROUNDS_EACH }, (_, i) => roundOf(`fw-r${i}`, i, 1_000_000 + i));
  return [...Array.from({ length: COMPANIES }, (_, i) => company(i)), ...rounds];
}

/** The day: new amounts, new rounds (keys of this run) and withdrawn rounds. */
function day(stamp: number): object[] {
  const changed = Array.from({ length: CHANGED }, (_, i) => roundOf(`fw-r${i}`, i, 2_000_000 + stamp * 10 + i));
  const created = Array.from({ length: NEW }, (_, i) => roundOf(`fw-n${stamp}-${i}`, i, 3_000_000 + i));
  const withdrawn = Array.from({ length: WITHDRAWN }, (_, i) => ({ type: 'round', key: `fw-r${COMPANIES * ROUNDS_EACH - 1 - i}`, delete: true }));
  return [...changed, ...created, ...withdrawn];
}

async function importRecords(databaseUrl: string, kind: DbKind, name: string, records: object[]) {
  const db = createDb({ dbClient: kind, databaseUrl, sqliteFile: databaseUrl.replace(/^sqlite:/, ''), dbPoolMax: 2 });
  try {
    const text = records.map((r) => JSON.stringify(r)).join('\n');
    const t0 = performance.now();
    const r = await runImport(db, [{ name, size: text.length, open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> }], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: SOURCE });
    if (!r.committed) throw new Error(`${name}: ${JSON.stringify(r.rejections.slice(0, 5))}`);
    return { seconds: round((performance.now() - t0) / 1000), types: r.files[0]?.types };
  } finally {
    await db.destroy();
  }
}

interface Feed {
  data: { type: string; kind: string }[];
  page: { next_after: string; has_more: boolean };
}

interface Prepared {
  kind: DbKind;
  server: ChildServer;
  headers: Record<string, string>;
  position: string;
  imports: Record<string, unknown>;
}

async function prepare(kind: DbKind, pg: Pg | null): Promise<Prepared> {
  const t = target(kind, pg);
  await ensureSeeded(t, pg, { seed: SCALE !== 'large' });
  const setUp = await importRecords(t.databaseUrl, kind, 'feed-walk-setup.ndjson', setup());
  log(`${kind}: set-up import ${setUp.seconds} s ${JSON.stringify(setUp.types)}`);
  const server = await forkServer('our-server.ts', serverEnv(t.databaseUrl), serverHeapArgs());
  const headers = apiHeaders(await getToken(server.authUrl!));
  // the server loads its rounds snapshot in the background at start (seconds of CPU on large): walk after it
  await snapshotLoaded(server.baseUrl, headers);
  const { body } = await timedGet<Feed>(`${server.baseUrl}/data/changes?from=latest`, headers);
  const changes = await importRecords(t.databaseUrl, kind, 'feed-walk-day.ndjson', day(Math.floor(Date.now() / 1000) % 100_000));
  log(`${kind}: the day's import ${changes.seconds} s ${JSON.stringify(changes.types)}`);
  return { kind, server, headers, position: body.page.next_after, imports: { set_up: setUp, day: changes } };
}

interface Walk {
  changes: number;
  pages: number;
  ms: number;
  server_cpu_ms: number;
  by: Record<string, number>;
}

async function walk(p: Prepared): Promise<Walk> {
  let after = p.position;
  let changes = 0;
  let pages = 0;
  const by: Record<string, number> = {};
  const cpu0 = cpuMs(p.server.pid)!;
  const t0 = performance.now();
  for (;;) {
    const { body } = await timedGet<Feed>(`${p.server.baseUrl}/data/changes?limit=${LIMIT}&after=${encodeURIComponent(after)}`, p.headers);
    pages++;
    changes += body.data.length;
    for (const c of body.data) by[`${c.type}.${c.kind}`] = (by[`${c.type}.${c.kind}`] ?? 0) + 1;
    after = body.page.next_after;
    if (!body.page.has_more) break;
  }
  const ms = performance.now() - t0;
  return { changes, pages, ms: round(ms), server_cpu_ms: round(cpuMs(p.server.pid)! - cpu0), by };
}

async function main(): Promise<void> {
  const only = flag('--db') as DbKind | undefined;
  const machine = machineNote();
  const date = new Date().toISOString();
  let pg: Pg | null = null;
  const prepared: Prepared[] = [];
  try {
    for (const kind of DB_KINDS) {
      if (only && only !== kind) continue;
      if (kind === 'postgres') pg = await startPostgres();
      prepared.push(await prepare(kind, pg));
    }
    const walks = new Map<DbKind, Walk[]>(prepared.map((p) => [p.kind, []]));
    // warm each server's caches once; the first request after the imports may meet a kept-alive
    // connection the server closed while idle (undici's 'other side closed'): once more then
    await Promise.all(prepared.map((p) => walk(p).catch(() => walk(p))));
    for (let i = 0; i < WALKS; i++) {
      for (const p of prepared) {
        const w = await walk(p);
        walks.get(p.kind)!.push(w);
        log(`${p.kind} walk ${i + 1}: ${w.changes} changes in ${w.pages} pages, ${w.ms.toFixed(0)} ms (${Math.round(w.changes / (w.ms / 1000))}/s), server CPU ${w.server_cpu_ms.toFixed(0)} ms`);
      }
    }
    const runs = prepared.map((p) => {
      const ws = walks.get(p.kind)!;
      const changes = ws[0]!.changes;
      return {
        db: p.kind,
        scale: SCALE,
        imports: p.imports,
        walk: {
          changes,
          pages: ws[0]!.pages,
          limit: LIMIT,
          by_type_and_kind: ws[0]!.by,
          walks: ws.length,
          per_second_median: Math.round(median(ws.map((w) => w.changes / (w.ms / 1000)))),
          per_second_each: ws.map((w) => Math.round(w.changes / (w.ms / 1000))),
          per_server_cpu_second_median: Math.round(median(ws.map((w) => w.changes / (w.server_cpu_ms / 1000)))),
          ms_each: ws.map((w) => w.ms),
        },
      };
    });
    const result = { date, machine, machine_at_end: machineNote(), target: { changes_per_second: 20_000, scale: 'large' }, runs };
    console.log(JSON.stringify(result, null, 2));
    writeJson(path.join(ROOT, 'bench/results', `feed-walk-${SCALE}-${date.slice(0, 10)}.json`), result);
  } finally {
    for (const p of prepared) await p.server.stop();
    await pg?.stop();
  }
}

await main();
