/**
 * The classification flags derived from the entity figures (`entity_flags` of kind `classification`),
 * defined once in SQL: the seed's last pass inserts them (seeds/finalize.ts), an import refreshes them
 * (`refreshClassifications`) and `verify` compares the stored ones with them
 * (`classificationDifferences`). Each definition reads stored figures (a company's funding total, an
 * investor's rank) that src/db/figures.ts defines and refreshes before them. Other classification
 * values (`unicorn`, `stealth`) are written with their entity and are not derived here.
 */
import type { Knex } from 'knex';
import { normalizeRawResult } from './knex.js';

/** Organisations a person founded that make them a super founder. */
const SUPER_ORGS = `o.funding_total_usd >= 100000000 or o.unicorn_type is not null or o.status = 'ipo'`;

/** The share of investors flagged top (5 %, at least 10): ceil(n / 20) in integer arithmetic both engines share. */
const TOP_INVESTORS = `(select case when (count(*) + 19) / 20 < 10 then 10 else (count(*) + 19) / 20 end from entities where is_investor = true)`;

/** Flag value -> the SELECT of the entity ids (`entity_id`, distinct) that carry it. */
export const CLASSIFICATIONS: readonly (readonly [value: string, select: string])[] = [
  ['repeat_founder', `select id as entity_id from entities where is_founder = true and founded_companies_count >= 2`],
  ['super_founder', `select distinct c.person_id as entity_id from career c join entities o on o.id = c.org_id where c.is_founder = true and (${SUPER_ORGS})`],
  [
    'promising_founder',
    `select distinct c.person_id as entity_id from career c join entities o on o.id = c.org_id
     where c.is_founder = true and o.launch_date_sort >= '2019-01-01' and o.funding_total_usd >= 3000000 and o.status = 'operating'
       and c.person_id not in (select s.person_id from career s join entities o on o.id = s.org_id where s.is_founder = true and (${SUPER_ORGS}))`,
  ],
  ['top_investor', `select id as entity_id from entities where is_investor = true and investor_investments_count > 0 and investor_rank <= ${TOP_INVESTORS}`],
];

/** The statements the seed runs to write them (into an entity_flags table without derived flags). */
export const CLASSIFICATION_INSERTS: readonly string[] = CLASSIFICATIONS.map(
  ([value, select]) => `insert into entity_flags (entity_id, kind, value) select f.entity_id, 'classification', '${value}' from (${select}) f`,
);

export interface FlagDifference {
  entity_id: number;
  value: string;
  stored: boolean;
  expected: boolean;
}

/** Derived flags stored without their definition giving them, and given but not stored. */
export async function classificationDifferences(db: Knex): Promise<FlagDifference[]> {
  const out: FlagDifference[] = [];
  for (const [value, select] of CLASSIFICATIONS) {
    const expected = new Set(normalizeRawResult(await db.raw(select)).map((r) => Number(r.entity_id)));
    const stored = new Set(
      ((await db('entity_flags').where({ kind: 'classification', value }).select('entity_id')) as { entity_id: number }[]).map((r) => Number(r.entity_id)),
    );
    for (const id of expected) if (!stored.has(id)) out.push({ entity_id: id, value, stored: false, expected: true });
    for (const id of stored) if (!expected.has(id)) out.push({ entity_id: id, value, stored: true, expected: false });
  }
  return out.sort((a, b) => a.entity_id - b.entity_id || a.value.localeCompare(b.value));
}

/**
 * Writes the derived flags that differ from their definitions, stamping each entity changed at `at`
 * (its classifications read differently); the entities changed. Each definition is one pass over
 * its rows: whether an investor is in the top share depends on every investor's rank.
 */
export async function refreshClassifications(trx: Knex, at: string): Promise<Map<number, Set<string>>> {
  const diffs = await classificationDifferences(trx);
  const changed = new Map<number, Set<string>>();
  for (const d of diffs) {
    if (d.expected) await trx('entity_flags').insert({ entity_id: d.entity_id, kind: 'classification', value: d.value });
    else await trx('entity_flags').where({ entity_id: d.entity_id, kind: 'classification', value: d.value }).delete();
    changed.set(d.entity_id, (changed.get(d.entity_id) ?? new Set()).add('classifications'));
  }
  for (const id of changed.keys()) await trx('entities').where('id', id).update({ updated_at: at });
  return changed;
}
