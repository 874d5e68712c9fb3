/**
 * Funds, valuations, news articles and team notes: SQL only. Each is a table with an optional
 * organization (joined as `e`, selected with the `e_` ref columns) listed in keyset pages.
 */
import type { Knex } from 'knex';
import type { CompiledFilter } from '../query/compile.js';
import type { RefRow } from './entities.js';
import { prepared, whereIdIn } from './knex.js';
import { JOB_ENTITY_COLUMNS } from './jobs.js';
import { keysetPage, type PageRequest } from './paging.js';

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
export async function listRecords(db: Knex, spec: RecordSpec, where: CompiledFilter | null, page: PageRequest, scope: Fixed = {}) {
  const q = base(db, spec, scope);
  if (where) q.whereRaw(where.sql, where.bindings);
  const res = await keysetPage<Record<string, unknown>>(db, q, (b) => b.select(...columns(spec)), page);
  return { page: res.page, rows: res.rows.map(withRef) };
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
  const [ents, tax] = await Promise.all([
    prepared(whereIdIn(db, db('news_entities as x').join('entities as e', 'e.id', 'x.entity_id'), 'x.news_id', ids).orderBy(['x.news_id', 'e.id'])
      .select('x.news_id', 'e.id', 'e.uuid', 'e.type', 'e.subtype', 'e.name', 'e.image')) as Promise<(RefRow & { news_id: number })[]>,
    prepared(whereIdIn(db, db('news_taxonomy as x').join('taxonomy as t', 't.id', 'x.taxonomy_id'), 'x.news_id', ids).orderBy(['x.news_id', 't.id'])
      .select('x.news_id', 't.id', 't.name', 't.type')) as Promise<{ news_id: number; id: number; name: string; type: string }[]>,
  ]);
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
