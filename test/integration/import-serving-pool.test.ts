/**
 * Reads keep a connection while writers wait for an import (src/db/knex.ts, src/patches/knex.ts
 * `gateWriters`): with an import holding its transaction open, more metered calls than the SQLite
 * pool has connections wait for the import's write lock (each a quiet team's first call with its last
 * credits, which are taken exactly, in one write with their usage: src/access/leases.ts), and a call
 * that only reads still answers, before the import lets go. On
 * PostgreSQL the import's row locks are not on the metering rows: nothing waits, and the same holds.
 * Afterwards every waiting call has answered 200 and credits and usage are exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, settled, startHarness, type Harness } from '../helpers/harness.js';
import { heldImport } from '../helpers/heldImport.js';
import { browserHeaders, teamKey } from '../helpers/principals.js';

/** More writers than the SQLite pool's connections (src/db/knex.ts SQLITE_CONNECTIONS). */
const WRITERS = 10;
/** How long the import holds its transaction open: the read must answer before it lets go. */
const HOLD_MS = 8000;
const METRICS_TOKEN = 'pool-metrics';

/** Requests of this server still running (`http_requests_running` in /system/metrics). */
async function running(h: Harness): Promise<number> {
  const text = await (await fetch(`${h.server.baseUrl}/system/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^http_requests_running (\d+)/m.exec(text)?.[1] ?? 0);
}

describe.each(DATABASES)('reads while writers wait for an import [%s]', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind, { METRICS_TOKEN });
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });

  it('a read answers before the import lets go while more writers than connections wait for it; every writer answers after, charged exactly', async () => {
    // under SHARE (4) credits: no deferred account while the import holds the writer, the call writes
    const balance = 3;
    const keys = await Promise.all(Array.from({ length: WRITERS }, () => teamKey(h, ['read:transactions'], balance)));
    const tx = (await h.db('transactions').whereNull('deleted_at').orderBy('id').first('id')) as { id: number };
    // a signed-in user of the web app is not metered: these calls only read
    const reader = await browserHeaders(h, 'free');
    const events: string[] = [];

    const imp = heldImport(h);
    let writes: Promise<Awaited<ReturnType<Harness['get']>>>[] = [];
    try {
      await imp.locked;
      writes = keys.map((k, i) =>
        h.get(`/data/transactions/${tx.id}`, k.headers).then((r) => {
          events.push(`write ${i}`);
          return r;
        }),
      );
      // every writer not yet answered (on PostgreSQL they need not wait) is in the server before the read is sent
      for (let left = WRITERS; left > 0 && (await running(h)) < left; left = WRITERS - events.length) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200));

      const releasing = new Promise<void>((r) =>
        setTimeout(() => {
          events.push('import released');
          imp.release();
          r();
        }, HOLD_MS),
      );
      const reads = await Promise.all([h.get(`/data/transactions/${tx.id}`, reader), h.get('/data/companies?limit=5', reader)]);
      events.push('read');
      expect(reads.map((r) => r.status)).toEqual([200, 200]);
      // answered before the import let go of its lock
      expect(events).not.toContain('import released');
      // SQLite has one writer: the metered calls were still waiting for the import's lock
      if (kind === 'sqlite') expect(events.filter((e) => e.startsWith('write'))).toEqual([]);

      await releasing;
    } finally {
      // a failed assertion must not leave the import holding its transaction (the harness could not close)
      imp.release();
    }
    const report = await imp.done;
    expect(report.committed).toBe(true);
    const replies = await Promise.all(writes);
    expect(replies.map((r) => r.status)).toEqual(keys.map(() => 200));

    for (const k of keys) {
      const account = async () => {
        const b = (await h.db('credit_balances').where('team_id', k.teamId).first('balance')) as { balance: number | string };
        const u = (await h.db('usage_daily').where('team_id', k.teamId).sum({ requests: 'requests', credits: 'credits' }).first()) as { requests: unknown; credits: unknown };
        return { balance: Number(b.balance), requests: Number(u.requests ?? 0), credits: Number(u.credits ?? 0) };
      };
      expect(await settled(account, { balance: balance - 1, requests: 1, credits: 1 })).toEqual({ balance: balance - 1, requests: 1, credits: 1 });
    }
  }, 120_000);
});
