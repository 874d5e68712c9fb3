/**
 * The typeahead tables of `/data/search` and `/data/news?q=`, derived from the rows written: the
 * same rows in the same order as `rebuildTerms` (src/db/search.ts), which existing databases use,
 * but streamed through a bulk writer (prepared multi-row INSERTs, on a SQLite file in the writer's
 * insert thread) instead of one query builder INSERT per 500 rows.
 */
import { sqliteFile } from '../src/db/knex.js';
import { NEWS_TERM_SOURCE } from '../src/db/newsSearch.js';
import { eachIdBatch, SEARCH_TERM_SOURCE, TERM_BATCH, type TermSource } from '../src/db/search.js';
import type { Ctx } from './context.js';
import { BulkWriter, type TableName } from './writer.js';

/** Both tables with the columns their `terms` fill. */
export const TERM_TABLES: Record<string, readonly string[]> = {
  search_terms: ['term', 'entity_id', 'kind', 'rank', 'signal'],
  news_terms: ['term', 'news_id', 'rank', 'published_at'],
};

const SOURCES: readonly TermSource<{ id: number }>[] = [SEARCH_TERM_SOURCE, NEWS_TERM_SOURCE];

export async function writeTerms(ctx: Ctx): Promise<void> {
  const w = new BulkWriter(ctx.w.db, ctx.isSqlite, TERM_TABLES, sqliteFile(ctx.w.db));
  try {
    for (const table of Object.keys(TERM_TABLES)) await (await w.conn())(table).delete();
    await w.commit(); // before reading through `reader`, which may be another connection
    for (const t of SOURCES) {
      await eachIdBatch(() => w.reader(), t.source, t.columns, TERM_BATCH, async (rows) => {
        for (const r of rows) w.addAll(t.table as TableName, t.terms(r));
        await w.maybeFlush();
      });
    }
    await w.commit();
  } catch (err) {
    await w.rollback();
    throw err;
  } finally {
    await w.close();
  }
}
