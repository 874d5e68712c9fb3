/** Company lists: SQL only. */
import type { Knex } from 'knex';
import { sortRegistry, type CompiledFilter } from './listing.js';
import type { EntityRow } from './entities.js';
import { keysetPage, type PageJoin, type PageRequest } from './paging.js';
import { V2026_10_09 } from '../versions/table.js';

/** A page of companies matching the compiled filter (rows are entity ids, `updated_at` and sort values). */
export async function listCompanies(db: Knex, where: CompiledFilter | null, page: PageRequest, join?: PageJoin) {
  const base = db('entities as e').where('e.subtype', 'company');
  if (where) base.whereRaw(where.sql, where.bindings);
  return keysetPage<Pick<EntityRow, 'id' | 'updated_at'> & Record<string, unknown>>(db, base, (q) => q.select('e.id', 'e.updated_at'), page, join);
}

export const COMPANY_SORTS = sortRegistry(
  {
    signal_rating: 'coalesce({b}.signal_rating, -1)',
    name: '{b}.name_lower',
    funding_total: 'coalesce({b}.funding_total_usd, -1)',
    launch_date: "coalesce({b}.launch_date_sort, '')",
    employees_count: { sql: 'coalesce({b}.employees_count, -1)', field: 'employees' },
    added_at: '{b}.added_at',
    updated_at: '{b}.updated_at',
    id: '{b}.id',
  },
  '-signal_rating',
  '{b}.id',
  { created_at: { replacement: 'added_at', since: V2026_10_09, sql: '{b}.added_at' } },
);
