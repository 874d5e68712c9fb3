/**
 * Writes of a data loader to the records partners keep a copy of: every change stamps `updated_at`
 * (a soft delete is a change), so a changed-since walk (`updated_at[gt]:T`) sees it. The seed
 * writes `updated_at` itself; any other writer of these tables goes through here. SQL only.
 */
import type { Knex } from 'knex';

export type ChangedTable = 'entities' | 'transactions' | 'jobs' | 'funds' | 'valuations' | 'news';

/** Sets `patch` on the rows `ids` of `table` and stamps them changed at `at`; the number of rows changed. */
export async function updateRecords(db: Knex, table: ChangedTable, ids: readonly number[], patch: Record<string, unknown>, at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  return db(table).whereIn('id', [...ids]).update({ ...patch, updated_at: at.toISOString() });
}

/** Soft-deletes active transactions: `deleted_at` and `updated_at` become `at`. */
export async function softDeleteTransactions(db: Knex, ids: readonly number[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const stamp = at.toISOString();
  return db('transactions').whereIn('id', [...ids]).whereNull('deleted_at').update({ deleted_at: stamp, updated_at: stamp });
}
