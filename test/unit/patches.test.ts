/**
 * The library patches of src/patches/: each is written against one release of its library, checks
 * that release at startup, and these tests fail when the library behaviour a patch stands on (or
 * replaces) changes. The openapi-backend router patch is compared with openapi-backend's own router
 * over every path of the document in router.test.ts.
 */
import Database from 'better-sqlite3';
import knex from 'knex';
import { OpenAPIBackend } from 'openapi-backend';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/app.js';
import { BETTER_SQLITE3_VERSION, cacheStatements, checkBetterSqlite3Version } from '../../src/patches/better-sqlite3.mjs';
import { discardConnection, KNEX_VERSION, valuesInserts, waitForLocks } from '../../src/patches/knex.js';
import { OPENAPI_BACKEND_VERSION } from '../../src/patches/openapi-backend.js';
import { installedVersion, requireVersion } from '../../src/patches/version.js';

describe('startup version checks', () => {
  it('pass for the installed releases the patches are written against', () => {
    expect(installedVersion('openapi-backend')).toBe(OPENAPI_BACKEND_VERSION);
    expect(installedVersion('knex').startsWith(KNEX_VERSION)).toBe(true);
    expect(installedVersion('better-sqlite3').startsWith(BETTER_SQLITE3_VERSION)).toBe(true);
    expect(() => checkBetterSqlite3Version()).not.toThrow();
  });

  it('refuse another version, naming the patch', () => {
    expect(() => requireVersion('openapi-backend', '5.20.0', 'src/patches/openapi-backend.ts')).toThrow(/openapi-backend\.ts is written against openapi-backend 5\.20\.0, found 5\.20\.1/);
    expect(() => requireVersion('knex', '2.', 'src/patches/knex.ts')).toThrow(/knex 2\.x, found 3\./);
  });
});

describe('openapi-backend', () => {
  it('needs quick: true to take the document (its definition check rejects OpenAPI 3.1), and then takes it', async () => {
    const strict = new OpenAPIBackend({ definition: loadDocument(new Date()), strict: true, validate: false });
    await expect(strict.init()).rejects.toThrow(/Document is not valid OpenAPI/);
    const quick = new OpenAPIBackend({ definition: loadDocument(new Date()), strict: true, validate: false, quick: true });
    await quick.init();
    expect(quick.getOperations().length).toBeGreaterThan(50);
  });
});

describe('better-sqlite3', () => {
  it('prepares a new statement on every call (what the cache saves)', () => {
    const db = new Database(':memory:');
    expect(db.prepare('select 1')).not.toBe(db.prepare('select 1'));
    db.close();
  });

  it('serves a known SQL text from the cache; a cached statement sees a schema change', () => {
    const db = cacheStatements(new Database(':memory:'), 2);
    db.exec('create table t (a integer)');
    db.exec('insert into t values (1)');
    const s = db.prepare('select * from t');
    expect(db.prepare('select * from t')).toBe(s);
    db.exec('alter table t add column b integer default 7');
    expect(db.prepare('select * from t').all()).toEqual([{ a: 1, b: 7 }]);
    // least recently used first out
    db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select * from t')).not.toBe(s);
    db.close();
  });
});

describe('knex', () => {
  it("passes a query's options to pg's query config (the statement name the pg patch adds)", async () => {
    const db = knex({ client: 'pg' });
    const proto = Object.getPrototypeOf(db.client) as { _query(conn: unknown, obj: unknown): Promise<unknown> };
    let config: unknown;
    const conn = { query: (c: unknown, cb: (err: null, res: unknown) => void) => ((config = c), cb(null, { rows: [] })) };
    await proto._query.call(db.client, conn, { sql: 'select $1', bindings: [1], options: { name: 'fd_x' } });
    expect(config).toEqual({ text: 'select $1', values: [1], name: 'fd_x' });
    await db.destroy();
  });

  it('runs a SQLite statement again while the database is locked, within the wait', async () => {
    const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    const proto = Object.getPrototypeOf(db.client) as { _query(conn: unknown, obj: unknown): Promise<unknown> };
    waitForLocks(db, { waitMs: 1000, stallMs: 0, quietMs: () => null });
    let calls = 0;
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const conn = {
      prepare: () => {
        if (++calls < 3) throw busy;
        return { reader: true, all: () => [{ one: 1 }] };
      },
    };
    const obj = (await proto._query.call(db.client, conn, { sql: 'select 1', bindings: [] })) as { response: unknown };
    expect(calls).toBe(3);
    expect(obj.response).toEqual([{ one: 1 }]);
    await db.destroy();
  });

  it('writes a multi-row SQLite INSERT as VALUES, with on conflict and returning, and the same rows as before', async () => {
    const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    await db.schema.createTable('t', (t) => {
      t.integer('id').primary();
      t.text('name');
    });
    const rows = [{ id: 1, name: 'a' }, { id: 2, name: undefined }];
    expect(db('t').insert(rows).toSQL().sql).toMatch(/union all select/); // knex's own form, before the patch
    valuesInserts(db);
    expect(db('t').insert(rows).toSQL().sql).toBe('insert into `t` (`id`, `name`) values (?, ?), (?, ?)');
    expect(db('t').insert(rows).onConflict('id').merge(['name']).returning('id').toSQL().sql)
      .toBe('insert into `t` (`id`, `name`) values (?, ?), (?, ?) on conflict (`id`) do update set `name` = excluded.`name` returning `id`');
    expect(await db('t').insert(rows).returning('id')).toEqual([{ id: 1 }, { id: 2 }]);
    await db('t').insert([{ id: 2, name: 'b' }, { id: 3, name: 'c' }]).onConflict('id').ignore();
    await db('t').insert([{ id: 1, name: 'z' }, { id: 3, name: 'y' }]).onConflict('id').merge(['name']);
    expect(await db('t').orderBy('id').select()).toEqual([{ id: 1, name: 'z' }, { id: 2, name: null }, { id: 3, name: 'y' }]);
    expect(db('t').insert({ id: 4, name: 'd' }).toSQL().sql).toBe('insert into `t` (`id`, `name`) values (?, ?)');
    await db.destroy();
  });

  it("drops a connection marked by discardConnection on the pool's next acquire", async () => {
    const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true, pool: { min: 0, max: 1 }, log: { warn: () => {} } });
    const first = (await db.client.acquireConnection()) as object;
    await db.client.releaseConnection(first);
    const again = (await db.client.acquireConnection()) as object;
    expect(again).toBe(first);
    discardConnection(again, 'test');
    await db.client.releaseConnection(again);
    const fresh = (await db.client.acquireConnection()) as object;
    expect(fresh).not.toBe(first);
    await db.client.releaseConnection(fresh);
    await db.destroy();
  });
});
