/**
 * The data loader's writers of rounds and entities (src/db/changes.ts) with the record documents that
 * show what they change refreshed in the same transaction, so a document is never stale
 * (docs/scaling.md, "Record documents").
 */
import type { Knex } from 'knex';
import { softDeleteTransactions as softDelete, updateRecords as update, type ChangedTable } from '../db/changes.js';
import { refreshDocuments } from './build.js';

const refresh = (trx: Knex.Transaction, rounds: readonly number[], entities: readonly number[]) => refreshDocuments(trx, rounds, entities);

/** `updateRecords` of src/db/changes.ts, documents included. */
export function updateRecords(db: Knex, table: ChangedTable, ids: readonly number[], patch: Record<string, unknown>, at: Date): Promise<number> {
  return update(db, table, ids, patch, at, refresh);
}

/** `softDeleteTransactions` of src/db/changes.ts, documents included. */
export function softDeleteTransactions(db: Knex, ids: readonly number[], at: Date): Promise<number> {
  return softDelete(db, ids, at, refresh);
}
