/** The in-memory usage counter: counts per (team, day, operation), one write per flush, nothing lost
 * when a write fails. */
import knex, { type Knex } from 'knex';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { UsageBuffer } from '../../src/access/usage.js';

let db: Knex;
const log = pino({ level: 'silent' });
const rows = () => db('usage_daily').orderBy(['team_id', 'day', 'operation_id']).select('team_id', 'day', 'operation_id', 'requests', 'credits');
const createTable = () =>
  db.schema.createTable('usage_daily', (t) => {
    t.integer('team_id').notNullable();
    t.string('day').notNullable();
    t.string('operation_id').notNullable();
    t.integer('requests').notNullable();
    t.integer('credits').notNullable();
    t.primary(['team_id', 'day', 'operation_id']);
  });

beforeEach(() => {
  db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
});
afterEach(() => db.destroy());

it('adds calls up per team, day and operation and writes them on flush, onto existing rows', async () => {
  await createTable();
  await db('usage_daily').insert({ team_id: 1, day: '2026-11-23', operation_id: 'listTransactions', requests: 5, credits: 5 });
  const usage = new UsageBuffer(db, log, 60_000);
  for (let i = 0; i < 3; i++) usage.add(1, '2026-11-23', 'listTransactions', 1);
  usage.add(1, '2026-11-23', 'getTransaction', 2);
  usage.add(2, '2026-11-24', 'listTransactions', 1);
  expect(await rows()).toHaveLength(1); // nothing written before the flush
  await usage.close();
  expect(await rows()).toEqual([
    { team_id: 1, day: '2026-11-23', operation_id: 'getTransaction', requests: 1, credits: 2 },
    { team_id: 1, day: '2026-11-23', operation_id: 'listTransactions', requests: 8, credits: 8 },
    { team_id: 2, day: '2026-11-24', operation_id: 'listTransactions', requests: 1, credits: 1 },
  ]);
  await usage.flush(); // nothing pending: no second write
  expect((await rows())[1]).toMatchObject({ requests: 8 });
});

it('keeps the counts of a failed write for the next flush', async () => {
  const usage = new UsageBuffer(db, log, 60_000);
  usage.add(7, '2026-11-23', 'listCompanies', 1);
  await expect(usage.flush()).rejects.toThrow(/usage_daily/); // no table yet: the write fails
  usage.add(7, '2026-11-23', 'listCompanies', 1);
  await createTable();
  await usage.flush();
  expect(await rows()).toEqual([{ team_id: 7, day: '2026-11-23', operation_id: 'listCompanies', requests: 2, credits: 2 }]);
});

it('writes on its own after the interval', async () => {
  await createTable();
  const usage = new UsageBuffer(db, log, 20);
  usage.add(3, '2026-11-23', 'getCompany', 1);
  const until = Date.now() + 5000;
  while ((await rows()).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  expect(await rows()).toEqual([{ team_id: 3, day: '2026-11-23', operation_id: 'getCompany', requests: 1, credits: 1 }]);
  await usage.close();
});

it('splits a large flush into several statements', async () => {
  await createTable();
  const usage = new UsageBuffer(db, log, 60_000);
  for (let team = 1; team <= 1200; team++) usage.add(team, '2026-11-23', 'listTransactions', 1);
  await usage.close();
  expect((await db('usage_daily').count({ n: '*' }).sum({ r: 'requests' }).first())).toEqual({ n: 1200, r: 1200 });
});
