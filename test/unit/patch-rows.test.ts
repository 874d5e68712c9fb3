/**
 * `patchRows` (src/db/patchRows.ts) on SQLite: one UPDATE ... FROM (VALUES ...) per set of columns
 * stores what an UPDATE per row stored, value for value and storage class for storage class (an
 * integer column given a fraction keeps the fraction, a boolean is 1 or 0, a null stays null).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createDb } from '../../src/db/knex.js';
import { patchRows } from '../../src/db/patchRows.js';

const COLUMNS = 'id integer primary key, amount_usd bigint, year integer, round_type varchar(50), is_vc_round boolean, date_sort varchar(20), updated_at varchar(40)';

describe('patchRows on SQLite', () => {
  let db: Knex;
  beforeAll(async () => {
    db = createDb({ dbClient: 'sqlite', sqliteFile: ':memory:', databaseUrl: 'sqlite::memory:', dbPoolMax: 1 });
    for (const t of ['transactions', 'per_row']) {
      await db.raw(`create table ${t} (${COLUMNS})`);
      await db(t).insert(Array.from({ length: 3300 }, (_v, i) => ({ id: i + 1, amount_usd: 100 + i, year: 2000, round_type: 'seed', is_vc_round: true, date_sort: '2000-01', updated_at: 'then' })));
    }
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('writes every row of every column set, as one UPDATE per row would, in statements of at most 1,000 rows', async () => {
    const patches = new Map<number, Record<string, unknown>>();
    for (let id = 1; id <= 3300; id++) {
      if (id % 3 === 0) patches.set(id, { amount_usd: id % 2 ? 1234.5 : null, is_vc_round: id % 2 === 0 });
      else if (id % 3 === 1) patches.set(id, { round_type: `series ${id}`, year: id, date_sort: null });
    }
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    db.on('query', listen);
    await db.transaction((trx) => patchRows(trx, 'transactions', patches, 'now'));
    db.removeListener('query', listen);
    expect(statements.filter((s) => s.startsWith('update transactions'))).toHaveLength(4);
    for (const [id, patch] of patches) await db('per_row').where('id', id).update({ ...patch, updated_at: 'now' });
    const read = (t: string) => db.raw(`select id, amount_usd, typeof(amount_usd) as a, year, round_type, is_vc_round, typeof(is_vc_round) as b, date_sort, updated_at from ${t} order by id`);
    const [patched, perRow] = [await read('transactions'), await read('per_row')];
    expect(patched).toEqual(perRow);
    expect(patched[2]).toMatchObject({ amount_usd: 1234.5, a: 'real', is_vc_round: 0, updated_at: 'now' });
    expect(patched[1]).toMatchObject({ amount_usd: 101, updated_at: 'then' });
  });
});
