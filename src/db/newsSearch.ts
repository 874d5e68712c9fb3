/**
 * Text search in news titles (`GET /data/news?q=`): `news_terms` holds each title lower-cased
 * whole and from each later word on; a query is one range scan of `news_terms_term_key` (as entity
 * search, src/db/search.ts). Matches rank: title starts with `q`, then a later word does; newest
 * first within each. Only the first 1,000 are paged. SQL only.
 */
import type { Knex } from 'knex';
import { sortRegistry, type CompiledFilter } from './listing.js';
import { keysetPage, type PageRequest } from './paging.js';
import { normalizeTerm, rebuildTerms, SEARCH_DEPTH, TERM_BATCH, TOP, type TermSource } from './search.js';
import { V2026_10_09 } from '../versions/table.js';

const MAX_TERM = 300;
const MAX_INNER = 12;

export function newsTermsOf(n: { id: number; title: string; published_at: string }): Record<string, unknown>[] {
  const title = normalizeTerm(n.title);
  const rows: Record<string, unknown>[] = [{ term: title.slice(0, MAX_TERM), news_id: n.id, rank: 0, published_at: n.published_at }];
  let inner = 0;
  for (const m of title.matchAll(/(?<=[^\p{L}\p{N}])[\p{L}\p{N}]/gu)) {
    if (++inner > MAX_INNER) break;
    rows.push({ term: title.slice(m.index, m.index + MAX_TERM), news_id: n.id, rank: 1, published_at: n.published_at });
  }
  return rows;
}

export const NEWS_TERM_SOURCE: TermSource<{ id: number; title: string; published_at: string }> = {
  table: 'news_terms',
  source: 'news',
  columns: ['id', 'title', 'published_at'],
  terms: newsTermsOf,
};

/** Rebuilds news_terms from news (the seed; migrate fills an empty table with it). */
export const rebuildNewsTerms = (db: Knex, batch = TERM_BATCH): Promise<void> => rebuildTerms(db, NEWS_TERM_SOURCE, batch);

/** A page of the first SEARCH_DEPTH articles matching `q` (normalised) and the filter (alias `n`). */
export async function searchNews(db: Knex, q: string, where: CompiledFilter | null, page: PageRequest) {
  const ranked = db('news_terms as s')
    .join('news as n', 'n.id', 's.news_id')
    .where('s.term', '>=', q)
    .andWhere('s.term', '<', q + TOP)
    .modify((b) => (where ? b.whereRaw(where.sql, where.bindings) : b))
    .groupBy('n.id')
    .select('n.id as news_id', db.raw('min(s.rank) as best'), db.raw('max(n.published_at) as published'))
    .orderByRaw('min(s.rank), max(n.published_at) desc, n.id')
    .limit(SEARCH_DEPTH);
  const base = db.from(ranked.as('x')).join('news as n', 'n.id', 'x.news_id');
  return keysetPage<Record<string, unknown>>(db, base, (b) => b.select('n.*'), page);
}

/** With `q`: articles whose title (or a later word of it) starts with `q`, ranked; the first 1,000 only. */
export const NEWS_RANKED_SORTS = sortRegistry({ match: 'x.best', published_at: 'x.published' }, 'match,-published_at', 'x.news_id', {
  publish_date: { replacement: 'published_at', since: V2026_10_09, sql: 'x.published' },
});
