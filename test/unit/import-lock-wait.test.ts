/**
 * SQLite's wait for a lock an import holds (src/patches/knex.ts `waitForLocks`, src/db/knex.ts):
 * a statement waits as long as the importing process keeps showing it is alive, however long its
 * transaction runs, gives up once it has been quiet for the stall limit, and once the import lets go
 * still has the short wait for a writer that took the lock first. A file of its own: the
 * patch is applied once per knex client prototype, with the settings of its first caller.
 */
import knex from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForLocks } from '../../src/patches/knex.js';

const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
const proto = Object.getPrototypeOf(db.client) as { _query(conn: unknown, obj: unknown): Promise<unknown> };
/** What the importer's marker says: ms since its last sign of life, null with no live import. */
let quiet: () => number | null = () => null;
waitForLocks(db, { waitMs: 200, stallMs: 300, quietMs: () => quiet() });

/** A connection whose statements find the database locked for `lockedMs`. */
function lockedFor(lockedMs: number) {
  const until = Date.now() + lockedMs;
  const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
  return {
    prepare: () => {
      if (Date.now() < until) throw busy;
      return { reader: true, all: () => [{ one: 1 }] };
    },
  };
}
const query = (conn: unknown) => proto._query.call(db.client, conn, { sql: 'select 1', bindings: [] }) as Promise<{ response: unknown }>;

afterAll(async () => {
  await db.destroy();
});

describe('waiting for an import that holds the SQLite write lock', () => {
  it('waits past the stall limit while the importer keeps showing it is alive', async () => {
    quiet = () => 0;
    const started = Date.now();
    expect((await query(lockedFor(800))).response).toEqual([{ one: 1 }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it('gives up once the importer has been quiet for the stall limit', async () => {
    const lastBeat = Date.now() - 200;
    quiet = () => Date.now() - lastBeat;
    const started = Date.now();
    await expect(query(lockedFor(5000))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up after the short wait when no import holds the lock', async () => {
    quiet = () => null;
    const started = Date.now();
    await expect(query(lockedFor(5000))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(Date.now() - started).toBeLessThan(600);
  });

  it('has the short wait afresh once the import lets go, for a writer that took the lock first', async () => {
    // the import shows it is alive for 400 ms and is gone; another writer holds the lock 100 ms more
    const ends = Date.now() + 400;
    quiet = () => (Date.now() < ends ? 0 : null);
    expect((await query(lockedFor(500))).response).toEqual([{ one: 1 }]);
  });
});
