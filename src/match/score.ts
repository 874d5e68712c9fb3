/**
 * Entity matching: which of our entities a partner's record is. Reads the match index
 * (src/db/matchKeys.ts) for every key a query yields, then scores each entity found against the
 * whole query. Evidence of independent inputs combines as `1 - Π(1 - e)`; an input that disagrees
 * multiplies the score down. The weights and the confidence rule are documented in openapi.yaml
 * (`matchEntity`) and docs/decisions.md.
 */
import type { Knex } from 'knex';
import { ApiError } from '../errors.js';
import { countryNames, KEY_FANOUT, loadMatchFacts, lookupKeys, type MatchFacts, type MatchKind } from '../db/matchKeys.js';
import { editDistance, fullNameKey, nameKey, nameKeys, nameProbes, placeKey, registrableDomain, socialHandle } from './normalize.js';

export type MatchField = 'domain' | 'website' | 'name' | 'linkedin' | 'twitter' | 'crunchbase' | 'country' | 'city';
export type MatchType = 'company' | 'investor' | 'university' | 'gov_ngo' | 'person';

export interface MatchQuery {
  domain?: string;
  website?: string;
  name?: string;
  country?: string;
  city?: string;
  linkedin?: string;
  twitter?: string;
  crunchbase?: string;
  type?: MatchType;
}

export const MATCH_THRESHOLD = 0.8;
export const MATCH_MARGIN = 0.1;

const WEIGHT = { domain: 0.95, crunchbase: 0.95, linkedin: 0.9, twitter: 0.85, name: 0.75, uniqueName: 0.85, country: 0.3, city: 0.25 };
const PENALTY = { domain: 0.6, handle: 0.7, country: 0.5, city: 0.85 };
/** A name this similar (1 - edits / length) or more counts as the same name with a typo. */
const MIN_SIMILARITY = 0.75;

export interface Normalized {
  domains: string[];
  name: string | null;
  linkedin: string | null;
  twitter: string | null;
  crunchbase: string | null;
}

/**
 * A query as compared: its normalised inputs, the name keys it probes (without and with legal
 * forms), the registrable domains of `domain` and `website` apart, and its place folded.
 */
export interface Probe extends Normalized {
  names: string[];
  domain: string | null;
  website: string | null;
  country: string | null;
  city: string | null;
}

export interface Scored {
  id: number;
  score: number;
  matched_on: MatchField[];
  signal: number;
}

export interface MatchAnswer {
  normalized: Normalized;
  candidates: Scored[];
  /** The top candidate when it is confidently the one. */
  match: Scored | null;
}

const HANDLES = ['linkedin', 'twitter', 'crunchbase'] as const;
const KIND_OF: Record<(typeof HANDLES)[number], MatchKind> = { linkedin: 'l', twitter: 't', crunchbase: 'c' };

/** A query's inputs as compared (`country` folded; matchQueries reads a code as its country's name); 400 when it has nothing to match on or an input cannot be read. */
export function normalizeQuery(q: MatchQuery, path: string): Probe {
  const problems: { path: string; message: string }[] = [];
  const sites = { domain: null as string | null, website: null as string | null };
  for (const f of ['domain', 'website'] as const) {
    const v = q[f];
    if (v === undefined) continue;
    sites[f] = registrableDomain(v);
    if (!sites[f]) problems.push({ path: `${path}.${f}`, message: `has no registrable domain (a host name such as stripe.com, or a URL)` });
  }
  const domains = [sites.domain, sites.website].filter((d): d is string => d !== null);
  const handles = Object.fromEntries(
    HANDLES.map((f) => {
      const v = q[f];
      if (v === undefined) return [f, null];
      const h = socialHandle(f, v);
      if (!h) problems.push({ path: `${path}.${f}`, message: `is neither a ${f} profile URL nor a handle` });
      return [f, h];
    }),
  ) as Record<(typeof HANDLES)[number], string | null>;
  const name = q.name === undefined ? null : nameKey(q.name) || null;
  const fullName = q.name === undefined ? null : fullNameKey(q.name) || null;
  if (q.name !== undefined && !name) problems.push({ path: `${path}.name`, message: 'has no letters or digits' });
  if (problems.length) throw new ApiError('VALIDATION_ERROR', `${problems[0]!.path} ${problems[0]!.message}`, problems);
  const norm = { domains: [...new Set(domains)], name, ...handles };
  if (!norm.domains.length && !norm.name && !norm.linkedin && !norm.twitter && !norm.crunchbase) {
    throw new ApiError('VALIDATION_ERROR', 'Give at least one of domain, website, name, linkedin, twitter or crunchbase', [
      { path, message: 'nothing to match on' },
    ]);
  }
  const names = name ? [name, ...(fullName && fullName !== name ? [fullName] : [])] : [];
  return { ...norm, names, ...sites, country: q.country === undefined ? null : placeKey(q.country), city: q.city === undefined ? null : placeKey(q.city) };
}


/** The keys a query probes, per kind. */
function probesOf(norms: readonly Probe[]): Map<MatchKind, Set<string>> {
  const wanted = new Map<MatchKind, Set<string>>();
  const add = (k: MatchKind, v: string | null) => {
    if (v) (wanted.get(k) ?? wanted.set(k, new Set()).get(k)!).add(v);
  };
  for (const n of norms) {
    for (const d of n.domains) add('d', d);
    for (const h of HANDLES) add(KIND_OF[h], n[h]);
    // a letter dropped: the query is a deletion of the name; a letter too many, changed or swapped: a deletion of the query is the name or one of its deletions
    for (const v of nameProbes(n.names)) {
      add('n', v);
      add('f', v);
    }
  }
  return wanted;
}

/** Country names and codes, folded, to the folded country name. */
async function countryReader(db: Knex): Promise<(s: string) => string> {
  const rows = await countryNames(db);
  const byKey = new Map<string, string>();
  for (const r of rows) {
    byKey.set(placeKey(r.name), placeKey(r.name));
    if (r.code) byKey.set(r.code.toLowerCase(), placeKey(r.name));
  }
  return (s) => byKey.get(placeKey(s)) ?? placeKey(s);
}

const typeOf = (f: MatchFacts): MatchType => (f.type === 'person' ? 'person' : ((f.subtype ?? 'company') as MatchType));

/** A candidate as compared, normalised once per batch: its name keys, registrable domains, handles and headquarters. */
interface Candidate {
  f: MatchFacts;
  names: string[];
  domains: Set<string>;
  handles: Record<(typeof HANDLES)[number], string | null>;
  country: string | null;
  city: string | null;
}

function candidateOf(f: MatchFacts): Candidate {
  const domains = new Set<string>();
  for (const v of [f.domain, f.link_website]) {
    const d = v ? registrableDomain(v) : null;
    if (d) domains.add(d);
  }
  const links = { linkedin: f.link_linkedin, twitter: f.link_twitter, crunchbase: f.link_crunchbase };
  const handles = Object.fromEntries(HANDLES.map((h) => [h, links[h] ? socialHandle(h, links[h]!) : null])) as Candidate['handles'];
  return { f, names: nameKeys(f.name), domains, handles, country: f.country_name ? placeKey(f.country_name) : null, city: f.city_name ? placeKey(f.city_name) : null };
}

/** How alike two name keys are: 1 when equal, 1 - edits / length up to two edits, else 0. */
function keySimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const d = editDistance(a, b, 2);
  return d > 2 ? 0 : 1 - d / Math.max([...a].length, [...b].length);
}

/** The best similarity of a query's name keys with an entity's. */
const nameSimilarity = (n: Probe, names: readonly string[]): number => Math.max(...n.names.flatMap((q) => names.map((k) => keySimilarity(q, k))));

/**
 * `alone`: no other candidate bears the name (exactly, when this one does; within a typo, when this
 * one is a typo away), which makes the name worth more.
 */
function scoreOne(n: Probe, c: Candidate, sim: number, alone: boolean): Scored {
  const on: MatchField[] = [];
  const evidence: number[] = [];
  let factor = 1;
  if (n.domains.length) {
    if (n.domains.some((d) => c.domains.has(d))) {
      evidence.push(WEIGHT.domain);
      if (n.domain && c.domains.has(n.domain)) on.push('domain');
      if (n.website && c.domains.has(n.website)) on.push('website');
    } else if (c.domains.size) factor *= PENALTY.domain;
  }
  for (const h of HANDLES) {
    if (!n[h]) continue;
    if (c.handles[h] === n[h]) {
      evidence.push(WEIGHT[h]);
      on.push(h);
    } else if (c.handles[h]) factor *= PENALTY.handle;
  }
  if (n.name) {
    if (sim === 1) {
      evidence.push(alone ? WEIGHT.uniqueName : WEIGHT.name);
      on.push('name');
    } else if (sim >= MIN_SIMILARITY) {
      evidence.push(WEIGHT.name * (alone ? sim : sim ** 2));
      on.push('name');
    }
  }
  if (n.country && c.country) {
    if (n.country === c.country) {
      evidence.push(WEIGHT.country);
      on.push('country');
    } else factor *= PENALTY.country;
  }
  if (n.city && c.city) {
    if (n.city === c.city) {
      evidence.push(WEIGHT.city);
      on.push('city');
    } else factor *= PENALTY.city;
  }
  // the place alone never makes a candidate: it only weighs with an identifier or the name
  const score = on.some((m) => m !== 'country' && m !== 'city') ? (1 - evidence.reduce((p, e) => p * (1 - e), 1)) * factor : 0;
  return { id: c.f.id, score: Math.round(score * 1000) / 1000, matched_on: on, signal: c.f.signal_rating ?? -1 };
}

/**
 * The answers to a batch of queries (one lookup of the index for all of them, one read of the
 * candidates' facts), each with its `limit` best candidates.
 */
/** `pathOf`: where query `i` is in the request, as validation errors name it (`query`, `body.queries.3`). */
export async function matchQueries(db: Knex, queries: readonly MatchQuery[], limit: number, pathOf: (i: number) => string): Promise<MatchAnswer[]> {
  const norms = queries.map((q, i) => normalizeQuery(q, pathOf(i)));
  const hits = await lookupKeys(db, probesOf(norms));
  const byKey = new Map<string, number[]>();
  for (const h of hits) (byKey.get(h.kind + h.key) ?? byKey.set(h.kind + h.key, []).get(h.kind + h.key)!).push(h.entity_id);
  const found = (k: MatchKind, key: string | null): number[] => {
    const ids = key ? (byKey.get(k + key) ?? []) : [];
    return ids.length > KEY_FANOUT ? [] : ids;
  };
  const idsPer = norms.map((n) => {
    const ids = new Set<number>();
    for (const d of n.domains) for (const id of found('d', d)) ids.add(id);
    for (const h of HANDLES) for (const id of found(KIND_OF[h], n[h])) ids.add(id);
    for (const v of nameProbes(n.names)) for (const k of ['n', 'f'] as const) for (const id of found(k, v)) ids.add(id);
    return ids;
  });
  const facts = await loadMatchFacts(db, [...new Set(idsPer.flatMap((s) => [...s]))]);
  const candidates = new Map([...facts].map(([id, f]) => [id, candidateOf(f)]));
  if (norms.some((n) => n.country)) {
    const country = await countryReader(db);
    for (const n of norms) if (n.country) n.country = country(n.country);
  }
  return queries.map((q, i) => {
    const n = norms[i]!;
    const pool = [...idsPer[i]!].map((id) => candidates.get(id)).filter((c): c is Candidate => !!c && (!q.type || typeOf(c.f) === q.type));
    const sims = pool.map((c) => (n.name ? nameSimilarity(n, c.names) : 0));
    const exact = sims.filter((x) => x === 1).length;
    const near = sims.filter((x) => x >= MIN_SIMILARITY).length;
    const scored = pool
      .map((c, j) => scoreOne(n, c, sims[j]!, sims[j] === 1 ? exact === 1 : near === 1))
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || b.signal - a.signal || a.id - b.id);
    const top = scored[0];
    const next = scored[1];
    const match = top && top.score >= MATCH_THRESHOLD && (!next || top.score - next.score >= MATCH_MARGIN) ? top : null;
    const normalized = { domains: n.domains, name: n.name, linkedin: n.linkedin, twitter: n.twitter, crunchbase: n.crunchbase };
    return { normalized, candidates: scored.slice(0, limit), match };
  });
}
