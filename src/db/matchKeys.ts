/**
 * The entity match index (`match_keys`): SQL only. Each entity contributes rows `(kind, key)`:
 *
 * - `d` a registrable domain (of `domain` and of the website link),
 * - `n` its name keys (src/match/normalize.ts `nameKeys`: without and with legal forms), `f` each
 *   one-deletion variant of them,
 * - `l`, `t`, `c` its LinkedIn, X/Twitter and Crunchbase handles.
 *
 * A typo of one edit (substitution, insertion, deletion, adjacent transposition) of a name key shares
 * a key with it: the query's key or one of its deletions equals the name key or one of its deletions.
 * So fuzzy name lookup is a handful of equality probes of one index, never a scan.
 *
 * The seed writes the rows as it adds entities (seeds/terms.ts), `migrate` fills an empty table, and
 * `refreshMatchIndex` re-derives the rows of changed entities (the import engine calls it in its
 * batch transaction).
 */
import type { Knex } from 'knex';
import { deletions, nameKeys, registrableDomain, socialHandle } from '../match/normalize.js';
import { prepared, whereIdIn } from './knex.js';
import { refreshKeywordIndex } from './keywordIndex.js';
import { rebuildTerms, type TermSource } from './search.js';

export type MatchKind = 'd' | 'n' | 'f' | 'l' | 't' | 'c';

/** The columns a row's match keys are made of (a part of the facts a candidate is scored on). */
type SourceRow = Pick<MatchFacts, 'id' | 'name' | 'domain' | 'link_website' | 'link_linkedin' | 'link_twitter' | 'link_crunchbase'>;

const MAX_KEY = 200;

/** The match_keys rows of one entity. */
export function matchKeysOf(e: SourceRow): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const add = (kind: MatchKind, key: string | null) => {
    if (!key || key.length > MAX_KEY || seen.has(kind + key)) return;
    seen.add(kind + key);
    rows.push({ kind, key, entity_id: e.id });
  };
  for (const d of [e.domain, e.link_website]) add('d', d ? registrableDomain(d) : null);
  for (const name of nameKeys(e.name)) {
    add('n', name);
    for (const v of deletions(name)) add('f', v);
  }
  add('l', e.link_linkedin ? socialHandle('linkedin', e.link_linkedin) : null);
  add('t', e.link_twitter ? socialHandle('twitter', e.link_twitter) : null);
  add('c', e.link_crunchbase ? socialHandle('crunchbase', e.link_crunchbase) : null);
  return rows;
}

export const MATCH_KEY_SOURCE: TermSource<SourceRow> = {
  table: 'match_keys',
  source: 'entities',
  columns: ['id', 'name', 'domain', 'link_website', 'link_linkedin', 'link_twitter', 'link_crunchbase'],
  terms: matchKeysOf,
};

/** Re-fills match_keys from every entity (migrate fills an empty table with it). */
export const rebuildMatchKeys = (db: Knex): Promise<void> => rebuildTerms(db, MATCH_KEY_SOURCE);

/**
 * Brings the match index up to date for entities that were added, changed or deleted: their rows are
 * replaced by those of their current state (none when deleted). Run it in the transaction that
 * changed them, so readers never see the entity without its keys. Also refreshes the
 * `semantic_keyword` index of the same entities (src/db/keywordIndex.ts).
 */
export async function refreshMatchIndex(db: Knex | Knex.Transaction, changedEntityIds: readonly number[]): Promise<void> {
  for (let i = 0; i < changedEntityIds.length; i += 500) {
    const ids = changedEntityIds.slice(i, i + 500);
    await whereIdIn(db as Knex, db('match_keys'), 'entity_id', ids).delete();
    const rows = (await whereIdIn(db as Knex, db('entities'), 'id', ids).select(MATCH_KEY_SOURCE.columns)) as SourceRow[];
    const keys = rows.flatMap(matchKeysOf);
    for (let j = 0; j < keys.length; j += 500) await db('match_keys').insert(keys.slice(j, j + 500));
  }
  await refreshKeywordIndex(db, changedEntityIds);
}

export interface KeyHit {
  kind: MatchKind;
  key: string;
  entity_id: number;
}

/** Entities past this many on one key (a very common name or its deletion) are not read: such a key tells nothing apart. */
export const KEY_FANOUT = 50;

/** The entities holding any of the keys, per kind; at most KEY_FANOUT + 1 rows of a key. */
export async function lookupKeys(db: Knex, wanted: ReadonlyMap<MatchKind, ReadonlySet<string>>): Promise<KeyHit[]> {
  const hits: KeyHit[] = [];
  for (const [kind, keys] of wanted) {
    const all = [...keys];
    for (let i = 0; i < all.length; i += 400) {
      const part = all.slice(i, i + 400);
      // per key, its first KEY_FANOUT + 1 entities by id: a window over the (kind, key, entity_id) index
      const rows = (await db
        .from(
          db('match_keys')
            .where('kind', kind)
            .whereIn('key', part)
            .select('key', 'entity_id', db.raw('row_number() over (partition by key order by entity_id) as n'))
            .as('k'),
        )
        .where('n', '<=', KEY_FANOUT + 1)
        .select('key', 'entity_id')) as { key: string; entity_id: number }[];
      for (const r of rows) hits.push({ kind, key: r.key, entity_id: Number(r.entity_id) });
    }
  }
  return hits;
}

export interface MatchFacts {
  id: number;
  type: 'organization' | 'person';
  subtype: string | null;
  name: string;
  domain: string | null;
  link_website: string | null;
  link_linkedin: string | null;
  link_twitter: string | null;
  link_crunchbase: string | null;
  signal_rating: number | null;
  country_code: string | null;
  country_name: string | null;
  city_name: string | null;
}

/** What scoring compares of each candidate: identifiers, name and headquarters. */
export async function loadMatchFacts(db: Knex, ids: readonly number[]): Promise<Map<number, MatchFacts>> {
  const out = new Map<number, MatchFacts>();
  // in slices: SQLite binds at most 32,766 values in one statement
  for (let i = 0; i < ids.length; i += 1000) for (const r of await matchFactsOf(db, ids.slice(i, i + 1000))) out.set(Number(r.id), { ...r, id: Number(r.id) });
  return out;
}

async function matchFactsOf(db: Knex, ids: readonly number[]): Promise<MatchFacts[]> {
  return (await prepared(
    whereIdIn(
      db,
      db('entities as e')
        .leftJoin('places as co', 'co.id', 'e.hq_country_id')
        .leftJoin('places as ci', 'ci.id', 'e.hq_city_id')
        .select(
          'e.id', 'e.type', 'e.subtype', 'e.name', 'e.domain', 'e.link_website', 'e.link_linkedin', 'e.link_twitter', 'e.link_crunchbase',
          'e.signal_rating', 'co.code as country_code', 'co.name as country_name', 'ci.name as city_name',
        ),
      'e.id',
      ids,
    ),
  )) as MatchFacts[];
}

/** Country names and codes as places holds them (to read a query's `country`). */
export async function countryNames(db: Knex): Promise<{ code: string | null; name: string }[]> {
  return (await db('places').where('kind', 'country').select('code', 'name')) as { code: string | null; name: string }[];
}
