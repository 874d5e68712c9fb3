/**
 * Alternating rounds of `bench/run.ts` for a noisy (shared) machine: every round runs each server
 * in its own run.ts invocation, the order rotated from round to round so no server always runs
 * first or last, then keeps the median of each figure per database, scenario and server.
 *
 * Environment: BENCH_ROUNDS (3), BENCH_SERVERS (ours,samework,baseline,peer), BENCH_OUT (results
 * file; default bench/results/<date>-rounds.json), BENCH_ROUNDS_KEEP (a directory of earlier run.ts
 * results of the same settings, `<round>-<server>.json`, counted as rounds already run; the new
 * rounds continue the rotation after them); everything else is passed to run.ts (BENCH_SCALE,
 * BENCH_DBS, BENCH_SECONDS, BENCH_SCENARIOS, ...). Single-request timings are skipped.
 *
 * Before and after a change: BENCH_BEFORE_ROOT (a checkout of the earlier commit, with its
 * node_modules) adds the server `before`: our server of that checkout, run by its own run.ts in
 * the same rotation (so `before` and `ours` alternate on the same machine state).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log, machineNote, median as exactMedian, ROOT, round, SCALE, SEED, writeJson } from './lib.js';

const median = (xs: number[]) => round(exactMedian(xs), 1);

const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SERVERS = (process.env.BENCH_SERVERS || 'ours,samework,baseline,peer').split(',');
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT ? path.resolve(process.env.BENCH_BEFORE_ROOT) : null;
if (SERVERS.includes('before') && !BEFORE_ROOT) throw new Error('the server `before` needs BENCH_BEFORE_ROOT');

interface Row {
  db: string;
  scenario: string;
  server: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuMsPerRequest?: number | null;
  atRate?: { rate: number; rps: number; p50: number; p99: number };
  requestsPerAnswer?: number;
  export?: { rows: number; rowsPerSecond: number; cpuUsPerRow: number; rssPeakMb: number; loadAverage: number };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rounds-'));
const runs: Row[][] = [];
const KEEP = process.env.BENCH_ROUNDS_KEEP;
const kept = KEEP ? fs.readdirSync(KEEP).filter((f) => /^\d+-\w+\.json$/.test(f)) : [];
for (const f of kept) runs.push((JSON.parse(fs.readFileSync(path.join(KEEP!, f), 'utf8')) as { rows: Row[] }).rows);
const first = kept.length > 0 ? Math.max(...kept.map((f) => Number(f.split('-')[0]))) + 1 : 0;
for (let round = first; round < first + ROUNDS; round++) {
  const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length]!);
  for (const server of order) {
    const out = path.join(tmp, `${round}-${server}.json`);
    log(`round ${round + 1}/${first + ROUNDS}: ${server}`);
    const root = server === 'before' ? BEFORE_ROOT! : ROOT;
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'run.ts')], {
      cwd: root,
      env: { ...process.env, BENCH_SERVERS: server === 'before' ? 'ours' : server, BENCH_OUT: out, BENCH_SKIP_SINGLE: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0 || !fs.existsSync(out)) throw new Error(`run.ts for ${server} failed (status ${r.status})`);
    const rows = (JSON.parse(fs.readFileSync(out, 'utf8')) as { rows: Row[] }).rows;
    // the peer's run also has its flat rows (`peerflat`), kept apart from its rows on the same information
    runs.push(rows.map((row) => ({ ...row, server: server === 'peer' ? row.server : server })));
  }
}

const all = runs.flat();
const keys = [...new Map(all.map((r) => [`${r.db}|${r.scenario}|${r.server}`, r])).values()];
const medians = keys.map((k) => {
  const same = all.filter((r) => r.db === k.db && r.scenario === k.scenario && r.server === k.server);
  const rated = same.filter((r) => r.atRate);
  return {
    db: k.db,
    scenario: k.scenario,
    server: k.server,
    rps: median(same.map((r) => r.rps)),
    p50: median(same.map((r) => r.p50)),
    p99: median(same.map((r) => r.p99)),
    runs: same.map((r) => r.rps),
    // CPU time per request is far less sensitive to other load on the machine than req/s
    cpuMsPerRequest: same.every((r) => typeof r.cpuMsPerRequest === 'number') ? round(exactMedian(same.map((r) => r.cpuMsPerRequest!)), 3) : null,
    non2xx: Math.max(...same.map((r) => r.non2xx + r.errors)),
    ...(same[0]!.requestsPerAnswer ? { requestsPerAnswer: same[0]!.requestsPerAnswer } : {}),
    ...(same.every((r) => r.export)
      ? {
          // medians of the exports, RSS the highest of any: the target holds throughout
          export: {
            rows: same[0]!.export!.rows,
            rowsPerSecond: median(same.map((r) => r.export!.rowsPerSecond)),
            cpuUsPerRow: round(exactMedian(same.map((r) => r.export!.cpuUsPerRow)), 2),
            rssPeakMb: Math.max(...same.map((r) => r.export!.rssPeakMb)),
            loadAverages: same.map((r) => r.export!.loadAverage),
          },
        }
      : {}),
    ...(rated.length > 0
      ? { atRate: { rate: rated[0]!.atRate!.rate, p50: median(rated.map((r) => r.atRate!.p50)), p99: median(rated.map((r) => r.atRate!.p99)), p99Runs: rated.map((r) => r.atRate!.p99) } }
      : {}),
  };
});

const get = (db: string, scenario: string, server: string) => medians.find((m) => m.db === db && m.scenario === scenario && m.server === server);
const ratio = (a?: { rps: number }, b?: { rps: number }) => (a && b && b.rps > 0 ? Math.round((a.rps / b.rps) * 100) / 100 : null);
const scenarios = [...new Map(medians.map((m) => [`${m.db}|${m.scenario}`, m])).values()];
const ratios = scenarios.map(({ db, scenario }) => {
  const [o, w, b, p, f] = (['ours', 'samework', 'baseline', 'peer', 'peerflat'] as const).map((s) => get(db, scenario, s));
  return {
    db,
    scenario,
    ours: o?.rps ?? null,
    sameWork: w?.rps ?? null,
    bare: b?.rps ?? null,
    peer: p?.rps ?? null,
    peerFlat: f?.rps ?? null,
    oursOverSameWork: ratio(o, w),
    sameWorkOverBare: ratio(w, b),
    oursOverBare: ratio(o, b),
    oursOverPeer: ratio(o, p),
    oursListP99AtRate: o?.atRate?.p99 ?? null,
    ...(SERVERS.includes('before') ? { before: get(db, scenario, 'before')?.rps ?? null, oursOverBefore: ratio(o, get(db, scenario, 'before')) } : {}),
    cpuMsPerRequest: Object.fromEntries(SERVERS.map((s) => [s, get(db, scenario, s)?.cpuMsPerRequest ?? null])),
  };
});

const cols = ['db', 'scenario', 'ours', 'same-work', 'bare', 'peer', 'peer flat', 'ours/same', 'same/bare', 'ours/bare', 'ours/peer', 'p99@rate', 'before', 'ours/before', 'CPU ms/req'];
const cpuText = (c: Record<string, number | null>) => SERVERS.map((s) => `${s} ${c[s] ?? '-'}`).join(', ');
const lines = ratios.map((r) =>
  [r.db, r.scenario, r.ours, r.sameWork, r.bare, r.peer, r.peerFlat, r.oursOverSameWork, r.sameWorkOverBare, r.oursOverBare, r.oursOverPeer, r.oursListP99AtRate, r.before ?? null, r.oursOverBefore ?? null, cpuText(r.cpuMsPerRequest)].map((c) =>
    c === null ? '-' : String(c),
  ),
);
const widths = cols.map((c, i) => Math.max(c.length, ...lines.map((l) => l[i]!.length)));
const fmt = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`\nmedians of ${first + ROUNDS} alternating rounds, ${SCALE} (seed ${SEED}), req/s`);
console.log(`machine: ${machineNote()}\n`);
console.log([fmt(cols), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].join('\n'));

const file = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : path.join(ROOT, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}-rounds.json`);
writeJson(file, {
  date: new Date().toISOString(),
  scale: SCALE,
  seed: SEED,
  rounds: first + ROUNDS,
  servers: SERVERS,
  seconds: Number(process.env.BENCH_SECONDS || 10),
  machine: machineNote(),
  ratios,
  medians,
});
fs.rmSync(tmp, { recursive: true, force: true });
log(`wrote ${path.relative(ROOT, file)}`);
