/**
 * The production path end to end, as an operator follows README.md "Production", on SQLite and
 * PostgreSQL: a copy of the repository built with `make build`, its dependencies pruned to the
 * production ones (`npm prune --omit=dev`: no tsx, no TypeScript, no @redocly/cli), then
 * `npm run admin -- ...` bootstraps an empty database and `npm start` serves it with
 * NODE_ENV=production: refused while the development key exists and without CURSOR_SECRET;
 * after `dev-key delete` it issues a token for the new key, serves data, /docs and /openapi.json,
 * answers 402 once the granted credits are spent, and drains 40 in-flight requests on SIGTERM.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsThroughSigterm } from '../helpers/drain.js';
import { blankDatabase, DATABASES } from '../helpers/harness.js';
import { commandLine, freePort, parentPids, tokenFor } from '../helpers/servers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const CURSOR_SECRET = 'cursor-secret-of-the-production-test';
let app: string;

/** The repository's files (as a clone has them, plus uncommitted work), its installed packages hard-linked (as `npm ci` leaves them). */
async function copyRepository(to: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, maxBuffer: 64 << 20 });
  for (const f of stdout.split('\0').filter(Boolean)) {
    if (!fs.existsSync(path.join(ROOT, f))) continue;
    fs.mkdirSync(path.dirname(path.join(to, f)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, f), path.join(to, f));
  }
  await run('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(to, 'node_modules')]);
  // npm rewrites this file: a copy of its own, not a link to the repository's
  const stamp = path.join(to, 'node_modules', '.package-lock.json');
  fs.rmSync(stamp);
  fs.copyFileSync(path.join(ROOT, 'node_modules', '.package-lock.json'), stamp);
}

beforeAll(async () => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-production-'));
  await copyRepository(app);
  await run('make', ['--no-print-directory', 'build'], { cwd: app, maxBuffer: 64 << 20 });
  await run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], { cwd: app });
}, 300_000);
afterAll(() => {
  if (app) fs.rmSync(app, { recursive: true, force: true });
});


/** The node processes under `pid` whose command line holds `needle` (not a shell running it). */
function descendants(pid: number, needle: string): number[] {
  const parents = parentPids();
  const under = (p: number): boolean => p === pid || (p > 1 && parents.has(p) && under(parents.get(p)!));
  return [...parents]
    .filter(([p, parent]) => p !== pid && under(parent))
    .map(([p]) => p)
    .filter((p) => {
      const argv = commandLine(p);
      return path.basename(argv[0] ?? '') === 'node' && argv.includes(needle);
    });
}

describe.each(DATABASES)('built, pruned and bootstrapped from the command line [%s]', (kind) => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const admin = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run('npm', ['run', '-s', 'admin', '--', ...args], { cwd: app, env });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };
  // ports taken just before the start: a port found free long before may be another process's by then
  const start = async (extra: Record<string, string>) => {
    const [port, authPort] = [await freePort(), await freePort()];
    const proc = spawn('npm', ['start'], { cwd: app, env: { ...env, PORT: String(port), AUTH_PORT: String(authPort), ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout!.on('data', (d) => (output += d.toString()));
    proc.stderr!.on('data', (d) => (output += d.toString()));
    const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
    return { proc, output: () => output, exited, base: `http://localhost:${port}`, auth: `http://localhost:${authPort}` };
  };
  let server: { proc: ChildProcess } | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-production-${kind}-`));
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: await blankDatabase(kind, dir),
      SIGNING_KEY_FILE: path.join(dir, 'signing-key.json'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_BURST: '100000',
      RATE_LIMIT_PER_SECOND: '100000',
    };
  }, 60_000);
  afterAll(() => {
    if (server?.proc.exitCode === null) {
      for (const pid of descendants(server.proc.pid!, 'dist/main.js')) process.kill(pid, 'SIGKILL');
      server.proc.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs without development packages, bootstraps, refuses an unsafe start, then serves and drains', async () => {
    for (const devOnly of ['tsx', 'typescript', '@redocly/cli', 'vitest']) expect(fs.existsSync(path.join(app, 'node_modules', devOnly))).toBe(false);

    for (const step of [['migrate'], ['seed', '--scale', 'tiny'], ['team', 'create', '--name', 'Acme Research', '--slug', 'acme']]) {
      const r = await admin(...step);
      expect(r.code, `${step.join(' ')}: ${r.stderr}`).toBe(0);
    }
    // idempotent: the same team again is no error; bad input is
    expect((await admin('team', 'create', '--name', 'Acme Research', '--slug', 'acme')).code).toBe(0);
    const bad = await admin('key', 'create', '--team', 'acme', '--scopes', 'read:everything', '--label', 'x');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown scope read:everything');
    const created = await admin('key', 'create', '--team', 'acme', '--scopes', 'read:transactions,read:entities', '--label', 'production');
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
    expect(key.client_id).toMatch(/^key_/);
    expect(key.client_secret.length).toBeGreaterThan(30);
    expect(JSON.parse((await admin('credits', 'grant', '--team', 'acme', '--amount', '3')).stdout)).toMatchObject({ team: 'acme', balance: 3, granted: 3 });
    expect((await admin('signing-key', 'create', '--out', env.SIGNING_KEY_FILE!)).code).toBe(0);
    expect((await admin('signing-key', 'create', '--out', env.SIGNING_KEY_FILE!)).code).toBe(1);

    const secrets = [CURSOR_SECRET, key.client_secret, 'dev-secret', 'free-password', 'premium-password'];
    const noCursor = await start({ NODE_ENV: 'production' });
    expect(await noCursor.exited).not.toBe(0);
    expect(noCursor.output()).toContain('CURSOR_SECRET is required when NODE_ENV=production');
    const devKey = await start({ NODE_ENV: 'production', CURSOR_SECRET });
    expect(await devKey.exited).not.toBe(0);
    expect(devKey.output()).toContain('the development key dev-client exists');
    expect(devKey.output()).toContain('the demo user free@example.com still has its published password');
    for (const s of secrets) expect(devKey.output()).not.toContain(s);

    expect(JSON.parse((await admin('dev-key', 'delete')).stdout)).toEqual({ dev_key_deleted: true, demo_users_deleted: ['free@example.com', 'premium@example.com'] });
    const running = await start({ NODE_ENV: 'production', CURSOR_SECRET });
    server = running;
    const deadline = Date.now() + 60_000;
    while (!running.output().includes('Funding Data API is running') && running.proc.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(running.output()).toContain('Funding Data API is running');
    for (const s of secrets) expect(running.output()).not.toContain(s);
    const base = running.base;

    const token = await tokenFor(running.auth, 'urn:funding-data-api', key.client_id, key.client_secret);
    expect(token.status).toBe(200);
    const auth = { Authorization: `Bearer ${token.body.access_token}`, 'X-Client-Id': key.client_id };
    const list = await fetch(`${base}/data/transactions?limit=2`, { headers: auth });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(2);
    const docs = await fetch(`${base}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('/docs/init.js');
    const renderer = await fetch(`${base}/docs/redoc.standalone.js`);
    expect(renderer.status).toBe(200);
    expect((await renderer.text()).length).toBeGreaterThan(1_000_000);
    const document = await fetch(`${base}/openapi.json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
    const ready = await fetch(`${base}/system/ready`);
    expect(ready.status).toBe(200);

    // 3 credits granted, 1 spent: two more answers, then 402
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${base}/data/transactions?limit=2`, { headers: auth })).status);
    expect(statuses).toEqual([200, 200, 402]);
    expect(JSON.parse((await admin('credits', 'show', '--team', 'acme')).stdout)).toEqual({ team: 'acme', balance: 0, granted: 3 });

    // SIGTERM to what `npm start` leaves running, with 40 requests in flight
    expect((await admin('credits', 'grant', '--team', 'acme', '--amount', '40')).code).toBe(0);
    const [node] = descendants(running.proc.pid!, 'dist/main.js');
    expect(node).toBeDefined();
    const outcome = await requestsThroughSigterm(base, auth, () => process.kill(node!, 'SIGTERM'));
    expect(await running.exited).toBe(0);
    expect(outcome.statuses).toEqual(new Array(40).fill(200));
    expect(JSON.parse((await admin('credits', 'show', '--team', 'acme')).stdout)).toEqual({ team: 'acme', balance: 0, granted: 43 });
  }, 180_000);
});
