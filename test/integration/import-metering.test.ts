/**
 * Metered calls do not wait for an import's write transaction (src/access/leases.ts, deferred
 * accounts): with an import holding SQLite's one writer in another connection (as the import
 * command does, its marker beside the file), transaction details with an API key answer at once,
 * their credits and usage held in the process, and are charged and counted once the import lets go,
 * exactly once. The last quarter of a balance is still taken exactly: a call that needs it waits for
 * the writer. On PostgreSQL nothing waits for the import's rows, and the accounts are the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, settled, startHarness, type Harness } from '../helpers/harness.js';
import { heldImport } from '../helpers/heldImport.js';
import { teamKey } from '../helpers/principals.js';

/** Sequential details during the import, as a busy client sends them. */
const CALLS = 40;
/** The import lets go after this long at the latest, if the calls have not all answered before. */
const HOLD_MS = 10_000;

describe.each(DATABASES)('metered calls while an import holds the writer [%s]', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });

  const account = (teamId: number) => async () => {
    const b = (await h.db('credit_balances').where('team_id', teamId).first('balance')) as { balance: number | string };
    const u = (await h.db('usage_daily').where('team_id', teamId).sum({ requests: 'requests', credits: 'credits' }).first()) as { requests: unknown; credits: unknown };
    return { balance: Number(b.balance), requests: Number(u.requests ?? 0), credits: Number(u.credits ?? 0) };
  };

  it('details and their metering answer before the import lets go; usage and credits are written after it, once', async () => {
    const balance = 1000;
    const busy = await teamKey(h, ['read:transactions'], balance);
    // 8 credits: a deferred account of 2 (a quarter), the third call needs the last credits taken exactly
    const small = await teamKey(h, ['read:transactions'], 8);
    const txs = (await h.db('transactions').whereNull('deleted_at').orderBy('id').limit(CALLS).pluck('id')) as number[];
    const events: string[] = [];

    const imp = heldImport(h, `held-${kind}`);
    let third: Promise<number> | null = null;
    const timer = setTimeout(() => {
      events.push('import released');
      imp.release();
    }, HOLD_MS);
    try {
      await imp.locked;
      const slowest: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const started = Date.now();
        const r = await h.get(`/data/transactions/${txs[i % txs.length]}`, busy.headers);
        slowest.push(Date.now() - started);
        expect(r.status).toBe(200);
      }
      events.push('busy answered');
      for (let i = 0; i < 2; i++) expect((await h.get(`/data/transactions/${txs[0]}`, small.headers)).status).toBe(200);
      events.push('small answered');
      third = h.get(`/data/transactions/${txs[0]}`, small.headers).then((r) => (events.push('small third answered'), r.status));
      await new Promise((r) => setTimeout(r, 300));

      // every call answered while the import still held its transaction
      expect(events).toEqual(['busy answered', 'small answered', ...(kind === 'postgres' ? ['small third answered'] : [])]);
      if (kind === 'sqlite') {
        // nothing of them is written yet: the writer is the import's
        expect(await account(busy.teamId)()).toEqual({ balance, requests: 0, credits: 0 });
        expect(await account(small.teamId)()).toEqual({ balance: 8, requests: 0, credits: 0 });
      }
      expect(Math.max(...slowest)).toBeLessThan(HOLD_MS / 2);
    } finally {
      clearTimeout(timer);
      imp.release();
    }
    expect((await imp.done).committed).toBe(true);
    expect(await third).toBe(200);

    // charged and counted once the writer is free, each call once
    expect(await settled(account(busy.teamId), { balance: balance - CALLS, requests: CALLS, credits: CALLS })).toEqual({ balance: balance - CALLS, requests: CALLS, credits: CALLS });
    expect(await settled(account(small.teamId), { balance: 5, requests: 3, credits: 3 })).toEqual({ balance: 5, requests: 3, credits: 3 });
    // and nothing more later (a second charge would move them again)
    await new Promise((r) => setTimeout(r, 600));
    expect(await account(busy.teamId)()).toEqual({ balance: balance - CALLS, requests: CALLS, credits: CALLS });
    expect(await account(small.teamId)()).toEqual({ balance: 5, requests: 3, credits: 3 });
  }, 120_000);
});
