/**
 * What the mandated framework costs by itself (bench/floor-server.ts): node:http, Express 5, and
 * Express 5 with openapi-backend's routing and validation, each answering the same fixed body,
 * in alternating rounds; server CPU per request (all threads, /proc) and req/s, medians. The
 * framework's cost per request is `openapi - node`; the target ours >= 0.85 x same-work leaves
 * same-work's CPU per request x (1 / 0.85 - 1) for everything ours adds, the framework included.
 *
 *   tsx bench/floor.ts      BENCH_ROUNDS (3), BENCH_SECONDS (6), BENCH_CONNECTIONS (10),
 *                           BENCH_OUT (default bench/results/<date>-floor.json)
 */
import path from 'node:path';
import { cpuMs, forkServer, load, log, machineNote, median, ROOT, round, writeJson } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SECONDS = Number(process.env.BENCH_SECONDS || 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const MODES = ['node', 'express', 'openapi'] as const;
type Mode = (typeof MODES)[number];

const runs: Record<Mode, { rps: number[]; cpu: number[] }> = { node: { rps: [], cpu: [] }, express: { rps: [], cpu: [] }, openapi: { rps: [], cpu: [] } };
for (let r = 0; r < ROUNDS; r++) {
  for (let i = 0; i < MODES.length; i++) {
    const mode = MODES[(i + r) % MODES.length]!;
    const server = await forkServer('floor-server.ts', { ...process.env, FLOOR_MODE: mode });
    try {
      const job = { url: server.baseUrl, paths: ['/data/transactions/1'], headers: {}, connections: CONNECTIONS };
      await load({ ...job, seconds: 2 });
      const before = cpuMs(server.pid)!;
      const s = await load({ ...job, seconds: SECONDS });
      const cpu = (cpuMs(server.pid)! - before) / s.requests;
      if (s.non2xx > 0 || s.errors > 0) throw new Error(`${mode}: ${s.non2xx} non-2xx, ${s.errors} errors`);
      runs[mode].rps.push(s.rps);
      runs[mode].cpu.push(cpu);
      log(`round ${r + 1}/${ROUNDS} ${mode}: ${round(s.rps, 1)} req/s, ${round(cpu * 1000, 1)} µs CPU per request`);
    } finally {
      await server.stop();
    }
  }
}

const result = Object.fromEntries(MODES.map((m) => [m, { rps: round(median(runs[m].rps), 1), cpuUsPerRequest: round(median(runs[m].cpu) * 1000, 1), runs: runs[m] }]));
const cpu = (m: Mode) => median(runs[m].cpu) * 1000;
const out = {
  date: new Date().toISOString(),
  machine: machineNote(),
  rounds: ROUNDS,
  seconds: SECONDS,
  connections: CONNECTIONS,
  modes: result,
  expressUs: round(cpu('express') - cpu('node'), 1),
  frameworkUs: round(cpu('openapi') - cpu('node'), 1),
};
console.log(JSON.stringify(out, null, 2));
writeJson(process.env.BENCH_OUT ?? path.join(ROOT, 'bench', 'results', `${out.date.slice(0, 10)}-floor.json`), out);
