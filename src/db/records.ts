/**
 * Funds, valuations, news articles and team notes: SQL only. Each is a table with an optional
 * organization (joined as `e`, selected with the `e_` ref columns) listed in keyset pages; with the
 * filter scopes and sort keys of funds, valuations and news.
 */
import type { Knex } from 'knex';
import { sortRegistry, type CompiledFilter, type FilterKey, type FilterScope } from './listing.js';
import type { RefRow } from './entities.js';
import { prepared, whereIdIn } from './knex.js';
import { JOB_ENTITY_COLUMNS } from './jobs.js';
import { keysetPage, type PageJoin, type PageRequest } from './paging.js';
import { ARTICLE_TYPES, CMP, CMP_SET, EQ_SET, FUND_STATUSES, FUND_TYPES, REPEATED, renamed, taxonomyKey, UPDATED_AT, uuidOf, VALUATION_SOURCES } from './filterKeys.js';
import { V2026_10_07, V2026_10_09 } from '../versions/table.js';
import { together } from './together.js';

export interface RecordSpec {
  table: 'funds' | 'valuations' | 'news' | 'notes' | 'transactions' | 'financials' | 'headcount_breakdown' | 'web_traffic' | 'patents' | 'career' | 'education' | 'landscapes' | 'taxonomy';
  alias: string;
  /** The column holding the entity shown as a ref. */
  fk?: string;
}

export const FUNDS: RecordSpec = { table: 'funds', alias: 'f', fk: 'investor_id' };
export const VALUATIONS: RecordSpec = { table: 'valuations', alias: 'v', fk: 'company_id' };
export const NEWS: RecordSpec = { table: 'news', alias: 'n' };
export const NOTES: RecordSpec = { table: 'notes', alias: 'nt', fk: 'entity_id' };

export type WithRef<T = Record<string, unknown>> = T & { ref: RefRow | null };

/** Fixed conditions of a list: column values of the base row, or a function adding any condition. */
export type Fixed = Record<string, unknown> | ((q: Knex.QueryBuilder) => void);

function base(db: Knex, spec: RecordSpec, scope: Fixed): Knex.QueryBuilder {
  const q = db(`${spec.table} as ${spec.alias}`);
  if (spec.fk) q.join('entities as e', 'e.id', `${spec.alias}.${spec.fk}`);
  if (typeof scope === 'function') scope(q);
  else for (const [k, v] of Object.entries(scope)) q.where(`${spec.alias}.${k}`, v as string | number);
  return q;
}

const columns = (spec: RecordSpec) => [`${spec.alias}.*`, ...(spec.fk ? [...JOB_ENTITY_COLUMNS, 'e.id as e_id'] : [])];

function withRef(row: Record<string, unknown>): WithRef {
  const { e_id, e_uuid, e_type, e_subtype, e_name, e_image, ...rest } = row;
  const ref = e_uuid === undefined ? null : ({ id: e_id, uuid: e_uuid, type: e_type, subtype: e_subtype, name: e_name, image: e_image } as RefRow);
  return { ...rest, ref };
}

/** A page of records; `scope` holds fixed column conditions (e.g. the team of a note). */
export async function listRecords(db: Knex, spec: RecordSpec, where: CompiledFilter | null, page: PageRequest, scope: Fixed = {}, join?: PageJoin) {
  const q = base(db, spec, scope);
  if (where) q.whereRaw(where.sql, where.bindings);
  const res = await keysetPage<Record<string, unknown>>(db, q, (b) => b.select(...columns(spec)), page, join);
  return { page: res.page, rows: res.rows.map(withRef) };
}

/** Records of a table by id (those that exist), in id order, each with its entity's ref (funds, valuations; none for news). */
export async function recordsByIds(db: Knex, spec: RecordSpec, ids: readonly number[]): Promise<WithRef[]> {
  const id = `${spec.alias}.id`;
  const rows = (await whereIdIn(db, base(db, spec, {}), id, [...ids]).orderBy(id).select(...columns(spec))) as Record<string, unknown>[];
  return rows.map(withRef);
}

/** One record by id (within `scope`), or null. */
export async function findRecord(db: Knex, spec: RecordSpec, id: number, scope: Fixed = {}): Promise<WithRef | null> {
  const row = (await base(db, spec, scope).where(`${spec.alias}.id`, id).first(...columns(spec))) as Record<string, unknown> | undefined;
  return row ? withRef(row) : null;
}

export interface NewsLinks {
  entities: Map<number, RefRow[]>;
  taxonomy: Map<number, { id: number; name: string; type: string }[]>;
}

/** The entities and taxonomy of many articles: two queries (lookups by a list of keys, planned once per connection). */
export async function loadNewsLinks(db: Knex, ids: number[]): Promise<NewsLinks> {
  const [ents, tax] = await together(db, [
    () => prepared(whereIdIn(db, db('news_entities as x').join('entities as e', 'e.id', 'x.entity_id'), 'x.news_id', ids).orderBy(['x.news_id', 'e.id'])
      .select('x.news_id', 'e.id', 'e.uuid', 'e.type', 'e.subtype', 'e.name', 'e.image')) as Promise<(RefRow & { news_id: number })[]>,
    () => prepared(whereIdIn(db, db('news_taxonomy as x').join('taxonomy as t', 't.id', 'x.taxonomy_id'), 'x.news_id', ids).orderBy(['x.news_id', 't.id'])
      .select('x.news_id', 't.id', 't.name', 't.type')) as Promise<{ news_id: number; id: number; name: string; type: string }[]>,
  ] as const);
  const out: NewsLinks = { entities: new Map(), taxonomy: new Map() };
  for (const { news_id, ...r } of ents) out.entities.set(news_id, [...(out.entities.get(news_id) ?? []), r]);
  for (const { news_id, ...r } of tax) out.taxonomy.set(news_id, [...(out.taxonomy.get(news_id) ?? []), r]);
  return out;
}

/** The taxonomy items of many landscapes: one query. */
export async function loadLandscapeTaxonomy(db: Knex, ids: number[]): Promise<Map<number, { id: number; name: string; type: string }[]>> {
  const rows = (await prepared(whereIdIn(db, db('landscape_taxonomy as x').join('taxonomy as t', 't.id', 'x.taxonomy_id'), 'x.landscape_id', ids)
    .orderBy(['x.landscape_id', 't.type', 't.id']).select('x.landscape_id', 't.id', 't.name', 't.type'))) as { landscape_id: number; id: number; name: string; type: string }[];
  const out = new Map<number, { id: number; name: string; type: string }[]>();
  for (const { landscape_id, ...r } of rows) out.set(landscape_id, [...(out.get(landscape_id) ?? []), r]);
  return out;
}

/** Keys on a fund aliased `{b}` (scope `fund`). */
function fundKeys(): FilterKey[] {
  return [
    { key: 'announced_date', kind: 'column', type: 'partial_date', sqls: ['{b}.announced_sort'], ops: CMP, description: 'Announcement date (compared at the given precision)' },
    { key: 'amount', kind: 'column', type: 'money', sqls: ['{b}.amount_usd'], ops: CMP, description: 'Fund size in the request currency (integer)' },
    { key: 'vintage_year', kind: 'column', type: 'integer', sqls: ['{b}.vintage_year'], ops: CMP_SET, description: 'Vintage year' },
    { key: 'fund_type', kind: 'column', type: 'enum', sqls: ['{b}.fund_type'], ops: EQ_SET, values: FUND_TYPES, description: 'Fund type (e.g. venture, seed, growth, buyout)' },
    { key: 'status', kind: 'column', type: 'enum', sqls: ['{b}.status'], ops: EQ_SET, values: FUND_STATUSES, description: 'Fund status (fundraising, active, closed)' },
    uuidOf('investor.uuid', 'funds', 'investor_id', 'UUID of the investor that raised the fund'),
    { key: 'lp.uuid', kind: 'related', type: 'uuid', from: 'fund_lps r join entities le on le.id = r.lp_id', link: 'r.fund_id = {b}.id', sqls: ['le.uuid'], ops: REPEATED, description: 'UUID of a limited partner (repeated)' },
    UPDATED_AT,
  ];
}

/** Keys on a valuation aliased `{b}` (scope `valuation`). */
function valuationKeys(): FilterKey[] {
  return [
    { key: 'date', kind: 'column', type: 'partial_date', sqls: ['{b}.date_sort'], ops: CMP, description: 'Valuation date (compared at the given precision)' },
    { key: 'value', kind: 'column', type: 'money', sqls: ['{b}.value_usd'], ops: CMP, field: 'valuation', description: 'Valuation in the request currency (integer)' },
    { key: 'source', kind: 'column', type: 'enum', sqls: ['{b}.source'], ops: EQ_SET, values: VALUATION_SOURCES, description: 'Source (funding_round, secondary, public_market, estimate)' },
    uuidOf('company.uuid', 'valuations', 'company_id', 'UUID of the valued company'),
    UPDATED_AT,
  ];
}

/** Keys on a news article aliased `{b}` (scope `news`). */
function newsKeys(): FilterKey[] {
  return [
    { key: 'published_at', kind: 'column', type: 'partial_date', sqls: ['{b}.published_at'], ops: CMP, description: 'Publication date (compared at the given precision)' },
    { key: 'article_type', kind: 'column', type: 'enum', sqls: ['{b}.article_type'], ops: EQ_SET, values: ARTICLE_TYPES, description: 'Article type (display name or code, case-insensitive)' },
    { key: 'source', kind: 'column', type: 'string', sqls: ['{b}.source'], ops: EQ_SET, description: 'Publisher' },
    { key: 'entity.uuid', kind: 'related', type: 'uuid', from: 'news_entities r join entities ne on ne.id = r.entity_id', link: 'r.news_id = {b}.id', sqls: ['ne.uuid'], ops: REPEATED, description: 'UUID of an entity the article mentions (repeated)' },
    { key: 'taxonomy_id', kind: 'related', type: 'integer', from: 'news_taxonomy r', link: 'r.news_id = {b}.id', sqls: ['r.taxonomy_id'], ops: REPEATED, description: 'Taxonomy id of the article (repeated)', valuesFrom: 'taxonomy', valuesKind: '' },
    UPDATED_AT,
  ];
}

export const FUND_SCOPE: FilterScope = {
  name: 'fund',
  description: 'Funds raised by investors: /data/funds',
  keys: fundKeys(),
  retired: { fund_date: renamed(fundKeys(), 'announced_date', V2026_10_09) },
};

export const VALUATION_SCOPE: FilterScope = { name: 'valuation', description: 'Company valuations: /data/valuations', keys: valuationKeys() };

export const NEWS_SCOPE: FilterScope = {
  name: 'news',
  description: 'News articles: /data/news',
  keys: newsKeys(),
  retired: {
    publish_date: renamed(newsKeys(), 'published_at', V2026_10_09),
    // before 2026-10-07 the news filter `sector` took sector taxonomy ids; `taxonomy_id` takes any
    sector: { replacement: 'taxonomy_id', since: V2026_10_07, legacy: taxonomyKey('sector', 'sector', 'news_taxonomy', 'r.news_id = {b}.id') },
  },
};

export const FUND_SORTS = sortRegistry({ announced_date: "coalesce({b}.announced_sort, '')", amount: 'coalesce({b}.amount_usd, -1)', updated_at: '{b}.updated_at', id: '{b}.id' }, '-announced_date', '{b}.id', {
  fund_date: { replacement: 'announced_date', since: V2026_10_09, sql: "coalesce({b}.announced_sort, '')" },
});

export const VALUATION_SORTS = sortRegistry({ date: '{b}.date_sort', value: { sql: '{b}.value_usd', field: 'valuation' }, updated_at: '{b}.updated_at', id: '{b}.id' }, '-date', '{b}.id', {
  year: { replacement: 'date', since: V2026_10_09, sql: '{b}.date_sort' },
  month: { replacement: 'date', since: V2026_10_09, sql: '{b}.date_sort' },
});

export const NEWS_SORTS = sortRegistry({ published_at: '{b}.published_at', updated_at: '{b}.updated_at', id: '{b}.id' }, '-published_at', '{b}.id', {
  publish_date: { replacement: 'published_at', since: V2026_10_09, sql: '{b}.published_at' },
});

/** Reference lists (landscapes, taxonomy) by name. */
export const NAME_SORTS = sortRegistry({ name: '{b}.name' }, 'name');
