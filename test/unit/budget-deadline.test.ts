/**
 * One budget per request (src/db/cancel.ts, src/db/budget.ts): within an operation, each statement
 * gets what is left of the budget counted from the request's start, not a fresh full budget. An
 * aggregate that ran a statement after time already spent (a queue, an earlier statement, a pool
 * wait) answered 504 only after budget + the time before its last statement.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgeted, closeBudgetRunner } from '../../src/db/budget.js';
import { withSignal } from '../../src/db/cancel.js';
import { createDb } from '../../src/db/knex.js';

/** Several seconds of work for one SQLite statement. */
const SLOW = 'with recursive c(x) as (select 1 union all select x + 1 from c limit 300000000) select count(*) as n from c';

const within = <T>(deadline: number, work: () => Promise<T>) => withSignal(new AbortController().signal, work, deadline);

describe('the request deadline on SQLite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-deadline-'));
  const file = path.join(dir, 'db.sqlite');
  const db = createDb({ dbClient: 'sqlite', sqliteFile: file, databaseUrl: `sqlite:${file}`, dbPoolMax: 1 });
  beforeAll(async () => {
    await db.raw('create table t (x integer)');
  });
  afterAll(async () => {
    await closeBudgetRunner(db);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops a later statement when the request budget ends, not a full budget after it started', async () => {
    const start = performance.now();
    const budget = 600;
    const run = within(start + budget, async () => {
      expect((await budgeted<{ n: number }>(db, db.raw('select 1 as n'), budget))[0]!.n).toBe(1);
      await sleep(300);
      return budgeted(db, db.raw(SLOW), budget);
    });
    await expect(run).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
    // a fresh budget for the second statement would end at >= 300 + 600 ms; generous margin below that
    expect(performance.now() - start).toBeLessThan(budget + 250);
  });

  it('does not start a statement once the budget is spent', async () => {
    await expect(within(performance.now() - 1, () => budgeted(db, db.raw('select 1 as n'), 15_000))).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
  });
});

/** A PostgreSQL pool of one fake connection that records the statement_timeout each statement is given. */
function fakePg(acquireDelayMs = 0) {
  const timeouts: number[] = [];
  const conn = {
    async query(sql: string) {
      const m = /^set local statement_timeout = (\d+)/.exec(sql);
      if (m) timeouts.push(Number(m[1]));
      return { rows: sql === 'select 1' ? [{ one: 1 }] : [] };
    },
  };
  const db = {
    client: {
      config: { client: 'pg', connection: { statement_timeout: 15_000 } },
      acquireConnection: async () => {
        await sleep(acquireDelayMs);
        return conn;
      },
      releaseConnection: async () => undefined,
    },
  } as unknown as Knex;
  const query = { toSQL: () => ({ toNative: () => ({ sql: 'select 1', bindings: [] }) }) } as unknown as Knex.Raw;
  return { db, query, timeouts };
}

describe('the request deadline on PostgreSQL', () => {
  it('gives a later statement only what is left of the request budget', async () => {
    const { db, query, timeouts } = fakePg();
    const start = performance.now();
    await within(start + 1000, async () => {
      await sleep(400);
      await budgeted(db, query, 15_000);
    });
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0]).toBeGreaterThan(0);
    expect(timeouts[0]).toBeLessThanOrEqual(600);
  });

  it('counts the wait for a pooled connection against the budget', async () => {
    const { db, query, timeouts } = fakePg(400);
    await within(performance.now() + 1000, () => budgeted(db, query, 1000));
    expect(timeouts[0]).toBeLessThanOrEqual(600);
  });

  it('keeps the connection statement_timeout path for work outside an operation deadline', async () => {
    const { db, query, timeouts } = fakePg();
    await within(Infinity, async () => {
      await sleep(50);
      await budgeted(db, query, 10_000);
    });
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0]).toBeGreaterThan(9_900);
  });
});
