/**
 * A metered call's exact take of credits on PostgreSQL (src/db/credits.ts `takeCredits`), and a credit
 * lease's take, recorded use and end (src/db/creditLeases.ts), hold the team's balance row and usage row
 * for their statement alone, never across a turn of the caller's event loop: the caller's loop is
 * blocked as soon as the statement's answer arrives, and another session then finds both rows free (NOWAIT). A take spread over a transaction's round trips kept them locked
 * while its process was busy, and under CPU starvation every other process's calls of the team
 * queued behind the lock, holding their metering connections, until further calls timed out waiting
 * for one (503 during the drain of test/integration/workers.test.ts). SQLite has one writer per
 * database whatever the statements, so this is PostgreSQL's alone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageOf } from '../../src/access/usage.js';
import { loadConfig } from '../../src/config.js';
import { endLease, leaseCredits, recordLeaseUse } from '../../src/db/creditLeases.js';
import { takeCredits } from '../../src/db/credits.js';
import { createDb } from '../../src/db/knex.js';
import { makeDatabase } from '../helpers/harness.js';
import { teamWithKey } from '../helpers/servers.js';

/** Another session, run while this process's event loop is blocked: which of the rows it could not lock at once. */
const PROBE = `
const pg = require('pg');
const [url, teamId, day, op] = process.argv.slice(1);
const c = new pg.Client({ connectionString: url });
const locked = [];
const tryLock = (sql, args) => c.query(sql, args).catch((e) => { if (e.code === '55P03') locked.push(sql.split(' ')[3]); else throw e; });
c.connect()
  .then(() => c.query('begin'))
  .then(() => tryLock('select 1 from credit_balances where team_id = $1 for update nowait', [teamId]))
  .then(() => c.query('rollback'))
  .then(() => c.query('begin'))
  .then(() => tryLock('select 1 from usage_daily where team_id = $1 and day = $2 and operation_id = $3 for update nowait', [teamId, day, op]))
  .then(() => c.query('rollback'))
  .then(() => c.end())
  .then(() => process.stdout.write(JSON.stringify(locked)));
`;

describe('credit takes and leases hold no lock across the event loop [postgres]', () => {
  let dir: string;
  let databaseUrl: string;
  let db: ReturnType<typeof createDb>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-credit-locks-'));
    databaseUrl = await makeDatabase('postgres', dir);
    db = createDb({ ...loadConfig({ DATABASE_URL: databaseUrl }), dbPoolMax: 2 });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `change` and, the moment the answer of its first statement matching `sql` arrives, which rows another session could not lock. */
  const lockedAtAnswer = async <T>(teamId: number, usage: { day: string; operationId: string }, sql: RegExp, change: () => Promise<T>): Promise<[T, string[] | null]> => {
    let locked: string[] | null = null;
    const onResponse = (_response: unknown, query: { sql?: string }) => {
      if (locked !== null || !sql.test(query.sql ?? '')) return;
      locked = JSON.parse(execFileSync(process.execPath, ['-e', PROBE, databaseUrl, String(teamId), usage.day, usage.operationId], { encoding: 'utf8' })) as string[];
    };
    db.on('query-response', onResponse);
    try {
      return [await change(), locked];
    } finally {
      db.off('query-response', onResponse);
    }
  };
  const balanceOf = async (teamId: number) => Number(((await db('credit_balances').where({ team_id: teamId }).first('balance')) as { balance: number }).balance);
  const usageRow = async (teamId: number, usage: { day: string; operationId: string }) => {
    const row = (await db('usage_daily').where({ team_id: teamId, day: usage.day, operation_id: usage.operationId }).first('requests', 'credits')) as { requests: number; credits: number };
    return [Number(row.requests), Number(row.credits)];
  };

  it('a lease is taken, its use recorded and it is ended with the balance and usage rows free the moment each answers', async () => {
    const { teamId } = await teamWithKey(db, 100);
    const at = new Date();
    const usage = usageOf(teamId, { operationId: 'listTransactions', requests: 1 }, 1, at);
    expect(await takeCredits(db, teamId, 1, at.toISOString(), [usage])).toBe(true);
    const lease = { id: 'lease-locks-1', teamId, holder: 'test', block: 20, share: 2, expiresMs: Date.now() + 60_000, at: at.toISOString() };
    expect(await lockedAtAnswer(teamId, usage, /credit_leases/, () => leaseCredits(db, lease))).toEqual([true, []]);
    expect(await balanceOf(teamId)).toBe(79);
    // refused while the block is more than half the balance: nothing taken, no lease
    expect(await leaseCredits(db, { ...lease, id: 'lease-locks-2', block: 40 })).toBe(false);
    expect(await balanceOf(teamId)).toBe(79);
    expect(Number(((await db('credit_leases').where({ team_id: teamId }).count({ n: '*' }))[0] as { n: number }).n)).toBe(1);
    const used = [usageOf(teamId, { operationId: 'listTransactions', requests: 3 }, 3, at)];
    expect(await lockedAtAnswer(teamId, usage, /usage_daily/, () => recordLeaseUse(db, lease.id, 3, used))).toEqual([{ reclaim: false }, []]);
    expect(await usageRow(teamId, usage)).toEqual([4, 4]);
    const more = [usageOf(teamId, { operationId: 'listTransactions', requests: 2 }, 2, at)];
    expect(await lockedAtAnswer(teamId, usage, /credit_balances/, () => endLease(db, lease.id, teamId, 15, at.toISOString(), more))).toEqual([true, []]);
    expect(await balanceOf(teamId)).toBe(94);
    expect(await usageRow(teamId, usage)).toEqual([6, 6]);
    // a lease already ended (or expired by another process): nothing given back, nothing counted
    expect(await endLease(db, lease.id, teamId, 15, at.toISOString(), more)).toBe(false);
    expect(await recordLeaseUse(db, lease.id, 5, used)).toBeNull();
    expect(await balanceOf(teamId)).toBe(94);
    expect(await usageRow(teamId, usage)).toEqual([6, 6]);
    // a lease used up: ended with nothing to give back and no usage left to count
    expect(await leaseCredits(db, { ...lease, id: 'lease-locks-3' })).toBe(true);
    expect(await endLease(db, 'lease-locks-3', teamId, 0, at.toISOString())).toBe(true);
    expect(await balanceOf(teamId)).toBe(74);
    expect(await usageRow(teamId, usage)).toEqual([6, 6]);
  });

  it('leaves the balance and usage rows free the moment the take answers, and takes the credit with its usage', async () => {
    const { teamId } = await teamWithKey(db, 10);
    const at = new Date();
    const usage = usageOf(teamId, { operationId: 'listTransactions', requests: 1 }, 1, at);
    // the usage row exists, so a lock on it is visible
    expect(await takeCredits(db, teamId, 1, at.toISOString(), [usage])).toBe(true);
    expect(await lockedAtAnswer(teamId, usage, /credit_balances/, () => takeCredits(db, teamId, 1, at.toISOString(), [usage]))).toEqual([true, []]);
    expect(await balanceOf(teamId)).toBe(8);
    expect(await usageRow(teamId, usage)).toEqual([2, 2]);
    // refused when short: nothing taken, nothing counted
    expect(await takeCredits(db, teamId, 9, at.toISOString(), [usageOf(teamId, { operationId: 'listTransactions', requests: 1 }, 9, at)])).toBe(false);
    expect(await usageRow(teamId, usage)).toEqual([2, 2]);
    expect(await balanceOf(teamId)).toBe(8);
  });
});
