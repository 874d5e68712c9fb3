/**
 * The data loader's writers of rounds, entities, funds, valuations, jobs and news (src/db/changes.ts) with the record
 * documents that show what they change refreshed in the same transaction, so a document is never
 * stale (docs/scaling.md, "Record documents").
 */
import type { Knex } from 'knex';
import {
  deleteRecords as remove,
  insertRecords as insert,
  softDeleteTransactions as softDelete,
  updateRecords as update,
  type ChangedTable,
  type RecordTable,
  type RefreshShown,
} from '../db/changes.js';
import { refreshDocuments } from './build.js';

const refresh: RefreshShown = refreshDocuments;

/** `updateRecords` of src/db/changes.ts, documents included. */
export function updateRecords(db: Knex, table: ChangedTable, ids: readonly number[], patch: Record<string, unknown>, at: Date): Promise<number> {
  return update(db, table, ids, patch, at, refresh);
}

/** `insertRecords` of src/db/changes.ts, documents included. */
export function insertRecords(db: Knex, table: RecordTable, rows: readonly Record<string, unknown>[], at: Date): Promise<number[]> {
  return insert(db, table, rows, at, refresh);
}

/** `deleteRecords` of src/db/changes.ts, documents included. */
export function deleteRecords(db: Knex, table: RecordTable, ids: readonly number[], at: Date): Promise<number> {
  return remove(db, table, ids, at, refresh);
}

/** `softDeleteTransactions` of src/db/changes.ts, documents included. */
export function softDeleteTransactions(db: Knex, ids: readonly number[], at: Date): Promise<number> {
  return softDelete(db, ids, at, refresh);
}
