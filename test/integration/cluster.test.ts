/**
 * Several processes (WORKERS=2, node:cluster) as `make run` starts them: they share the ports and
 * the database, credits stay exact when the two processes race on one balance, a worker that dies
 * is replaced, and SIGTERM drains every worker and exits 0.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { assertContract } from '../helpers/contract.js';
import { postSignIn } from '../helpers/signin.js';
import { serverWorkers, spawnServer, sqliteCopy, teamWithKey, tokenFor, type ServerProcess } from '../helpers/servers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const childrenOf = serverWorkers;

/** A token for the cluster's identity provider, which must grant it. */
async function token(authUrl: string, clientId: string, secret: string): Promise<string> {
  const t = await tokenFor(authUrl, 'urn:funding-data-api', clientId, secret);
  expect(t.status).toBe(200);
  return t.body.access_token!;
}

describe('WORKERS=2', () => {
  let dir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-cluster-'));
    server = await spawnServer(dir, { DATABASE_URL: sqliteCopy(dir, inject('sqliteTemplate')), WORKERS: '2', AUTH_FAILURES_PER_CLIENT: '3' });
  }, 90_000);
  afterAll(() => {
    if (server?.proc.exitCode === null) {
      for (const pid of childrenOf(server.proc.pid!)) process.kill(pid, 'SIGKILL');
      server.proc.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves from two processes sharing the ports, with the banner printed once', async () => {
    expect(childrenOf(server.proc.pid!)).toHaveLength(2);
    expect(server.stderr().match(/Funding Data API is running/g)).toHaveLength(1);
    expect(server.stderr()).toContain('Processes:     2 (WORKERS)');
    const t = await token(server.authUrl, 'dev-client', 'dev-secret');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`${server.baseUrl}/data/transactions?limit=2`, { headers: { Authorization: `Bearer ${t}`, 'X-Client-Id': 'dev-client' } })),
    );
    for (const res of answers) {
      const body = await res.json();
      assertContract('GET', '/data/transactions?limit=2', res.status, res.headers, body);
      expect(res.status).toBe(200);
    }
  });

  it('charges one balance exactly when both processes race on it: 20 requests on 7 credits give 7 answers and 13 refusals', async () => {
    const db = createDb({ dbClient: 'sqlite', sqliteFile: path.join(dir, 'db.sqlite'), databaseUrl: `sqlite:${path.join(dir, 'db.sqlite')}`, dbPoolMax: 1 });
    try {
      const k = await teamWithKey(db, 7);
      const t = await token(server.authUrl, k.clientId, 's3cret');
      // one connection per request, so the requests spread over both workers
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${server.baseUrl}/data/transactions?limit=1`, { headers: { Authorization: `Bearer ${t}`, 'X-Client-Id': k.clientId, Connection: 'close' } }).then(async (r) => {
            assertContract('GET', '/data/transactions?limit=1', r.status, r.headers, await r.json());
            return r.status;
          }),
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(7);
      expect(statuses.filter((s) => s === 402)).toHaveLength(13);
      const balance = (await db('credit_balances').where({ team_id: k.teamId }).first()) as { balance: number };
      expect(Number(balance.balance)).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('counts failed sign-ins of both processes against one limit: 3 failures, then 429 whichever process answers', async () => {
    const statuses = [];
    // a connection per attempt, so that the attempts alternate between the workers
    for (let i = 0; i < 8; i++) statuses.push((await postSignIn(server.authUrl, { username: 'premium@example.com', password: `wrong-${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    const ok = await postSignIn(server.authUrl, { username: 'premium@example.com', password: 'premium-password' }, { localAddress: '127.0.0.2' });
    expect(ok.status).toBe(302);
  });

  it('replaces a worker that dies and keeps answering', async () => {
    const [victim] = childrenOf(server.proc.pid!);
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    let now = childrenOf(server.proc.pid!);
    while ((now.length < 2 || now.includes(victim!)) && Date.now() < deadline) {
      await sleep(200);
      now = childrenOf(server.proc.pid!);
    }
    expect(now).toHaveLength(2);
    expect(now).not.toContain(victim);
    expect(server.stderr()).toMatch(new RegExp(`worker ${victim} exited \\(SIGKILL\\); starting another`));
    const res = await fetch(`${server.baseUrl}/system/health`);
    expect(res.status).toBe(200);
  });

  it('drains every worker on SIGTERM and exits 0', async () => {
    const workers = childrenOf(server.proc.pid!);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain('SIGTERM: draining 2 workers');
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
