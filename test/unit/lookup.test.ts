/** One row by key on a pooled connection (src/db/lookup.ts): SQLite's busy read falls back to knex, which waits for the lock. */
import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { lookupRow } from '../../src/db/lookup.js';

describe('lookupRow on SQLite', () => {
  it('reads the row as its values, and reads through knex when the driver finds the database busy', async () => {
    const db = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
    try {
      await db.raw('create table t (id integer primary key, name text)');
      await db('t').insert([{ id: 1, name: 'one' }]);
      expect(await lookupRow(db, 'select id, name from t where id = ?', [1])).toEqual([1, 'one']);
      expect(await lookupRow(db, 'select id, name from t where id = ?', [2])).toBeUndefined();
      // the pooled connection's statement fails as a locked database would; knex's own path answers
      const conn = (await db.client.acquireConnection()) as { prepare(sql: string): unknown };
      const prepare = conn.prepare;
      conn.prepare = (sql: string) => {
        if (sql.endsWith(' -- raw')) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
        return prepare.call(conn, sql);
      };
      await db.client.releaseConnection(conn);
      expect(await lookupRow(db, 'select id, name from t where id = ?', [1])).toEqual([1, 'one']);
      const other = Object.assign(new Error('no such table: u'), { code: 'SQLITE_ERROR' });
      conn.prepare = () => {
        throw other;
      };
      await expect(lookupRow(db, 'select id from u where id = ?', [1])).rejects.toBe(other);
    } finally {
      await db.destroy();
    }
  });
});
