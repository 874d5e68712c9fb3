/**
 * Stored fields the current response shapes no longer carry, read back for the response downgrade
 * of clients pinned before the version that dropped them (src/versions/changes/).
 */
import type { Knex } from 'knex';
import type { StoredFields } from '../versions/change.js';

async function byId<V>(db: Knex, table: string, column: string, ids: readonly number[]): Promise<Map<number, V>> {
  if (ids.length === 0) return new Map();
  const rows = (await db(table).select('id', `${column} as value`).whereIn('id', [...new Set(ids)])) as { id: number | string; value: V }[];
  return new Map(rows.map((r) => [Number(r.id), r.value]));
}

/** `created_at` of transactions (dropped from the Transaction shape on 2026-10-09). */
export const transactionCreatedAt = (db: Knex, ids: readonly number[]) => byId<string>(db, 'transactions', 'created_at', ids);

/** `announced_date` of funds at source precision (YYYY, YYYY-MM or YYYY-MM-DD; a calendar day since 2026-10-09). */
export const fundAnnouncedAsStored = (db: Knex, ids: readonly number[]) => byId<string | null>(db, 'funds', 'announced_date', ids);

/** The stored fields of this database, as the downgrades read them. */
export const storedFields = (db: Knex): StoredFields => ({ transactionCreatedAt: (ids) => transactionCreatedAt(db, ids), fundAnnouncedDate: (ids) => fundAnnouncedAsStored(db, ids) });
