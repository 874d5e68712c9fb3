/**
 * The `semantic_keyword` index and ranking (src/match/keywords.ts holds the text side): SQL only.
 *
 * Tables (migration 023): `keyword_terms` (BM25 postings: field-weighted tf and document length per
 * entity and term), `keyword_model` (the learned term -> taxonomy-item weights; the rows of term ''
 * hold the corpus figures BM25 reads: concept 0 the number of entities, 1 their average length) and
 * `keyword_concepts` (each entity's unit concept vector).
 *
 * `rebuildKeywordIndex` learns the model from the whole corpus and writes every row (the seed and
 * `migrate` run it); `refreshKeywordIndex` re-derives the rows of changed entities with the model as
 * it stands (`refreshMatchIndex` calls it, so imports keep both indexes current). The model and the
 * corpus figures move only on a rebuild: a few changed entities barely shift them.
 *
 * Ranking: `score = (1 - SEMANTIC_WEIGHT) * bm25 / best bm25 + SEMANTIC_WEIGHT * cosine`, over the
 * entities matching a word or sharing a concept with the query, after the list's filter; the first
 * KEYWORD_DEPTH only.
 */
import type { Knex } from 'knex';
import { docConcepts, idf, ModelLearner, queryConcepts, termFrequencies, tokens, type ConceptModel, type KeywordDoc } from '../match/keywords.js';
import { whereIdIn } from './knex.js';
import { keysetPage, type PageRequest } from './paging.js';
import { sortRegistry, type CompiledFilter } from './listing.js';

export const KEYWORD_DEPTH = 1000;
/** Share of the semantic component in the score (make eval measures 0 against this). */
export const SEMANTIC_WEIGHT = 0.5;
const K1 = 1.2;
const B = 0.75;
const BATCH = 2000;
const STATS = '';

type Db = Knex | Knex.Transaction;

async function docsOf(db: Db, scope: (q: Knex.QueryBuilder, col: string) => Knex.QueryBuilder): Promise<KeywordDoc[]> {
  const rows = (await scope(db('entities'), 'id').select('id', 'name', 'tagline', 'about').orderBy('id')) as Omit<KeywordDoc, 'taxonomy'>[];
  const tax = (await scope(db('entity_taxonomy as et').join('taxonomy as t', 't.id', 'et.taxonomy_id'), 'et.entity_id').select(
    'et.entity_id',
    't.id',
    't.name',
  )) as { entity_id: number; id: number; name: string }[];
  const by = new Map<number, { id: number; name: string }[]>();
  for (const t of tax) (by.get(Number(t.entity_id)) ?? by.set(Number(t.entity_id), []).get(Number(t.entity_id))!).push({ id: Number(t.id), name: t.name });
  return rows.map((r) => ({ ...r, id: Number(r.id), taxonomy: (by.get(Number(r.id)) ?? []).sort((a, b) => a.id - b.id) }));
}

const termRows = (id: number, tf: Map<string, number>, dl: number) => [...tf].map(([term, f]) => ({ term, entity_id: id, tf: f, dl }));
const conceptRows = (id: number, v: Map<number, number>) => [...v].map(([concept_id, weight]) => ({ concept_id, entity_id: id, weight }));

async function insertAll(db: Db, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 500) await db(table).insert(rows.slice(i, i + 500));
}

/** Entity id ranges of BATCH ids, over the whole table. */
async function* idRanges(db: Db): AsyncGenerator<[number, number]> {
  const [r] = (await db('entities').max({ m: 'id' })) as { m: number | null }[];
  const max = Number(r?.m ?? 0);
  for (let lo = 1; lo <= max; lo += BATCH) yield [lo, lo + BATCH - 1];
}

/** Learns the model from every entity and rewrites the whole index. */
export async function rebuildKeywordIndex(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    for (const t of ['keyword_terms', 'keyword_model', 'keyword_concepts']) await trx(t).delete();
    const learner = new ModelLearner();
    let docs = 0;
    let length = 0;
    for await (const [lo, hi] of idRanges(trx)) {
      const batch = await docsOf(trx, (q, col) => q.whereBetween(col, [lo, hi]));
      const rows: Record<string, unknown>[] = [];
      for (const d of batch) {
        const { tf, dl } = termFrequencies(d);
        learner.add(tf.keys(), d.taxonomy.map((t) => t.id));
        rows.push(...termRows(d.id, tf, dl));
        docs++;
        length += dl;
      }
      await insertAll(trx, 'keyword_terms', rows);
    }
    const model = learner.model();
    const modelRows = [...model].flatMap(([term, m]) => [...m].map(([concept_id, weight]) => ({ term, concept_id, weight })));
    modelRows.push({ term: STATS, concept_id: 0, weight: docs }, { term: STATS, concept_id: 1, weight: docs ? length / docs : 1 });
    await insertAll(trx, 'keyword_model', modelRows);
    for await (const [lo, hi] of idRanges(trx)) {
      const batch = await docsOf(trx, (q, col) => q.whereBetween(col, [lo, hi]));
      await insertAll(trx, 'keyword_concepts', batch.flatMap((d) => conceptRows(d.id, docConcepts(termFrequencies(d).tf, d.taxonomy.map((t) => t.id), model))));
    }
  });
}

/** The model rows of some terms (and the corpus figures). */
async function modelOf(db: Db, terms: readonly string[]): Promise<{ model: ConceptModel; docs: number; avgdl: number }> {
  const model: ConceptModel = new Map();
  let docs = 0;
  let avgdl = 1;
  const all = [STATS, ...new Set(terms)];
  for (let i = 0; i < all.length; i += 500) {
    const rows = (await db('keyword_model').whereIn('term', all.slice(i, i + 500)).select('term', 'concept_id', 'weight')) as { term: string; concept_id: number; weight: number }[];
    for (const r of rows) {
      if (r.term === STATS) Number(r.concept_id) === 0 ? (docs = Number(r.weight)) : (avgdl = Number(r.weight) || 1);
      else (model.get(r.term) ?? model.set(r.term, new Map()).get(r.term)!).set(Number(r.concept_id), Number(r.weight));
    }
  }
  return { model, docs, avgdl };
}

/**
 * Re-derives the index rows of entities that were added, changed or deleted (none when deleted),
 * with the model as it stands. Run it in the transaction that changed them.
 */
export async function refreshKeywordIndex(db: Db, changedEntityIds: readonly number[]): Promise<void> {
  for (let i = 0; i < changedEntityIds.length; i += 500) {
    const ids = changedEntityIds.slice(i, i + 500);
    await whereIdIn(db as Knex, db('keyword_terms'), 'entity_id', ids).delete();
    await whereIdIn(db as Knex, db('keyword_concepts'), 'entity_id', ids).delete();
    const docs = (await docsOf(db, (q, col) => whereIdIn(db as Knex, q, col, ids))).map((d) => ({ d, ...termFrequencies(d) }));
    const { model } = await modelOf(db, docs.flatMap((x) => [...x.tf.keys()]));
    await insertAll(db, 'keyword_terms', docs.flatMap((x) => termRows(x.d.id, x.tf, x.dl)));
    await insertAll(db, 'keyword_concepts', docs.flatMap((x) => conceptRows(x.d.id, docConcepts(x.tf, x.d.taxonomy.map((t) => t.id), model))));
  }
}

/** The words of a `semantic_keyword` as the index holds them (none: nothing to rank by). */
export const keywordTerms = (words: string): string[] => [...new Set(tokens(words))];

export interface KeywordQuery {
  /** From keywordTerms: at least one. */
  terms: string[];
  /** Only organizations of this subtype (null: every entity). */
  subtype: string | null;
  /** Share of the semantic component (SEMANTIC_WEIGHT; 0 ranks by BM25 alone). */
  semantic?: number;
}

/** A finite number written into SQL (only numbers computed here, never request input). */
const num = (x: number) => (Number.isFinite(x) ? String(x) : '0');

/**
 * The first KEYWORD_DEPTH entities for the words after the filter (alias `e`), best first: columns
 * `id`, `score` (0..1), `signal`. Null when the words are unknown to the index and point nowhere.
 */
export async function keywordRanked(db: Knex, q: KeywordQuery, where: CompiledFilter | null): Promise<{ query: Knex.QueryBuilder } | null> {
  const semantic = q.semantic ?? SEMANTIC_WEIGHT;
  const { model, docs, avgdl } = await modelOf(db, q.terms);
  const dfs = (await db('keyword_terms').whereIn('term', q.terms).groupBy('term').select('term', db.raw('count(*) as n'))) as { term: string; n: number | string }[];
  const weights = new Map(dfs.map((r) => [r.term, idf(Math.max(docs, Number(r.n)), Number(r.n))]));
  const concepts = semantic > 0 ? queryConcepts(q.terms.map((t) => [t, weights.get(t) ?? idf(docs, 0)]), model) : new Map<number, number>();
  if (!weights.size && !concepts.size) return null;
  const parts: string[] = [];
  const bindings: string[] = [];
  if (weights.size) {
    const terms = [...weights.keys()];
    const idfCase = `case k.term ${terms.map((t) => `when ? then ${num(weights.get(t)!)}`).join(' ')} else 0 end`;
    parts.push(
      `select k.entity_id, ${idfCase} * k.tf * ${num(K1 + 1)} / (k.tf + ${num(K1)} * (${num(1 - B)} + ${num(B / avgdl)} * k.dl)) as lex, 0 as sem
       from keyword_terms k where k.term in (${terms.map(() => '?').join(', ')})`,
    );
    bindings.push(...terms, ...terms);
  }
  if (concepts.size) {
    const ids = [...concepts.keys()];
    parts.push(
      `select c.entity_id, 0 as lex, (case c.concept_id ${ids.map((id) => `when ${num(id)} then ${num(concepts.get(id)!)}`).join(' ')} else 0 end) * c.weight as sem
       from keyword_concepts c where c.concept_id in (${ids.map(num).join(', ')})`,
    );
  }
  const grouped = db.raw(`(select u.entity_id, sum(u.lex) as lex, sum(u.sem) as sem from (${parts.join(' union all ')}) u group by u.entity_id) as g`, bindings);
  const scored = db
    .from(grouped)
    .join('entities as e', 'e.id', 'g.entity_id')
    .modify((b) => (q.subtype ? b.where('e.subtype', q.subtype) : b))
    .modify((b) => (where ? b.whereRaw(where.sql, where.bindings) : b))
    .select(
      'e.id',
      db.raw(`${num(1 - semantic)} * coalesce(g.lex / nullif(max(g.lex) over (), 0), 0) + ${num(semantic)} * g.sem as score`),
      db.raw('coalesce(e.signal_rating, -1) as signal'),
    );
  // wrapped: a query builder is a thenable, so an async function returning it would run it
  return { query: db.from(scored.as('r')).select('r.*').orderBy([{ column: 'r.score', order: 'desc' }, { column: 'r.signal', order: 'desc' }, { column: 'r.id' }]).limit(KEYWORD_DEPTH) };
}

/** A page of the ranked entities (`x.id`, `x.score`); empty when the words match nothing. */
export async function keywordPage(db: Knex, q: KeywordQuery, where: CompiledFilter | null, page: PageRequest) {
  const ranked = (await keywordRanked(db, q, where))?.query ?? db('entities as e').whereRaw('1 = 0').select('e.id', db.raw('0.0 as score'), db.raw('0.0 as signal'));
  const base = db.from(ranked.as('x'));
  return keysetPage<{ id: number; score: number }>(db, base, (b) => b.select('x.*'), page);
}

/** With `semantic_keyword`: best score first, then signal rating; the first 1,000 only. */
export const KEYWORD_SORTS = sortRegistry({ score: 'x.score', signal_rating: 'x.signal' }, '-score,-signal_rating', 'x.id');
