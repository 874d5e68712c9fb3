/**
 * The `semantic_keyword` evaluation (`make eval`): on a loaded corpus, every fifth company with
 * taxonomy is held out: its taxonomy is removed from the database (kept as its labels) and the
 * keyword index is rebuilt, so the model learns from the others and the held-out companies are
 * indexed by name, tagline and about alone. Each taxonomy item with at least MIN_RELEVANT held-out
 * companies is a query (its name as the words); its relevant set is the held-out companies labelled
 * with it. The ranking runs over the held-out companies (a filter, as a list's `filter` would), and
 * nDCG@10 (binary relevance) is averaged over the queries, for BM25 alone (semantic weight 0) and
 * for the final ranking (SEMANTIC_WEIGHT), with a few other weights beside.
 */
import type { Knex } from 'knex';
import { keywordRanked, keywordTerms, rebuildKeywordIndex, SEMANTIC_WEIGHT } from '../../src/db/keywordIndex.js';

const MIN_RELEVANT = 5;
const WEIGHTS = [0, 0.25, SEMANTIC_WEIGHT, 0.75, 1];

/** nDCG@k of a ranking against a relevant set (binary gains). */
export function ndcg(ranked: readonly number[], relevant: ReadonlySet<number>, k = 10): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => (dcg += relevant.has(id) ? 1 / Math.log2(i + 2) : 0));
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal ? dcg / ideal : 0;
}

const round = (x: number) => Math.round(x * 10000) / 10000;

export async function keywordEvaluation(db: Knex) {
  const rows = (await db('entity_taxonomy as et')
    .join('entities as e', 'e.id', 'et.entity_id')
    .join('taxonomy as t', 't.id', 'et.taxonomy_id')
    .where('e.subtype', 'company')
    .select('et.entity_id', 't.id', 't.name')
    .orderBy(['et.entity_id', 't.id'])) as { entity_id: number; id: number; name: string }[];
  const companies = [...new Set(rows.map((r) => Number(r.entity_id)))];
  const heldOut = new Set(companies.filter((_, i) => i % 5 === 4));
  const names = new Map<number, string>();
  const relevant = new Map<number, Set<number>>();
  for (const r of rows) {
    names.set(Number(r.id), r.name);
    if (heldOut.has(Number(r.entity_id))) (relevant.get(Number(r.id)) ?? relevant.set(Number(r.id), new Set()).get(Number(r.id))!).add(Number(r.entity_id));
  }
  const ids = [...heldOut];
  for (let i = 0; i < ids.length; i += 500) await db('entity_taxonomy').whereIn('entity_id', ids.slice(i, i + 500)).delete();
  const t0 = performance.now();
  await rebuildKeywordIndex(db);
  const indexSeconds = round((performance.now() - t0) / 1000);
  await db.schema.createTable('eval_held_out', (t) => t.integer('id').primary());
  for (let i = 0; i < ids.length; i += 500) await db('eval_held_out').insert(ids.slice(i, i + 500).map((id) => ({ id })));
  const within = { sql: 'e.id in (select id from eval_held_out)', bindings: [] };
  const queries = [...relevant].filter(([, s]) => s.size >= MIN_RELEVANT).map(([id, s]) => ({ words: names.get(id)!.replace(/_/g, ' '), relevant: s }));
  const byWeight: Record<string, number> = {};
  const perQuery: { words: string; relevant: number; lexical: number; final: number }[] = queries.map((q) => ({ words: q.words, relevant: q.relevant.size, lexical: 0, final: 0 }));
  const ms: number[] = [];
  for (const w of WEIGHTS) {
    let sum = 0;
    for (const [i, q] of queries.entries()) {
      const t = performance.now();
      const ranked = await keywordRanked(db, { terms: keywordTerms(q.words), subtype: 'company', semantic: w }, within);
      const top = ranked ? ((await ranked.query.clone().limit(10)) as { id: number }[]).map((r) => Number(r.id)) : [];
      if (w === SEMANTIC_WEIGHT) ms.push(performance.now() - t);
      const score = ndcg(top, q.relevant);
      sum += score;
      if (w === 0) perQuery[i]!.lexical = round(score);
      if (w === SEMANTIC_WEIGHT) perQuery[i]!.final = round(score);
    }
    byWeight[String(w)] = queries.length ? round(sum / queries.length) : 0;
  }
  ms.sort((a, b) => a - b);
  return {
    held_out_companies: heldOut.size,
    queries: queries.length,
    index_seconds: indexSeconds,
    ndcg10_lexical: byWeight['0']!,
    ndcg10_final: byWeight[String(SEMANTIC_WEIGHT)]!,
    semantic_weight: SEMANTIC_WEIGHT,
    ndcg10_by_semantic_weight: byWeight,
    query_ms_median: ms.length ? round(ms[Math.floor(ms.length / 2)]!) : null,
    per_query: perQuery,
  };
}
