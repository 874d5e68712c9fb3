/**
 * Credit leases on and off (CREDIT_LEASES), alternating: per database and round our server is
 * started once with leases and once without (the order rotated each round), warmed up, then driven
 * on transaction detail (one metered call per request) for BENCH_SECONDS. Reported per run: req/s,
 * p50/p99, the server process's CPU time per request (user + system from /proc, far less noisy
 * than throughput on a shared machine) and, on PostgreSQL, the credit_balances row updates per
 * request (pg_stat_user_tables); then the median of each per database and mode.
 *
 * Environment: BENCH_SCALE (demo here), BENCH_DBS (sqlite,postgres), BENCH_ROUNDS (4),
 * BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (10), BENCH_OUT (results file,
 * default bench/results/<date>-lease.json), BENCH_DIR and BENCH_PG_PORT as for run.ts.
 */
import os from 'node:os';
import pg from 'pg';
import {
  apiHeaders, cpuSeconds, type DbKind, ensureSeeded, forkServer, getToken, load, log, machineNote, median, round, ROOT, sampleIds, SCALE, SEED, serverEnv, startPostgres, target,
  type Pg, writeJson,
} from './lib.js';

const DBS = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as DbKind[];
const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);

type Mode = 'on' | 'off';

interface Run {
  db: DbKind;
  mode: Mode;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  cpuUsPerRequest: number;
  balanceUpdatesPerRequest: number | null;
}

async function balanceUpdates(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(`select coalesce(n_tup_upd, 0)::int as n from pg_stat_user_tables where relname = 'credit_balances'`);
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

async function one(db: DbKind, databaseUrl: string, mode: Mode, roundNo: number, paths: string[] | null): Promise<{ run: Run; paths: string[] }> {
  const server = await forkServer('our-server.ts', { ...serverEnv(databaseUrl), CREDIT_LEASES: mode });
  try {
    const headers = apiHeaders(await getToken(server.authUrl!));
    const detail = paths ?? (await sampleIds(server.baseUrl, headers)).txIds.map((id) => `/data/transactions/${id}`);
    if (WARMUP > 0) await load({ url: server.baseUrl, paths: detail, headers, connections: CONNECTIONS, seconds: WARMUP });
    const updBefore = db === 'postgres' ? await balanceUpdates(databaseUrl) : null;
    const cpuBefore = cpuSeconds(server.pid);
    const s = await load({ url: server.baseUrl, paths: detail, headers, connections: CONNECTIONS, seconds: SECONDS });
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    // pg_stat counters are sent by the backends at the end of a transaction, at most every 500 ms or so
    await new Promise((r) => setTimeout(r, 1500));
    const upd = updBefore === null ? null : (await balanceUpdates(databaseUrl)) - updBefore;
    const run: Run = {
      db,
      mode,
      round: roundNo,
      rps: round2(s.rps),
      p50: s.p50,
      p99: s.p99,
      non2xx: s.non2xx + s.errors,
      cpuUsPerRequest: round2((cpu * 1e6) / Math.max(1, s.requests)),
      balanceUpdatesPerRequest: upd === null ? null : round(upd / Math.max(1, s.requests), 4),
    };
    log(`${db} ${mode} round ${roundNo + 1}: ${run.rps} req/s, ${run.cpuUsPerRequest} us CPU/request, balance updates/request ${run.balanceUpdatesPerRequest}`);
    return { run, paths: detail };
  } finally {
    await server.stop();
  }
}

const round2 = (x: number) => round(x, 1);

async function main() {
  const runs: Run[] = [];
  let pgServer: Pg | null = null;
  try {
    for (const db of DBS) {
      if (db === 'postgres') pgServer = await startPostgres();
      const t = target(db, pgServer);
      await ensureSeeded(t, pgServer);
      let paths: string[] | null = null;
      for (let r = 0; r < ROUNDS; r++) {
        for (const mode of (r % 2 === 0 ? ['on', 'off'] : ['off', 'on']) as Mode[]) {
          const res = await one(db, t.databaseUrl, mode, r, paths);
          paths = res.paths;
          runs.push(res.run);
        }
      }
    }
  } finally {
    if (pgServer) await pgServer.stop();
  }
  const medians = DBS.flatMap((db) =>
    (['on', 'off'] as Mode[]).map((mode) => {
      const rs = runs.filter((r) => r.db === db && r.mode === mode);
      const upd = rs.map((r) => r.balanceUpdatesPerRequest).filter((x): x is number => x !== null);
      return {
        db,
        mode,
        rps: round2(median(rs.map((r) => r.rps))),
        cpuUsPerRequest: round2(median(rs.map((r) => r.cpuUsPerRequest))),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        balanceUpdatesPerRequest: upd.length ? round(median(upd), 4) : null,
        rpsRuns: rs.map((r) => r.rps),
        cpuRuns: rs.map((r) => r.cpuUsPerRequest),
      };
    }),
  );
  const ratios = DBS.map((db) => {
    const [on, off] = (['on', 'off'] as Mode[]).map((m) => medians.find((x) => x.db === db && x.mode === m)!);
    return { db, rpsOnOverOff: round(on!.rps / off!.rps, 3), cpuOnOverOff: round(on!.cpuUsPerRequest / off!.cpuUsPerRequest, 3) };
  });
  const out = process.env.BENCH_OUT || `${ROOT}/bench/results/${new Date().toISOString().slice(0, 10)}-lease.json`;
  writeJson(out, {
    what: 'credit leases on/off: transaction detail, alternating runs (bench/lease.ts)',
    scale: SCALE,
    seed: SEED,
    seconds: SECONDS,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    machine: machineNote(),
    cpus: os.cpus().length,
    medians,
    ratios,
    runs,
  });
  console.log(JSON.stringify({ medians: medians.map(({ rpsRuns, cpuRuns, ...m }) => m), ratios }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
