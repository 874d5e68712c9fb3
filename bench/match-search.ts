/**
 * Latency of the forgiving search and of matching, at the database layer (no HTTP), on SQLite:
 *
 * - `/data/search`'s ranking query (rankedQuery, src/db/search.ts) for exact names, 3-letter
 *   prefixes, names with one typo and names with a legal form, with and without the forgiving classes;
 * - `matchQueries` (src/match/score.ts) for batches of 100 noisy queries (test/eval/match-set.ts).
 *
 *   tsx bench/match-search.ts        (BENCH_SCALE, default demo; the database is kept in BENCH_DIR)
 *
 * Seeding `large` is off-limits on a shared two-core machine: the figures are demo's, bounded by one
 * SQLite connection on a shared core.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../src/db/knex.js';
import { loadMatchFacts } from '../src/db/matchKeys.js';
import { migrate } from '../src/db/migrate.js';
import { normalizeTerm, rankedQuery } from '../src/db/search.js';
import { forgivingOf } from '../src/match/normalize.js';
import { matchQueries } from '../src/match/score.js';
import { Rng } from '../seeds/random.js';
import { buildSet, typo } from '../test/eval/match-set.js';
import { BENCH_DIR, log, machineNote, ROOT, SEED, writeJson } from './lib.js';
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
      note: 'database layer only (no HTTP), one SQLite connection; large is not seeded on this shared machine',
      search,
      match_batch_100: { batches: batches.length, p50_ms: pct(batches, 50), max_ms: pct(batches, 100) },
    };
    console.log(JSON.stringify(result, null, 2));
    writeJson(path.join(ROOT, 'bench/results', `match-search-${SCALE}-${result.date.slice(0, 10)}.json`), result);
  } finally {
    await db.destroy();
  }
}

await main();
