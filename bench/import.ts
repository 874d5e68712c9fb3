/**
 * Import benchmark (docs/import.md): the whole Crunchbase 2013 snapshot (companies, rounds,
 * acquisitions) into an empty database (`SEED_SCALE=none`: reference rows only), then the same
 * companies and rounds as NDJSON change records into another empty one. The import runs as the
 * operator runs it, `node --import tsx src/admin/cli.ts import ...`, under `/usr/bin/time`: wall
 * seconds, the importing process's CPU seconds and its peak RSS. On PostgreSQL also the server's CPU
 * seconds: those of the bench cluster's processes (the postmaster's reaped children, where the
 * import's backend ends, and its live ones), so use a cluster of your own (BENCH_DIR, BENCH_PG_PORT)
 * when others bench too. `--pgstat` (PostgreSQL) loads pg_stat_statements and records per import
 * the statement count, the server's execution and planning milliseconds and the costliest statements.
 *
 *   npx tsx bench/import.ts [--db sqlite|postgres] [--pgstat] [--tag NAME]
 *   npx tsx bench/import.ts --export tiny|demo [--db sqlite|postgres] [--from sqlite|postgres] [--pgstat] [--tag NAME]
 *
 * `--export SCALE`: an instance seeded at SCALE exports every list over HTTP (`format=ndjson`, as
 * docs/import.md shows) and each export is imported into an empty database with `--type LIST`, in
 * order; per list and in total: rows, the engine's seconds (the report's, process start excluded),
 * wall and CPU seconds of the command and its peak RSS.
 *
 * Targets: the snapshot under 10 s, NDJSON at least 20,000 rows/s, under 500 MB RSS. On a shared
 * 2-core machine the wall figures are bounded by the other processes' load (the machine note says
 * how busy it was); CPU seconds are the figure to compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import pgDriver from 'pg';
import { readCsv } from '../src/import/csv.js';
import { apiHeaders, BENCH_DIR, DB_KINDS, emptyDatabase, forkServer, getToken, log, machineNote, ROOT, round, seededResult, seedFresh, serverEnv, startPostgres, target, timedImportCommand, writeJson, type DbKind, type Pg } from './lib.js';

const DATA = path.resolve(ROOT, '../shared/data/crunchbase-2013');
const FILES = ['companies', 'rounds', 'acquisitions'].map((n) => path.join(DATA, `crunchbase-${n}.csv`));

interface Timed {
  wall_s: number;
  cpu_s: number;
  main_thread_cpu_s: number | null;
  peak_rss_mb: number;
  /** PostgreSQL: the cluster's CPU seconds during the import, and its statements with `--pgstat`. */
  server_cpu_s?: number;
  statements?: Statements;
  report: { files: { file: string; types: Record<string, { read: number }> }[]; rejected_total: number; committed: boolean; derived: { seconds: Record<string, number> } | null; seconds: number };
}

const TICKS = 100; // USER_HZ: /proc's clock ticks per second on Linux

/** CPU seconds of the bench cluster: the postmaster, its live children and the children it reaped. */
function clusterCpu(): number {
  const stat = (pid: string) => {
    try {
      // fields after the command's closing parenthesis: state is 3rd; utime 14, stime 15, cutime 16, cstime 17
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return { ppid: f[1]!, ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
    } catch {
      return null;
    }
  };
  const postmaster = fs.readFileSync(path.join(BENCH_DIR, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
  let ticks = stat(postmaster)?.ticks ?? 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const s = stat(pid);
    if (s && s.ppid === postmaster) ticks += s.ticks;
  }
  return ticks / TICKS;
}

interface Statements {
  calls: number;
  exec_ms: number;
  plan_ms: number;
  top: { calls: number; exec_ms: number; plan_ms: number; query: string }[];
}

/** pg_stat_statements of a database since its last reset (`reset`: reset now, returning nothing). */
async function statements(databaseUrl: string, reset: boolean): Promise<Statements | undefined> {
  const client = new pgDriver.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (reset) {
      await client.query('create extension if not exists pg_stat_statements');
      await client.query('select pg_stat_statements_reset()');
      return undefined;
    }
    const mine = `from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%'`;
    const total = (await client.query(`select coalesce(sum(calls), 0)::int as calls, round(coalesce(sum(total_exec_time), 0)::numeric) as exec_ms, round(coalesce(sum(total_plan_time), 0)::numeric) as plan_ms ${mine}`)).rows[0] as Record<string, string>;
    const top = (await client.query(
      `select calls::int, round(total_exec_time::numeric) as exec_ms, round(total_plan_time::numeric) as plan_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
       ${mine} order by total_exec_time + total_plan_time desc limit 12`,
    )).rows as Record<string, string>[];
    return {
      calls: Number(total.calls), exec_ms: Number(total.exec_ms), plan_ms: Number(total.plan_ms),
      top: top.map((r) => ({ calls: Number(r.calls), exec_ms: Number(r.exec_ms), plan_ms: Number(r.plan_ms), query: r.query! })),
    };
  } finally {
    await client.end();
  }
}

const PGSTAT = process.argv.includes('--pgstat');

/** The command-line import under /usr/bin/time. */
async function timedImport(databaseUrl: string, args: string[]): Promise<Timed> {
  const postgres = databaseUrl.startsWith('postgres');
  if (postgres && PGSTAT) await statements(databaseUrl, true);
  const server = postgres ? clusterCpu() : 0;
  const timed: Timed = await timedImportCommand<Timed['report']>(databaseUrl, args);
  if (!postgres) return timed;
  return { ...timed, server_cpu_s: round(clusterCpu() - server), statements: PGSTAT ? await statements(databaseUrl, false) : undefined };
}

/** The 2013 companies and rounds as NDJSON change records; how many records. */
async function writeChangeRecords(file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  let n = 0;
  const each = async (csv: string, line: (row: Record<string, string>, seen: Map<string, number>) => unknown) => {
    let header: string[] | null = null;
    const seen = new Map<string, number>();
    for await (const r of readCsv(fs.createReadStream(csv), csv)) {
      if (!header) header = r.fields;
      else if (r.fields.some((f) => f)) {
        const rec = line(Object.fromEntries(header.map((h, i) => [h, r.fields[i]!])), seen);
        if (!out.write(`${JSON.stringify(rec)}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        n++;
      }
    }
  };
  await each(FILES[0]!, (c) => ({
    type: 'company', key: c.permalink, data: { name: c.name, country: c.country_code || null, state: c.state_code || null, city: c.city || null, categories: c.category_code ? [c.category_code] : [], status: c.status || null, founded_on: c.founded_at || null },
  }));
  await each(FILES[1]!, (r, seen) => {
    const id = `${r.company_permalink}|${r.funding_round_type}|${r.funded_at}`;
    seen.set(id, (seen.get(id) ?? 0) + 1);
    return { type: 'round', key: `${id}#${seen.get(id)}`, data: { company: r.company_permalink, round_type: r.funding_round_type, announced_on: r.funded_at || null, amount_usd: r.raised_amount_usd || null } };
  });
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return n;
}

/** The lists in import order (docs/import.md) and their export queries. */
const EXPORTS: [list: string, query: string][] = [
  ['companies', ''], ['investors', ''], ['universities', ''], ['gov-ngo', ''], ['people', '&view=full'],
  ['transactions', '&include_deleted=true'], ['jobs', ''], ['funds', ''], ['valuations', ''], ['news', ''],
];

/**
 * Every list of an instance seeded at `scale` exported, then imported into an empty database;
 * exported from the instance on `from` (default: the same kind of database).
 */
async function exportRoundTrip(kind: DbKind, pg: Pg | null, scale: 'tiny' | 'demo', from: DbKind = kind): Promise<Record<string, unknown>> {
  const source = target(from, pg, scale);
  // at this scale, not the bench's default (large)
  if (!seededResult(source)) await seedFresh(source, pg);
  const server = await forkServer('our-server.ts', serverEnv(source.databaseUrl));
  const files: string[] = [];
  try {
    const headers = apiHeaders(await getToken(server.authUrl!));
    for (const [list, query] of EXPORTS) {
      const res = await fetch(`${server.baseUrl}/data/${list}?format=ndjson${query}`, { headers });
      if (res.status !== 200) throw new Error(`export of ${list}: ${res.status} ${await res.text()}`);
      const file = path.join(BENCH_DIR, `export-${from}-${scale}-${list}.ndjson`);
      fs.writeFileSync(file, await res.text());
      files.push(file);
    }
  } finally {
    await server.stop();
  }
  const url = await emptyDatabase(kind, pg, 'import_export');
  const lists: Record<string, unknown>[] = [];
  for (const [i, [list]] of EXPORTS.entries()) {
    const t = await timedImport(url, ['--format', 'ndjson', '--type', list, files[i]!]);
    if (!t.report.committed) throw new Error(`${list}: not committed (${t.report.rejected_total} rejected)`);
    const rows = t.report.files[0]!.types[list]!.read;
    lists.push({ list, rows, engine_s: t.report.seconds, rows_phase_s: t.report.derived?.seconds.rows ?? null, wall_s: t.wall_s, cpu_s: t.cpu_s, server_cpu_s: t.server_cpu_s, statements: t.statements && { calls: t.statements.calls, exec_ms: t.statements.exec_ms, plan_ms: t.statements.plan_ms }, peak_rss_mb: t.peak_rss_mb });
    log(`${kind} ${list}: ${JSON.stringify(lists.at(-1))}`);
  }
  const sum = (k: string) => round(lists.reduce((a, l) => a + Number(l[k] ?? 0), 0));
  const rows = sum('rows');
  return {
    db: kind, exported_from: from, scale, rows, engine_s: sum('engine_s'), wall_s: sum('wall_s'), cpu_s: sum('cpu_s'),
    rows_per_engine_s: Math.round(rows / sum('engine_s')), rows_per_wall_s: Math.round(rows / sum('wall_s')),
    peak_rss_mb: Math.max(...lists.map((l) => Number(l.peak_rss_mb))), lists,
  };
}

async function startPostgresForImport(): Promise<Pg> {
  if (PGSTAT) process.env.BENCH_PG_FLAGS = `${process.env.BENCH_PG_FLAGS ?? ''} shared_preload_libraries=pg_stat_statements pg_stat_statements.track_planning=on`;
  return startPostgres();
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--export')) return exportMain(args);
  const only = args.includes('--db') ? (args[args.indexOf('--db') + 1] as DbKind) : null;
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const ndjson = path.join(BENCH_DIR, 'crunchbase-2013.ndjson');
  const records = await writeChangeRecords(ndjson);
  const results: Record<string, unknown>[] = [];
  const note = machineNote();
  let pg: Pg | null = null;
  try {
    for (const kind of DB_KINDS) {
      if (only && kind !== only) continue;
      if (kind === 'postgres') pg = await startPostgresForImport();
      log(`${kind}: the 2013 snapshot into an empty database`);
      const csv = await timedImport(await emptyDatabase(kind, pg, 'import_csv'), ['--format', 'crunchbase-csv', ...FILES]);
      const rows = csv.report.files.reduce((a, f) => a + Object.values(f.types).reduce((b, c) => b + c.read, 0), 0);
      log(`${kind}: ${records} NDJSON change records into an empty database`);
      const nd = await timedImport(await emptyDatabase(kind, pg, 'import_ndjson'), ['--format', 'ndjson', '--source', 'crunchbase', ndjson]);
      results.push({
        db: kind,
        snapshot: { rows, wall_s: csv.wall_s, cpu_s: csv.cpu_s, main_thread_cpu_s: csv.main_thread_cpu_s, server_cpu_s: csv.server_cpu_s, statements: csv.statements, peak_rss_mb: csv.peak_rss_mb, committed: csv.report.committed, rejected: csv.report.rejected_total, derived: csv.report.derived },
        ndjson: {
          records, wall_s: nd.wall_s, cpu_s: nd.cpu_s, main_thread_cpu_s: nd.main_thread_cpu_s, server_cpu_s: nd.server_cpu_s, statements: nd.statements, peak_rss_mb: nd.peak_rss_mb, rows_per_s: Math.round(records / nd.wall_s),
          rows_per_cpu_s: Math.round(records / nd.cpu_s), committed: nd.report.committed, rejected: nd.report.rejected_total,
        },
      });
      log(JSON.stringify(results.at(-1)));
    }
  } finally {
    if (pg) await pg.stop();
  }
  // `--tag NAME`: results of one change kept apart from the day's file
  const tag = args.includes('--tag') ? `-${args[args.indexOf('--tag') + 1]}` : '';
  const file = path.join(ROOT, 'bench/results', `import-${new Date().toISOString().slice(0, 10)}${tag}.json`);
  writeJson(file, { machine: note, targets: { snapshot_s: 10, ndjson_rows_per_s: 20000, rss_mb: 500 }, results });
  log(`written ${path.relative(ROOT, file)}`);
}

async function exportMain(args: string[]): Promise<void> {
  const scale = args[args.indexOf('--export') + 1] as 'tiny' | 'demo';
  if (scale !== 'tiny' && scale !== 'demo') throw new Error('--export tiny|demo');
  const only = args.includes('--db') ? (args[args.indexOf('--db') + 1] as DbKind) : null;
  // `--from sqlite`: every import reads SQLite's export (one seeded instance for both databases)
  const from = args.includes('--from') ? (args[args.indexOf('--from') + 1] as DbKind) : null;
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const note = machineNote();
  const results: Record<string, unknown>[] = [];
  let pg: Pg | null = null;
  try {
    for (const kind of DB_KINDS) {
      if (only && kind !== only) continue;
      if (kind === 'postgres') pg = await startPostgresForImport();
      results.push(await exportRoundTrip(kind, pg, scale, from ?? kind));
    }
  } finally {
    if (pg) await pg.stop();
  }
  const tag = args.includes('--tag') ? `-${args[args.indexOf('--tag') + 1]}` : '';
  const file = path.join(ROOT, 'bench/results', `import-export-${scale}-${new Date().toISOString().slice(0, 10)}${tag}.json`);
  writeJson(file, { machine: note, targets: { ndjson_rows_per_s: 20000 }, results });
  log(`written ${path.relative(ROOT, file)}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
