/** Reference tables read by the service at run time: SQL only. */
import type { Knex } from 'knex';
import { keysetPage, type PageInfo, type PageRequest } from './paging.js';
import { sortRegistry } from './listing.js';

export async function loadFxRates(db: Knex): Promise<{ currency: string; per_usd: number; as_of: string }[]> {
  return db('fx_rates').select('currency', 'per_usd', 'as_of');
}

/** Values of a data-backed filter key, name order (keyset pages). */
export async function listReferenceValues(
  db: Knex,
  source: 'taxonomy' | 'places' | 'investor_types',
  kinds: string[],
  page: PageRequest,
): Promise<{ rows: { value: string; name: string; type?: string; code?: string }[]; page: PageInfo }> {
  let base: Knex.QueryBuilder;
  let select: (q: Knex.QueryBuilder) => Knex.QueryBuilder;
  if (source === 'taxonomy') {
    base = db('taxonomy as r');
    if (kinds.length) base.whereIn('r.type', kinds);
    select = (q) => q.select('r.id as value', 'r.name', 'r.type');
  } else if (source === 'places') {
    base = db('places as r').whereIn('r.kind', kinds);
    select = (q) => q.select('r.id as value', 'r.name', 'r.kind as type', 'r.code');
  } else {
    base = db('investor_types as r');
    select = (q) => q.select('r.code as value', 'r.name');
  }
  const res = await keysetPage<{ value: string | number; name: string; type?: string; code?: string | null }>(db, base, select, page);
  return { page: res.page, rows: res.rows.map(({ code, ...r }) => ({ ...r, value: String(r.value), ...(code ? { code } : {}) })) };
}

/** Values of a data-backed filter key, by name (alias `r`). */
export const REFERENCE_VALUE_SORTS = sortRegistry({ name: 'r.name', id: 'r.id' }, 'name', 'r.id');
