/**
 * Typeahead search over entity names and domains (`GET /data/search`): SQL only.
 *
 * `search_terms` holds, per entity, the lower-cased whole name, the name from each later word on
 * ("sequoia capital china" -> "capital china", "china") and the whole domain. A query is one
 * range scan `term >= q and term < q || U+10FFFF` on the covering index (a prefix match, binary
 * collation on both engines: SQLite compares bytes, PostgreSQL uses collation "C"), or, for one or
 * two characters, a bounded walk of the lead indexes in ranking order (termHits). Matches rank:
 * exact name, exact domain, name prefix, domain prefix, a later word of the name ("substring"),
 * then, from the entity match index (src/db/matchKeys.ts), the same name once legal forms,
 * punctuation, case and diacritics are dropped ("normalized"), then a name one typo away ("fuzzy");
 * within a class by signal rating, then id. Only the first 1,000 ranked results are paged.
 */
import type { Knex } from 'knex';
import { insertRows, prepared, whereIdIn } from './knex.js';
import { keysetPage, type PageRequest } from './paging.js';
import { sortRegistry } from './listing.js';

export const SEARCH_DEPTH = 1000;
/** Rank of a term: the whole name, the whole domain, a later word of the name. */
const WHOLE_NAME = 0;
const WHOLE_DOMAIN = 1;
const INNER_WORD = 2;
const MAX_TERM = 300;
const MAX_INNER = 8;
export const TOP = String.fromCodePoint(0x10ffff);

export type SearchKind = 'company' | 'investor' | 'university' | 'gov_ngo' | 'person';

interface SourceRow {
  id: number;
  type: string;
  subtype: string | null;
  name: string;
  domain: string | null;
  signal_rating: number | null;
}

/** Lower-cased, trimmed, inner whitespace collapsed: how names, domains and queries compare. */
export function normalizeTerm(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The search_terms rows of one entity. */
export function termsOf(e: SourceRow): Record<string, unknown>[] {
  const kind = e.type === 'person' ? 'person' : (e.subtype ?? 'company');
  const signal = e.signal_rating ?? -1;
  const rows: Record<string, unknown>[] = [];
  const add = (term: string, rank: number) => {
    const t = term.slice(0, MAX_TERM);
    if (t && !rows.some((r) => r.term === t && r.rank === rank)) rows.push({ term: t, entity_id: e.id, kind, rank, signal });
  };
  const name = normalizeTerm(e.name);
  add(name, WHOLE_NAME);
  let inner = 0;
  for (const m of name.matchAll(/(?<=[^\p{L}\p{N}])[\p{L}\p{N}]/gu)) {
    if (++inner > MAX_INNER) break;
    add(name.slice(m.index), INNER_WORD);
  }
  if (e.domain) add(normalizeTerm(e.domain), WHOLE_DOMAIN);
  return rows;
}

/** A typeahead table and the rows it is derived from: `terms` gives a source row's term rows. */
export interface TermSource<R extends { id: number }> {
  table: string;
  source: string;
  columns: readonly string[];
  terms(row: R): Record<string, unknown>[];
}

export const SEARCH_TERM_SOURCE: TermSource<SourceRow> = {
  table: 'search_terms',
  source: 'entities',
  columns: ['id', 'type', 'subtype', 'name', 'domain', 'signal_rating'],
  terms: termsOf,
};

export const TERM_BATCH = 2000;

/** The rows of `table` in id order, `batch` at a time. */
async function eachIdBatch<R extends { id: number }>(
  db: Knex,
  table: string,
  columns: readonly string[],
  batch: number,
  each: (rows: R[]) => Promise<void>,
): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await db(table).where('id', '>', after).orderBy('id').limit(batch).select(columns)) as R[];
    if (rows.length === 0) return;
    await each(rows);
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** Re-fills a typeahead table from its source rows, in batches (for existing databases; the seed derives its own, seeds/terms.ts). */
export async function rebuildTerms<R extends { id: number }>(db: Knex, t: TermSource<R>, batch = TERM_BATCH): Promise<void> {
  await db(t.table).delete();
  await eachIdBatch<R>(db, t.source, t.columns, batch, async (rows) => {
    const terms = rows.flatMap((r) => t.terms(r));
    for (let i = 0; i < terms.length; i += 500) await db(t.table).insert(terms.slice(i, i + 500));
  });
}

/** Rebuilds search_terms from entities (the seed; migrate fills an empty table with it). */
export const rebuildSearchTerms = (db: Knex, batch = TERM_BATCH): Promise<void> => rebuildTerms(db, SEARCH_TERM_SOURCE, batch);

export interface SearchRow {
  entity_id: number;
  best: number;
}

/**
 * A page of the first SEARCH_DEPTH matches of `q` (already normalised), optionally of one kind.
 * `best` is 0 exact name, 1 exact domain, 2 name prefix, 3 domain prefix, 4 later word, 5 the same
 * name once normalised, 6 a name one typo away.
 */
export async function searchEntities(db: Knex, q: string, kind: SearchKind | null, page: PageRequest, forgiving: Forgiving | null = null) {
  const base = db.from(rankedQuery(db, q, kind, forgiving).as('x'));
  return keysetPage<SearchRow & Record<string, unknown>>(db, base, (b) => b.select('x.entity_id', 'x.best'), page);
}

/**
 * The first SEARCH_DEPTH matches, ranked: the term matches of `termHits`, and the equality probes of
 * the match index for the forgiving classes (`forgiving` of src/match/normalize.ts: the query's name
 * keys and their one-deletion variants). An entity found both ways keeps its best class.
 */
export function rankedQuery(db: Knex, q: string, kind: SearchKind | null, forgiving: Forgiving | null = null): Knex.QueryBuilder {
  const terms = termHits(db, q, kind);
  const hits = forgiving && forgiving.probes.length ? terms.unionAll(forgivingQuery(db, forgiving, kind)) : terms;
  return db
    .from(hits.as('h'))
    .groupBy('h.entity_id')
    .select('h.entity_id', db.raw('min(h.best) as best'), db.raw('max(h.signal) as signal'))
    .orderByRaw('min(h.best), max(h.signal) desc, h.entity_id')
    .limit(SEARCH_DEPTH);
}

/** Queries of at most this many characters are read class by class from the lead indexes (migration 031). */
export const LEAD_MAX = 2;

/** The search_terms rows matching `q` as (entity_id, best, signal): several rows of an entity may come back, the caller keeps the best. */
function termHits(db: Knex, q: string, kind: SearchKind | null): Knex.QueryBuilder {
  const ofKind = (b: Knex.QueryBuilder) => (kind ? b.andWhere('s.kind', kind) : b);
  const n = [...q].length;
  if (n > LEAD_MAX) {
    // one range scan of search_terms_term_key
    const cls = `case when s.rank < ${INNER_WORD} and s.term = ? then s.rank when s.rank < ${INNER_WORD} then s.rank + 2 else 4 end`;
    return db('search_terms as s')
      .where('s.term', '>=', q)
      .andWhere('s.term', '<', q + TOP)
      .modify(ofKind)
      .select('s.entity_id', db.raw(`${cls} as best`, [q]), 's.signal');
  }
  // A short prefix matches a large share of all terms, so rather than read them all, read each rank's
  // terms in ranking order (signal descending, id) and stop at SEARCH_DEPTH entities: an entity in
  // the overall first SEARCH_DEPTH whose best term has rank r is among the first SEARCH_DEPTH of r,
  // since every entity before it there ranks before it overall. Those rows say "prefix" (the exact
  // ones too); the exact rows come once more from the term index, and the lowest class wins.
  const exact = db('search_terms as s').where('s.term', q).andWhere('s.rank', '<', INNER_WORD).modify(ofKind).select('s.entity_id', 's.rank as best', 's.signal');
  const byRank = [WHOLE_NAME, WHOLE_DOMAIN, INNER_WORD].map((rank) =>
    db.select('*').from(
      db('search_terms as s')
        .whereRaw(`substr(s.term, 1, ${n}) = ?`, [q])
        .andWhere('s.rank', rank)
        .modify(ofKind)
        .select('s.entity_id', db.raw(`${rank === INNER_WORD ? 4 : rank + 2} as best`), 's.signal')
        .groupBy('s.signal', 's.entity_id') // one row per entity, streamed in index order (a DISTINCT sorted them all in SQLite)
        .orderBy([{ column: 's.signal', order: 'desc' }, { column: 's.entity_id' }])
        .limit(SEARCH_DEPTH)
        .as(`r${rank}`),
    ),
  );
  return exact.unionAll(byRank);
}

/** What a query can match forgivingly: its name keys (legal forms dropped or kept) and every key one deletion from them. */
export interface Forgiving {
  names: string[];
  probes: string[];
}

/** Class 5: the name equals the query once both are normalised (`zynga inc` for Zynga); class 6: one typo away. */
function forgivingQuery(db: Knex, f: Forgiving, kind: SearchKind | null): Knex.QueryBuilder {
  const names = f.names.map(() => '?').join(', ');
  return db('match_keys as m')
    .join('entities as e', 'e.id', 'm.entity_id')
    .whereIn('m.kind', ['n', 'f'])
    .whereIn('m.key', f.probes)
    .modify((b) => (kind === 'person' ? b.andWhere('e.type', 'person') : kind ? b.andWhere('e.subtype', kind) : b))
    .select('m.entity_id', db.raw(`case when m.kind = 'n' and m.key in (${names}) then 5 else 6 end as best`, f.names), db.raw('coalesce(e.signal_rating, -1) as signal'));
}

export type HitRow = Pick<SourceRow, 'id' | 'name' | 'domain' | 'signal_rating'> & {
  uuid: string;
  type: 'organization' | 'person';
  subtype: 'company' | 'university' | 'gov_ngo' | 'investor' | null;
  image: string | null;
  tagline: string | null;
};

/** The columns a search hit shows, for the entities of a page. */
export async function loadHits(db: Knex, ids: number[]): Promise<Map<number, HitRow>> {
  // a lookup by a list of keys, planned once per connection (PostgreSQL planned it 0.22 ms a call for 0.1 ms of work)
  const rows = (await prepared(
    whereIdIn(db, db('entities'), 'id', ids).select('id', 'uuid', 'type', 'subtype', 'name', 'image', 'domain', 'tagline', 'signal_rating'),
  )) as HitRow[];
  return new Map(rows.map((r) => [r.id, r]));
}

/** The fixed ranking (no `sort` parameter): match class, then signal, then id. */
export const SEARCH_SORTS = sortRegistry({ match: 'x.best', signal_rating: 'x.signal' }, 'match,-signal_rating', 'x.entity_id');

/** Rewrites the search_terms rows of the entities `ids` from their rows (deleted entities lose theirs). */
export async function refreshSearchTerms(trx: Knex, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    await trx('search_terms').whereIn('entity_id', part).delete();
    const rows = (await trx('entities').whereIn('id', part).select(SEARCH_TERM_SOURCE.columns)) as SourceRow[];
    // PostgreSQL: one COPY per batch in a transaction (insertRows), not INSERTs of 2,500 parameters each planned
    await insertRows(trx, 'search_terms', rows.flatMap((r) => termsOf(r)));
  }
}

/** Entities whose stored search terms differ from what their rows give (in id order, `batch` at a time: memory stays flat). */
export async function searchTermDifferences(db: Knex, batch = TERM_BATCH): Promise<number[]> {
  const key = (r: Record<string, unknown>) => `${r.entity_id}|${r.term}|${r.kind}|${r.rank}|${Number(r.signal)}`;
  const out: number[] = [];
  let after = 0;
  for (;;) {
    const rows = (await db('entities').where('id', '>', after).orderBy('id').limit(batch).select(SEARCH_TERM_SOURCE.columns)) as SourceRow[];
    if (rows.length === 0) break;
    const hi = Number(rows[rows.length - 1]!.id);
    const stored = new Map<number, string[]>();
    for (const r of (await db('search_terms').where('entity_id', '>', after).andWhere('entity_id', '<=', hi).select('*')) as Record<string, unknown>[]) {
      stored.set(Number(r.entity_id), [...(stored.get(Number(r.entity_id)) ?? []), key(r)]);
    }
    for (const e of rows) {
      const want = termsOf(e).map(key).sort().join('\n');
      if ((stored.get(Number(e.id)) ?? []).sort().join('\n') !== want) out.push(Number(e.id));
      stored.delete(Number(e.id));
    }
    out.push(...stored.keys());
    after = hi;
  }
  return out;
}
