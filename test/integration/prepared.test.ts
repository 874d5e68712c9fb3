/** Prepared statements (PostgreSQL) and id lists (both engines): src/db/knex.ts. */
import { expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createDb, idList, isSqlite, prepared, whereIdIn } from '../../src/db/knex.js';
import { lookupRow } from '../../src/db/lookup.js';
import { FOUNDER_SORTS } from '../../src/db/people.js';
import { firstPageStatement, keysetPage, pageStatement, type PageRequest } from '../../src/db/paging.js';
import { listTransactionDocuments, selectRoundKeys, TRANSACTION_SORTS, transactionsBase } from '../../src/db/transactions.js';
import { withDocuments } from '../../src/db/documents.js';
import { filterEnums } from '../../src/db/refCache.js';
import { Money } from '../../src/money/fx.js';
import { compileFilterCached } from '../../src/query/compile.js';
import { parseFilter, printFilter } from '../../src/query/filter.js';
import { SCOPES } from '../../src/query/registry.js';
import { pageRequest } from '../../src/query/page.js';
import { resolveSort } from '../../src/query/sort.js';
import { forEachDatabase } from '../helpers/harness.js';

forEachDatabase('prepared statements and id lists', (h) => {
  it('selects exactly the listed ids, for none, one and many', async () => {
    const db = h().db;
    const all = ((await db('entities').orderBy('id').limit(300).select('id')) as { id: number }[]).map((r) => Number(r.id));
    expect(all.length).toBeGreaterThan(100);
    for (const ids of [[], [all[0]!], all.slice(0, 7), all, [all[3]!, all[3]!, -1]]) {
      const rows = (await whereIdIn(db, db('entities'), 'id', ids).orderBy('id').select('id')) as { id: number }[];
      expect(rows.map((r) => Number(r.id))).toEqual([...new Set(ids)].filter((id) => id > 0).sort((a, b) => a - b));
      const l = idList(db, ids);
      // the statement text does not depend on the number of ids on PostgreSQL
      if (!isSqlite(db)) expect(l.sql).toBe(idList(db, [1, 2, 3]).sql);
    }
    expect(() => idList(db, [1.5])).toThrow(/not an integer/);
  });

  it('sends PostgreSQL at least 16 ids, padded with 0, so that a statement keeps its generic plan', () => {
    const db = h().db;
    if (isSqlite(db)) return expect(idList(db, [5, 7]).bindings).toEqual([5, 7]);
    expect(idList(db, [5, 7]).bindings).toEqual([`{5,7${',0'.repeat(14)}}`]);
    const many = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(idList(db, many).bindings).toEqual([`{${many.join(',')}}`]);
  });

  it('plans a page without filter or parent once, its limit in the text; a filtered page stays unnamed', async () => {
    if (isSqlite(h().db)) return;
    // a pool whose statement_timeout is the page budget, as the server's (budget.ts then runs the page on the caller's connection)
    const db = createDb(h().server.cfg);
    try {
      await db.transaction(async (trx) => {
        const named = async () =>
          ((await trx.raw(`select statement from pg_prepared_statements where name like 'fd\\_%'`)).rows as { statement: string }[]).map((r) => r.statement);
        const before = await named();
        const req = (filter: string): PageRequest => pageRequest({
          sort: resolveSort(undefined, FOUNDER_SORTS, 'e', '2026-10-09'), limit: 7, cursor: null, includeTotal: false, filter, parent: null,
          version: '2026-10-09', secret: 'x', budgetMs: h().server.cfg.queryBudgetMs,
        });
        const people = () => trx('entities as e').where('e.type', 'person');
        const first = await keysetPage(trx, people(), (q) => q.select('e.id'), req(''));
        await keysetPage(trx, people().andWhere('e.id', '>', 1), (q) => q.select('e.id'), req('id[gt]:1'));
        const added = (await named()).filter((x) => !before.includes(x));
        expect(added).toHaveLength(1);
        expect(added[0]).toMatch(/limit 8$/);
        expect(first.rows).toHaveLength(7);
      });
    } finally {
      await db.destroy();
    }
  });

  it('runs a marked query as a named statement on PostgreSQL, once per text', async () => {
    const db = h().db;
    if (isSqlite(db)) return expect(prepared(db('entities').where('id', 1).first('id'))).resolves.toBeDefined();
    await db.transaction(async (trx) => {
      const before = Number((await trx.raw(`select count(*) as n from pg_prepared_statements where name like 'fd\\_%'`)).rows[0].n);
      for (const id of [1, 2, 3]) await prepared(trx('entities').where('id', id).first('id'));
      await trx('entities').where('id', 4).first('id'); // not marked: not prepared
      const names = (await trx.raw(`select name, statement from pg_prepared_statements where name like 'fd\\_%'`)).rows as { name: string; statement: string }[];
      expect(names.length).toBe(before + 1);
      expect(names.some((n) => /from "entities" where "id" = \$1/.test(n.statement))).toBe(true);
    });
  });

  it('survives a column added to a table behind a prepared select * (a migration during a deploy)', async () => {
    const db = h().db;
    if (isSqlite(db)) return;
    const table = `prep_${Date.now()}`;
    await db.schema.createTable(table, (t) => {
      t.integer('id').primary();
      t.string('name');
    });
    try {
      await db(table).insert({ id: 1, name: 'a' });
      const read = () => prepared(db(table).where('id', 1).select('*'));
      // every pooled connection gets the statement
      await Promise.all(Array.from({ length: 6 }, read));
      await db.schema.alterTable(table, (t) => t.string('extra').defaultTo('x'));
      const rows = await Promise.all(Array.from({ length: 6 }, read));
      for (const r of rows) expect(r).toEqual([{ id: 1, name: 'a', extra: 'x' }]);
    } finally {
      await db.schema.dropTable(table);
    }
  });

  it('prepares nothing when DB_PREPARED_STATEMENTS is off', async () => {
    if (isSqlite(h().db)) return;
    const db = createDb({ ...h().server.cfg, dbPreparedStatements: false });
    try {
      await db.transaction(async (trx) => {
        await prepared(trx('entities').where('id', 1).first('id'));
        expect(Number((await trx.raw('select count(*) as n from pg_prepared_statements')).rows[0].n)).toBe(0);
      });
    } finally {
      await db.destroy();
    }
  });

  it('reads one row by key on a pooled connection as knex would, in a transaction and with prepared statements off too', async () => {
    const db = h().db;
    const sql = 'select id, uuid, name from entities where id = ? and type = ?';
    const row = (await db('entities').where('type', 'person').orderBy('id').first('id', 'uuid', 'name')) as { id: number; uuid: string; name: string };
    const want = [row.id, row.uuid, row.name].map(String);
    const read = async (on: Knex, id: number) => (await lookupRow(on, sql, [id, 'person']))?.map(String);
    expect(await read(db, Number(row.id))).toEqual(want);
    expect(await read(db, -1)).toBeUndefined();
    await db.transaction(async (trx) => expect(await read(trx, Number(row.id))).toEqual(want));
    if (isSqlite(db)) return;
    // the driver's named statement is the one knex's marked query of the same text uses (one connection: one session)
    const one = createDb({ ...h().server.cfg, dbPoolMax: 1 });
    try {
      await lookupRow(one, sql, [Number(row.id), 'person']);
      await prepared(one.raw(sql, [Number(row.id), 'person']));
      const statements = (await one.raw(`select name from pg_prepared_statements where statement = 'select id, uuid, name from entities where id = $1 and type = $2'`)).rows as { name: string }[];
      expect(statements).toHaveLength(1);
    } finally {
      await one.destroy();
    }
    const off = createDb({ ...h().server.cfg, dbPreparedStatements: false });
    try {
      expect(await read(off, Number(row.id))).toEqual(want);
    } finally {
      await off.destroy();
    }
  });

  it('keeps a first page statement by shape: the text and bindings knex builds, the same rows, for each filter, size and sort', async () => {
    const db = h().db;
    const enums = await filterEnums(db);
    const where = (f: string) => {
      const ast = parseFilter(f);
      return compileFilterCached(ast, printFilter(ast), SCOPES.funding!, { alias: 't', money: new Money('USD', 1), enums });
    };
    for (const [filter, sort, limit] of [['', '-date', 5], ['year[gte]:2000', '-date', 5], ['year[gte]:2000', '-date', 3], ['amount[gt]:1', '-amount', 4]] as const) {
      const req = pageRequest({
        sort: resolveSort(sort, TRANSACTION_SORTS, 't', '2026-10-09'), limit, cursor: null, includeTotal: false, filter: filter === '' ? '' : printFilter(parseFilter(filter)), parent: null,
        version: '2026-10-09', secret: 'x', budgetMs: h().server.cfg.queryBudgetMs,
      });
      const w = filter === '' ? null : where(filter);
      const shape = { name: 'test rounds', where: w };
      const build = () => pageStatement(db, transactionsBase(db, w, false), selectRoundKeys, req, withDocuments(db, 'transaction'));
      const built = build().toSQL();
      firstPageStatement(db, shape, req, build);
      const kept = firstPageStatement(db, shape, req, () => {
        throw new Error('built again');
      });
      expect(kept.toSQL().sql).toBe(built.sql);
      expect(kept.toSQL().bindings).toEqual(built.bindings);
      const fresh = await keysetPage(db, transactionsBase(db, w, false), selectRoundKeys, req, withDocuments(db, 'transaction'));
      for (let i = 0; i < 2; i++) expect(await listTransactionDocuments(db, w, req, false, {})).toEqual(fresh);
      expect(fresh.rows.length).toBe(limit);
    }
  });
});
