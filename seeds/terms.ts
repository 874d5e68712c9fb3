/**
 * The typeahead tables of `/data/search` and `/data/news?q=`, derived from the rows written: the
 * same rows in the same order as `rebuildSearchTerms` and `rebuildNewsTerms` (src/db/), which
 * existing databases use, but streamed through a bulk writer (prepared multi-row INSERTs in one
 * transaction) instead of one query builder INSERT per 500 rows.
 */
import { newsTermsOf } from '../src/db/newsSearch.js';
import { termsOf } from '../src/db/search.js';
import type { Ctx } from './context.js';
import { BulkWriter } from './writer.js';

/** Both tables with the columns `termsOf` and `newsTermsOf` fill. */
export const TERM_TABLES: Record<string, readonly string[]> = {
  search_terms: ['term', 'entity_id', 'kind', 'rank', 'signal'],
  news_terms: ['term', 'news_id', 'rank', 'published_at'],
};

const BATCH = 2000;

export async function writeTerms(ctx: Ctx): Promise<void> {
  const w = new BulkWriter(ctx.w.db, ctx.isSqlite, TERM_TABLES);
  try {
    for (const table of Object.keys(TERM_TABLES)) await (await w.conn())(table).delete();
    await eachBatch(w, 'entities', ['id', 'type', 'subtype', 'name', 'domain', 'signal_rating'], async (rows) => {
      for (const r of rows) w.addAll('search_terms', termsOf(r as unknown as Parameters<typeof termsOf>[0]));
      await w.maybeFlush();
    });
    await eachBatch(w, 'news', ['id', 'title', 'published_at'], async (rows) => {
      for (const r of rows) w.addAll('news_terms', newsTermsOf(r as unknown as Parameters<typeof newsTermsOf>[0]));
      await w.maybeFlush();
    });
    await w.commit();
  } catch (err) {
    await w.rollback();
    throw err;
  }
}

/** The rows of `table` in id order, BATCH at a time, read in the writer's running transaction. */
async function eachBatch(w: BulkWriter, table: string, cols: string[], each: (rows: Record<string, unknown>[]) => Promise<void>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await (await w.conn())(table).where('id', '>', after).orderBy('id').limit(BATCH).select(cols)) as Record<string, unknown>[];
    if (rows.length === 0) return;
    await each(rows);
    after = Number(rows[rows.length - 1]!.id);
  }
}
