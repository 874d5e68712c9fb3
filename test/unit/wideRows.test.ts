/**
 * src/db/wideRows.ts: the rows a SQLite transaction builds from raw rows are the objects knex gives
 * for the same select, keys in the same order, also after a schema change; outside a transaction
 * they are knex's own.
 */
import knexFactory, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wideRows } from '../../src/db/wideRows.js';

const COLUMNS = 12;

describe('wideRows', () => {
  let db: Knex;
  beforeEach(async () => {
    db = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
    await db.raw(`create table w (id integer primary key, ${Array.from({ length: COLUMNS }, (_, i) => `c${i}`).join(', ')})`);
    await db.raw(`insert into w values (1, ${Array.from({ length: COLUMNS }, (_, i) => i).join(', ')}), (2, ${Array.from({ length: COLUMNS }, (_, i) => `'x${i}'`).join(', ')}), (3, ${Array.from({ length: COLUMNS }, () => 'null').join(', ')})`);
  });
  afterEach(async () => {
    await db.destroy();
  });

  /** In a transaction: wideRows' rows and knex's, with their keys. */
  const both = (trx: Knex, q: () => Knex.QueryBuilder) => Promise.all([wideRows<Record<string, unknown>>(trx, q()), q().then((r) => r as Record<string, unknown>[])]);
  const same = ([wide, knexRows]: Record<string, unknown>[][]) => {
    expect(wide).toEqual(knexRows);
    expect(wide!.map((r) => Object.keys(r))).toEqual(knexRows!.map((r) => Object.keys(r)));
    expect(wide!.map((r) => Object.getPrototypeOf(r))).toEqual(knexRows!.map((r) => Object.getPrototypeOf(r)));
  };

  it('gives the rows knex gives, keys in the same order, in a SQLite transaction', async () => {
    await db.transaction(async (trx) => {
      same(await both(trx, () => trx('w').select('*').orderBy('id')));
      same(await both(trx, () => trx('w').whereIn('id', [3, 1]).select('*')));
      same(await both(trx, () => trx('w').where('c1', 'x1').select('*')));
      same(await both(trx, () => trx('w').where('id', 99).select('*')));
      // a name repeated keeps its first place and its last value; names like array indexes come first in both
      same(await both(trx, () => trx('w as a').join('w as b', 'a.id', 'b.id').select('a.*', 'b.c1 as c0')));
      same(await both(trx, () => trx('w').select('*', 'c3 as 1', 'c4 as 0')));
      same(await both(trx, () => trx('w').select('id', 'c2 as __proto__')));
    });
  });

  it('reads them on the transaction\'s connection, not through knex', async () => {
    let queries = 0;
    db.on('query', () => queries++);
    await db.transaction(async (trx) => {
      const before = queries;
      expect(await wideRows(trx, trx('w').select('*'))).toHaveLength(3);
      expect(queries).toBe(before);
      await trx('w').select('*');
      expect(queries).toBe(before + 1);
    });
  });

  it('follows a schema change', async () => {
    await db.transaction(async (trx) => {
      same(await both(trx, () => trx('w').select('*')));
      await trx.raw('alter table w add column c99 integer default 7');
      same(await both(trx, () => trx('w').select('*')));
      await trx.raw('alter table w rename column c3 to renamed');
      same(await both(trx, () => trx('w').select('*')));
    });
  });

  it('outside a transaction gives knex its own rows', async () => {
    const q = () => db('w').select('*').orderBy('id');
    const rows = await wideRows<Record<string, unknown>>(db, q());
    expect(rows).toEqual(await q());
  });
});
