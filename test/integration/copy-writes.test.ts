/**
 * PostgreSQL writes by COPY in a transaction (src/db/knex.ts `insertRows`, `replaceRows`): hostile
 * values read back as the JSON path writes them; `insertRows` returns once its COPY is sent, and a COPY
 * that fails fails the transaction's next statement (or its commit) with its own error; `replaceRows` replaces the rows of its keys and adds
 * the others, as an upsert does, and when another transaction adds a row of one of its keys meanwhile
 * it waits for it and ends with its own rows, as the upsert did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, insertRows, replaceRows } from '../../src/db/knex.js';
import { makeDatabase } from '../helpers/harness.js';

const COLS = ['id', 'label', 'amount', 'share', 'flag'] as const;
const HOSTILE: (string | null)[] = [
  null, '', '\\N', '\\', 'a\tb', 'line\nbreak', 'cr\rlf\r\n', 'back\\slash\\', '"double" \'single\'', '{"json": "text \\"quoted\\""}',
  'ünïcødé 🚀 € 中文', ' leading and trailing ', '\\t literally', 'x'.repeat(5000),
];
const rows = HOSTILE.map((label, i) => ({ id: i + 1, label, amount: i % 3 === 0 ? null : (i - 7) * 1_000_000_007, share: i % 4 === 0 ? null : i / 7, flag: i % 3 === 0 ? null : i % 2 === 0 }));

let db: Knex;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-copywrites-'));

beforeAll(async () => {
  const url = await makeDatabase('postgres', dir);
  db = createDb({ dbClient: 'postgres', databaseUrl: url, sqliteFile: '', dbPoolMax: 3 });
  for (const t of ['typed_copy', 'typed_json'])
    await db.raw(`create table ${t} (id bigint primary key, n integer, s smallint, code varchar(8), price numeric)`);
  for (const t of ['via_copy', 'via_json', 'docs'])
    await db.raw(`create table ${t} (id integer primary key, label text, amount bigint, share double precision, flag boolean)`);
  await db.raw('create table keyed (kind text not null, record_id bigint not null, body text not null, primary key (kind, record_id))');
});

afterAll(async () => {
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const read = (table: string) => db(table).select(COLS).orderBy('id');

/** The statements run on a transaction, by their first word. */
function statementsOf(trx: Knex.Transaction): string[] {
  const seen: string[] = [];
  trx.on('query', (q: { sql: string }) => seen.push(q.sql.trim().split(/\s+/)[0]!.toLowerCase()));
  return seen;
}

describe('writes by COPY on PostgreSQL', () => {
  it('insertRows in a transaction copies hostile values that read back as the JSON path writes them', async () => {
    await db.transaction(async (trx) => {
      const seen = statementsOf(trx);
      await insertRows(trx, 'via_copy', rows);
      expect(seen).not.toContain('insert'); // the rows went by COPY, which knex does not see
    });
    await insertRows(db, 'via_json', rows); // outside a transaction: the JSON path
    const copied = await read('via_copy');
    expect(copied).toEqual(await read('via_json'));
    expect(copied.map((r) => r.label)).toEqual(HOSTILE);
  });

  it('copies every column type of the binary format, and falls back to text for another type or a value binary does not take', async () => {
    const typed = [
      { id: 1, n: -2147483648, s: -32768, code: 'ünï\t🚀' }, // binary: no numeric column written
      { id: 2, n: 2147483647, s: 32767, code: '42' },
    ];
    const mixed = [{ id: 3, n: '17', s: 5, code: 'x', price: 1.25 }, { id: 4, n: null, s: null, code: null, price: '2.50' }]; // text: a string into an integer, a numeric
    await db.transaction(async (trx) => {
      await insertRows(trx, 'typed_copy', typed);
      await insertRows(trx, 'typed_copy', mixed);
    });
    await insertRows(db, 'typed_json', [...typed, ...mixed]);
    const read = (t: string) => db(t).orderBy('id').select('*');
    expect(await read('typed_copy')).toEqual(await read('typed_json'));
    expect((await read('typed_copy')).map((r) => r.n)).toEqual([-2147483648, 2147483647, 17, null]);
  });

  it('reads a table\'s column types again in another transaction: a table redefined meanwhile is written as it now is', async () => {
    await db.raw('create table redefined (id integer primary key, v double precision)');
    await db.transaction((trx) => insertRows(trx, 'redefined', [{ id: 1, v: 1.5 }]));
    await db.raw('drop table redefined');
    await db.raw('create table redefined (id integer primary key, v bigint)');
    await db.transaction((trx) => insertRows(trx, 'redefined', [{ id: 2, v: 7 }]));
    expect(await db('redefined').select('id', 'v')).toEqual([{ id: 2, v: 7 }]);
  });

  it('insertRows returns once its COPY is sent: the next statement waits for it and reads its rows', async () => {
    await db.raw('create table deferred_ok (id integer primary key, label text)');
    const other = await db.transaction();
    await other('deferred_ok').insert({ id: 1, label: 'the other transaction' });
    await db.transaction(async (trx) => {
      // the COPY waits for the other transaction's key 1; insertRows does not
      const sent = await Promise.race([insertRows(trx, 'deferred_ok', [{ id: 1, label: 'mine' }, { id: 2, label: 'mine too' }]).then(() => 'returned'), new Promise((r) => setTimeout(() => r('waited'), 1500))]);
      expect(sent).toBe('returned');
      setTimeout(() => void other.rollback(), 200);
      expect(await trx('deferred_ok').orderBy('id').pluck('label')).toEqual(['mine', 'mine too']);
    });
  });

  it("a COPY that fails fails the transaction's next statement with its own error, and nothing is written", async () => {
    await db.raw('create table deferred_bad (id integer primary key, label text)');
    await db('deferred_bad').insert({ id: 5, label: 'kept' });
    const failing = db.transaction(async (trx) => {
      await insertRows(trx, 'deferred_bad', [{ id: 6, label: 'new' }, { id: 5, label: 'a duplicate' }]);
      await trx('deferred_bad').where('id', 6).first();
    });
    await expect(failing).rejects.toMatchObject({ code: '23505', table: 'deferred_bad' });
    // the last statement the COPY: the commit fails with its error and rolls back
    const committing = db.transaction((trx) => insertRows(trx, 'deferred_bad', [{ id: 7, label: 'new' }, { id: 5, label: 'a duplicate' }]));
    await expect(committing).rejects.toMatchObject({ code: '23505', table: 'deferred_bad' });
    // every connection of the pool still works, none left in an aborted transaction
    for (let i = 0; i < 3; i++) expect(await db('deferred_bad').orderBy('id').pluck('label')).toEqual(['kept']);
    await Promise.all([1, 2, 3].map(() => db.transaction((trx) => trx('deferred_bad').count({ n: '*' }))));
  });

  it('replaceRows replaces the rows of its keys and adds the others, as an upsert', async () => {
    await insertRows(db, 'keyed', [{ kind: 'a', record_id: 1, body: 'old 1' }, { kind: 'a', record_id: 2, body: 'old 2' }, { kind: 'b', record_id: 1, body: 'other kind' }]);
    await db.transaction((trx) => replaceRows(trx, 'keyed', [{ kind: 'a', record_id: 2, body: 'new\t2\\' }, { kind: 'a', record_id: 3, body: 'new 3' }], ['kind', 'record_id']));
    expect(await db('keyed').orderBy(['kind', 'record_id']).select('kind', 'record_id', 'body')).toEqual([
      { kind: 'a', record_id: 1, body: 'old 1' },
      { kind: 'a', record_id: 2, body: 'new\t2\\' },
      { kind: 'a', record_id: 3, body: 'new 3' },
      { kind: 'b', record_id: 1, body: 'other kind' },
    ]);
  });

  it('replaceRows waits for another transaction adding one of its keys and ends with its own rows', async () => {
    const other = await db.transaction();
    await other('keyed').insert({ kind: 'c', record_id: 7, body: 'the other transaction' });
    const mine = db.transaction((trx) => replaceRows(trx, 'keyed', [{ kind: 'c', record_id: 7, body: 'mine' }, { kind: 'c', record_id: 8, body: 'mine too' }], ['kind', 'record_id']));
    // the COPY waits on the key the other transaction holds until it commits, then fails on it and upserts
    await new Promise((r) => setTimeout(r, 500));
    await other.commit();
    await mine;
    expect(await db('keyed').where('kind', 'c').orderBy('record_id').select('record_id', 'body')).toEqual([
      { record_id: 7, body: 'mine' },
      { record_id: 8, body: 'mine too' },
    ]);
  });
});
