/**
 * Integration harness: a running server (API + identity provider) over its own copy of the tiny
 * seed, on SQLite or PostgreSQL; real tokens from the identity provider; every response checked
 * against openapi.yaml by `assertContract`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { migrate } from '../../src/db/migrate.js';
import { seedDatabase } from '../../seeds/index.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { handlers } from '../../handlers/index.js';
import { LATEST_VERSION } from '../../src/versions/table.js';
import { assertContract, isJsonType } from './contract.js';
import { testServerConfig } from './servers.js';
import { makeEmptyInstance } from './emptyInstance.js';

export type DbKind = 'sqlite' | 'postgres';
export const DATABASES: DbKind[] = ['sqlite', 'postgres'];

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface Harness {
  kind: DbKind;
  server: RunningServer;
  /** A direct Knex handle on the same database (for fixtures and checks). */
  db: ReturnType<typeof createDb>;
  token: string;
  /** GET/POST with the dev key's token and X-Client-Id unless overridden; validates the contract. */
  call<T = any>(method: string, url: string, opts?: { headers?: Record<string, string | null>; body?: unknown; raw?: string }): Promise<Reply<T>>;
  get<T = any>(url: string, headers?: Record<string, string | null>): Promise<Reply<T>>;
  tokenFor(clientId: string, secret: string, audience?: string): Promise<Reply>;
}

/** A database of its own for one server: a copy of the tiny seed's template; its URL. */
export async function makeDatabase(kind: DbKind, dir: string): Promise<string> {
  if (kind === 'sqlite') {
    const file = path.join(dir, 'db.sqlite');
    fs.copyFileSync(inject('sqliteTemplate'), file);
    return `sqlite:${file}`;
  }
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  } finally {
    await admin.end();
  }
  return inject('pgAdminUrl').replace(/\/postgres$/, `/${name}`);
}

export async function startHarness(kind: DbKind, env: Record<string, string> = {}): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-${kind}-`));
  const databaseUrl = await makeDatabase(kind, dir);
  const cfg = testServerConfig(databaseUrl, dir, { RATE_LIMIT_BURST: '10000', RATE_LIMIT_PER_SECOND: '10000', ...env });
  const server = await startServer(cfg, handlers, { logger: pino({ level: 'silent' }) });
  const db = createDb(server.cfg);

  async function call<T>(method: string, url: string, opts: { headers?: Record<string, string | null>; body?: unknown; raw?: string } = {}) {
    const headers: Record<string, string> = {};
    const wanted: Record<string, string | null> = {
      Authorization: `Bearer ${h.token}`,
      'X-Client-Id': 'dev-client',
      ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...opts.headers,
    };
    for (const [k, v] of Object.entries(wanted)) if (v !== null) headers[k] = v;
    const res = await fetch(server.baseUrl + url, {
      method,
      headers,
      body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      redirect: 'manual',
    });
    const text = await res.text();
    const body = text && isJsonType(res.headers.get('content-type')) ? JSON.parse(text) : text;
    // responses for pinned versions have the old shapes: only their errors follow today's contract
    const pinned = res.headers.get('api-version') !== null && res.headers.get('api-version') !== LATEST_VERSION;
    // a pinned version's own validation status (422 before 2026-10-09) is declared only by the document
    // served while that version is (src/versions/resolve.ts setServedVersions): it is today's 400
    const status = pinned && res.status === 422 && body?.error?.code === 'VALIDATION_ERROR' ? 400 : res.status;
    if (status >= 400 || (status < 300 && !pinned)) assertContract(method, url, status, res.headers, body);
    return { status: res.status, headers: res.headers, body: body as T };
  }

  async function tokenFor(clientId: string, secret: string, audience = server.cfg.audience): Promise<Reply> {
    const res = await fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, client_secret: secret, audience, grant_type: 'client_credentials' }),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  }

  const h: Harness = {
    kind,
    server,
    db,
    token: '',
    call,
    get: (url, headers) => call('GET', url, { headers }),
    tokenFor,
  };
  const t = await tokenFor('dev-client', 'dev-secret');
  if (t.status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(t.body)}`);
  h.token = t.body.access_token as string;
  const close = server.close;
  // the server's close starts first: it marks the process draining at once, which the probes test
  // reads right after calling it (awaiting this handle's destroy first let a request in before that)
  server.close = async () => {
    await Promise.all([close(), db.destroy()]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return h;
}

/** Runs the same suite on SQLite and on PostgreSQL, each with its own server and database copy. */
export function forEachDatabase(name: string, suite: (get: () => Harness) => void, env: Record<string, string> = {}): void {
  for (const kind of DATABASES) {
    describe(`${name} [${kind}]`, () => {
      let h: Harness;
      beforeAll(async () => {
        h = await startHarness(kind, env);
      }, 60_000);
      afterAll(async () => {
        await h?.server.close();
      });
      suite(() => h);
    });
  }
}

/**
 * Polls `read` until it returns `expected` (deep equality) or `ms` pass, then returns the last value
 * for the caller's assertion. For state the server settles after responding (credit refunds, usage).
 */
export async function settled<T>(read: () => Promise<T>, expected: T, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
}

/** One wording wherever a query's budget runs out: SQLite's worker, PostgreSQL's statement_timeout, the rounds snapshot. */
export const QUERY_TIMEOUT_MESSAGE = 'The query exceeded the execution budget; narrow the filters, use a smaller limit or an aggregate endpoint';

/** A new database with no schema in it, named apart from every other (`dir` holds a SQLite file); its URL. */
export async function blankDatabase(kind: DbKind, dir: string): Promise<string> {
  if (kind === 'sqlite') return `sqlite:${path.join(dir, `blank-${crypto.randomBytes(4).toString('hex')}.sqlite`)}`;
  const name = `e_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return inject('pgAdminUrl').replace(/\/postgres$/, `/${name}`);
}

/** An empty instance's database (`SEED_SCALE=none`: reference rows, the development key, no companies); its URL. */
export async function emptyDatabase(kind: DbKind, dir: string): Promise<string> {
  const url = await blankDatabase(kind, dir);
  await makeEmptyInstance(kind, url);
  return url;
}
