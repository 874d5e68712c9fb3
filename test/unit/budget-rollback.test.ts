/**
 * A budgeted PostgreSQL query on a connection of its own (src/db/budget.ts): its transaction always
 * ends, a ROLLBACK cancelled by the local statement_timeout is sent again, and a connection whose
 * transaction could not be ended is marked for the pool to drop instead of being reused. The race
 * itself (a ROLLBACK cancelled on a busy backend) needs a loaded machine, so the connection is a fake
 * that fails the way PostgreSQL did under load.
 */
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { budgeted } from '../../src/db/budget.js';

const cancelled = () => Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });

/** A pooled pg connection that records its statements; `failures[sql]` = errors to throw, in turn. */
function fakeDb(failures: Record<string, Error[]>) {
  const sent: string[] = [];
  const conn: { __knex__disposed?: unknown; query(sql: string): Promise<{ rows: unknown[] }> } = {
    async query(sql: string) {
      sent.push(sql.startsWith('set local') ? 'set local' : sql);
      const err = failures[sql.startsWith('set local') ? 'set local' : sql]?.shift();
      if (err) throw err;
      return { rows: sql === 'select 1' ? [{ one: 1 }] : [] };
    },
  };
  let released = 0;
  const db = {
    client: {
      config: { client: 'pg', connection: { statement_timeout: 5000 } },
      acquireConnection: async () => conn,
      releaseConnection: async () => {
        released++;
      },
    },
  } as unknown as Knex;
  const query = { toSQL: () => ({ toNative: () => ({ sql: 'select 1', bindings: [] }) }) } as unknown as Knex.Raw;
  return { db, query, conn, sent, released: () => released };
}

describe('budgeted on PostgreSQL with a budget of its own', () => {
  it('rolls the read back and returns the connection clean', async () => {
    const f = fakeDb({});
    expect(await budgeted(f.db, f.query, 1)).toEqual([{ one: 1 }]);
    expect(f.sent).toEqual(['begin', 'set local', 'select 1', 'rollback']);
    expect(f.conn.__knex__disposed).toBeUndefined();
    expect(f.released()).toBe(1);
  });

  it('sends a ROLLBACK cancelled by the timeout again, after a query the timeout cancelled', async () => {
    const f = fakeDb({ 'select 1': [cancelled()], rollback: [cancelled(), cancelled()] });
    await expect(budgeted(f.db, f.query, 1)).rejects.toMatchObject({ code: '57014' });
    expect(f.sent).toEqual(['begin', 'set local', 'select 1', 'rollback', 'rollback', 'rollback']);
    expect(f.conn.__knex__disposed).toBeUndefined();
    expect(f.released()).toBe(1);
  });

  it('marks the connection for the pool to drop when its transaction cannot be ended', async () => {
    const f = fakeDb({ rollback: Array.from({ length: 10 }, cancelled) });
    await expect(budgeted(f.db, f.query, 1)).resolves.toEqual([{ one: 1 }]);
    expect(f.sent.filter((s) => s === 'rollback').length).toBe(5);
    expect(f.conn.__knex__disposed).toBeTruthy();
    expect(f.released()).toBe(1);
  });

  it('does not retry a ROLLBACK that failed for another reason, and drops the connection', async () => {
    const f = fakeDb({ rollback: [Object.assign(new Error('terminating connection'), { code: '57P01' })] });
    await budgeted(f.db, f.query, 1);
    expect(f.sent.filter((s) => s === 'rollback').length).toBe(1);
    expect(f.conn.__knex__disposed).toBeTruthy();
  });
});
