/**
 * Usage survives a worker killed under load (issue "Hardening, round 3", item 6): every credit a team
 * lost is in its usage, whatever instant a worker dies at. WORKERS=2 on SQLite and PostgreSQL, a busy
 * key (its calls served from credit leases) and a quiet one (one balance write per call), a worker
 * SIGKILLed twice while both keys call; once the dead workers' leases have come back, consumed
 * credits (granted - balance) equal the credits of `usage_daily`. Loopback only, about 8 s of load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/knex.js';
import { DATABASES, makeDatabase, settled } from '../helpers/harness.js';
import { serverWorkers, spawnServer, teamWithKey, tokenFor, type ServerProcess } from '../helpers/servers.js';

const TTL_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DATABASES)('usage of a worker killed under load [%s]', (kind) => {
  let dir: string;
  let server: ServerProcess;
  let db: ReturnType<typeof createDb>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-usage-kill-${kind}-`));
    const databaseUrl = await makeDatabase(kind, dir);
    server = await spawnServer(dir, {
      DATABASE_URL: databaseUrl,
      WORKERS: '2',
      CREDIT_LEASE_TTL_MS: String(TTL_MS),
      RATE_LIMIT_BURST: '100000',
      RATE_LIMIT_PER_SECOND: '100000',
    });
    db = createDb({ ...loadConfig({ DATABASE_URL: databaseUrl }), dbPoolMax: 2 });
  }, 120_000);
  afterAll(async () => {
    if (server?.proc.exitCode === null) {
      for (const pid of serverWorkers(server.proc.pid!)) process.kill(pid, 'SIGKILL');
      server.proc.kill('SIGKILL');
    }
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Credits gone from the team's balance, counting a lease still out by its recorded use. */
  const consumed = async (teamId: number) => {
    const b = (await db('credit_balances').where({ team_id: teamId }).first('balance', 'granted')) as { balance: number; granted: number };
    const out = (await db('credit_leases').where({ team_id: teamId }).select('granted', 'used')) as { granted: number; used: number }[];
    return Number(b.granted) - Number(b.balance) - out.reduce((n, l) => n + Number(l.granted) - Number(l.used), 0);
  };
  const usage = async (teamId: number) => Number(((await db('usage_daily').where({ team_id: teamId }).sum({ n: 'credits' }).first()) as { n: unknown }).n ?? 0);
  const leasesOut = async (teamId: number) => ((await db('credit_leases').where({ team_id: teamId }).select('id')) as unknown[]).length;

  it('counts in usage every credit consumed: consumed credits equal usage after two kills', async () => {
    const busy = await teamWithKey(db, 1_000_000);
    const quiet = await teamWithKey(db, 1_000_000);
    const headers = async (clientId: string) => {
      const t = await tokenFor(server.authUrl, 'urn:funding-data-api', clientId, 's3cret');
      expect(t.status).toBe(200);
      return { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': clientId };
    };
    const [busyHeaders, quietHeaders] = [await headers(busy.clientId), await headers(quiet.clientId)];
    let running = true;
    const answered = { busy: 0, quiet: 0 };
    const client = async (who: 'busy' | 'quiet', h: Record<string, string>, pauseMs: number) => {
      while (running) {
        try {
          // a new connection per call: the survivor and the replacement get calls too
          const res = await fetch(`${server.baseUrl}/data/transactions?limit=1`, { headers: { ...h, Connection: 'close' }, signal: AbortSignal.timeout(10_000) });
          await res.arrayBuffer();
          if (res.status === 200) answered[who]++;
          else expect([500, 502, 503]).toContain(res.status);
        } catch {
          // a connection the killed worker held is reset
        }
        if (pauseMs) await sleep(pauseMs);
      }
    };
    const clients = [...Array.from({ length: 6 }, () => client('busy', busyHeaders, 0)), client('quiet', quietHeaders, 40)];
    for (let kill = 0; kill < 2; kill++) {
      await sleep(1500);
      const workers = serverWorkers(server.proc.pid!);
      expect(workers).toHaveLength(2);
      process.kill(workers[kill % 2]!, 'SIGKILL');
      const until = Date.now() + 30_000;
      while ((serverWorkers(server.proc.pid!).length < 2 || serverWorkers(server.proc.pid!).includes(workers[kill % 2]!)) && Date.now() < until) await sleep(100);
    }
    await sleep(1000);
    running = false;
    await Promise.all(clients);
    // (few on a loaded machine; the point is the kills landing among calls)
    expect(answered.busy).toBeGreaterThan(30);
    expect(answered.quiet).toBeGreaterThan(3);

    // the killed workers' leases expire (2 × ttl) and a live worker returns them within a ttl more
    for (const team of [busy, quiet]) {
      expect(await settled(() => leasesOut(team.teamId), 0, 6 * TTL_MS + 5000)).toBe(0);
      const used = await consumed(team.teamId);
      expect(used).toBeGreaterThan(0);
      expect(await settled(() => usage(team.teamId), used, 5000)).toBe(used);
    }
  }, 120_000);
});
