/**
 * The writers' turns on SQLite (src/db/writerGate.ts) and which of knex's calls take one
 * (src/patches/knex.ts `gateWriters`): statements that write and transactions wait for a turn before
 * they take a pool connection; reads and the statements inside a transaction never do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { WriterGate } from '../../src/db/writerGate.js';
import { gateWriters } from '../../src/patches/knex.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('WriterGate', () => {
  it('admits `slots` writers at once and hands a freed turn to the longest waiting, once', async () => {
    const gate = new WriterGate(1, { waitMs: 1000, longWriterAlive: () => true }, 10);
    const order: string[] = [];
    const first = await gate.enter();
    const b = gate.enter().then((leave) => (order.push('b'), leave));
    const c = gate.enter().then((leave) => (order.push('c'), leave));
    await tick();
    expect(gate.load).toEqual({ writing: 1, waiting: 2 });
    first();
    first(); // freed twice: still one turn
    const leaveB = await b;
    await tick();
    expect(order).toEqual(['b']);
    expect(gate.load).toEqual({ writing: 1, waiting: 1 });
    leaveB();
    (await c)();
    expect(order).toEqual(['b', 'c']);
    expect(gate.load).toEqual({ writing: 0, waiting: 0 });
  });

  it('fails a waiting writer as a busy database once it may not wait on, and keeps the others waiting', async () => {
    let allowed = true;
    const gate = new WriterGate(1, { waitMs: 0, longWriterAlive: () => allowed }, 10);
    const held = await gate.enter();
    const quitting = gate.enter();
    await tick();
    allowed = false;
    await expect(quitting).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(gate.load).toEqual({ writing: 1, waiting: 0 });
    allowed = true;
    const next = gate.enter();
    held();
    (await next)();
    expect(gate.load).toEqual({ writing: 0, waiting: 0 });
  });

  it('keeps writers waiting while the queue moves, however long the whole wait; fails one only after `waitMs` with no turn handed on', async () => {
    // an import held the lock past `waitMs`, then let go: ten writers queued behind it take their
    // turns one after the other, each turn shorter than `waitMs`, the last long after its wait began
    let importing = true;
    const gate = new WriterGate(1, { waitMs: 60, longWriterAlive: () => importing }, 10);
    const held = await gate.enter();
    const waiting = Array.from({ length: 10 }, () => gate.enter());
    await new Promise((r) => setTimeout(r, 150));
    importing = false;
    held();
    for (const w of waiting) {
      const leave = await w;
      await new Promise((r) => setTimeout(r, 30));
      leave();
    }
    expect(gate.load).toEqual({ writing: 0, waiting: 0 });

    // a turn held past `waitMs` with nothing alive behind it: the waiting writer is told the database is busy
    const stuck = await gate.enter();
    await expect(gate.enter()).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    stuck();
  });
});

describe('gateWriters', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-gate-'));
  const db = knex({ client: 'better-sqlite3', connection: { filename: path.join(dir, 'g.sqlite') }, useNullAsDefault: true, pool: { min: 1, max: 4 } });
  let entered = 0;
  gateWriters(db, {
    enter: async () => {
      entered++;
      return () => {};
    },
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const turns = async (work: () => Promise<unknown>) => {
    const before = entered;
    await work();
    return entered - before;
  };

  it('gives a turn to each statement that writes and to each transaction, none to reads or to what runs in a transaction', async () => {
    expect(await turns(() => db.schema.createTable('t', (t) => (t.integer('id').primary(), t.text('v'))))).toBe(1);
    expect(await turns(() => db('t').insert({ id: 1, v: 'a' }))).toBe(1);
    expect(await turns(() => db('t').where('id', 1).update({ v: 'b' }))).toBe(1);
    expect(await turns(() => db.raw('insert into t (id, v) values (2, ?)', ['c']))).toBe(1);
    expect(await turns(() => db.raw('with n as (select 3 as id) insert into t (id, v) select id, ? from n', ['d']))).toBe(1);
    expect(await turns(() => db('t').where('id', 3).del())).toBe(1);
    expect(await turns(() => db('t').select())).toBe(0);
    expect(await turns(() => db('t').where('id', 1).first('v'))).toBe(0);
    expect(await turns(() => db.raw('select count(*) as n from t where v <> ?', ['update']))).toBe(0);
    expect(await turns(() => db.raw('with x as (select id from t) select * from x'))).toBe(0);
    expect(
      await turns(() =>
        db.transaction(async (trx) => {
          await trx('t').insert({ id: 4, v: 'e' });
          await trx('t').select();
          await trx.transaction((sp) => sp('t').insert({ id: 5, v: 'f' }));
        }),
      ),
    ).toBe(1);
    expect(((await db('t').orderBy('id').select('id')) as { id: number }[]).map((r) => r.id)).toEqual([1, 2, 4, 5]);
  });
});
