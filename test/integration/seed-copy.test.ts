/**
 * The seed's PostgreSQL path writes rows through COPY in the writer's insert thread (seeds/copy.mjs,
 * seeds/insert-worker.mjs, seeds/writer.ts): hostile values read back exactly as the same values
 * written by a bound-parameter INSERT (what the seed wrote before), many flushes go in a few COPYs,
 * and a failing COPY rolls back with the rest of the thread's transaction. The seed's foreign keys
 * are set aside during the load and checked when added back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignKeys, withoutForeignKeys } from '../../src/db/bulkIndexes.js';
import { createDb } from '../../src/db/knex.js';
import { BulkWriter, insertTarget } from '../../seeds/writer.js';
import { makeDatabase } from '../helpers/harness.js';

const COLS = ['id', 'label', 'amount', 'share', 'flag'] as const;
const HOSTILE: unknown[] = [
  null, '', '\\N', '\\', 'a\tb', 'line\nbreak', 'cr\rlf\r\n', 'back\\slash\\', '"double" \'single\'', 'comma, semi; pipe|',
  'ünïcødé 🚀 € 中文', ' leading and trailing ', '\\t literally', 'x'.repeat(5000),
];
const rows = HOSTILE.flatMap((label, i) => [
  { id: i + 1, label, amount: i % 3 === 0 ? null : (i - 7) * 1_000_000_007, share: i % 4 === 0 ? null : i / 7, flag: i % 3 === 0 ? null : i % 2 === 0 },
]);

let db: Knex;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-copy-'));

beforeAll(async () => {
  const url = await makeDatabase('postgres', dir);
  db = createDb({ dbClient: 'postgres', databaseUrl: url, sqliteFile: '', dbPoolMax: 2 });
  for (const t of ['via_copy', 'via_insert'])
    await db.raw(`create table ${t} (id integer primary key, label text, amount bigint, share double precision, flag boolean)`);
});

afterAll(async () => {
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('seed writer on PostgreSQL (COPY)', () => {
  it('writes hostile values exactly as a bound-parameter INSERT does', async () => {
    const w = new BulkWriter(db, { via_copy: COLS }, insertTarget(db));
    for (const r of rows) w.add('via_copy', r);
    await w.commit();
    await w.close();
    await db('via_insert').insert(rows);
    const copied = await db('via_copy').select(COLS).orderBy('id');
    expect(copied).toEqual(await db('via_insert').select(COLS).orderBy('id'));
    expect(copied.map((r) => r.label)).toEqual(HOSTILE);
    expect(copied.map((r) => r.flag)).toEqual(rows.map((r) => r.flag));
    expect(copied.map((r) => (r.amount === null ? null : Number(r.amount)))).toEqual(rows.map((r) => r.amount));
    expect(copied.map((r) => r.share)).toEqual(rows.map((r) => r.share));
  });

  it('rolls back what it copied when a later COPY fails', async () => {
    await db.raw('create table copy_parent (id integer primary key)');
    await db.raw('create table copy_child (parent_id integer not null references copy_parent (id))');
    const w = new BulkWriter(db, { copy_parent: ['id'], copy_child: ['parent_id'] }, insertTarget(db));
    w.add('copy_parent', { id: 1 });
    w.add('copy_child', { parent_id: 999 }); // no such parent
    await w.flush(); // the rows are gathered as COPY text and sent later; their failure comes with the commit
    await expect(w.commit()).rejects.toThrow(/foreign key/);
    await w.rollback();
    await w.close();
    expect(Number((await db('copy_parent').count({ n: '*' }))[0]!.n)).toBe(0);
  });

  it('gathers many flushes into few COPYs, parents still before their children', async () => {
    await db.raw('create table many_parent (id integer primary key, label text)');
    await db.raw('create table many_child (id integer primary key, parent_id integer not null references many_parent (id))');
    const w = new BulkWriter(db, { many_parent: ['id', 'label'], many_child: ['id', 'parent_id'] }, insertTarget(db));
    const n = 120_000; // several flushes' worth (a flush is 60,000 values)
    for (let i = 1; i <= n; i++) {
      w.add('many_parent', { id: i, label: `parent ${i}\twith a tab` });
      w.add('many_child', { id: i, parent_id: i });
      await w.maybeFlush();
    }
    await w.commit();
    await w.close();
    expect(Number((await db('many_child').count({ n: '*' }))[0]!.n)).toBe(n);
    expect((await db('many_parent').where({ id: n }).first()).label).toBe(`parent ${n}\twith a tab`);
    // eight flushes, one COPY per table (a COPY per table and flush cost ~2 ms each in fixed work)
    expect(w.copies).toEqual(['many_parent', 'many_child']);
  });

  it('sets foreign keys aside during a load and adds the same ones back, checking the rows then', async () => {
    await db.raw('create table fk_parent (id integer primary key)');
    await db.raw('create table fk_child (id integer primary key, parent_id integer references fk_parent (id) on delete cascade)');
    const before = await foreignKeys(db, ['fk_child']);
    expect(before).toHaveLength(1);
    expect(before[0]!.definition).toMatch(/REFERENCES fk_parent\(id\) ON DELETE CASCADE/);
    await withoutForeignKeys(db, ['fk_child'], async () => {
      expect(await foreignKeys(db, ['fk_child'])).toEqual([]);
      await db('fk_child').insert({ id: 1, parent_id: 7 }); // the parent comes later in the load
      await db('fk_parent').insert({ id: 7 });
    });
    expect(await foreignKeys(db, ['fk_child'])).toEqual(before);

    // a row the key does not allow: adding the key back fails, and says what is left to run
    await expect(withoutForeignKeys(db, ['fk_child'], () => db('fk_child').insert({ id: 2, parent_id: 999 }))).rejects.toThrow(
      /1 foreign keys could not be added back.*violates foreign key constraint[\s\S]*alter table fk_child add constraint/,
    );
    expect(await foreignKeys(db, ['fk_child'])).toEqual([]);
    await db('fk_child').where({ id: 2 }).delete();
    await db.raw(`alter table fk_child add constraint ${before[0]!.name} ${before[0]!.definition}`);

    // a failing load: the key is back before the failure is passed on
    await expect(withoutForeignKeys(db, ['fk_child'], () => Promise.reject(new Error('load broke')))).rejects.toThrow('load broke');
    expect(await foreignKeys(db, ['fk_child'])).toEqual(before);
  });
});
