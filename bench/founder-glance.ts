/**
 * The founders glance of one organization (a company, investor or body detail from the rows) read
 * one organization at a time by `founderGlance` and by the batch form `founderGlances` the record
 * documents' build uses, in alternating rounds over the same organizations (those with founders
 * first): median wall time per call and this process's CPU per call (the client's share: parse,
 * knex, the driver; on SQLite also the engine), and whether both give the same glance
 * (bench/results/2026-11-27-founder-glance-tiny.json, with a folded form measured against them).
 *
 *   tsx bench/founder-glance.ts   BENCH_SCALE (tiny), BENCH_DBS (sqlite,postgres), BENCH_ROUNDS (5),
 *                                 BENCH_CALLS (200 per form per round), BENCH_OUT
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../src/db/knex.js';
import { founderGlance, founderGlances } from '../src/db/entities.js';
import { FOUNDERS_GLANCE } from '../src/services/organizations.js';
import { ensureSeeded, log, machineNote, median, ROOT, round, SCALE, startPostgres, target, writeJson, type DbKind, type Pg } from './lib.js';
import os from 'node:os';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const CALLS = Number(process.env.BENCH_CALLS || 200);
const DBS = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as DbKind[];

const FORMS = {
  single: (db: Parameters<typeof founderGlance>[0], id: number) => founderGlance(db, id, FOUNDERS_GLANCE),
  batchOfOne: async (db: Parameters<typeof founderGlance>[0], id: number) => (await founderGlances(db, [id], FOUNDERS_GLANCE)).get(id)!,
};

async function measure(kind: DbKind, pg: Pg | null) {
  const t = target(kind, pg);
  await ensureSeeded(t, pg);
  // a pool like the server's: the single form sends its two statements side by side
  const db = createDb({ dbClient: t.kind, databaseUrl: t.databaseUrl, sqliteFile: t.sqliteFile, dbPoolMax: 4 });
  try {
    const founded = (await db('career').where('is_founder', true).groupBy('org_id').orderByRaw('count(*) desc, org_id').limit(CALLS / 2).select('org_id')) as { org_id: number }[];
    const others = (await db('entities').whereIn('subtype', ['company', 'investor']).orderBy('id').limit(CALLS / 2).select('id')) as { id: number }[];
    const ids = [...founded.map((r) => Number(r.org_id)), ...others.map((r) => Number(r.id))];
    let differing = 0;
    for (const id of ids) {
      const [a, b] = [await FORMS.single(db, id), await FORMS.batchOfOne(db, id)];
      // the classifications by person, in person order (a Map keeps the order they were found in)
      const text = (g: typeof a) => JSON.stringify({ ...g, classifications: [...g.classifications].sort((x, y) => x[0] - y[0]) });
      if (text(a) !== text(b)) differing++;
    }
    const wall: Record<string, number[]> = { single: [], batchOfOne: [] };
    const cpu: Record<string, number[]> = { single: [], batchOfOne: [] };
    const load = os.loadavg()[0]!;
    for (let r = 0; r < ROUNDS; r++) {
      for (const name of (r % 2 ? ['batchOfOne', 'single'] : ['single', 'batchOfOne']) as (keyof typeof FORMS)[]) {
        const c0 = process.cpuUsage();
        const started = performance.now();
        for (const id of ids) await FORMS[name](db, id);
        const c = process.cpuUsage(c0);
        wall[name]!.push(((performance.now() - started) * 1000) / ids.length);
        cpu[name]!.push((c.user + c.system) / ids.length);
      }
    }
    const figures = Object.fromEntries(Object.keys(FORMS).map((n) => [n, { wallUsPerCall: round(median(wall[n]!), 0), processCpuUsPerCall: round(median(cpu[n]!), 0) }]));
    log(`${kind}: ${JSON.stringify(figures)}; ${differing} of ${ids.length} glances differ; load ${load.toFixed(1)}`);
    return { organizations: ids.length, withFounders: founded.length, differing, loadAverage: round(Math.max(load, os.loadavg()[0]!), 1), ...figures };
  } finally {
    await db.destroy();
  }
}

const out: Record<string, unknown> = { date: new Date().toISOString(), machine: machineNote(), scale: SCALE, rounds: ROUNDS, databases: {} };
let pg: Pg | null = null;
try {
  for (const kind of DBS) {
    if (kind === 'postgres') pg = await startPostgres();
    (out.databases as Record<string, unknown>)[kind] = await measure(kind, pg);
  }
} finally {
  if (pg) await pg.stop();
}
writeJson(process.env.BENCH_OUT ?? path.join(ROOT, 'bench', 'results', `${String(out.date).slice(0, 10)}-founder-glance-${SCALE}.json`), out);
