/**
 * `make bench`: seeds (or reuses, keyed by scale+seed) the bench scale on SQLite and on the
 * embedded PostgreSQL; per database starts, one at a time, our server, the bare node:http
 * baseline (baseline-server.ts) and the Platformatic DB peer (peer-server.ts), each in its own
 * process, and drives every scenario with autocannon from another process (load.ts) for
 * BENCH_SECONDS (default 10) after a short unrecorded warm-up. The server's RSS is sampled during
 * each run (peak reported). Also times deep paging (paging.ts) and analytics (analytics.ts) as
 * single requests. Prints one table and writes bench/results/<date>.json.
 *
 * Environment: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (10),
 * BENCH_ANALYTICS_CONNECTIONS (2), BENCH_ANALYTICS_RUNS (7), BENCH_DBS (sqlite,postgres), BENCH_SERVERS (ours,baseline,peer), BENCH_SCALE (large),
 * BENCH_SEED (42), BENCH_DIR (/tmp/fdapi-bench), BENCH_PG_SEARCH_PATH (schemas our server's PostgreSQL connections look in first: lib.ts), BENCH_CPU_PROF (dir: --cpu-prof of our server and the same-work server, one subdirectory each),
 * BENCH_SCENARIOS (comma-separated scenario names, default all), BENCH_SAMPLE_FILE (the sampled record ids, `<file>.<db>.json`,
 * written by the first run on a database and reused by later ones: lib.ts sampleIds), BENCH_SKIP_SINGLE (1: skip the single-request
 * paging and analytics timings), BENCH_OUT (results file; default bench/results/<date>.json),
 * BENCH_HEAP_MB (old-space limit of our server, default 1024 as `make run`; 0 = Node's default),
 * BENCH_HEAP_YOUNG_MB (its semi-space size, default as `make run`: 0 = Node's default),
 * BENCH_LATENCY_RATE (requests/s of the fixed-rate latency run of each list scenario, ours and the
 * baseline, default 200; 0 = none), BENCH_LATENCY_SECONDS (its length, default 20), BENCH_PG_FLAGS
 * (extra server settings of the embedded PostgreSQL, space-separated `name=value`), BENCH_LATENCY_DBS
 * (databases of the fixed-rate runs, default sqlite,postgres), BENCH_EXPORT_FILTER (the `filter` of the export
 * scenarios, default year[gte]:2020), BENCH_EXPORT_RUNS (exports read per export scenario, default 2).
 *
 * The export scenarios (`export ndjson`, `export csv`: GET /data/exports/transactions, ours only) read whole
 * exports on one connection: rows/s, server CPU per row and RSS sampled every 100 ms throughout.
 *
 * Two latency figures per list scenario: p50/p99 of the saturating run (as many requests as 10
 * connections can send; the queue then sets the latency: p50 ≈ connections / throughput) and, after
 * it, p50/p99 at a fixed offered load below saturation, with requests arriving as a Poisson process
 * (load.ts `arrivals`), which is the latency a client sees while the server has headroom.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ANALYTICS, measureAnalytics, verdicts, type AnalyticsResult } from './analytics.js';
import {
  apiHeaders, type ChildServer, cpuMs, load, type DbKind, ensureSeeded, forkServer, getToken, HEAP_MB, HEAP_YOUNG_MB, log, machineNote, round, ROOT,
  median, rssMb, SCALE, SEED, serverHeapArgs,
  sampleIds, type SeedResult, serverEnv, snapshotLoaded, startPostgres, target, timedGet, writeJson, type Pg, type SeedTarget,
} from './lib.js';
import type { LoadSummary } from './load.js';
import { DEEP_PAGE, deepCursor, LIST_QUERY, measurePaging, PAGING_RUNS, type PagingResult } from './paging.js';
import { type ExportRead, readExport } from './exportStream.js';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const ANALYTICS_CONNECTIONS = Number(process.env.BENCH_ANALYTICS_CONNECTIONS || 2);
/** Timed single requests per analytics scenario (bench/analytics.ts). */
const ANALYTICS_RUNS = Number(process.env.BENCH_ANALYTICS_RUNS || 7);
const DBS = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as DbKind[];
const SERVERS = (process.env.BENCH_SERVERS || 'ours,samework,baseline,peer').split(',') as ServerName[];
const LIMIT = 25;
const ONLY = process.env.BENCH_SCENARIOS ? new Set(process.env.BENCH_SCENARIOS.split(',').map((x) => x.trim())) : null;
const SKIP_SINGLE = process.env.BENCH_SKIP_SINGLE === '1';
const LATENCY_RATE = Number(process.env.BENCH_LATENCY_RATE ?? 200);
/** Databases of the fixed-rate latency runs (a list SQLite serves below the rate only queues). */
const LATENCY_DBS = (process.env.BENCH_LATENCY_DBS || 'sqlite,postgres').split(',');
/** Long enough for a p99 of some thousands of samples. */
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS || 20);
/** The rounds the export scenarios stream (a filter of the list): on `large` some 100,000s of rows, seconds at the target rate. */
const EXPORT_FILTER = process.env.BENCH_EXPORT_FILTER || 'year[gte]:2020';
/** Exports read per export scenario (the figures are their medians; RSS the highest). */
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS || 2);

type ServerName = 'ours' | 'samework' | 'baseline' | 'peer' | 'peerflat';
type ScenarioName =
  | 'transaction detail'
  | 'company detail'
  | 'transactions list'
  | 'list page 1'
  | `list page ${typeof DEEP_PAGE}`
  | 'founders list view=full'
  | 'heatmap'
  | 'funnel'
  | 'search'
  | 'revalidation'
  | 'export ndjson'
  | 'export csv';

interface Scenario {
  name: ScenarioName;
  kind: 'detail' | 'list' | 'analytics' | 'search' | 'revalidation' | 'export';
  /** Paths for our server and the baseline (the baseline ignores auth headers). */
  ours: string[];
  /** Paths for Platformatic DB, or null when it has no equivalent: flat rows (REST). */
  peer: string[] | null;
  /** Platformatic DB on the same information as ours (GraphQL through the foreign keys), given the
   * peer's address; unset when the flat rows already are the same information (lists). */
  sameInfo?: (peerUrl: string) => Promise<string[]>;
  /** Requests the peer sends for one answer of ours on the same information (a page, then its investors), 1 unless set. */
  peerRequestsPerAnswer?: number;
  /** Request headers of this scenario on top of the token (ours and the same-work baseline). */
  headers?: Record<string, string>;
  /** false: the bare baseline has no equivalent (it implements no conditional requests). */
  bare?: false;
}

interface Row {
  db: DbKind;
  scenario: ScenarioName;
  kind: Scenario['kind'];
  server: ServerName;
  rps: number;
  p50: number;
  p99: number;
  rssPeakMb: number | null;
  /** CPU time of the server process (all its threads) per request answered during the measured run, ms. */
  cpuMsPerRequest: number | null;
  connections: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** List scenarios, ours and the baseline: the run at a fixed offered load of `rate` requests/s. */
  atRate?: { rate: number; rps: number; p50: number; p99: number; non2xx: number; load: number };
  /** The peer on the same information in more than one request: `rps` and `cpuMsPerRequest` are per answer (this many requests). */
  requestsPerAnswer?: number;
  /** Export scenarios (ours): one export read to its end on one connection. */
  export?: ExportFigures;
  note?: string;
}

/** An export read on one connection: `rps` of its row is rows/s, `cpuMsPerRequest` null. */
interface ExportFigures {
  rows: number;
  seconds: number;
  megabytes: number;
  rowsPerSecond: number;
  /** Server CPU per row, µs (what the rows/s is with a core of its own on a shared machine). */
  cpuUsPerRow: number;
  rowsPerServerCpuSecond: number;
  /** CPU per row of the PostgreSQL backends serving the server's connections, µs (0 on SQLite). */
  backendCpuUsPerRow: number;
  rssBeforeMb: number | null;
  /** Peak RSS of the server sampled every 100 ms throughout the export. */
  rssPeakMb: number;
  loadAverage: number;
}

/** Entity columns our records carry that the peer's tables hold (ours adds locations and taxonomy). */
const PEER_ENTITY =
  'id uuid type subtype name domain tagline about image linkWebsite linkLinkedin linkTwitter linkInstagram linkAngellist linkCrunchbase launchDate closingDate ' +
  'becameUnicornDate becameThoroughbredDate exitDate employeesCount employeeCount1YGrowth addedAt updatedAt status signalRating unicornType fundingTotalUsd ' +
  'fundingTotalVcUsd fundingRoundsCount valuationUsd valuationYear valuationMonth jobsOpenCount';
const graphql = (query: string) => `/graphql?query=${encodeURIComponent(query.replace(/\s+/g, ' '))}`;

/** A transaction with its company and its investors in order, in one GraphQL request. */
const peerTransaction = (id: string | number) =>
  graphql(`{ getTransactionById(id: ${id}) { id amountUsd announcedDate roundType standardizedRound valuationUsd isVerified isVcRound isExit sourceUrl deletedAt
    company { ${PEER_ENTITY} } }
    transactionInvestors(where: { transactionId: { eq: ${id} } }, orderBy: [{ field: position, direction: ASC }]) { isLead investor { uuid type subtype name image } } }`);

/** A page of transactions with their companies (the loader resolves the page's companies in one query). */
const peerTransactionPage = (where: string, orderBy: string) =>
  graphql(`{ transactions(where: ${where}, orderBy: ${orderBy}, limit: ${LIMIT}) { id amountUsd announcedDate roundType standardizedRound valuationUsd isVerified isVcRound isExit sourceUrl deletedAt
    company { ${PEER_ENTITY} } } }`);

/** The investors of these transactions in order (`transaction_investors` has a composite key: Platformatic gives it no relation from a transaction). */
const peerInvestorsOf = (ids: readonly number[]) =>
  graphql(`{ transactionInvestors(where: { transactionId: { in: [${ids.join(',')}] } }, orderBy: [{ field: transactionId, direction: ASC }, { field: position, direction: ASC }], limit: ${PEER_MAX_ROWS}) {
    transaction { id } isLead investor { uuid type subtype name image } } }`);

/** The peer's row cap per request (peer-server.ts `limit.max`): a page's investors fit under it. */
const PEER_MAX_ROWS = 1000;

/**
 * A client of the peer asks for a page with its companies, then for the page's investors by the
 * page's ids: two requests per page, the second known once the first has answered (here: once,
 * before the run, since the page is the same each time).
 */
async function peerPageWithInvestors(peerUrl: string, page: string): Promise<string[]> {
  const res = await fetch(`${peerUrl}${page}`);
  const body = (await res.json()) as { data?: { transactions: { id: number }[] }; errors?: unknown };
  if (!body.data) throw new Error(`peer page: ${res.status} ${JSON.stringify(body.errors).slice(0, 300)}`);
  return [page, peerInvestorsOf(body.data.transactions.map((t) => Number(t.id)))];
}

/** A company with its funding (the entity's funding columns) and its founders, in one GraphQL request. */
const peerCompany = (id: string | number, kind: DbKind) =>
  graphql(`{ getEntityById(id: ${id}) { ${PEER_ENTITY} }
    career(where: { orgId: { eq: ${id} }, isFounder: { eq: ${kind === 'sqlite' ? '"1"' : 'true'} } }) { titles isPast person { uuid type name image } } }`);

function hasSearch(): { path: string; param: string } | null {
  const doc = YAML.parse(fs.readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8')) as {
    paths: Record<string, { get?: { parameters?: { name?: string; in?: string; $ref?: string }[] } }>;
  };
  const op = doc.paths['/data/search']?.get;
  if (!op) return null;
  const param = op.parameters?.find((p) => p.in === 'query' && (p.name === 'q' || p.name === 'query'))?.name ?? 'q';
  return { path: '/data/search', param };
}

async function scenarios(baseUrl: string, headers: Record<string, string>, kind: DbKind): Promise<Scenario[]> {
  const { txIds, companyUuids } = await sampleIds(baseUrl, headers, kind);
  const wanted = (name: ScenarioName) => !ONLY || ONLY.has(name);
  const { cursor } = wanted(`list page ${DEEP_PAGE}`) ? await deepCursor(kind, baseUrl, headers) : { cursor: '' };
  const peerList = `/transactions?where.year.gte=2015&where.amountUsd.gt=1000000&orderby.amountUsd=desc&orderby.id=desc&limit=${LIMIT}`;
  const list: Scenario[] = [
    {
      name: 'transaction detail',
      kind: 'detail',
      ours: txIds.map((id) => `/data/transactions/${id}`),
      peer: txIds.map((id) => `/transactions/${id}`),
      sameInfo: async () => txIds.map((id) => peerTransaction(id)),
    },
    {
      name: 'company detail',
      kind: 'detail',
      ours: companyUuids.map((u) => `/data/companies/${u}`),
      // Platformatic has no lookup by a non-key column other than a filtered list
      peer: companyUuids.map((u) => `/entities?where.uuid.eq=${u}&limit=1`),
      // the peer looks the company up by its key (the uuid resolved once, here)
      sameInfo: async (peerUrl) =>
        Promise.all(
          companyUuids.map(async (u) => {
            const rows = (await (await fetch(`${peerUrl}/entities?where.uuid.eq=${u}&limit=1&fields=id`)).json()) as { id: number }[];
            return peerCompany(rows[0]!.id, kind);
          }),
        ),
    },
    {
      name: 'transactions list',
      kind: 'list',
      ours: [`/data/transactions?filter=${encodeURIComponent('and(year[gte]:2018,amount[gt]:5000000)')}&sort=-date&limit=${LIMIT}`],
      peer: [`/transactions?where.year.gte=2018&where.amountUsd.gt=5000000&orderby.dateSort=desc&orderby.id=desc&limit=${LIMIT}`],
      // the same information as our rows: each with its company and its investors
      sameInfo: (peerUrl) =>
        peerPageWithInvestors(peerUrl, peerTransactionPage('{ year: { gte: 2018 }, amountUsd: { gt: "5000000" } }', '[{ field: dateSort, direction: DESC }, { field: id, direction: DESC }]')),
      peerRequestsPerAnswer: 2,
    },
    { name: 'list page 1', kind: 'list', ours: [`/data/transactions?${LIST_QUERY}`], peer: [peerList] },
    {
      name: `list page ${DEEP_PAGE}`,
      kind: 'list',
      ours: [`/data/transactions?${LIST_QUERY}&cursor=${encodeURIComponent(cursor)}`],
      // Platformatic pages by offset only
      peer: [`${peerList}&offset=${(DEEP_PAGE - 1) * LIMIT}`],
    },
    {
      name: 'founders list view=full',
      kind: 'list',
      ours: [`/data/founders?view=full&limit=${LIMIT}`],
      // the peer serves the founder rows only (no career/education/portfolio glances)
      peer: [`/entities?where.type.eq=person&where.isFounder.eq=${kind === 'sqlite' ? 1 : true}&orderby.signalRating=desc&orderby.id=desc&limit=${LIMIT}`],
    },
    ...(['ndjson', 'csv'] as const).map((format): Scenario => ({ name: `export ${format}`, kind: 'export', ours: [`/data/exports/transactions?format=${format}&filter=${encodeURIComponent(EXPORT_FILTER)}`], peer: null, bare: false })),
    { name: 'heatmap', kind: 'analytics', ours: [ANALYTICS.heatmap], peer: null },
    { name: 'funnel', kind: 'analytics', ours: [ANALYTICS.funnel], peer: null },
  ];
  if (wanted('revalidation')) {
    // a client revalidating the copy it holds: the same transaction with its current tag, answered 304
    const url = `/data/transactions/${txIds[0]}`;
    const tag = (await fetch(`${baseUrl}${url}`, { headers })).headers.get('etag');
    if (tag) list.push({ name: 'revalidation', kind: 'revalidation', ours: [url], peer: null, headers: { 'If-None-Match': tag }, bare: false });
  }
  const search = hasSearch();
  if (search) list.push({ name: 'search', kind: 'search', ours: ['acme', 'data', 'health', 'robot', 'sol', 'bio'].map((q) => `${search.path}?${search.param}=${q}&limit=10`), peer: null });
  return list.filter((s) => wanted(s.name));
}

/** Runs one scenario against one server: warm-up, then the measured run with RSS sampling. */
async function drive(server: ChildServer, paths: string[], headers: Record<string, string>, connections: number): Promise<LoadSummary & { rssPeakMb: number | null; cpuMsPerRequest: number | null }> {
  if (WARMUP > 0) await load({ url: server.baseUrl, paths, headers, connections, seconds: WARMUP });
  let peak: number | null = null;
  const sample = () => {
    const r = rssMb(server.pid);
    if (r !== null) peak = Math.max(peak ?? 0, r);
  };
  const timer = setInterval(sample, 200);
  const cpuBefore = cpuMs(server.pid);
  try {
    const s = await load({ url: server.baseUrl, paths, headers, connections, seconds: SECONDS });
    const cpuAfter = cpuMs(server.pid);
    sample();
    const cpu = cpuBefore !== null && cpuAfter !== null && s.requests > 0 ? round((cpuAfter - cpuBefore) / s.requests, 3) : null;
    return { ...s, rssPeakMb: peak, cpuMsPerRequest: cpu };
  } finally {
    clearInterval(timer);
  }
}

/** One request per distinct path must answer 2xx before a scenario is measured. */
async function check(baseUrl: string, paths: string[], headers: Record<string, string>): Promise<string | null> {
  for (const p of paths.slice(0, 3)) {
    const res = await fetch(`${baseUrl}${p}`, { headers });
    const text = await res.text();
    if (!res.ok) return `GET ${p}: ${res.status} ${text.slice(0, 200)}`;
  }
  return null;
}

/** `--cpu-prof` into BENCH_CPU_PROF/<server> when profiling is asked for. */
const cpuProfile = (server: ServerName): string[] =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(process.env.BENCH_CPU_PROF, server)}`] : [];

async function benchDb(kind: DbKind, t: SeedTarget, rows: Row[]): Promise<{ paging: PagingResult | null; analytics: AnalyticsResult[] }> {
  const ours = await forkServer('our-server.ts', serverEnv(t.databaseUrl), [
    ...serverHeapArgs(),
    ...cpuProfile('ours'),
  ]);
  let list: Scenario[];
  let headers: Record<string, string>;
  let issuer = '';
  let paging: PagingResult | null = null;
  let analytics: AnalyticsResult[] = [];
  try {
    const token = await getToken(ours.authUrl!);
    issuer = String((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iss: string }).iss);
    headers = apiHeaders(token);
    // measured in its steady state, not while it loads its rounds snapshot
    await snapshotLoaded(ours.baseUrl, headers);
    list = await scenarios(ours.baseUrl, headers, kind);
    if (!SKIP_SINGLE) {
      paging = await measurePaging(kind, ours.baseUrl, headers, PAGING_RUNS);
      analytics = await measureAnalytics(kind, ours.baseUrl, headers, ANALYTICS_RUNS, ours.pid);
    }
    if (SERVERS.includes('ours')) await runAll(kind, 'ours', ours, list, headers, rows);
  } finally {
    await ours.stop();
  }
  if (SERVERS.includes('samework')) {
    const same = await forkServer('samework-server.ts', { ...serverEnv(t.databaseUrl), ISSUER: issuer }, cpuProfile('samework'));
    try {
      await runAll(kind, 'samework', same, list, headers, rows);
    } finally {
      await same.stop();
    }
  }
  if (SERVERS.includes('baseline')) {
    const baseline = await forkServer('baseline-server.ts', serverEnv(t.databaseUrl));
    try {
      await runAll(kind, 'baseline', baseline, list.filter((s) => s.bare !== false), {}, rows);
    } finally {
      await baseline.stop();
    }
  }
  if (SERVERS.includes('peer')) {
    const peer = await forkServer('peer-server.ts', {
      ...process.env,
      PEER_CONNECTION_STRING: kind === 'sqlite' ? `sqlite://${t.sqliteFile}` : t.databaseUrl,
      PEER_POOL_SIZE: String(Number(process.env.DB_POOL_MAX || 10)),
    }).catch((err: Error) => {
      log(`peer did not start on ${kind}: ${err.message}`);
      return null;
    });
    if (peer) {
      try {
        const flat = list.filter((s) => s.peer).map((s) => ({ ...s, ours: s.peer! }));
        const same = await Promise.all(flat.map(async (s) => ({ ...s, ours: s.sameInfo ? await s.sameInfo(peer.baseUrl) : s.ours })));
        await runAll(kind, 'peer', peer, same, {}, rows);
        // the flat rows of the details as a reference (lists are flat rows on both sides)
        await runAll(kind, 'peerflat', peer, flat.filter((s) => s.sameInfo), {}, rows);
      } finally {
        await peer.stop();
      }
    }
  }
  return { paging, analytics };
}

async function runAll(kind: DbKind, server: ServerName, child: ChildServer, list: Scenario[], outer: Record<string, string>, rows: Row[]) {
  for (const scenario of list) {
    const s = scenario;
    const headers = { ...outer, ...(s.headers ?? {}) };
    if (s.kind === 'export') {
      // the same-work and bare baselines serve no exports (bench/routes.ts), the peer none at all
      if (server === 'ours') rows.push(await measureExport(kind, child, s, headers));
      continue;
    }
    const problem = s.kind === 'revalidation' ? null : await check(child.baseUrl, s.ours, headers);
    if (problem) {
      log(`${kind} ${server} ${s.name}: skipped (${problem})`);
      rows.push({ db: kind, scenario: s.name, kind: s.kind, server, rps: 0, p50: 0, p99: 0, rssPeakMb: null, cpuMsPerRequest: null, connections: 0, requests: 0, non2xx: 0, errors: 0, note: problem });
      continue;
    }
    // analytics requests take seconds each on large: a couple of connections, not a queue past the timeout
    const connections = s.kind === 'analytics' ? ANALYTICS_CONNECTIONS : CONNECTIONS;
    log(`${kind} ${server}: ${s.name} (${SECONDS} s, ${connections} connections)`);
    const r = await drive(child, s.ours, headers, connections);
    // a revalidation is answered 304 (not 2xx) when it works
    const non2xx = s.kind === 'revalidation' ? r.requests - (r.statusCodes?.['304'] ?? 0) : r.non2xx;
    const row: Row = { db: kind, scenario: s.name, kind: s.kind, server, rps: r.rps, p50: r.p50, p99: r.p99, rssPeakMb: r.rssPeakMb, cpuMsPerRequest: r.cpuMsPerRequest, connections, requests: r.requests, non2xx, errors: r.errors };
    const per = server === 'peer' ? (s.peerRequestsPerAnswer ?? 1) : 1;
    if (per > 1) Object.assign(row, { rps: round(r.rps / per, 1), cpuMsPerRequest: r.cpuMsPerRequest === null ? null : round(r.cpuMsPerRequest * per, 3), requestsPerAnswer: per });
    if (s.kind === 'list' && server !== 'peer' && server !== 'peerflat' && LATENCY_RATE > 0 && LATENCY_DBS.includes(kind)) {
      log(`${kind} ${server}: ${s.name} at ${LATENCY_RATE} requests/s (${LATENCY_SECONDS} s)`);
      const f = await load({ url: child.baseUrl, paths: s.ours, headers, connections, seconds: LATENCY_SECONDS, overallRate: LATENCY_RATE, arrivals: 'poisson' });
      // the offered rate as a share of what the saturating run served: near 1 the queue, not the request, sets the latency
      row.atRate = { rate: LATENCY_RATE, rps: f.rps, p50: f.p50, p99: f.p99, non2xx: f.non2xx + f.errors, load: round(LATENCY_RATE / Math.max(r.rps, 1)) };
    }
    rows.push(row);
  }
}

/** An export scenario on our server: EXPORT_RUNS exports read to their end on one connection, medians (RSS: the highest). */
async function measureExport(kind: DbKind, child: ChildServer, s: Scenario, headers: Record<string, string>): Promise<Row> {
  const format = s.name === 'export csv' ? 'csv' : 'ndjson';
  const reads: ExportRead[] = [];
  for (let i = 0; i < EXPORT_RUNS; i++) {
    log(`${kind} ours: ${s.name} ${i + 1}/${EXPORT_RUNS} (${EXPORT_FILTER})`);
    reads.push(await readExport(`${child.baseUrl}${s.ours[0]}`, format, headers, child.pid));
  }
  const rows = reads[0]!.rows;
  const seconds = median(reads.map((e) => e.seconds));
  const cpu = median(reads.map((e) => e.cpu));
  const figures: ExportFigures = {
    rows,
    seconds: round(seconds),
    megabytes: round(reads[0]!.bytes / 1e6, 1),
    rowsPerSecond: Math.round(rows / seconds),
    cpuUsPerRow: round((cpu * 1e6) / rows, 2),
    rowsPerServerCpuSecond: Math.round(rows / cpu),
    backendCpuUsPerRow: round((median(reads.map((e) => e.backendCpu)) * 1e6) / rows, 2),
    rssBeforeMb: reads[0]!.rssBefore,
    rssPeakMb: Math.max(...reads.map((e) => e.peak)),
    loadAverage: round(Math.max(...reads.map((e) => e.load)), 1),
  };
  log(`${kind} ours: ${s.name}: ${rows} rows, ${figures.rowsPerSecond} rows/s, ${figures.cpuUsPerRow} µs CPU per row (PostgreSQL backends ${figures.backendCpuUsPerRow}), RSS ${figures.rssBeforeMb} -> ${figures.rssPeakMb} MB`);
  return { db: kind, scenario: s.name, kind: 'export', server: 'ours', rps: figures.rowsPerSecond, p50: 0, p99: 0, rssPeakMb: figures.rssPeakMb, cpuMsPerRequest: null, connections: 1, requests: EXPORT_RUNS, non2xx: 0, errors: 0, export: figures };
}

function table(rows: Row[]): string {
  const out: string[] = [];
  const head = ['db', 'scenario', 'ours req/s', 'p50 ms', 'p99 ms', `p50/p99 @${LATENCY_RATE}/s`, 'RSS MB', 'same-work req/s', 'ours/same', 'same/bare', 'bare req/s', 'ours/bare', 'base RSS', 'peer req/s', 'ours/peer', 'peer p99', 'peer RSS', 'peer flat req/s', 'non2xx'];
  const body: string[][] = [];
  const keys = [...new Set(rows.map((r) => `${r.db}\u0000${r.scenario}`))];
  for (const k of keys) {
    const [db, scenario] = k.split('\u0000') as [DbKind, ScenarioName];
    const get = (s: ServerName) => rows.find((r) => r.db === db && r.scenario === scenario && r.server === s);
    const o = get('ours');
    const b = get('baseline');
    const w = get('samework');
    const p = get('peer');
    const pf = get('peerflat');
    const ratio = (x?: Row, y?: Row) => (x && y && y.rps > 0 ? (x.rps / y.rps).toFixed(2) : '-');
    body.push([
      db,
      scenario,
      o ? String(o.rps) : '-',
      o ? String(o.p50) : '-',
      o ? String(o.p99) : '-',
      o?.atRate ? `${o.atRate.p50}/${o.atRate.p99}` : '-',
      o?.rssPeakMb != null ? String(o.rssPeakMb) : '-',
      w ? String(w.rps) : '-',
      ratio(o, w),
      ratio(w, b),
      b ? String(b.rps) : '-',
      ratio(o, b),
      b?.rssPeakMb != null ? String(b.rssPeakMb) : '-',
      p ? String(p.rps) : '-',
      ratio(o, p),
      p ? String(p.p99) : '-',
      p?.rssPeakMb != null ? String(p.rssPeakMb) : '-',
      pf ? String(pf.rps) : '-',
      String((o?.non2xx ?? 0) + (o?.errors ?? 0)),
    ]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  out.push(line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line));
  return out.join('\n');
}

async function main() {
  const started = new Date();
  const rows: Row[] = [];
  const seeds: SeedResult[] = [];
  const paging: PagingResult[] = [];
  const analytics: AnalyticsResult[] = [];
  let pg: Pg | null = null;
  try {
    for (const kind of DBS) {
      if (kind === 'postgres') pg = await startPostgres();
      const t = target(kind, pg);
      seeds.push(await ensureSeeded(t, pg));
      const r = await benchDb(kind, t, rows);
      if (r.paging) paging.push(r.paging);
      analytics.push(...r.analytics);
    }
  } finally {
    if (pg) await pg.stop();
  }
  const note = machineNote();
  console.log(`\nmake bench — ${SCALE} (seed ${SEED}), ${SECONDS} s per scenario, ${CONNECTIONS} connections, limit ${LIMIT}`);
  console.log(`machine: ${note}`);
  console.log('RSS = peak resident set of the serving Node process during the run (PostgreSQL server processes not included)\n');
  console.log(table(rows));
  const fixed = rows.filter((r) => r.atRate);
  if (fixed.length > 0) {
    console.log(`\nlatency at a fixed ${LATENCY_RATE} requests/s, Poisson arrivals, open loop, ${LATENCY_SECONDS} s (ms, p50 / p99):`);
    for (const r of fixed) {
      const a = r.atRate!;
      const note = a.load >= 0.7 ? ', near saturation: the queue sets these figures' : '';
      console.log(`  ${r.db.padEnd(9)} ${r.server.padEnd(9)} ${r.scenario.padEnd(24)} ${a.p50} / ${a.p99}   (${a.rps} req/s served, ${Math.round(a.load * 100)} % of the saturated rate${note})`);
    }
  }
  console.log(`\nsingle requests (median): page 1 vs page ${DEEP_PAGE} of ${LIST_QUERY}`);
  for (const p of paging) console.log(`  ${p.kind.padEnd(9)} page 1 ${p.page1Ms} ms   page ${DEEP_PAGE} ${p.deepMs} ms   ratio ${p.ratio}`);
  console.log('analytics over all rounds (median):');
  for (const a of analytics) console.log(`  ${a.kind.padEnd(9)} ${a.name.padEnd(44)} ${a.medianMs} ms (p99 ${a.p99Ms} ms, RSS ${a.rssPeakMb ?? '-'} MB)`);
  const file = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : path.join(ROOT, 'bench', 'results', `${started.toISOString().slice(0, 10)}.json`);
  writeJson(file, {
    date: started.toISOString(),
    scale: SCALE,
    seed: SEED,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    connections: CONNECTIONS,
    limit: LIMIT,
    oursHeapMb: HEAP_MB || null,
    oursHeapYoungMb: HEAP_YOUNG_MB || null,
    latencyRate: LATENCY_RATE || null,
    latencySeconds: LATENCY_RATE ? LATENCY_SECONDS : null,
    machine: note,
    seeds,
    rows,
    ratios: rows
      .filter((r) => r.server === 'ours')
      .map((o) => {
        const b = rows.find((r) => r.db === o.db && r.scenario === o.scenario && r.server === 'baseline');
        const p = rows.find((r) => r.db === o.db && r.scenario === o.scenario && r.server === 'peer');
        const w = rows.find((r) => r.db === o.db && r.scenario === o.scenario && r.server === 'samework');
        return {
          db: o.db,
          scenario: o.scenario,
          oursOverSameWork: w?.rps ? round(o.rps / w.rps) : null,
          sameWorkOverBaseline: w?.rps && b?.rps ? round(w.rps / b.rps) : null,
          oursOverBaseline: b?.rps ? round(o.rps / b.rps) : null,
          oursOverPeer: p?.rps ? round(o.rps / p.rps) : null,
        };
      }),
    paging,
    analytics,
    analyticsVerdicts: verdicts(analytics),
  });
  log(`wrote ${path.relative(ROOT, file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
