/**
 * Credit leases (src/access/leases.ts) across processes on one database: a busy key's credits are
 * leased in blocks per process, yet a balance of N admits exactly N calls whichever process answers
 * them, the rest are refused with 402, usage counts every answered call, and the credits a process
 * held when it was killed come back once its lease expires. PostgreSQL with three server processes,
 * SQLite with one (and its successor after the kill).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/knex.js';
import { assertContract } from '../helpers/contract.js';
import { DATABASES, makeDatabase, settled } from '../helpers/harness.js';
import { spawnServer, teamWithKey, tokenFor, type ServerProcess } from '../helpers/servers.js';

const URL_PATH = '/data/transactions?limit=1';
const TTL_MS = 8000;

describe.each(DATABASES)('credit leases [%s]', (kind) => {
  let dir: string;
  let databaseUrl: string;
  let db: ReturnType<typeof createDb>;
  const servers: ServerProcess[] = [];
  const env = () => ({
    DATABASE_URL: databaseUrl,
    CREDIT_LEASES: 'on',
    CREDIT_LEASE_TTL_MS: String(TTL_MS),
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_PER_SECOND: '100000',
  });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-leases-${kind}-`));
    databaseUrl = await makeDatabase(kind, dir);
    // one after the other: the first creates the signing key the others read
    for (let i = 0; i < (kind === 'postgres' ? 3 : 1); i++) servers.push(await spawnServer(dir, env()));
    db = createDb({ ...loadConfig({ DATABASE_URL: databaseUrl }), dbPoolMax: 2 });
  }, 180_000);
  afterAll(async () => {
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const balance = async (teamId: number) => Number(((await db('credit_balances').where({ team_id: teamId }).first('balance')) as { balance: number }).balance);
  const leases = async (teamId: number) => (await db('credit_leases').where({ team_id: teamId }).select('holder', 'granted', 'used', 'expires_ms')) as { holder: string; granted: number; used: number; expires_ms: number }[];
  const usage = async (teamId: number) => Number(((await db('usage_daily').where({ team_id: teamId }).sum({ n: 'requests' }).first()) as { n: unknown }).n ?? 0);

  /** A team with `credits`, and per server a token from its own identity provider. */
  async function keyOn(credits: number) {
    const k = await teamWithKey(db, credits);
    const headers = await Promise.all(
      servers.map(async (s) => {
        const t = await tokenFor(s.authUrl, 'urn:funding-data-api', k.clientId, 's3cret');
        expect(t.status).toBe(200);
        return { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': k.clientId };
      }),
    );
    return { ...k, headers };
  }

  async function call(server: ServerProcess, headers: Record<string, string>): Promise<{ status: number; used: string | null; code: string | null }> {
    const res = await fetch(`${server.baseUrl}${URL_PATH}`, { headers });
    const body = await res.json();
    assertContract('GET', URL_PATH, res.status, res.headers, body);
    return { status: res.status, used: res.headers.get('x-credits-used'), code: body?.error?.code ?? null };
  }

  it('admits exactly N of many concurrent calls on a balance of N spread over every process, with leases out meanwhile', async () => {
    const N = 1000;
    const CALLS = 1300;
    const k = await keyOn(N);
    let sent = 0;
    let mostLeases = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        mostLeases = Math.max(mostLeases, (await leases(k.teamId)).length);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const answers: (Awaited<ReturnType<typeof call>> & { sentAt: number })[] = [];
    let firstRefusal = Infinity;
    // 8 clients per process, each sending until CALLS are sent in all; with several processes the
    // first one's clients stop near the end, so that its lease is out while the others run short
    const clients = servers.flatMap((s, i) =>
      Array.from({ length: 8 }, async () => {
        const until = i === 0 && servers.length > 1 ? N - 150 : CALLS;
        while (sent < until) {
          sent++;
          const sentAt = performance.now();
          const a = await call(s, k.headers[i]!);
          if (a.status === 402) firstRefusal = Math.min(firstRefusal, performance.now());
          answers.push({ ...a, sentAt });
        }
      }),
    );
    await Promise.all(clients);
    sampling = false;
    await sampler;

    expect(answers).toHaveLength(CALLS);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(N);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(CALLS - N);
    for (const { sentAt, ...a } of answers) expect(a).toEqual(a.status === 200 ? { status: 200, used: '1', code: null } : { status: 402, used: '0', code: 'CREDITS_EXHAUSTED' });
    // a refusal means no credit was left anywhere, in the balance or a lease (no call here fails, so
    // none comes back): no call sent after the first refusal arrived is answered
    expect(answers.filter((a) => a.status === 200 && a.sentAt > firstRefusal)).toEqual([]);
    // the calls were served from leases, not one balance write each
    expect(mostLeases).toBeGreaterThan(0);
    expect(await balance(k.teamId)).toBe(0);
    expect(await settled(async () => (await leases(k.teamId)).length, 0, 10_000)).toBe(0);
    expect(await settled(() => usage(k.teamId), N, 10_000)).toBe(N);
  }, 120_000);

  it('gives back the credits of a process killed while holding a lease once the lease expires: N calls in all', async () => {
    const N = 600;
    const k = await keyOn(N);
    const victim = servers[0]!;
    let answered = 0;
    let running = true;
    const traffic = Array.from({ length: 6 }, async () => {
      while (running) {
        const a = await call(victim, k.headers[0]!);
        expect(a.status).toBe(200);
        answered++;
      }
    });
    // traffic until the victim holds a lease with its use recorded and most of it unused
    await settled(async () => (await leases(k.teamId)).some((l) => Number(l.used) > 0 && Number(l.used) < Number(l.granted) / 2), true, 20_000);
    running = false;
    await Promise.all(traffic);
    // long enough for its use and usage to be recorded, shorter than its idle return (a quarter of the ttl)
    await new Promise((r) => setTimeout(r, 400));
    victim.proc.kill('SIGKILL');
    await victim.exited;
    const out = await leases(k.teamId);
    expect(out).toHaveLength(1);
    expect(Number(out[0]!.used)).toBe(answered - (N - Number(out[0]!.granted) - (await balance(k.teamId))));
    expect(await balance(k.teamId)).toBeLessThan(N - answered);

    // the survivor (PostgreSQL) or a successor on the same file (SQLite) returns the expired lease
    const survivor = kind === 'postgres' ? servers[1]! : await spawnServer(dir, env());
    if (kind === 'sqlite') servers.push(survivor);
    const t = await tokenFor(survivor.authUrl, 'urn:funding-data-api', k.clientId, 's3cret');
    const headers = { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': k.clientId };
    // meanwhile the usage report counts the lease's unused credits as remaining
    const report = await fetch(`${survivor.baseUrl}/platform/usage`, { headers });
    expect(report.status).toBe(200);
    expect(((await report.json()) as { balance: unknown }).balance).toEqual({ remaining: N - answered, granted: N });
    // still held until it expires (a successor slow to start on a busy machine may find it expired already)
    const held = await leases(k.teamId);
    if (held.length === 0) expect(Date.now()).toBeGreaterThanOrEqual(Number(out[0]!.expires_ms));
    else expect(held).toHaveLength(1);
    expect(await settled(() => balance(k.teamId), N - answered, 4 * TTL_MS + 5000)).toBe(N - answered);
    expect(await leases(k.teamId)).toEqual([]);

    let more = 0;
    for (;;) {
      const a = await call(survivor, headers);
      if (a.status === 402) break;
      expect(a.status).toBe(200);
      more++;
    }
    expect(answered + more).toBe(N);
    expect(await balance(k.teamId)).toBe(0);
    expect(await settled(() => usage(k.teamId), N, 10_000)).toBe(N);
  }, 120_000);
});
