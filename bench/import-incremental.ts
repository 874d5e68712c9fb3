/**
 * Incremental import benchmark (docs/import.md): into a seeded database, 1,000 changed and 100
 * withdrawn rounds as NDJSON change records, with every derived structure refreshed in the import's
 * transaction, while the API serves transaction details.
 *
 *   BENCH_SCALE=demo npx tsx bench/import-incremental.ts [--db sqlite|postgres]
 *
 * Set-up (not timed): the seed (reused when its marker is there), then an import of 1,000 companies
 * and 2,000 rounds in the source `bench` (every run: it also restores the rounds and names the
 * previous run changed). Measured, each as a command-line import under /usr/bin/time with the
 * engine's per-step seconds (`derived.seconds`): (1) 1,000 round records with a new amount (one per
 * company) and 100 delete records; (2) the 1,000 companies renamed (each shown by its two rounds'
 * documents). For each: the record documents' seconds against the rest of the import (the write
 * cost of keeping documents), the seconds until the server's rounds snapshot has reloaded after it
 * (its next analytics request), and the transaction-detail latency of a server on the same
 * database, idle and while the import runs (sequential requests from this process).
 *
 *   BENCH_SCALE=large BENCH_PG_RUNNING=1 BENCH_WORK_DIR=/tmp/x BENCH_CPU_PROF=/tmp/x/prof BENCH_LABEL=before \
 *     npx tsx bench/import-incremental.ts --db postgres
 *
 * writes bench/results/<date>-import-incremental-<scale>-<db>[-<label>].json.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ScaleName } from '../seeds/context.js';
// @ts-expect-error a plain script of the bench (no declarations)
import { stageCpu } from './sqlTrace.mjs';
import { nodeFlagsFor } from '../scripts/admin.mjs';
import {
  apiHeaders, BENCH_DIR, forkServer, getToken, log, machineNote, ROOT, round, sampleIds, seededResult, seedFresh, serverEnv, serverHeapArgs, snapshotLoaded, startPostgres,
  target, writeJson, type DbKind, type Pg,
} from './lib.js';

const run = promisify(execFile);
const SCALE = (process.env.BENCH_SCALE || 'demo') as ScaleName;
const COMPANIES = 1000;
const WITHDRAWN = 100;
const COUNTRIES = ['USA', 'GBR', 'DEU', 'FRA', 'IND', 'SGP', 'ISR', 'BRA'];
const CATEGORIES = ['software', 'biotech', 'finance', 'ecommerce', 'cleantech', 'mobile', 'health', 'security'];

/** The set-up records: companies `bc<i>`, each with rounds `br<i>a` and `br<i>b`. */
function setupRecords(): string {
  const lines: string[] = [];
  for (let i = 0; i < COMPANIES; i++) {
    lines.push(JSON.stringify({ type: 'company', key: `bc${i}`, data: { name: `Bench Company ${i}`, country: COUNTRIES[i % COUNTRIES.length], city: `Benchtown ${i % 40}`, categories: [CATEGORIES[i % CATEGORIES.length]], status: 'operating', founded_on: `${2000 + (i % 24)}` } }));
  }
  for (let i = 0; i < COMPANIES; i++) {
    for (const [s, type, year] of [['a', 'seed', 2015 + (i % 8)], ['b', 'series_a', 2017 + (i % 8)]] as const) {
      lines.push(JSON.stringify({ type: 'round', key: `br${i}${s}`, data: { company: `bc${i}`, round_type: type, announced_on: `${year}-0${1 + (i % 9)}-15`, amount_usd: 1_000_000 + i * 1000 } }));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The measured records: a new amount for round `a` of every company, and round `b` of the first 100 withdrawn. */
function changeRecords(stamp: number): string {
  const lines: string[] = [];
  for (let i = 0; i < COMPANIES; i++) {
    lines.push(JSON.stringify({ type: 'round', key: `br${i}a`, data: { company: `bc${i}`, round_type: 'seed', announced_on: `${2015 + (i % 8)}-0${1 + (i % 9)}-15`, amount_usd: 2_000_000 + stamp * 1000 + i } }));
  }
  for (let i = 0; i < WITHDRAWN; i++) lines.push(JSON.stringify({ type: 'round', key: `br${i}b`, delete: true }));
  return `${lines.join('\n')}\n`;
}

/** The input files' folder: beside the benchmark databases by default, elsewhere when those are shared. */
const WORK_DIR = process.env.BENCH_WORK_DIR || BENCH_DIR;
/** BENCH_CPU_PROF=<dir>: the importing process writes a V8 CPU profile there (node --cpu-prof). */
const CPU_PROF = process.env.BENCH_CPU_PROF;

/** A new name for every set-up company (each shown by its two rounds' documents). */
function renameRecords(stamp: number): string {
  const lines: string[] = [];
  for (let i = 0; i < COMPANIES; i++) {
    lines.push(JSON.stringify({ type: 'company', key: `bc${i}`, data: { name: `Bench Company ${i} r${stamp}`, country: COUNTRIES[i % COUNTRIES.length], city: `Benchtown ${i % 40}`, categories: [CATEGORIES[i % CATEGORIES.length]], status: 'operating', founded_on: `${2000 + (i % 24)}` } }));
  }
  return `${lines.join('\n')}\n`;
}

/** BENCH_SQL_TRACE=<dir>: the importing process times every statement from the client (bench/sqlTrace.mjs) into <dir>/<input>.json. */
const SQL_TRACE = process.env.BENCH_SQL_TRACE;

function cli(databaseUrl: string, args: string[]): ReturnType<typeof spawn> {
  const { BASE_URL: _vite, BENCH_SQL_TRACE: _trace, ...env } = process.env;
  const prof = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF] : [];
  const trace = SQL_TRACE ? { BENCH_SQL_TRACE_FILE: path.join(SQL_TRACE, `${path.basename(args.at(-1)!, '.ndjson')}.json`) } : {};
  const traced = SQL_TRACE ? ['--import', './bench/sqlTrace.mjs'] : [];
  return spawn('/usr/bin/time', ['-f', 'TIME %e %U %S %M', 'node', ...nodeFlagsFor(args[0]), ...prof, '--import', 'tsx', ...traced, 'src/admin/cli.ts', ...args], {
    cwd: ROOT, env: { ...env, ...trace, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function quantiles(xs: number[]): Promise<{ n: number; p50: number; p99: number; max: number }> {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { n: s.length, p50: round(q(0.5)), p99: round(q(0.99)), max: round(s.at(-1) ?? 0) };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const kind = (args.includes('--db') ? args[args.indexOf('--db') + 1] : 'sqlite') as DbKind;
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const pg: Pg | null = kind === 'postgres' ? await startPostgres() : null;
  try {
    const t = target(kind, pg, SCALE);
    const seeded = seededResult(t) ?? (await seedFresh(t, pg));
    log(`${kind} ${SCALE}: ${seeded.transactions} rounds seeded`);
    const setup = path.join(WORK_DIR, 'incremental-setup.ndjson');
    fs.writeFileSync(setup, setupRecords());
    const { stdout } = await run('node', [...nodeFlagsFor('import'), '--import', 'tsx', 'src/admin/cli.ts', 'import', '--format', 'ndjson', '--source', 'bench', setup], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL: t.databaseUrl, BASE_URL: undefined }, maxBuffer: 64 << 20,
    });
    log(`set-up: ${JSON.stringify(JSON.parse(stdout).files[0].types)}`);

    const server = await forkServer('our-server.ts', serverEnv(t.databaseUrl), serverHeapArgs());
    try {
      const headers = apiHeaders(await getToken(server.authUrl!));
      const { txIds } = await sampleIds(server.baseUrl, headers);
      let k = 0;
      let failures = 0;
      const detail = async (): Promise<number> => {
        const started = performance.now();
        const res = await fetch(`${server.baseUrl}/data/transactions/${txIds[k++ % txIds.length]}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) failures++;
        return performance.now() - started;
      };
      for (let i = 0; i < 50; i++) await detail(); // warm
      const idle: number[] = [];
      for (let i = 0; i < 400; i++) idle.push(await detail());

      await snapshotLoaded(server.baseUrl, headers);

      /** One command-line import under /usr/bin/time, with transaction details requested while it runs. */
      const measured = async (file: string) => {
        const child = cli(t.databaseUrl, ['import', '--format', 'ndjson', '--source', 'bench', file]);
        let out = '';
        let err = '';
        child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
        child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
        let done = false;
        const exited = new Promise<number | null>((r) => child.on('exit', (code) => ((done = true), r(code))));
        const during: number[] = [];
        failures = 0;
        while (!done) during.push(await detail());
        const code = await exited;
        const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(err);
        if (code !== 0 || !m) throw new Error(`import exited ${code}: ${err.slice(-2000)}`);
        const report = JSON.parse(out) as { files: { types: Record<string, unknown> }[]; derived: { seconds: Record<string, number> } & Record<string, unknown>; committed: boolean; seconds: number };
        // the server's rounds snapshot sees the change at the next analytics request, which reloads it
        const reload = performance.now();
        await snapshotLoaded(server.baseUrl, headers);
        // `documents_and_tables` (SQLite): the joint wall of the documents and the steps refreshed meanwhile, counted in each
        const { documents = 0, rows = 0, documents_and_tables: _joint, ...rest } = report.derived.seconds;
        // BENCH_SQL_TRACE: the statements' count and client-side time, and CPU seconds per step
        const traced = SQL_TRACE ? JSON.parse(fs.readFileSync(path.join(SQL_TRACE, `${path.basename(file, '.ndjson')}.json`), 'utf8')) : null;
        const statements = traced ? { count: traced.statements, client_ms: traced.ms, cpu_s_per_step: stageCpu(traced, report.derived.seconds) } : undefined;
        return {
          import: { wall_s: Number(m[1]), cpu_s: round(Number(m[2]) + Number(m[3])), peak_rss_mb: Math.round(Number(m[4]) / 1024), engine_s: report.seconds, committed: report.committed, types: report.files[0]?.types, derived: report.derived },
          // issue 43's write cost: the documents' refresh against the rest of the import's work
          documents_s: documents,
          rest_of_import_s: round(rows + Object.values(rest).reduce((a, b) => a + b, 0)),
          snapshot_reload_after_import_s: round((performance.now() - reload) / 1000),
          statements,
          transaction_detail_ms: { idle: await quantiles(idle), during_import: await quantiles(during), failures_during_import: failures },
        };
      };
      const stamp = Math.floor(Date.now() / 1000) % 1000;
      const changes = path.join(WORK_DIR, 'incremental-changes.ndjson');
      fs.writeFileSync(changes, changeRecords(stamp));
      const changed = await measured(changes);
      const renames = path.join(WORK_DIR, 'incremental-renames.ndjson');
      fs.writeFileSync(renames, renameRecords(stamp));
      const renamed = await measured(renames);
      const result = { db: kind, scale: SCALE, rounds_seeded: seeded.transactions, changed_and_withdrawn: changed, companies_renamed: renamed };
      log(JSON.stringify(result));
      const file = path.join(ROOT, 'bench/results', `${new Date().toISOString().slice(0, 10)}-import-incremental-${SCALE}-${kind}${process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : ''}.json`);
      writeJson(file, { machine: machineNote(), target: { wall_s: 5, p99_during_vs_idle: 2, scale: 'large' }, result });
      log(`written ${path.relative(ROOT, file)}`);
    } finally {
      await server.stop();
    }
  } finally {
    if (pg) await pg.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
