/**
 * The configuration given to `startServer` is the one the server runs with: every setting of the
 * schema (SETTINGS in src/config.ts) reaches it, including those no other code path re-reads from the
 * environment (credit leases off, a lease TTL other than the default).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTINGS, type SettingName } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { handlers } from '../../handlers/index.js';
import { DATABASES, makeDatabase, startHarness } from '../helpers/harness.js';
import { freePort, teamWithKey, tokenFor } from '../helpers/servers.js';

const CALLS = 20;
const BALANCE = 1000;

/** CALLS metered calls in a row on a new key (a busy key: leases on, it would lease a block). */
async function busyKey(kind: (typeof DATABASES)[number], env: Record<string, string>) {
  const h = await startHarness(kind, env);
  const k = await teamWithKey(h.db, BALANCE);
  const token = (await tokenFor(h.server.authUrl, h.server.cfg.audience, k.clientId, 's3cret')).body.access_token!;
  const startedMs = Date.now();
  for (let i = 0; i < CALLS; i++) expect((await h.get('/data/transactions?limit=1', { Authorization: `Bearer ${token}`, 'X-Client-Id': k.clientId })).status).toBe(200);
  const leases = (await h.db('credit_leases').where({ team_id: k.teamId }).select('expires_ms')) as { expires_ms: number | string }[];
  const balance = Number(((await h.db('credit_balances').where({ team_id: k.teamId }).first('balance')) as { balance: number }).balance);
  return { h, startedMs, endedMs: Date.now(), leases, balance };
}

describe.each(DATABASES)('settings given to startServer [%s]', (kind) => {
  it('CREDIT_LEASES=off: a busy key is charged call by call, no lease is taken', async () => {
    const r = await busyKey(kind, { CREDIT_LEASES: 'off' });
    try {
      expect(r.h.server.cfg.creditLeases.enabled).toBe(false);
      expect(r.leases).toEqual([]);
      expect(r.balance).toBe(BALANCE - CALLS);
    } finally {
      await r.h.server.close();
    }
  });

  it('CREDIT_LEASE_TTL_MS=5000: a lease expires twice that after it was taken', async () => {
    const r = await busyKey(kind, { CREDIT_LEASES: 'on', CREDIT_LEASE_TTL_MS: '5000' });
    try {
      expect(r.h.server.cfg.creditLeases.ttlMs).toBe(5000);
      expect(r.leases).toHaveLength(1);
      const expires = Number(r.leases[0]!.expires_ms);
      expect(expires).toBeGreaterThanOrEqual(r.startedMs + 10_000);
      expect(expires).toBeLessThanOrEqual(r.endedMs + 10_000);
    } finally {
      await r.h.server.close();
    }
  });
});

/**
 * Every server setting with a value other than its default, on PostgreSQL (the one database where
 * every setting applies: RATE_LIMIT_STORE=postgres needs it). The server's configuration must be
 * exactly what loadConfig makes of that environment.
 */
describe('every setting of the schema reaches the server [postgres]', () => {
  it('the server runs with the configuration its environment yields', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-settings-'));
    const databaseUrl = await makeDatabase('postgres', dir);
    const [port, authPort] = [await freePort(), await freePort()];
    const given: Record<Exclude<SettingName, 'HEAP_MB' | 'HEAP_YOUNG_MB' | 'MALLOC_MMAP_THRESHOLD' | 'SEED_YOUNG_MB'>, string> = {
      PORT: String(port),
      AUTH_PORT: String(authPort),
      HOST: '0.0.0.0',
      BASE_URL: `http://127.0.0.1:${port}`,
      AUTH_URL: `http://127.0.0.1:${authPort}`,
      DATABASE_URL: databaseUrl,
      AUDIENCE: 'urn:settings-test',
      ISSUER: `http://127.0.0.1:${authPort}/issuer`,
      JWKS_URL: `http://127.0.0.1:${authPort}/.well-known/jwks.json`,
      SIGNING_KEY_FILE: path.join(dir, 'key.json'),
      TOKEN_TTL: '600',
      API_NOW: '2025-06-01T00:00:00.000Z',
      SEED_SCALE: 'tiny',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CURSOR_SECRET: 'settings-test-secret',
      QUERY_BUDGET_MS: '7000',
      KEY_CACHE_SECONDS: '5',
      CREDIT_LEASES: 'off',
      RECORD_DOCUMENTS: 'off',
      CREDIT_LEASE_TTL_MS: '5000',
      APP_URL: 'https://app.settings.example',
      DB_POOL_MAX: '3',
      DB_PREPARED_STATEMENTS: 'off',
      RATE_LIMIT_BURST: '5000',
      RATE_LIMIT_PER_SECOND: '4000',
      RATE_LIMIT_STORE: 'postgres',
      WORKERS: '2',
      SHUTDOWN_DELAY_MS: '1',
      HEADERS_TIMEOUT_MS: '9000',
      REQUEST_TIMEOUT_MS: '29000',
      SEND_TIMEOUT_MS: '25000',
      CHANGE_RETENTION_DAYS: '45',
      IMPORT_MAX_BYTES: '2048',
      WEBHOOK_ALLOW_PRIVATE: 'on',
      WEBHOOK_RETRY_BASE_MS: '1000',
      WEBHOOK_RETRY_WINDOW_MS: '100000000',
      WEBHOOK_DISABLE_AFTER_MS: '300000000',
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_POLL_MS: '500',
      HEAVY_REQUESTS_PER_KEY: '7',
      HEAVY_CONCURRENCY: '3',
      HEAVY_REQUESTS_PER_ADDRESS: '15',
      AUTH_FAILURES_PER_CLIENT: '11',
      AUTH_FAILURES_PER_ADDRESS: '101',
      TRUST_PROXY: '1',
      KEEP_ALIVE_TIMEOUT_MS: '4000',
      MAX_CONNECTIONS_PER_ADDRESS: '300',
      GUEST_SIGNINS_PER_ADDRESS: '31',
      AUTH_REFUSAL_DELAY_MS: '0',
      APP_CLIENT_ID: 'settings-app',
      APP_REDIRECT_URIS: 'http://localhost:6000/cb',
      METRICS_TOKEN: 'settings-metrics',
    };
    // every server setting of the schema is given, each with a value that changes the configuration
    const server = Object.entries(SETTINGS).filter(([, s]) => !('make' in s)).map(([n]) => n);
    expect(Object.keys(given).sort()).toEqual(server.sort());
    const env = { ...given } as Record<string, string>;
    // without it the configuration differs, or is refused (RATE_LIMIT_STORE=postgres needs DATABASE_URL)
    const outcome = (e: Record<string, string>) => {
      try {
        return loadConfig(e);
      } catch (err) {
        return String(err);
      }
    };
    for (const name of server) {
      const { [name]: _, ...without } = env;
      expect(outcome(without), name).not.toEqual(loadConfig(env));
    }

    const running = await startServer(loadConfig(env), handlers, { logger: pino({ level: 'silent' }) });
    try {
      expect(running.cfg).toEqual(loadConfig(env));
      expect(running.baseUrl).toBe(given.BASE_URL);
    } finally {
      await running.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
