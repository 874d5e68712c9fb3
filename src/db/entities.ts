/**
 * Entity rows and their blocks (locations, flags, taxonomy, investor types and stages): SQL only.
 * Blocks are loaded for a whole set of entities at once (one query per block, never one per row).
 */
import type { Knex } from 'knex';
import { idList, normalizeRawResult, prepared, whereIdIn } from './knex.js';

export interface EntityRow {
  id: number;
  uuid: string;
  type: 'organization' | 'person';
  subtype: 'company' | 'university' | 'gov_ngo' | 'investor' | null;
  name: string;
  domain: string | null;
  tagline: string | null;
  about: string | null;
  image: string | null;
  link_website: string | null;
  link_linkedin: string | null;
  link_twitter: string | null;
  link_instagram: string | null;
  link_angellist: string | null;
  link_crunchbase: string | null;
  launch_date: string | null;
  closing_date: string | null;
  became_unicorn_date: string | null;
  became_thoroughbred_date: string | null;
  exit_date: string | null;
  employees_count: number | null;
  employee_count_1y_growth: number | null;
  added_at: string;
  updated_at: string;
  status: string | null;
  signal_rating: number | null;
  unicorn_type: string | null;
  gender: string | null;
  is_founder: boolean | number;
  funding_total_usd: number | null;
  funding_total_vc_usd: number | null;
  funding_rounds_count: number;
  valuation_usd: number | null;
  valuation_year: number | null;
  valuation_month: number | null;
  jobs_open_count: number;
  revenue_usd: number | null;
  revenue_year: number | null;
  traffic_monthly_visits: number | null;
  traffic_growth_3m: number | null;
  patents_count: number;
  is_investor: boolean | number;
  investor_rank: number | null;
  investor_deal_min_usd: number | null;
  investor_deal_max_usd: number | null;
  investor_investments_count: number | null;
  investor_total_invested_usd: number | null;
  investor_preferred_round: string | null;
  investor_last_round_date: string | null;
  investor_exits_count: number | null;
  investor_exits_total_value_usd: number | null;
  investor_exits_pct: number | null;
  investor_match_companies_count: number | null;
  investor_match_invested_usd: number | null;
  founded_companies_count: number | null;
  founded_companies_total_funding_usd: number | null;
}

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
 * The five blocks of a set of entities in one statement (one round trip instead of five), as rows of
 * one shape: `block` names the branch, `o`, `s` and `id` carry each block's order, the other columns
 * its values. Reference names come from the joins, so nothing is cached.
 */
function blocksSql(ids: string): string {
  const noPlace = 'null, null, null, null, null, null, null, null';
  return `
select el.entity_id, 'location' as block, el.position as o, null as s, c.id as id, c.name as name, el.role as code,
       s.id as state_id, s.name as state_name, co.id as country_id, co.name as country_name, ct.id as continent_id, ct.name as continent_name, c.lat as lat, c.lon as lon
  from entity_locations el
  join places c on c.id = el.city_id left join places s on s.id = c.state_id
  join places co on co.id = c.country_id join places ct on ct.id = c.continent_id
 where el.entity_id ${ids}
union all
select f.entity_id, 'flag', null, f.kind, null, f.value, null, ${noPlace} from entity_flags f where f.entity_id ${ids}
union all
select et.entity_id, 'taxonomy', null, t.type, t.id, t.name, null, ${noPlace}
  from entity_taxonomy et join taxonomy t on t.id = et.taxonomy_id where et.entity_id ${ids}
union all
select x.entity_id, 'investor_type', null, null, t.id, t.name, t.code, ${noPlace}
  from entity_investor_types x join investor_types t on t.id = x.investor_type_id where x.entity_id ${ids}
union all
select x.entity_id, 'investor_stage', null, null, t.id, t.name, t.code, ${noPlace}
  from entity_investor_stages x join investment_stages t on t.id = x.stage_id where x.entity_id ${ids}
order by 1, 2, 3, 4, 5, 7, 6`;
}

/** One row of blocksSql: a location's place columns, or nulls there for the other blocks. */
type BlockRow = Omit<LocationRow, 'role' | 'city_id' | 'city_name'> & {
  block: 'location' | 'flag' | 'taxonomy' | 'investor_type' | 'investor_stage';
  s: string | null;
  id: number;
  name: string;
  code: string;
};

/** Locations, flags, taxonomy, investor types and stages for many entities: one query per 1,000. */
export async function loadBlocks(db: Knex, ids: number[]): Promise<Map<number, EntityBlocks>> {
  const out = new Map<number, EntityBlocks>();
  const unique = [...new Set(ids)];
  for (const id of unique) out.set(id, { locations: [], roles: [], classifications: [], taxonomy: [], investorTypes: [], investorStages: [] });
  for (let i = 0; i < unique.length; i += BLOCK_CHUNK) {
    const chunk = unique.slice(i, i + BLOCK_CHUNK);
    const l = idList(db, chunk);
    const bindings = [...l.bindings, ...l.bindings, ...l.bindings, ...l.bindings, ...l.bindings];
    const rows = normalizeRawResult(await prepared(db.raw(blocksSql(l.sql), bindings))) as unknown as BlockRow[];
    for (const r of rows) {
      const b = out.get(r.entity_id)!;
      if (r.block === 'location') {
        b.locations.push({
          entity_id: r.entity_id, role: r.code, city_id: r.id, city_name: r.name, state_id: r.state_id, state_name: r.state_name,
          country_id: r.country_id, country_name: r.country_name, continent_id: r.continent_id, continent_name: r.continent_name, lat: r.lat, lon: r.lon,
        });
      } else if (r.block === 'flag') {
        if (r.s === 'role') b.roles.push(r.name);
        else if (r.s === 'classification') b.classifications.push(r.name);
      } else if (r.block === 'taxonomy') {
        b.taxonomy.push({ id: r.id, name: r.name, type: r.s! });
      } else {
        (r.block === 'investor_type' ? b.investorTypes : b.investorStages).push({ id: r.id, name: r.name, code: r.code });
      }
    }
  }
  return out;
}

/** Full entity rows with their blocks, keyed by internal id. */
export async function loadEntities(db: Knex, ids: number[]): Promise<Map<number, EntityWithBlocks>> {
  const out = new Map<number, EntityWithBlocks>();
  if (ids.length === 0) return out;
  const unique = [...new Set(ids)];
  const [rows, blocks] = await Promise.all([
    prepared(whereIdIn(db, db('entities'), 'id', unique).select('*')) as Promise<EntityRow[]>,
    loadBlocks(db, unique),
  ]);
  for (const r of rows) out.set(r.id, { ...r, blocks: blocks.get(r.id)! });
  return out;
}

/** Classifications of many persons (for PersonRef). */
export async function loadClassifications(db: Knex, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const rows = (await db('entity_flags')
    .whereIn('entity_id', [...new Set(ids)])
    .andWhere('kind', 'classification')
    .orderBy(['entity_id', 'value'])
    .select('entity_id', 'value')) as { entity_id: number; value: string }[];
  for (const r of rows) out.set(r.entity_id, [...(out.get(r.entity_id) ?? []), r.value]);
  return out;
}

export interface CareerRow {
  id: number;
  person_id: number;
  org_id: number;
  raw_title: string | null;
  titles: string;
  is_founder: boolean | number;
  is_executive: boolean | number;
  is_partner: boolean | number;
  is_past: boolean | number;
  start_date: string | null;
  end_date: string | null;
}

export const CAREER_COLUMNS = [
  'c.id', 'c.person_id', 'c.org_id', 'c.raw_title', 'c.titles', 'c.is_founder', 'c.is_executive', 'c.is_partner',
  'c.is_past', 'c.start_date', 'c.end_date',
];

/** Founders of an organization, newest tenure first (the `founders` glance), with the total. */
export async function founderGlance(
  db: Knex,
  orgId: number,
  limit: number,
): Promise<{ total: number; rows: (CareerRow & RefRow & { person_uuid: string })[] }> {
  const base = db('career as c').where('c.org_id', orgId).andWhere('c.is_founder', true);
  const [countRow, rows] = await Promise.all([
    base.clone().count<{ n: number }[]>({ n: '*' }).first(),
    base
      .clone()
      .join('entities as p', 'p.id', 'c.person_id')
      .orderByRaw('c.start_sort desc nulls last, c.id asc')
      .limit(limit)
      .select(...CAREER_COLUMNS, 'p.uuid', 'p.type', 'p.subtype', 'p.name', 'p.image', 'p.uuid as person_uuid'),
  ]);
  return { total: Number(countRow?.n ?? 0), rows: rows as (CareerRow & RefRow & { person_uuid: string })[] };
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
         select per.*, e.valuation_usd,
                row_number() over (partition by per.investor_id order by per.last_round desc, per.company_id) as rn,
                count(*) over (partition by per.investor_id) as total_companies,
                sum(per.rounds_count) over (partition by per.investor_id) as total_rounds,
                sum(e.valuation_usd) over (partition by per.investor_id) as total_valuation
         from per join entities e on e.id = per.company_id
       )
       select r.*, e.id, e.uuid, e.type, e.subtype, e.name, e.image
       from ranked r join entities e on e.id = r.company_id
       where r.rn <= ? order by r.investor_id, r.rn`,
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
