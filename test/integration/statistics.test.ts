/**
 * Statistics targets of the sort-key indexes (src/db/statistics.ts) survive a bulk load's index
 * rebuild (bulkIndexes.ts), and on SQLite the rebuild's sorter threads are the connection's own again after.
 */
import { expect, it } from 'vitest';
import { secondaryIndexes, withoutSecondaryIndexes } from '../../src/db/bulkIndexes.js';
import { isSqlite } from '../../src/db/knex.js';
import { STATISTICS_TARGETS } from '../../src/db/statistics.js';
import { forEachDatabase } from '../helpers/harness.js';

forEachDatabase('sort-key statistics', (h) => {
  const targets = async () => {
    const out: Record<string, number | null> = {};
    for (const [index] of STATISTICS_TARGETS) {
      const r = await h().db.raw(`select attstattarget as t from pg_attribute where attrelid = ?::regclass and attnum = 1`, [index]);
      out[index] = r.rows[0]?.t ?? null;
    }
    return out;
  };
  const expected = Object.fromEntries(STATISTICS_TARGETS);

  it('keeps the indexes and their statistics targets through a bulk load', async () => {
    const db = h().db;
    const before = await secondaryIndexes(db, ['transactions']);
    expect(before.map((ix) => ix.name)).toEqual(expect.arrayContaining(STATISTICS_TARGETS.map(([index]) => index)));
    if (!isSqlite(db)) expect(await targets()).toEqual(expected);
    const threads = async () => Number(((await db.raw('pragma threads')) as { threads: number }[])[0]!.threads);
    const threadsBefore = isSqlite(db) ? await threads() : null;
    let during: string[] = [];
    await withoutSecondaryIndexes(db, ['transactions'], async () => {
      during = (await secondaryIndexes(db, ['transactions'])).map((ix) => ix.name);
    });
    expect(during).toEqual([]);
    expect(await secondaryIndexes(db, ['transactions'])).toEqual(before);
    if (!isSqlite(db)) expect(await targets()).toEqual(expected);
    else expect(await threads()).toBe(threadsBefore);
  });
});
