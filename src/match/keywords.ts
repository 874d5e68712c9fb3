/**
 * The text side of `semantic_keyword` (src/db/keywordIndex.ts holds the SQL): how entity text and
 * queries become terms, and the semantic model learned from our own corpus.
 *
 * Lexical: BM25 over field-weighted terms of name, tagline, about and taxonomy names.
 * Semantic: a concept space whose axes are the taxonomy items. From every entity that has taxonomy,
 * each term learns which items it goes with (positive pointwise mutual information, shrunk for rare
 * terms: `p(c|t) * ln(p(c|t) / p(c))`, its best MODEL_TOP items). An entity's concept vector is its own
 * taxonomy plus what its terms point to; a query's is what its words point to. Their cosine is the
 * semantic score, so "genomics" finds a biotech company whose text never says "genomics", and a company
 * without taxonomy is still placed by the words of its name and description.
 */

/** Weight of a term occurrence per field (a name word tells more than a word of the description). */
export const FIELD_WEIGHTS = { name: 3, tagline: 2, about: 1, taxonomy: 2 } as const;
/** Terms kept per entity (its heaviest): bounds the index at a few dozen rows an entity. */
export const MAX_DOC_TERMS = 40;
/** Concepts kept per entity, per query and per term. */
export const DOC_CONCEPTS = 8;
export const QUERY_CONCEPTS = 8;
export const MODEL_TOP = 5;
/** A term must occur in this many entities with taxonomy to be learned. */
export const MODEL_MIN_DOCS = 2;
const MAX_TERM = 64;

const STOP = new Set(
  'a an and are as at be by for from has have in inc into is it its ltd of on or our the their to we with that this which who llc gmbh co company companies builds build'.split(' '),
);

/** Lower-cased, diacritics dropped, split on anything not a letter or digit, stop words out, plural `s` off. */
export function tokens(text: string | null | undefined): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const raw of text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP.has(raw)) continue;
    out.push(stem(raw).slice(0, MAX_TERM));
  }
  return out;
}

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

export interface KeywordDoc {
  id: number;
  name: string;
  tagline: string | null;
  about: string | null;
  /** Taxonomy items: ids (the concepts) and names (indexed as text). */
  taxonomy: { id: number; name: string }[];
}

/** Field-weighted term frequencies of an entity, its MAX_DOC_TERMS heaviest terms, and its length. */
export function termFrequencies(d: KeywordDoc): { tf: Map<string, number>; dl: number } {
  const tf = new Map<string, number>();
  let dl = 0;
  const add = (text: string | null, w: number) => {
    for (const t of tokens(text)) tf.set(t, (tf.get(t) ?? 0) + w), (dl += w);
  };
  add(d.name, FIELD_WEIGHTS.name);
  add(d.tagline, FIELD_WEIGHTS.tagline);
  add(d.about, FIELD_WEIGHTS.about);
  for (const t of d.taxonomy) add(t.name, FIELD_WEIGHTS.taxonomy);
  if (tf.size <= MAX_DOC_TERMS) return { tf, dl };
  return { tf: new Map([...tf].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_DOC_TERMS)), dl };
}

/** term -> concept -> weight */
export type ConceptModel = Map<string, Map<number, number>>;

/** Accumulates term/concept co-occurrence over entities with taxonomy, then yields the model. */
export class ModelLearner {
  private docs = 0;
  private conceptDocs = new Map<number, number>();
  private termDocs = new Map<string, number>();
  private pairs = new Map<string, Map<number, number>>();

  add(terms: Iterable<string>, concepts: readonly number[]): void {
    if (!concepts.length) return;
    this.docs++;
    for (const c of concepts) this.conceptDocs.set(c, (this.conceptDocs.get(c) ?? 0) + 1);
    for (const t of terms) {
      this.termDocs.set(t, (this.termDocs.get(t) ?? 0) + 1);
      const m = this.pairs.get(t) ?? this.pairs.set(t, new Map()).get(t)!;
      for (const c of concepts) m.set(c, (m.get(c) ?? 0) + 1);
    }
  }

  model(): ConceptModel {
    const out: ConceptModel = new Map();
    for (const [t, m] of this.pairs) {
      const n = this.termDocs.get(t)!;
      if (n < MODEL_MIN_DOCS) continue;
      const scored: [number, number][] = [];
      for (const [c, k] of m) {
        const pct = k / (n + 2);
        const lift = pct / (this.conceptDocs.get(c)! / this.docs);
        if (lift > 1) scored.push([c, pct * Math.log(lift)]);
      }
      if (scored.length) out.set(t, new Map(scored.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, MODEL_TOP)));
    }
    return out;
  }
}

/** `ln(1 + (N - df + 0.5) / (df + 0.5))`: BM25's inverse document frequency. */
export const idf = (docs: number, df: number) => Math.log(1 + (docs - df + 0.5) / (df + 0.5));

/** The unit vector of the heaviest `keep` entries of `v`. */
function unit(v: Map<number, number>, keep: number): Map<number, number> {
  const top = [...v].filter(([, w]) => w > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, keep);
  const norm = Math.sqrt(top.reduce((s, [, w]) => s + w * w, 0));
  return new Map(norm ? top.map(([c, w]) => [c, w / norm]) : []);
}

/** What weighted terms point to in the concept space. */
function expand(terms: Iterable<[string, number]>, model: ConceptModel): Map<number, number> {
  const v = new Map<number, number>();
  for (const [t, w] of terms) for (const [c, x] of model.get(t) ?? []) v.set(c, (v.get(c) ?? 0) + w * x);
  return v;
}

/** An entity's concept vector: its own taxonomy, plus half the unit vector its terms point to. */
export function docConcepts(tf: Map<string, number>, concepts: readonly number[], model: ConceptModel): Map<number, number> {
  const v = unit(expand(tf, model), DOC_CONCEPTS);
  if (concepts.length) {
    for (const [c, w] of v) v.set(c, w / 2);
    for (const c of concepts) v.set(c, (v.get(c) ?? 0) + 1);
  }
  return unit(v, DOC_CONCEPTS);
}

/** A query's concept vector: its words weighted by their idf. */
export function queryConcepts(weighted: Iterable<[string, number]>, model: ConceptModel): Map<number, number> {
  return unit(expand(weighted, model), QUERY_CONCEPTS);
}
