/** Usage moves with its credits: counted with a take, taken off with a refund, in one transaction;
 * a lease's tally of counts not yet written. */
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { negated, usageOf, UsageTally } from '../../src/access/usage.js';
import { addUsage, returnCredits, takeCredits } from '../../src/db/credits.js';

let db: Knex;
const rows = () => db('usage_daily').orderBy(['team_id', 'day', 'operation_id']).select('team_id', 'day', 'operation_id', 'requests', 'credits');
const balance = async () => ((await db('credit_balances').where({ team_id: 1 }).first('balance')) as { balance: number }).balance;
const AT = new Date('2026-11-23T12:00:00Z');

beforeEach(async () => {
  db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await db.schema.createTable('usage_daily', (t) => {
    t.integer('team_id').notNullable();
    t.string('day').notNullable();
    t.string('operation_id').notNullable();
    t.integer('requests').notNullable();
    t.integer('credits').notNullable();
    t.primary(['team_id', 'day', 'operation_id']);
  });
  await db.schema.createTable('credit_balances', (t) => {
    t.integer('team_id').primary();
    t.integer('balance').notNullable();
    t.string('updated_at');
  });
  await db('credit_balances').insert({ team_id: 1, balance: 3, updated_at: '' });
});
afterEach(() => db.destroy());

it('counts a take with its credits, not a refused one, and takes a refund off with them (a row left at nothing goes)', async () => {
  const use = usageOf(1, { operationId: 'getCompany', requests: 1 }, 2, AT);
  expect(await takeCredits(db, 1, 2, AT.toISOString(), [use])).toBe(true);
  expect(await takeCredits(db, 1, 2, AT.toISOString(), [use])).toBe(false); // 1 left
  expect(await balance()).toBe(1);
  expect(await rows()).toEqual([{ team_id: 1, day: '2026-11-23', operation_id: 'getCompany', requests: 1, credits: 2 }]);
  await returnCredits(db, 1, 2, AT.toISOString(), [negated(use)]);
  expect(await balance()).toBe(3);
  // the row the refund brought to nothing goes: a refused call leaves no trace
  expect(await rows()).toEqual([]);
});

it('writes neither the credits nor the usage when the usage cannot be written', async () => {
  await db.schema.dropTable('usage_daily');
  await expect(takeCredits(db, 1, 1, AT.toISOString(), [usageOf(1, { operationId: 'getCompany', requests: 1 }, 1, AT)])).rejects.toThrow(/usage_daily/);
  expect(await balance()).toBe(3);
});

it('tallies counts per team, day and operation, drops what nets to zero, and keeps what came after a write', () => {
  const t = new UsageTally();
  const a = usageOf(1, { operationId: 'listTransactions', requests: 1 }, 1, AT);
  const b = usageOf(2, { operationId: 'listTransactions', requests: 1 }, 1, AT);
  t.add(a);
  t.add(a);
  t.add(b);
  t.add(negated(b));
  const written = t.entries();
  expect(written).toEqual([{ ...a, requests: 2, credits: 2 }]);
  t.add(a);
  t.written(written);
  expect(t.entries()).toEqual([a]);
  t.written([a]);
  expect(t.empty).toBe(true);
});

it('splits a large write into several statements', async () => {
  await addUsage(db, Array.from({ length: 1200 }, (_, i) => usageOf(i + 1, { operationId: 'listTransactions', requests: 1 }, 1, AT)));
  expect(await db('usage_daily').count({ n: '*' }).sum({ r: 'requests' }).first()).toEqual({ n: 1200, r: 1200 });
});
