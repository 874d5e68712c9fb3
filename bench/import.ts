/**
 * Import benchmark (docs/import.md): the whole Crunchbase 2013 snapshot (companies, rounds,
 * acquisitions) into an empty database (`SEED_SCALE=none`: reference rows only), then the same
 * companies and rounds as NDJSON change records into another empty one. The import runs as the
 * operator runs it, `node --import tsx src/admin/cli.ts import ...` with the node flags `npm run
 * admin` gives it (its heap limit, scripts/admin.mjs), under `/usr/bin/time`: wall seconds, the
 * importing process's CPU seconds and its peak RSS. On PostgreSQL also the server's CPU
 * seconds: those of the bench cluster's processes (the postmaster's reaped children, where the
 * import's backend ends, and its live ones), so use a cluster of your own (BENCH_DIR, BENCH_PG_PORT)
 * when others bench too. `--pgstat` (PostgreSQL) loads pg_stat_statements and records per import
 * the statement count, the server's execution and planning milliseconds and the costliest statements.
 *
 *   npx tsx bench/import.ts [--db sqlite|postgres] [--pgstat] [--tag NAME]
 *   npx tsx bench/import.ts --export tiny|demo [--db sqlite|postgres] [--from sqlite|postgres] [--pgstat] [--tag NAME]
 *
 * `--export SCALE`: an instance seeded at SCALE (SQLite unless `--from postgres`) exports every list
 * over HTTP (its NDJSON export, as docs/import.md shows) and each export is imported into an empty
 * database of each kind with `--type LIST`, in order; per list and in total: rows, rows/s, the
 * engine's seconds (the report's, process start excluded), wall and CPU seconds of the command and
 * its peak RSS. Then a sample of every list's records (BENCH_SAMPLE per list, default 200) is read
 * through its detail operation on the source and the target and compared (test/helpers/roundtrip.ts:
 * the same apart from `updated_at` and what no export carries). Writes
 * bench/results/<date>-import-exported-<scale>[-<tag>].json. BENCH_REUSE_EXPORT=1 takes the export
 * files an earlier run left in BENCH_DIR (one run per database at once); BENCH_COMPARE_ONLY=1 only
 * compares the sample again with the target an earlier run imported.
 *
 * Targets: the snapshot under 10 s, NDJSON at least 20,000 rows/s, under 500 MB RSS. On a shared
 * 2-core machine the wall figures are bounded by the other processes' load (the machine note says
 * how busy it was); CPU seconds are the figure to compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import pgDriver from 'pg';
import { readCsv } from '../src/import/csv.js';
import { comparableDetails, cutShortPeople, EXPORT_LISTS } from '../test/helpers/roundtrip.js';
import { apiHeaders, BENCH_DIR, DB_KINDS, emptyDatabase, forkServer, getToken, log, machineNote, ROOT, round, seededResult, seedFresh, serverEnv, startPostgres, target, timedImportCommand, writeJson, type DbKind, type Pg, type SeedTarget } from './lib.js';

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

/** Records compared per list (evenly spread over its export): BENCH_SAMPLE, default 200. */
const SAMPLE = Number(process.env.BENCH_SAMPLE || 200);

/** Every list of the instance on `source` exported over HTTP (NDJSON, as docs/import.md shows): the files, in import order. */
async function exportLists(source: SeedTarget, baseUrl: string, headers: Record<string, string>): Promise<string[]> {
  const files: string[] = [];
  for (const { list, query = '' } of EXPORT_LISTS) {
    const file = path.join(BENCH_DIR, `export-${source.kind}-${source.scale}-${list}.ndjson`);
    // BENCH_REUSE_EXPORT=1: the files of an earlier export of the same instance (e.g. one run per database at once)
    if (process.env.BENCH_REUSE_EXPORT !== '1' || !fs.existsSync(file)) {
      const res = await fetch(`${baseUrl}/data/exports/${list}?${query.slice(1)}`, { headers });
      if (res.status !== 200) throw new Error(`export of ${list}: ${res.status} ${await res.text()}`);
      fs.writeFileSync(file, await res.text());
    }
    if (JSON.parse(fs.readFileSync(file, 'utf8').trimEnd().split('\n').at(-1)!)._export?.complete !== true) throw new Error(`export of ${list} incomplete`);
    files.push(file);
  }
  return files;
}

/** A GET tried again (up to three times) when the connection fails: a kept-alive socket the server closed meanwhile. */
async function retried(url: string, headers: Record<string, string>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { headers });
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * A sample of every list's records (SAMPLE, evenly spread) read through its detail operation on the
 * source and on the target: how many were compared and which differ (docs/import.md: the same apart
 * from `updated_at` and what no export carries).
 */
async function compareSample(files: string[], a: { baseUrl: string; headers: Record<string, string> }, b: { baseUrl: string; headers: Record<string, string> }) {
  const cut = cutShortPeople(fs.readFileSync(files[EXPORT_LISTS.findIndex((l) => l.list === 'people')]!, 'utf8'));
  const perList: Record<string, { compared: number; differing: number }> = {};
  const differing: { record: string; source: string; target: string }[] = [];
  for (const [i, l] of EXPORT_LISTS.entries()) {
    const keys = fs.readFileSync(files[i]!, 'utf8').trimEnd().split('\n').slice(0, -1).map((line) => JSON.parse(line)[l.key] as string | number);
    const step = Math.max(1, Math.floor(keys.length / SAMPLE));
    const sample = keys.filter((_, k) => k % step === 0).slice(0, SAMPLE);
    const query = l.list === 'transactions' ? '?include_deleted=true' : '';
    let n = 0;
    for (const key of sample) {
      const [ra, rb] = await Promise.all([retried(`${a.baseUrl}/data/${l.detail}/${key}${query}`, a.headers), retried(`${b.baseUrl}/data/${l.detail}/${key}${query}`, b.headers)]);
      const [ja, jb] = [await ra.json(), await rb.json()];
      const [ca, cb] = ra.status === rb.status ? comparableDetails(l.list, ja.data ?? ja, jb.data ?? jb, cut) : [ra.status, rb.status];
      if (JSON.stringify(ca) !== JSON.stringify(cb)) {
        n++;
        if (differing.length < 20) differing.push({ record: `${l.detail}/${key}`, source: JSON.stringify(ca).slice(0, 1500), target: JSON.stringify(cb).slice(0, 1500) });
      }
    }
    perList[l.list] = { compared: sample.length, differing: n };
  }
  return { per_list: perList, compared: Object.values(perList).reduce((x, p) => x + p.compared, 0), differing_total: Object.values(perList).reduce((x, p) => x + p.differing, 0), differing };
}

/** The exported lists imported in order into an empty database, each timed; then a sample compared with the source. */
async function importExported(kind: DbKind, pg: Pg | null, files: string[], source: { baseUrl: string; headers: Record<string, string> }, from: SeedTarget): Promise<Record<string, unknown>> {
  // BENCH_COMPARE_ONLY=1: the target imported by an earlier run, compared again without importing
  const compareOnly = process.env.BENCH_COMPARE_ONLY === '1';
  const url = compareOnly ? (kind === 'sqlite' ? `sqlite:${path.join(BENCH_DIR, 'import-import_export.sqlite')}` : pg!.url('import_export')) : await emptyDatabase(kind, pg, 'import_export');
  const lists: Record<string, unknown>[] = [];
  for (const [i, { list }] of EXPORT_LISTS.entries()) {
    if (compareOnly) break;
    const t = await timedImport(url, ['--format', 'ndjson', '--type', list, files[i]!]);
    if (!t.report.committed) throw new Error(`${list}: not committed (${t.report.rejected_total} rejected)`);
    const rows = t.report.files[0]!.types[list]!.read;
    lists.push({
      list, rows, rows_per_wall_s: Math.round(rows / t.wall_s), engine_s: t.report.seconds, rows_phase_s: t.report.derived?.seconds.rows ?? null, wall_s: t.wall_s, cpu_s: t.cpu_s,
      server_cpu_s: t.server_cpu_s, statements: t.statements && { calls: t.statements.calls, exec_ms: t.statements.exec_ms, plan_ms: t.statements.plan_ms }, peak_rss_mb: t.peak_rss_mb,
    });
    log(`${kind} ${list}: ${JSON.stringify(lists.at(-1))}`);
  }
  const sum = (k: string) => round(lists.reduce((a, l) => a + Number(l[k] ?? 0), 0));
  const rows = sum('rows');
  const target = await forkServer('our-server.ts', serverEnv(url));
  let compared;
  try {
    compared = await compareSample(files, source, { baseUrl: target.baseUrl, headers: apiHeaders(await getToken(target.authUrl!)) });
  } finally {
    await target.stop();
  }
  log(`${kind}: ${compared.compared} records compared, ${compared.differing_total} differ`);
  return {
    db: kind, exported_from: from.kind, scale: from.scale, rows, engine_s: sum('engine_s'), wall_s: sum('wall_s'), cpu_s: sum('cpu_s'), server_cpu_s: kind === 'postgres' ? sum('server_cpu_s') : undefined,
    rows_per_engine_s: Math.round(rows / sum('engine_s')), rows_per_wall_s: Math.round(rows / sum('wall_s')),
    peak_rss_mb: Math.max(...lists.map((l) => Number(l.peak_rss_mb))), lists, sample: compared,
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
  // the instance exported (default SQLite): one export, imported into each database
  const from = (args.includes('--from') ? args[args.indexOf('--from') + 1] : 'sqlite') as DbKind;
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const note = machineNote();
  const results: Record<string, unknown>[] = [];
  let pg: Pg | null = null;
  try {
    if (from === 'postgres' || only !== 'sqlite') pg = await startPostgresForImport();
    const source = target(from, pg, scale);
    // at this scale, not the bench's default (large)
    if (!seededResult(source)) await seedFresh(source, pg);
    const server = await forkServer('our-server.ts', serverEnv(source.databaseUrl));
    try {
      const a = { baseUrl: server.baseUrl, headers: apiHeaders(await getToken(server.authUrl!)) };
      const files = await exportLists(source, a.baseUrl, a.headers);
      for (const kind of DB_KINDS) if (!only || kind === only) results.push(await importExported(kind, pg, files, a, source));
    } finally {
      await server.stop();
    }
  } finally {
    if (pg) await pg.stop();
  }
  const tag = args.includes('--tag') ? `-${args[args.indexOf('--tag') + 1]}` : '';
  const file = path.join(ROOT, 'bench/results', `${new Date().toISOString().slice(0, 10)}-import-exported-${scale}${tag}.json`);
  writeJson(file, { machine: note, targets: { ndjson_rows_per_s: 20000, rss_mb: 500 }, results });
  log(`written ${path.relative(ROOT, file)}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
