/**
 * The classification flags derived from the entity figures (`entity_flags` of kind `classification`),
 * defined once in SQL: the seed's last pass inserts them (seeds/finalize.ts), an import refreshes them
 * (`refreshClassifications`) and `verify` compares the stored ones with them
 * (`classificationDifferences`). Each definition reads stored figures (a company's funding total, an
 * investor's rank) that src/db/figures.ts defines and refreshes before them. Other classification
 * values (`unicorn`, `stealth`) are written with their entity and are not derived here.
 */
import type { Knex } from 'knex';
import { insertRows, normalizeRawResult } from './knex.js';

/** Organisations a person founded that make them a super founder. */
const SUPER_ORGS = `o.funding_total_usd >= 100000000 or o.unicorn_type is not null or o.status = 'ipo'`;

/** The share of investors flagged top (5 %, at least 10): ceil(n / 20) in integer arithmetic both engines share. */
const TOP_INVESTORS = `(select case when (count(*) + 19) / 20 < 10 then 10 else (count(*) + 19) / 20 end from entities where is_investor = true)`;

/**
 * Flag value -> the SELECT of the entity ids (`entity_id`, distinct) that carry it, given a condition
 * on the column that holds the entity id (`true` for every entity; an id list for the entities an
 * import touched, which the indexes on `entities.id` and `career.person_id` answer).
 */
type Definition = (only: (column: string) => string) => string;

export const CLASSIFICATIONS: readonly (readonly [value: string, select: Definition])[] = [
  ['repeat_founder', (only) => `select id as entity_id from entities where is_founder = true and founded_companies_count >= 2 and ${only('id')}`],
  ['super_founder', (only) => `select distinct c.person_id as entity_id from career c join entities o on o.id = c.org_id where c.is_founder = true and (${SUPER_ORGS}) and ${only('c.person_id')}`],
  [
    'promising_founder',
    (only) => `select distinct c.person_id as entity_id from career c join entities o on o.id = c.org_id
     where c.is_founder = true and o.launch_date_sort >= '2019-01-01' and o.funding_total_usd >= 3000000 and o.status = 'operating' and ${only('c.person_id')}
       and c.person_id not in (select s.person_id from career s join entities o on o.id = s.org_id where s.is_founder = true and (${SUPER_ORGS}) and ${only('s.person_id')})`,
  ],
  ['top_investor', (only) => `select id as entity_id from entities where is_investor = true and investor_investments_count > 0 and investor_rank <= ${TOP_INVESTORS} and ${only('id')}`],
];

const EVERY = () => 'true';

/** The statements the seed runs to write them (into an entity_flags table without derived flags). */
export const CLASSIFICATION_INSERTS: readonly string[] = CLASSIFICATIONS.map(
  ([value, select]) => `insert into entity_flags (entity_id, kind, value) select f.entity_id, 'classification', '${value}' from (${select(EVERY)}) f`,
);

export interface FlagDifference {
  entity_id: number;
  value: string;
  stored: boolean;
  expected: boolean;
}

/**
 * The entities whose flags an import may have changed: those whose figures or records it changed, and
 * the founders of the organisations among them (a founder's flags read the organisation's figures).
 * `investorsCounted`: the number of investors may have changed, which moves the top share's cut for
 * every investor, so `top_investor` is compared over all of them.
 */
export interface FlagScope {
  entities: readonly number[];
  investorsCounted: boolean;
}

/** Ids per statement (a definition binds them twice; SQLite takes 32,766 variables). */
const SCOPE_CHUNK = 5000;
/** Past this many entities one pass over every row costs less than the statements per chunk. */
const SCOPE_MAX = 50_000;

async function foundersOf(db: Knex, orgs: readonly number[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < orgs.length; i += SCOPE_CHUNK) {
    const part = orgs.slice(i, i + SCOPE_CHUNK);
    const rows = (await db('career').where('is_founder', true).whereIn('org_id', part).distinct('person_id')) as { person_id: number }[];
    out.push(...rows.map((r) => Number(r.person_id)));
  }
  return out;
}

/** The entity ids a flag's definition gives and those stored with it, among `ids` (null: every entity). */
async function flagSets(db: Knex, value: string, select: Definition, ids: readonly number[] | null): Promise<{ expected: Set<number>; stored: Set<number> }> {
  const expected = new Set<number>();
  const stored = new Set<number>();
  const parts = ids === null ? [null] : Array.from({ length: Math.ceil(ids.length / SCOPE_CHUNK) }, (_, i) => ids.slice(i * SCOPE_CHUNK, (i + 1) * SCOPE_CHUNK));
  for (const part of parts) {
    const bindings: number[] = [];
    const only = part === null ? EVERY : (column: string) => (bindings.push(...part), `${column} in (${part.map(() => '?').join(', ')})`);
    for (const r of normalizeRawResult(await db.raw(select(only), bindings))) expected.add(Number(r.entity_id));
    const q = db('entity_flags').where({ kind: 'classification', value });
    if (part !== null) q.whereIn('entity_id', part);
    for (const r of (await q.select('entity_id')) as { entity_id: number }[]) stored.add(Number(r.entity_id));
  }
  return { expected, stored };
}

/** Derived flags stored without their definition giving them, and given but not stored; of every entity, or of a scope's. */
export async function classificationDifferences(db: Knex, scope: FlagScope | null = null): Promise<FlagDifference[]> {
  let ids: number[] | null = null;
  if (scope) {
    const all = new Set([...scope.entities, ...(await foundersOf(db, scope.entities))]);
    if (all.size <= SCOPE_MAX) ids = [...all].sort((a, b) => a - b);
  }
  const out: FlagDifference[] = [];
  for (const [value, select] of CLASSIFICATIONS) {
    if (ids?.length === 0 && !(value === 'top_investor' && scope?.investorsCounted)) continue;
    const { expected, stored } = await flagSets(db, value, select, value === 'top_investor' && scope?.investorsCounted ? null : ids);
    for (const id of expected) if (!stored.has(id)) out.push({ entity_id: id, value, stored: false, expected: true });
    for (const id of stored) if (!expected.has(id)) out.push({ entity_id: id, value, stored: true, expected: false });
  }
  return out.sort((a, b) => a.entity_id - b.entity_id || a.value.localeCompare(b.value));
}

/**
 * Writes the derived flags that differ from their definitions among the scope's entities (every
 * entity without one), stamping each entity changed at `at` (its classifications read differently);
 * the entities changed. Flags read only figures and careers, so an entity outside the scope, whose
 * inputs the import left as they were, keeps flags that were true before it.
 */
export async function refreshClassifications(trx: Knex, at: string, scope: FlagScope | null = null): Promise<Map<number, Set<string>>> {
  const diffs = await classificationDifferences(trx, scope);
  const changed = new Map<number, Set<string>>();
  for (const d of diffs) changed.set(d.entity_id, (changed.get(d.entity_id) ?? new Set()).add('classifications'));
  // set-based: the flags added in one insert, those gone one delete per flag, the entities stamped together
  await insertRows(trx, 'entity_flags', diffs.filter((d) => d.expected).map((d) => ({ entity_id: d.entity_id, kind: 'classification', value: d.value })));
  for (const [value] of CLASSIFICATIONS) {
    const gone = diffs.filter((d) => !d.expected && d.value === value).map((d) => d.entity_id);
    for (let i = 0; i < gone.length; i += SCOPE_CHUNK) await trx('entity_flags').where({ kind: 'classification', value }).whereIn('entity_id', gone.slice(i, i + SCOPE_CHUNK)).delete();
  }
  const ids = [...changed.keys()];
  for (let i = 0; i < ids.length; i += SCOPE_CHUNK) await trx('entities').whereIn('id', ids.slice(i, i + SCOPE_CHUNK)).update({ updated_at: at });
  return changed;
}
