/**
 * Garbage collection of our server during the fixed-rate list run of `make bench` (PostgreSQL,
 * BENCH_SCALE, the transactions list at 200 req/s with Poisson arrivals for 20 s after a 3 s
 * saturating warm-up): the pauses V8 reports with --trace-gc, per kind (count, largest, sum, over
 * 10 ms), beside the run's p50 / p99. Tells whether the list p99 is made of GC pauses.
 *
 *   tsx bench/list-gc.ts [SEMI_SPACE_MB ...]   (0 = Node's default young generation; default: 0)
 *   BENCH_OUT: the results file (default bench/results/<date>-list-gc.json)
 */
import path from 'node:path';
import { apiHeaders, forkServer, getToken, load, log, machineNote, ROOT, round, serverEnv, serverHeapArgs, snapshotLoaded, startPostgres, target, writeJson } from './lib.js';

const LIST = `/data/transactions?filter=${encodeURIComponent('and(year[gte]:2018,amount[gt]:5000000)')}&sort=-date&limit=25`;
const PAUSE = /(Scavenge|Mark-Compact|Mark-Sweep|Minor Mark-Sweep)[^,]*,\s*([\d.]+)\s*\/\s*[\d.]+\s*ms/;

const sizes = process.argv.slice(2).map(Number);
const runs = [];
const pg = await startPostgres();
try {
  for (const young of sizes.length ? sizes : [0]) {
    const args = [...serverHeapArgs(), ...(young > 0 ? [`--max-semi-space-size=${young}`] : []), '--trace-gc'];
    const server = await forkServer('our-server.ts', serverEnv(target('postgres', pg).databaseUrl), args, 'pipe');
    let measuring = false;
    const pauses: Record<string, number[]> = {};
    server.child.stdout!.on('data', (chunk: Buffer) => {
      if (!measuring) return;
      for (const line of chunk.toString('utf8').split('\n')) {
        const m = PAUSE.exec(line);
        if (m) (pauses[m[1]!] ??= []).push(Number(m[2]));
      }
    });
    try {
      const headers = apiHeaders(await getToken(server.authUrl!));
      await snapshotLoaded(server.baseUrl, headers);
      await load({ url: server.baseUrl, paths: [LIST], headers, connections: 10, seconds: 3 });
      measuring = true;
      const r = await load({ url: server.baseUrl, paths: [LIST], headers, connections: 10, seconds: 20, overallRate: 200, arrivals: 'poisson' });
      measuring = false;
      const gc = Object.fromEntries(
        Object.entries(pauses).map(([kind, ms]) => [kind, { count: ms.length, maxMs: Math.max(...ms), sumMs: round(ms.reduce((a, b) => a + b, 0), 1), over10Ms: ms.filter((x) => x > 10).length }]),
      );
      runs.push({ semiSpaceMb: young || null, rps: r.rps, p50: r.p50, p99: r.p99, max: r.max, gc });
      log(`semi-space ${young || 'default'}: p50 ${r.p50} ms, p99 ${r.p99} ms, GC ${JSON.stringify(gc)}`);
    } finally {
      await server.stop();
    }
  }
} finally {
  await pg.stop();
}
const out = { date: new Date().toISOString(), machine: machineNote(), path: LIST, rate: 200, seconds: 20, runs };
writeJson(process.env.BENCH_OUT ?? path.join(ROOT, 'bench', 'results', `${out.date.slice(0, 10)}-list-gc.json`), out);
