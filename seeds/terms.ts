/**
 * The typeahead tables of `/data/search` and `/data/news?q=` and the entity match index, derived from entity and news rows as
 * the seed adds them (the bulk writer's `derived`): the same rows as `rebuildTerms`
 * (src/db/search.ts), which existing databases use, in the order the sources are generated. Written
 * with the generated rows (on a SQLite file by the insert thread, while the next rows are made)
 * instead of read back after the load, which took 8 s of seeding `large`.
 */
import { MATCH_KEY_SOURCE } from '../src/db/matchKeys.js';
import { NEWS_TERM_SOURCE } from '../src/db/newsSearch.js';
import { SEARCH_TERM_SOURCE, type TermSource } from '../src/db/search.js';
import type { Derive, TableName } from './writer.js';

/** A generated row has the columns `t.terms` reads (missing ones read as null, as from the table). */
const derive =
  (...sources: TermSource<{ id: number }>[]): Derive =>
  (row) =>
    sources.map((t) => [t.table as TableName, t.terms(row as { id: number })] as const);

export const TERMS: Partial<Record<TableName, Derive>> = {
  entities: derive(SEARCH_TERM_SOURCE as TermSource<{ id: number }>, MATCH_KEY_SOURCE as TermSource<{ id: number }>),
  news: derive(NEWS_TERM_SOURCE as TermSource<{ id: number }>),
};
