/**
 * WORKERS=2 is one service, on SQLite and PostgreSQL: browser sign-ins complete whichever worker
 * gets the authorization and which the code exchange (codes in the database), one metrics scrape
 * counts every worker's requests, and SIGTERM to the primary drains requests in flight on both.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { loadConfig } from '../../src/config.js';
import { requestsThroughSigterm } from '../helpers/drain.js';
import { DATABASES, makeDatabase } from '../helpers/harness.js';
import { serverWorkers, spawnServer, teamWithKey, tokenFor, type ServerProcess } from '../helpers/servers.js';

const METRICS_TOKEN = 'metrics-test-token';
const REDIRECT = 'http://localhost:5173/callback';

describe.each(DATABASES)('WORKERS=2 [%s]', (kind) => {
  let dir: string;
  let databaseUrl: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-workers-${kind}-`));
    databaseUrl = await makeDatabase(kind, dir);
    server = await spawnServer(dir, {
      DATABASE_URL: databaseUrl,
      WORKERS: '2',
      METRICS_TOKEN,
      RATE_LIMIT_BURST: '100000',
      RATE_LIMIT_PER_SECOND: '100000',
      ...(kind === 'postgres' ? { RATE_LIMIT_STORE: 'postgres' } : {}),
    });
  }, 120_000);
  afterAll(() => {
    if (server?.proc.exitCode === null) {
      for (const pid of serverWorkers(server.proc.pid!)) process.kill(pid, 'SIGKILL');
      server.proc.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('completes 12 of 12 browser sign-ins (PKCE), each step on a new connection', async () => {
    const signIn = async (form: Record<string, string>): Promise<number> => {
      const verifier = crypto.randomBytes(32).toString('base64url');
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      const params = { client_id: 'web-app', redirect_uri: REDIRECT, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' };
      const res = await fetch(`${server.authUrl}/authorize`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Connection: 'close' },
        body: new URLSearchParams({ ...params, ...form }),
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
      const tok = await fetch(`${server.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Connection: 'close' },
        body: JSON.stringify({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: 'web-app' }),
      });
      return tok.status;
    };
    const accounts: Record<string, string>[] = [{ guest: '1' }, { username: 'free@example.com', password: 'free-password' }, { username: 'premium@example.com', password: 'premium-password' }];
    const forms = Array.from({ length: 12 }, (_, i) => accounts[i % 3]!);
    const statuses: number[] = [];
    for (const f of forms) statuses.push(await signIn(f));
    expect(statuses).toEqual(new Array(12).fill(200));
  });

  it('counts every request of both workers in one metrics scrape', async () => {
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${server.baseUrl}/system/live`, { headers: { Connection: 'close' } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const scrape = await fetch(`${server.baseUrl}/system/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    const counted = [...text.matchAll(/^http_requests_total\{[^}]*operation="getLiveness"[^}]*\} (\d+)/gm)].reduce((a, m) => a + Number(m[1]), 0);
    expect(counted).toBe(60);
  });

  it('drains requests in flight on both workers when the primary gets SIGTERM, charging only answered calls', async () => {
    const cfg = loadConfig({ DATABASE_URL: databaseUrl });
    const db = createDb({ ...cfg, dbPoolMax: 2 });
    try {
      const { teamId, clientId } = await teamWithKey(db, 1000);
      const token = (await tokenFor(server.authUrl, 'urn:funding-data-api', clientId, 's3cret')).body.access_token!;
      const workers = serverWorkers(server.proc.pid!);
      expect(workers).toHaveLength(2);
      const outcome = await requestsThroughSigterm(server.baseUrl, { Authorization: `Bearer ${token}`, 'X-Client-Id': clientId, Connection: 'close' }, () =>
        server.proc.kill('SIGTERM'),
      );
      expect(await server.exited).toBe(0);
      expect(outcome.answeredAtSignal).toBeLessThan(40);
      expect(outcome.statuses).toEqual(new Array(40).fill(200));
      const balance = (await db('credit_balances').where({ team_id: teamId }).first('balance')) as { balance: number };
      expect(1000 - Number(balance.balance)).toBe(40);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
