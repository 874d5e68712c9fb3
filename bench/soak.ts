/**
 * `make soak`: the load-and-soak run of the reliability issue. On the embedded PostgreSQL with the
 * bench seed (BENCH_SCALE, default large), starts the real entry point (`main.ts`, as `make run`
 * does) with SOAK_WORKERS processes (default 2) sharing the rate limits in PostgreSQL, measures the
 * maximum requests/s of a mixed workload (transaction detail, company detail, filtered sorted list)
 * for SOAK_MAX_SECONDS (30), then holds SOAK_RATE (0.8) of it for SOAK_MINUTES (10) in one-minute
 * windows, recording per window: requests/s, p50/p99, errors and non-2xx, and the RSS of every
 * worker. Prints the table and writes bench/results/soak-<scale>-<date>.json.
 */
import path from 'node:path';
import {
  apiHeaders, BENCH_DIR, CURSOR_SECRET, ensureSeeded, getToken, load, log, machineNote, ROOT, rssMb, sampleIds, SCALE, SEED, startPostgres, target, writeJson,
} from './lib.js';
import { serverWorkers, spawnServer } from '../test/helpers/servers.js';
import type { LoadSummary } from './load.js';

const WORKERS = Number(process.env.SOAK_WORKERS || 2);
const MINUTES = Number(process.env.SOAK_MINUTES || 10);
const MAX_SECONDS = Number(process.env.SOAK_MAX_SECONDS || 30);
const RATE = Number(process.env.SOAK_RATE || 0.8);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS || 16);

/** The real entry point with WORKERS processes over `databaseUrl`, once every worker listens. */
async function startCluster(databaseUrl: string) {
  const deadline = Date.now() + 120_000;
  const server = await spawnServer(
    BENCH_DIR,
    {
      DATABASE_URL: databaseUrl,
      CURSOR_SECRET,
      WORKERS: String(WORKERS),
      RATE_LIMIT_STORE: 'postgres',
      // shared limits are exercised on every request; high enough not to refuse the soak's own load
      RATE_LIMIT_BURST: '1000000',
      RATE_LIMIT_PER_SECOND: '1000000',
    },
    120_000,
  );
  const pid = server.proc.pid!;
  // every worker listening, not just the first
  while (serverWorkers(pid).length < WORKERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 3000));
  const stop = () => {
    server.proc.kill('SIGTERM');
    return server.exited;
  };
  return { pid, baseUrl: server.baseUrl, authUrl: server.authUrl, stop };
}

interface Window {
  minute: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssMb: (number | null)[];
}

async function main() {
  const pg = await startPostgres();
  try {
    const t = target('postgres', pg);
    await ensureSeeded(t, pg);
    const server = await startCluster(t.databaseUrl);
    try {
      const headers = apiHeaders(await getToken(server.authUrl));
      const { txIds, companyUuids } = await sampleIds(server.baseUrl, headers);
      const list = `/data/transactions?filter=${encodeURIComponent('and(year[gte]:2018,amount[gt]:5000000)')}&sort=-date&limit=25`;
      // a mix: two details for every list request
      const paths = txIds.flatMap((id, i) => [`/data/transactions/${id}`, `/data/companies/${companyUuids[i % companyUuids.length]}`, list]);
      log(`measuring the maximum for ${MAX_SECONDS} s with ${CONNECTIONS} connections over ${WORKERS} workers`);
      await load({ url: server.baseUrl, paths, headers, connections: CONNECTIONS, seconds: 5 });
      const max = await load({ url: server.baseUrl, paths, headers, connections: CONNECTIONS, seconds: MAX_SECONDS });
      const rate = Math.round(max.rps * RATE);
      log(`maximum ${max.rps} req/s (p99 ${max.p99} ms); soaking at ${rate} req/s for ${MINUTES} min`);
      const windows: Window[] = [];
      for (let minute = 1; minute <= MINUTES; minute++) {
        const w: LoadSummary = await load({ url: server.baseUrl, paths, headers, connections: CONNECTIONS, seconds: 60, overallRate: rate });
        const rss = serverWorkers(server.pid).map((p) => rssMb(p));
        windows.push({ minute, rps: w.rps, p50: w.p50, p99: w.p99, errors: w.errors + w.timeouts, non2xx: w.non2xx, rssMb: rss });
        log(`minute ${minute}: ${w.rps} req/s, p50 ${w.p50} ms, p99 ${w.p99} ms, errors ${w.errors + w.timeouts}, non-2xx ${w.non2xx}, RSS ${rss.join('/')} MB`);
      }
      const exitCode = await server.stop();
      const p99s = windows.map((w) => w.p99);
      const firstRss = windows[0]!.rssMb.reduce<number>((a, b) => a + (b ?? 0), 0);
      const lastRss = windows.at(-1)!.rssMb.reduce<number>((a, b) => a + (b ?? 0), 0);
      const summary = {
        scale: SCALE,
        seed: SEED,
        machine: machineNote(),
        workers: WORKERS,
        connections: CONNECTIONS,
        max: { rps: max.rps, p50: max.p50, p99: max.p99, errors: max.errors, non2xx: max.non2xx },
        rate,
        minutes: MINUTES,
        windows,
        totals: {
          requests: Math.round(windows.reduce((a, w) => a + w.rps * 60, 0)),
          errors: windows.reduce((a, w) => a + w.errors, 0),
          non2xx: windows.reduce((a, w) => a + w.non2xx, 0),
          p99MinMs: Math.min(...p99s),
          p99MaxMs: Math.max(...p99s),
          rssFirstMinuteMb: firstRss,
          rssLastMinuteMb: lastRss,
        },
        sigtermExitCode: exitCode,
      };
      console.log(`\nsoak on PostgreSQL (${SCALE}), ${WORKERS} workers, ${RATE * 100} % of ${max.rps} req/s = ${rate} req/s for ${MINUTES} min — ${machineNote()}`);
      console.log(`${'minute'.padStart(6)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'non2xx'.padStart(7)}  RSS per worker (MB)`);
      for (const w of windows) {
        console.log(`${String(w.minute).padStart(6)} ${w.rps.toFixed(1).padStart(8)} ${String(w.p50).padStart(7)} ${String(w.p99).padStart(7)} ${String(w.errors).padStart(7)} ${String(w.non2xx).padStart(7)}  ${w.rssMb.join(' / ')}`);
      }
      console.log(`totals: ${JSON.stringify(summary.totals)}; SIGTERM exit code ${exitCode}`);
      writeJson(path.join(ROOT, 'bench', 'results', `soak-${SCALE}-${new Date().toISOString().slice(0, 10)}.json`), summary);
    } catch (err) {
      await server.stop();
      throw err;
    }
  } finally {
    await pg.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
