import knex from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { together } from '../../src/db/together.js';

describe('together', () => {
  const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  afterAll(() => db.destroy());

  it('starts every read at once on a pool', async () => {
    const started: number[] = [];
    const read = (n: number) => () => {
      started.push(n);
      return new Promise<number>((r) => setTimeout(() => r(n), 5));
    };
    const reads = together(db, [read(1), read(2)] as const);
    expect(started).toEqual([1, 2]);
    expect(await reads).toEqual([1, 2]);
  });

  it('runs them one after another on a transaction, each after the one before has finished', async () => {
    const log: string[] = [];
    const read = (n: number) => async () => {
      log.push(`start ${n}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${n}`);
      return n;
    };
    const out = await db.transaction((trx) => together(trx, [read(1), read(2)] as const));
    expect(out).toEqual([1, 2]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });
});
