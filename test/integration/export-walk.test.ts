/**
 * An export's walk (src/db/walk.ts): the batches of an export read one statement of the list from
 * its start to its end instead of a keyset page statement each (on SQLite a filter served by its own
 * index made every page read and sort all the matching rows after the cursor). The pages a walk
 * serves are the keyset pages, rows and cursors alike; a statement it does not hold runs as a page;
 * a client gone stops it.
 */
import { expect, it } from 'vitest';
import type { Knex } from 'knex';
import { keysetPage } from '../../src/db/paging.js';
import { selectRounds, TRANSACTION_SORTS, transactionsBase } from '../../src/db/transactions.js';
import { openWalk, type Walk } from '../../src/db/walk.js';
import { dialectOf } from '../../src/db/dialect.js';
import { loadDocumentLines, walkLines, type DocumentLines } from '../../src/db/documentLines.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { parseFilter } from '../../src/query/filter.js';
import { pageRequest } from '../../src/query/page.js';
import type { PageStart } from '../../src/db/paging.js';
import { decodeCursor } from '../../src/query/cursor.js';
import { SCOPES } from '../../src/query/registry.js';
import { resolveSort } from '../../src/query/sort.js';
import { forEachDatabase } from '../helpers/harness.js';

const VERSION = '2026-10-09';
const SECRET = 'walk-test';
const LIMIT = 7;
const APP_URL = 'https://app.example.com';

/** A walk that counts the pages it served (a non-null take). */
function counted(walk: Walk): Walk & { served: number } {
  const out = {
    served: 0,
    take: async (...args: Parameters<Walk['take']>) => {
      const rows = await walk.take(...args);
      if (rows) out.served++;
      return rows;
    },
    upcoming: (count: number) => walk.upcoming(count),
    close: () => walk.close(),
  };
  return out;
}

forEachDatabase('export walk', (h) => {
  const pages = async (db: Knex, filter: string, sort: string, walk?: Walk, onPage?: (ids: number[]) => Promise<void>) => {
    const where = compileFilter(parseFilter(filter), SCOPES.funding!, { alias: 't', money: new Money('USD', 1) });
    const resolved = resolveSort(sort, TRANSACTION_SORTS, 't', VERSION);
    const out: { ids: number[]; next: string | null }[] = [];
    let cursor: PageStart | null = null;
    for (;;) {
      const req = pageRequest({ sort: resolved, limit: LIMIT, cursor, includeTotal: false, filter, parent: null, version: VERSION, secret: SECRET, budgetMs: 10_000, walk });
      const { rows, page } = await keysetPage<{ id: number }>(db, transactionsBase(db, where), selectRounds, req);
      out.push({ ids: rows.map((r) => Number(r.id)), next: page.next_cursor });
      await onPage?.(out.at(-1)!.ids);
      if (!page.next_cursor) return out;
      cursor = decodeCursor(page.next_cursor, SECRET, { sort: resolved.canonical, filter, parent: null });
    }
  };

  it('serves every page of a filtered, sorted list with the rows and cursors of its keyset pages', async () => {
    const db = h().db;
    for (const [filter, sort] of [
      ['year[gte]:2012', '-amount'],
      ['amount[gt]:1000000', '-date'],
    ] as const) {
      const expected = await pages(db, filter, sort);
      expect(expected.length, filter).toBeGreaterThan(2);
      const opened = openWalk(db);
      expect(opened).not.toBeNull();
      const walk = counted(opened!);
      try {
        expect(await pages(db, filter, sort, walk)).toEqual(expected);
        expect(walk.served).toBe(expected.length);
      } finally {
        await walk.close();
      }
    }
  });

  it('a statement the walk does not hold runs as a page; a client gone stops the walk', async () => {
    const db = h().db;
    const walk = counted(openWalk(db)!);
    try {
      const [first] = await pages(db, 'year[gte]:2012', '-amount', walk);
      // the walk holds the first statement: another filter's pages run as pages, rows unchanged
      expect(await pages(db, 'amount[gt]:1000000', '-date', walk)).toEqual(await pages(db, 'amount[gt]:1000000', '-date'));
      expect(first!.ids.length).toBe(LIMIT);
    } finally {
      await walk.close();
    }
    const gone = openWalk(db)!;
    const abort = new AbortController();
    abort.abort();
    const statement = { sql: 'select 1 as x', bindings: [] };
    await expect(gone.take(statement, LIMIT, true, 10_000, abort.signal)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // a failed walk stays failed: no batch after it reads on
    await expect(gone.take(statement, LIMIT, false, 10_000)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await gone.close();
  });

  it("reads each batch's lines as they are read alone; on PostgreSQL the next batch's while this one is written", async () => {
    const db = h().db;
    const pg = !dialectOf(db).inProcess;
    const walk = counted(openWalk(db)!);
    const asked: number[] = [];
    const upcoming = walk.upcoming;
    walk.upcoming = (count) => {
      asked.push(count);
      return upcoming(count);
    };
    const bytes = (lines: DocumentLines | null) => (lines ? Buffer.from(lines.bytes).toString('utf8') : null);
    const sizes: number[] = [];
    try {
      await pages(db, 'year[gte]:2012', '-amount', walk, async (ids) => {
        sizes.push(ids.length);
        for (const form of ['ndjson', 'csv'] as const) {
          // each call's batch is not the one the call before read ahead (another form, the next batch): read as it comes
          expect(bytes(await walkLines(db, walk, 'transaction', ids, form, APP_URL))).toBe(bytes(await loadDocumentLines(db, 'transaction', ids, form, APP_URL)));
        }
      });
    } finally {
      await walk.close();
    }
    expect(sizes.length).toBeGreaterThan(2);
    // after each batch, the next one's rows (as many as this one's); SQLite's worker runs one statement at a time: nothing is read ahead there
    expect(asked).toEqual(pg ? sizes.flatMap((n) => [n, n]) : []);
    // the walk's rows ahead are the next batch's: a batch read ahead is that batch's own lines
    const ahead = counted(openWalk(db)!);
    try {
      const first = await pages(db, 'year[gte]:2012', '-amount', ahead, async (ids) => {
        expect(bytes(await walkLines(db, ahead, 'transaction', ids, 'ndjson', APP_URL))).toBe(bytes(await loadDocumentLines(db, 'transaction', ids, 'ndjson', APP_URL)));
      });
      expect(first.length).toBe(sizes.length);
    } finally {
      await ahead.close();
    }
    expect(await ahead.upcoming(LIMIT)).toEqual([]);
  });

  it('opens at most as many walks at once as the database allows; a closed one frees its place', async () => {
    const db = h().db;
    const walks: Walk[] = [];
    for (;;) {
      const w = openWalk(db);
      if (!w) break;
      walks.push(w);
      expect(walks.length).toBeLessThanOrEqual(8);
    }
    expect(walks.length).toBeGreaterThan(0);
    await walks.pop()!.close();
    const again = openWalk(db);
    expect(again).not.toBeNull();
    await again!.close();
    for (const w of walks) await w.close();
  });
});
