/**
 * A lease whose return cannot be written (the database away) is retried in the background: the
 * team's calls do not wait for those retries but get the database's answer at once, and the lease's
 * unused credits still come back once the database can be written again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditLeases } from '../../src/access/leases.js';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/knex.js';
import { DATABASES, makeDatabase } from '../helpers/harness.js';
import { teamWithKey } from '../helpers/servers.js';

describe.each(DATABASES)('a lease that cannot be returned [%s]', (kind) => {
  let dir: string;
  let db: ReturnType<typeof createDb>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-lease-outage-${kind}-`));
    db = createDb({ ...loadConfig({ DATABASE_URL: await makeDatabase(kind, dir) }), dbPoolMax: 2 });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const balance = async (teamId: number) => Number(((await db('credit_balances').where({ team_id: teamId }).first('balance')) as { balance: number }).balance);

  it('keeps the calls answering while the return is retried, and returns it once it can', async () => {
    const { teamId } = await teamWithKey(db, 1000);
    const leases = new CreditLeases(db, pino({ level: 'silent' }), { enabled: true, ttlMs: 60_000 });
    let calls = 0;
    const take = async () => {
      const ticket = await leases.take(teamId, 1, new Date(), { operationId: 'listTransactions', requests: 1 });
      expect(ticket).not.toBeUndefined();
      calls++;
      return ticket;
    };
    // a busy key: its calls lease a block
    for (let i = 0; i < 40; i++) await take();
    expect(await balance(teamId)).toBeLessThan(1000 - calls);
    expect(await db('credit_leases').where({ team_id: teamId }).select('granted')).toHaveLength(1);

    // the lease table cannot be written: every attempt to return the lease fails
    await db.schema.renameTable('credit_leases', 'credit_leases_away');
    try {
      await leases.release(teamId);
      // the next call gets the database's answer at once (here its error: a new lease cannot be
      // written either) instead of waiting for the return's retries, up to a minute of them; a hang
      // here ends in the test's timeout
      await expect(leases.take(teamId, 1, new Date(), { operationId: 'listTransactions', requests: 1 })).rejects.toThrow(/credit_leases/);
    } finally {
      await db.schema.renameTable('credit_leases_away', 'credit_leases');
    }
    // the retries reach the table again: the unused part of the block is back, every call charged once
    await leases.close();
    expect(await balance(teamId)).toBe(1000 - calls);
    // and counted once in usage, with the lease's return
    expect(await db('usage_daily').where({ team_id: teamId }).first('requests', 'credits')).toEqual({ requests: calls, credits: calls });
  }, 30_000);
});
