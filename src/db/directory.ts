/**
 * The typed entity directories (entities, investors, universities, gov-ngo, people) and job lists:
 * SQL only, with the filter scope `entity` and the organization directories' sort keys.
 */
import type { Knex } from 'knex';
import { sortRegistry, type CompiledFilter, type FilterScope } from './listing.js';
import type { EntityRow } from './entities.js';
import { jobFromRow, JOB_COLUMNS, JOB_ENTITY_COLUMNS, type JobRow } from './jobs.js';
import { keysetPage, type PageJoin, type PageRequest } from './paging.js';
import { entityKeys, renamed } from './filterKeys.js';
import { V2026_10_09 } from '../versions/table.js';

/** Which entities a directory lists: one organization subtype or every entity (persons: people.ts listPersons). */
export type Directory = { subtype: NonNullable<EntityRow['subtype']> } | { all: true };

function applyWhere(q: Knex.QueryBuilder, where: CompiledFilter | null): Knex.QueryBuilder {
  return where ? q.whereRaw(where.sql, where.bindings) : q;
}

/** A page of entity ids of a directory matching the compiled filter (alias `e`). */
export async function listDirectory(db: Knex, dir: Directory, where: CompiledFilter | null, page: PageRequest, join?: PageJoin) {
  const base = db('entities as e');
  if ('subtype' in dir) base.where('e.subtype', dir.subtype);
  applyWhere(base, where);
  // the kind and `updated_at` of each row: its summary row document and the page's `Last-Modified` (src/documents/read.ts)
  return keysetPage<Pick<EntityRow, 'id' | 'type' | 'subtype' | 'is_investor' | 'updated_at'> & Record<string, unknown>>(
    db,
    base,
    (q) => q.select('e.id', 'e.type', 'e.subtype', 'e.is_investor', 'e.updated_at'),
    page,
    join,
  );
}

/** A page of active job openings (alias `j`) with their organizations. */
export async function listActiveJobs(db: Knex, where: CompiledFilter | null, page: PageRequest, join?: PageJoin): Promise<{ rows: JobRow[]; page: Awaited<ReturnType<typeof keysetPage>>['page'] }> {
  const base = applyWhere(db('jobs as j').join('entities as e', 'e.id', 'j.entity_id').where('j.is_active', true), where);
  const res = await keysetPage<Record<string, unknown>>(db, base, (q) => q.select(...JOB_COLUMNS, ...JOB_ENTITY_COLUMNS), page, join);
  return { page: res.page, rows: res.rows.map(jobFromRow) };
}

/** Filter scope `entity`: organizations and persons aliased `{b}`. */
export const ENTITY_SCOPE: FilterScope = {
  name: 'entity',
  description: 'Organizations and persons: /data/companies, /data/entities, /data/investors, /data/universities, /data/gov-ngo, /data/people, /data/founders, founded companies',
  keys: entityKeys(),
  retired: { created_at: renamed(entityKeys(), 'added_at', V2026_10_09) },
};

const ORGANIZATION_KEYS = { signal_rating: 'coalesce({b}.signal_rating, -1)', name: '{b}.name_lower', added_at: '{b}.added_at', updated_at: '{b}.updated_at', id: '{b}.id' };
const ADDED_AT_RENAMED = { created_at: { replacement: 'added_at', since: V2026_10_09, sql: '{b}.added_at' } };

/** Organization directories: every key has an index per subtype (migration 003). */
export const ORGANIZATION_SORTS = sortRegistry(ORGANIZATION_KEYS, '-signal_rating', '{b}.id', ADDED_AT_RENAMED);

export const INVESTOR_SORTS = sortRegistry(
  { ...ORGANIZATION_KEYS, investments_count: 'coalesce({b}.investor_investments_count, -1)', total_invested: 'coalesce({b}.investor_total_invested_usd, -1)' },
  '-signal_rating',
  '{b}.id',
  ADDED_AT_RENAMED,
);
