/** Company lists: SQL only. */
import type { Knex } from 'knex';
import type { CompiledFilter } from './listing.js';
import type { EntityRow } from './entities.js';
import { keysetPage, type PageRequest } from './paging.js';
import type { SortRegistry } from './listing.js';

/** A page of companies matching the compiled filter (rows are entity ids and sort values). */
export async function listCompanies(db: Knex, where: CompiledFilter | null, page: PageRequest) {
  const base = db('entities as e').where('e.subtype', 'company');
  if (where) base.whereRaw(where.sql, where.bindings);
  return keysetPage<Pick<EntityRow, 'id'> & Record<string, unknown>>(db, base, (q) => q.select('e.id'), page);
}

export const COMPANY_SORTS: SortRegistry = {
  keys: [
    { key: 'signal_rating', sql: 'coalesce({b}.signal_rating, -1)' },
    { key: 'name', sql: '{b}.name_lower' },
    { key: 'funding_total', sql: 'coalesce({b}.funding_total_usd, -1)' },
    { key: 'launch_date', sql: "coalesce({b}.launch_date_sort, '')" },
    { key: 'employees_count', sql: 'coalesce({b}.employees_count, -1)', field: 'employees' },
    { key: 'added_at', sql: '{b}.added_at' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-signal_rating',
  id: '{b}.id',
  retired: { created_at: { replacement: 'added_at', since: '2026-10-09', sql: '{b}.added_at' } },
};
