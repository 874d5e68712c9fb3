/**
 * Seeds BENCH_SCALE (default large, seed 42) on SQLite and on the embedded PostgreSQL, one after
 * the other, and prints rows, seconds and rows/s per database. Always seeds afresh (the databases
 * are then reused by paging.ts, analytics.ts and run.ts).
 *
 *   tsx bench/seed.ts [--db sqlite|postgres]     (BENCH_OUT: the results file instead of the day's)
 *
 * SQLite: the seed runs over the project's connection settings (WAL, synchronous=NORMAL). A bigger
 * page cache for the main connection (BENCH_SQLITE_CACHE_MB, default 0 = SQLite's 2 MB) does not
 * help: the INSERTs run in the seed's insert thread, and on the main connection 512 MB makes the index
 * builds slower (large: 112.1 s against 104.9 s). Run it as `make seed` does, with
 * NODE_OPTIONS=--max-semi-space-size=64 (SEED_YOUNG_MB).
 */
import { planFor } from '../seeds/index.js';
import { DB_KINDS, type DbKind, log, machineNote, ROOT, SCALE, SEED, seedFresh, type SeedResult, startPostgres, target, writeJson, type Pg } from './lib.js';
import fs from 'node:fs';
import path from 'node:path';

const only = process.argv.includes('--db') ? (process.argv[process.argv.indexOf('--db') + 1] as DbKind) : null;

async function main() {
  const plan = planFor(SCALE);
  log(`plan ${SCALE}: ${JSON.stringify(plan)}`);
  const results: SeedResult[] = [];
  let pg: Pg | null = null;
  try {
    for (const kind of DB_KINDS) {
      if (only && kind !== only) continue;
      if (kind === 'postgres') pg = await startPostgres();
      results.push(await seedFresh(target(kind, pg), pg));
    }
  } finally {
    if (pg) await pg.stop();
  }
  console.log(`\nseed ${SCALE} (seed ${SEED}) — ${machineNote()}`);
  console.log(`${'database'.padEnd(10)} ${'rows'.padStart(12)} ${'transactions'.padStart(13)} ${'entities'.padStart(10)} ${'seconds'.padStart(8)} ${'rows/s'.padStart(9)} ${'rollup s'.padStart(9)} ${'cpu s'.padStart(7)} ${'server s'.padStart(9)} ${'peak MB'.padStart(8)}`);
  for (const r of results) {
    console.log(
      `${r.kind.padEnd(10)} ${r.rows.toLocaleString('en-US').padStart(12)} ${r.transactions.toLocaleString('en-US').padStart(13)} ${r.entities.toLocaleString('en-US').padStart(10)} ${r.seconds.toFixed(1).padStart(8)} ${r.rowsPerSecond.toLocaleString('en-US').padStart(9)} ${(r.rollupSeconds?.toFixed(1) ?? '').padStart(9)} ${(r.cpuSeconds?.toFixed(1) ?? '').padStart(7)} ${(r.serverCpuSeconds?.toFixed(1) ?? '').padStart(9)} ${String(r.peakRssMb ?? '').padStart(8)}`,
    );
  }
  for (const r of results) {
    console.log(`\n${r.kind}: phases (seconds, CPU seconds of the seeding process${r.kind === 'postgres' ? ' and of the server' : ''})`);
    for (const p of r.phases ?? []) {
      console.log(`  ${p.phase.padEnd(36)} ${p.seconds.toFixed(1).padStart(7)} ${p.cpuSeconds.toFixed(1).padStart(7)} ${(p.serverCpuSeconds?.toFixed(1) ?? '').padStart(7)}`);
    }
  }
  const limits: Partial<Record<DbKind, number>> = { sqlite: 90, postgres: 150 };
  for (const r of results) {
    const limit = limits[r.kind];
    if (SCALE !== 'large' || limit === undefined) continue;
    const cpu = `CPU ${r.cpuSeconds} s${r.serverCpuSeconds !== undefined ? ` + server ${r.serverCpuSeconds} s` : ''}: no shorter than ${r.cpuFloorSeconds} s on this machine's cores`;
    console.log(`target: large on ${r.kind} < ${limit} s -> ${r.seconds} s (${r.seconds < limit ? 'met' : 'NOT met'}; ${cpu})`);
  }
  // one file per day; a run of one database replaces that database's entry
  const file = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : path.join(ROOT, 'bench', 'results', `seed-${SCALE}-${new Date().toISOString().slice(0, 10)}.json`);
  const earlier = fs.existsSync(file) ? ((JSON.parse(fs.readFileSync(file, 'utf8')) as { results: SeedResult[] }).results ?? []) : [];
  writeJson(file, {
    scale: SCALE,
    seed: SEED,
    machine: machineNote(),
    sqliteCacheMb: Number(process.env.BENCH_SQLITE_CACHE_MB ?? 0),
    results: [...earlier.filter((e) => !results.some((r) => r.kind === e.kind)), ...results],
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
