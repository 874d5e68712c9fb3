/** Company lists: SQL only. */
import type { Knex } from 'knex';
import type { CompiledFilter } from '../query/compile.js';
import type { EntityRow } from './entities.js';
import { keysetPage, type PageRequest } from './paging.js';

/** A page of companies matching the compiled filter (rows are entity ids and sort values). */
export async function listCompanies(db: Knex, where: CompiledFilter | null, page: PageRequest) {
  const base = db('entities as e').where('e.subtype', 'company');
  if (where) base.whereRaw(where.sql, where.bindings);
  return keysetPage<Pick<EntityRow, 'id'> & Record<string, unknown>>(db, base, (q) => q.select('e.id'), page);
}
