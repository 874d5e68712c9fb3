/**
 * Entity rows and their blocks (locations, flags, taxonomy, investor types and stages): SQL only.
 * Blocks are loaded for a whole set of entities at once (one query per block, never one per row).
 */
import type { Knex } from 'knex';
import { readRows } from './budget.js';
import { idList, normalizeRawResult, prepared, whereIdIn } from './knex.js';
import { refTables, type RefTables } from './refCache.js';
import { selectList, type RowOf } from './schema.js';
import { together } from './together.js';
import { wideRows } from './wideRows.js';

/** The columns of an entity the service reads (sort keys, lower-cased name and place ids are for SQL). */
export type EntityRow = Omit<RowOf<'entities'>, 'type' | 'subtype' | EntityInternal> & {
  type: 'organization' | 'person';
  subtype: 'company' | 'university' | 'gov_ngo' | 'investor' | null;
};
type EntityInternal =
  | 'name_lower' | 'launch_date_sort' | 'closing_date_sort' | 'became_unicorn_date_sort' | 'became_thoroughbred_date_sort' | 'exit_date_sort'
  | 'hq_city_id' | 'hq_country_id' | 'hq_continent_id' | 'last_round_date_sort';

export interface LocationRow {
  entity_id: number;
  role: string;
  city_id: number;
  city_name: string;
  state_id: number | null;
  state_name: string | null;
  country_id: number;
  country_name: string;
  continent_id: number;
  continent_name: string;
  lat: number;
  lon: number;
}

export interface EntityBlocks {
  locations: LocationRow[];
  roles: string[];
  classifications: string[];
  taxonomy: { id: number; name: string; type: string }[];
  investorTypes: { id: number; name: string; code: string }[];
  investorStages: { id: number; name: string; code: string }[];
}

export type EntityWithBlocks = EntityRow & { blocks: EntityBlocks };

/** The minimal columns of an EntityRef. */
export const REF_COLUMNS = ['id', 'uuid', 'type', 'subtype', 'name', 'image'] as const;
export type RefRow = Pick<EntityRow, (typeof REF_COLUMNS)[number]>;

export async function findEntityByUuid(db: Knex, uuid: string, subtype?: EntityRow['subtype']): Promise<EntityRow | null> {
  const q = db('entities').where('uuid', uuid);
  if (subtype) q.andWhere('subtype', subtype);
  return ((await prepared(q.first())) as EntityRow | undefined) ?? null;
}

/** Entities per blocks query: each of the five branches binds every id (SQLite allows 32,766 variables). */
const BLOCK_CHUNK = 1000;

/**
 * The link rows of the five blocks of a set of entities in one statement (one round trip instead of
 * five), ids only: `b` names the block, `o` is a location's position, `s` its role or a flag's kind,
 * `v` a flag's value, `r` the place, taxonomy, investor type or stage named (refCache.ts).
 */
function blocksSql(ids: string): string {
  return `
select el.entity_id as e, 'location' as b, el.position as o, el.role as s, null as v, el.city_id as r from entity_locations el where el.entity_id ${ids}
union all select f.entity_id, 'flag', null, f.kind, f.value, null from entity_flags f where f.entity_id ${ids}
union all select et.entity_id, 'taxonomy', null, null, null, et.taxonomy_id from entity_taxonomy et where et.entity_id ${ids}
union all select x.entity_id, 'investor_type', null, null, null, x.investor_type_id from entity_investor_types x where x.entity_id ${ids}
union all select x.entity_id, 'investor_stage', null, null, null, x.stage_id from entity_investor_stages x where x.entity_id ${ids}`;
}

/** One row of blocksSql. */
interface BlockRow {
  e: number;
  b: 'location' | 'flag' | 'taxonomy' | 'investor_type' | 'investor_stage';
  o: number | null;
  s: string | null;
  v: string | null;
  r: number | null;
}

/** The cached table a taxonomy, investor type or stage row names. */
const namedTable = (ref: RefTables, b: BlockRow['b']) => (b === 'taxonomy' ? ref.taxonomy : b === 'investor_type' ? ref.investorTypes : ref.stages);

/** Whether every reference a block row names is in `ref`. */
function resolvable(ref: RefTables, r: BlockRow): boolean {
  if (r.b === 'location') {
    const city = ref.places.get(Number(r.r));
    return city !== undefined && [city.state_id, city.country_id, city.continent_id].every((id) => id === null || ref.places.has(id));
  }
  return r.b === 'flag' || namedTable(ref, r.b).has(Number(r.r));
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Locations, flags, taxonomy, investor types and stages for many entities: one query per 1,000.
 * Each list comes in a fixed order on both engines: locations by position, flags by value, taxonomy
 * by type and id, investor types and stages by id. A location whose city has no country or
 * continent is left out, as the joins of the detail queries leave it out.
 */
export async function loadBlocks(db: Knex, ids: number[]): Promise<Map<number, EntityBlocks>> {
  const out = new Map<number, EntityBlocks>();
  const unique = [...new Set(ids)];
  for (const id of unique) out.set(id, { locations: [], roles: [], classifications: [], taxonomy: [], investorTypes: [], investorStages: [] });
  const rows: BlockRow[] = [];
  for (let i = 0; i < unique.length; i += BLOCK_CHUNK) {
    const chunk = unique.slice(i, i + BLOCK_CHUNK);
    const l = idList(db, chunk);
    const bindings = [...l.bindings, ...l.bindings, ...l.bindings, ...l.bindings, ...l.bindings];
    // off the main thread on SQLite: a list's and an export batch's blocks are its largest read (budget.ts)
    rows.push(...(await readRows<BlockRow>(db, prepared(db.raw(blocksSql(l.sql), bindings)))));
  }
  let ref = await refTables(db);
  if (!rows.every((r) => resolvable(ref, r))) ref = await refTables(db, true);
  const positions = new Map<LocationRow, number>();
  for (const r of rows) {
    const b = out.get(Number(r.e))!;
    const id = Number(r.r);
    if (r.b === 'location') {
      const city = ref.places.get(id);
      const place = (placeId: number | null | undefined) => (placeId == null ? undefined : ref.places.get(placeId));
      const [state, country, continent] = [place(city?.state_id), place(city?.country_id), place(city?.continent_id)];
      if (!city || !country || !continent) continue;
      const loc: LocationRow = {
        entity_id: Number(r.e), role: r.s!, city_id: city.id, city_name: city.name, state_id: state?.id ?? null, state_name: state?.name ?? null,
        country_id: country.id, country_name: country.name, continent_id: continent.id, continent_name: continent.name, lat: city.lat, lon: city.lon,
      };
      positions.set(loc, Number(r.o));
      b.locations.push(loc);
    } else if (r.b === 'flag') {
      if (r.s === 'role') b.roles.push(r.v!);
      else if (r.s === 'classification') b.classifications.push(r.v!);
    } else {
      const named = namedTable(ref, r.b).get(id);
      if (!named) continue;
      if (r.b === 'taxonomy') b.taxonomy.push({ id: named.id, name: named.name, type: named.tag });
      else (r.b === 'investor_type' ? b.investorTypes : b.investorStages).push({ id: named.id, name: named.name, code: named.tag });
    }
  }
  for (const b of out.values()) {
    b.locations.sort((x, y) => positions.get(x)! - positions.get(y)! || x.city_id - y.city_id || byText(x.role, y.role));
    b.roles.sort(byText);
    b.classifications.sort(byText);
    b.taxonomy.sort((x, y) => byText(x.type, y.type) || x.id - y.id);
    b.investorTypes.sort((x, y) => x.id - y.id);
    b.investorStages.sort((x, y) => x.id - y.id);
  }
  return out;
}

/** Full entity rows with their blocks, keyed by internal id. */
export async function loadEntities(db: Knex, ids: number[]): Promise<Map<number, EntityWithBlocks>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  const [rows, blocks] = await together<[EntityRow[], Map<number, EntityBlocks>]>(db, [
    () => wideRows<EntityRow>(db, prepared(whereIdIn(db, db('entities'), 'id', unique).select('*'))),
    () => loadBlocks(db, unique),
  ]);
  return attachBlocks(rows, blocks);
}

/**
 * Whole entity rows already read (a detail lookup, a page that selects `e.*`) with their blocks:
 * the blocks statement only, instead of reading the rows again as `loadEntities` would.
 */
export async function withBlocks(db: Knex, rows: readonly EntityRow[]): Promise<Map<number, EntityWithBlocks>> {
  return attachBlocks(rows, await loadBlocks(db, rows.map((r) => r.id)));
}

/**
 * The rows themselves, given their blocks (a copy of a row with 66 columns cost 16 µs, 3 % of a
 * founders page on PostgreSQL): rows come from the query that read them and are not shared.
 */
function attachBlocks(rows: readonly EntityRow[], blocks: Map<number, EntityBlocks>): Map<number, EntityWithBlocks> {
  const out = new Map<number, EntityWithBlocks>();
  for (const r of rows) out.set(r.id, Object.assign(r, { blocks: blocks.get(r.id)! }));
  return out;
}

/** Classifications of many persons (for PersonRef). */
export async function loadClassifications(db: Knex, ids: number[]): Promise<Map<number, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = (await prepared(
    whereIdIn(db, db('entity_flags'), 'entity_id', [...new Set(ids)]).andWhere('kind', 'classification').orderBy(['entity_id', 'value']).select('entity_id', 'value'),
  )) as { entity_id: number; value: string }[];
  return groupClassifications(rows);
}

/** Classification rows, ordered by entity and value, grouped by entity. */
function groupClassifications(rows: readonly { entity_id: number; value: string }[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.entity_id, [...(out.get(r.entity_id) ?? []), r.value]);
  return out;
}

export type CareerRow = Omit<RowOf<'career'>, 'start_sort'>;

export const CAREER_COLUMNS = selectList('career', 'c', ['start_sort']);

export interface FounderGlance {
  total: number;
  rows: (CareerRow & RefRow & { person_uuid: string })[];
  /** The classifications of the persons in `rows` (for their PersonRef). */
  classifications: Map<number, string[]>;
}

/**
 * Founders of an organization, newest tenure first (the `founders` glance): the first `limit` with
 * the total in one statement, and their classifications in a second one sent beside it (it selects
 * the same first `limit` persons itself instead of waiting for them). The organization goes in as
 * an id list (idList): as `org_id = $1` PostgreSQL found a custom plan for a small organization
 * cheaper than the generic one and planned the statement on every call (0.43 ms of planning for
 * 0.05 ms of execution).
 */
export async function founderGlance(db: Knex, orgId: number, limit: number): Promise<FounderGlance> {
  const first = () =>
    whereIdIn(db, db('career as c'), 'c.org_id', [orgId]).andWhere('c.is_founder', true).orderByRaw('c.start_sort desc nulls last, c.id asc').limit(limit);
  const [rows, flags] = await together(db, [
    () => prepared(
      first()
        .join('entities as p', 'p.id', 'c.person_id')
        .select(...CAREER_COLUMNS, 'p.uuid', 'p.type', 'p.subtype', 'p.name', 'p.image', 'p.uuid as person_uuid', db.raw('count(*) over () as total')),
    ) as Promise<(FounderGlance['rows'][number] & { total: number | string })[]>,
    () => prepared(
      db('entity_flags as f')
        .whereIn('f.entity_id', first().select('c.person_id'))
        .andWhere('f.kind', 'classification')
        .orderBy(['f.entity_id', 'f.value'])
        .select('f.entity_id', 'f.value'),
    ) as Promise<{ entity_id: number; value: string }[]>,
  ] as const);
  return { total: Number(rows[0]?.total ?? 0), rows, classifications: groupClassifications(flags) };
}

/**
 * The founders glances of many organizations in one statement (the record documents' build): per
 * organization the first `limit` founders in `founderGlance`'s order, with the total, and the
 * classifications of those persons in a second statement.
 */
export async function founderGlances(db: Knex, orgIds: readonly number[], limit: number): Promise<Map<number, FounderGlance>> {
  const ids = [...new Set(orgIds)];
  const out = new Map<number, FounderGlance>(ids.map((id) => [id, { total: 0, rows: [], classifications: new Map() }]));
  if (ids.length === 0) return out;
  const ranked = whereIdIn(db, db('career as c'), 'c.org_id', ids)
    .andWhere('c.is_founder', true)
    .join('entities as p', 'p.id', 'c.person_id')
    .select(
      ...CAREER_COLUMNS, 'p.uuid', 'p.type', 'p.subtype', 'p.name', 'p.image', 'p.uuid as person_uuid',
      db.raw('count(*) over (partition by c.org_id) as total'),
      db.raw('row_number() over (partition by c.org_id order by c.start_sort desc nulls last, c.id asc) as glance_rank'),
    );
  const rows = (await db.from(ranked.as('g')).where('glance_rank', '<=', limit).orderBy(['org_id', 'glance_rank']).select('*')) as (FounderGlance['rows'][number] & { total: number | string; glance_rank?: number })[];
  const classifications = await loadClassifications(db, rows.map((r) => Number(r.person_id)));
  for (const r of rows) {
    delete r.glance_rank;
    const g = out.get(Number(r.org_id))!;
    g.total = Number(r.total);
    g.rows.push(r);
    const flags = classifications.get(Number(r.person_id));
    if (flags) g.classifications.set(Number(r.person_id), flags);
  }
  return out;
}

export interface PortfolioRow {
  investor_id: number;
  company_id: number;
  is_lead: number | boolean | null;
  rounds_count: number;
  last_round_date: string | null;
}

export interface PortfolioGlance {
  total: number;
  roundsCount: number;
  totalValuationUsd: number | null;
  rows: (PortfolioRow & RefRow)[];
}

/**
 * Portfolios of many investors in one query: per investor, companies with round counts, most
 * recent round first (the first `limit`), the company total, round total and summed valuations.
 * The company refs come from the same join as the valuations (a second join of `entities` for the
 * first `limit` rows cost PostgreSQL more planning than it saved: 0.75-0.80 -> 0.66-0.68 ms per
 * call for 4 investors on `large`, same rows).
 */
export async function portfolioGlances(db: Knex, investorIds: number[], limit: number): Promise<Map<number, PortfolioGlance>> {
  const out = new Map<number, PortfolioGlance>();
  if (investorIds.length === 0) return out;
  const ids = [...new Set(investorIds)];
  for (const id of ids) out.set(id, { total: 0, roundsCount: 0, totalValuationUsd: null, rows: [] });
  const list = idList(db, ids);
  const { rows } = normalizeRaw(
    await prepared(db.raw(
      `with per as (
         select ti.investor_id, t.company_id, max(case when ti.is_lead then 1 else 0 end) as is_lead, count(*) as rounds_count,
                max(coalesce(t.date_sort, '') || '|' || coalesce(t.announced_date, '')) as last_round
         from transaction_investors ti join transactions t on t.id = ti.transaction_id
         where ti.investor_id ${list.sql} and t.deleted_at is null
         group by ti.investor_id, t.company_id
       ), ranked as (
         select per.*, e.valuation_usd, e.id, e.uuid, e.type, e.subtype, e.name, e.image,
                row_number() over (partition by per.investor_id order by per.last_round desc, per.company_id) as rn,
                count(*) over (partition by per.investor_id) as total_companies,
                sum(per.rounds_count) over (partition by per.investor_id) as total_rounds,
                sum(e.valuation_usd) over (partition by per.investor_id) as total_valuation
         from per join entities e on e.id = per.company_id
       )
       select * from ranked r where r.rn <= ? order by r.investor_id, r.rn`,
      [...list.bindings, limit],
    )),
  );
  for (const r of rows as unknown as (PortfolioRow & RefRow & { last_round: string; total_companies: number; total_rounds: number; total_valuation: number | null })[]) {
    const g = out.get(r.investor_id)!;
    g.total = Number(r.total_companies);
    g.roundsCount = Number(r.total_rounds);
    g.totalValuationUsd = r.total_valuation === null ? null : Number(r.total_valuation);
    const date = r.last_round.slice(r.last_round.indexOf('|') + 1);
    g.rows.push({ ...r, rounds_count: Number(r.rounds_count), last_round_date: date === '' ? null : date });
  }
  return out;
}

/** knex.raw returns rows directly on SQLite and a pg Result on PostgreSQL. */
export function normalizeRaw(result: unknown): { rows: Record<string, unknown>[] } {
  return { rows: normalizeRawResult(result) };
}
