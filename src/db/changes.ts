/**
 * Writes of a data loader to the records partners keep a copy of. Every change stamps `updated_at`
 * (a soft delete is a change), so a changed-since walk (`updated_at[gt]:T`) sees it, and writes its
 * `change_log` row in the same transaction, so the change feed and the webhooks see it (docs/changes.md).
 * The seed writes its rows itself and logs nothing; the import engine (src/db/imports.ts) logs its own
 * companies and rounds; any other writer of these tables goes through here. SQL only.
 */
import type { Knex } from 'knex';
import { dialectOf } from './dialect.js';
import { newsTermsOf } from './newsSearch.js';

export type ChangedTable = 'entities' | 'transactions' | 'jobs' | 'funds' | 'valuations' | 'news';
/** Tables whose rows are created and deleted here (entities and rounds come in through the import). */
export type RecordTable = Exclude<ChangedTable, 'entities' | 'transactions'>;

/** The `change_log` type of each table's rows (the feed names entities by their kind). */
const LOG_TYPE: Record<ChangedTable, string> = { entities: 'entity', transactions: 'transaction', jobs: 'job', funds: 'fund', valuations: 'valuation', news: 'news' };
const CHUNK = 200;

/**
 * What a write must refresh in its own transaction (the record documents that show what it
 * changed, src/documents/writes.ts), given the rounds, entities and other records (by table) it changed.
 */
export type RefreshShown = (trx: Knex.Transaction, rounds: readonly number[], entities: readonly number[], records: Partial<Record<RecordTable, readonly number[]>>) => Promise<unknown>;

/** The refresh of a write of these rows of a table. */
async function refreshTable(trx: Knex.Transaction, table: ChangedTable, ids: readonly number[], refresh?: RefreshShown): Promise<void> {
  if (!refresh) return;
  if (table === 'transactions') await refresh(trx, ids, [], {});
  else if (table === 'entities') await refresh(trx, [], ids, {});
  else await refresh(trx, [], [], { [table]: ids });
}

/** Keeps the news title index (`news_terms`, src/db/newsSearch.ts) in step with the articles `ids`. */
async function reindexNews(trx: Knex.Transaction, ids: readonly number[]): Promise<void> {
  await trx('news_terms').whereIn('news_id', [...ids]).delete();
  const rows = (await trx('news').whereIn('id', [...ids]).select('id', 'title', 'published_at')) as { id: number; title: string; published_at: string }[];
  const terms = rows.flatMap((r) => newsTermsOf({ ...r, id: Number(r.id) }));
  for (let i = 0; i < terms.length; i += CHUNK) await trx('news_terms').insert(terms.slice(i, i + CHUNK));
}

async function logChanges(trx: Knex.Transaction, table: ChangedTable, ids: readonly number[], kind: 'insert' | 'update' | 'delete', fields: string[] | null, at: string): Promise<void> {
  const rows = ids.map((record_id) => ({ type: LOG_TYPE[table], record_id, kind, fields: fields ? JSON.stringify(fields) : null, at }));
  for (let i = 0; i < rows.length; i += CHUNK) await trx('change_log').insert(rows.slice(i, i + CHUNK));
}

/** Sets `patch` on the rows `ids` of `table`, stamps them changed at `at` and logs the update; the number of rows changed. */
export async function updateRecords(db: Knex, table: ChangedTable, ids: readonly number[], patch: Record<string, unknown>, at: Date, refresh?: RefreshShown): Promise<number> {
  if (ids.length === 0) return 0;
  const stamp = at.toISOString();
  return db.transaction(async (trx) => {
    const found = ((await trx(table).whereIn('id', [...ids]).select('id')) as { id: unknown }[]).map((r) => Number(r.id));
    if (found.length === 0) return 0;
    const n = await trx(table).whereIn('id', found).update({ ...patch, updated_at: stamp });
    if (table === 'news') await reindexNews(trx, found);
    await refreshTable(trx, table, found, refresh);
    await logChanges(trx, table, found, 'update', Object.keys(patch).filter((f) => f !== 'updated_at'), stamp);
    return n;
  });
}

/**
 * Inserts records (without ids: each gets the next one) stamped created at `at` and logs their
 * creation; their ids in order. On PostgreSQL the table is locked against other writers for the
 * transaction, as the seed's explicit ids leave its id sequence behind.
 */
export async function insertRecords(db: Knex, table: RecordTable, rows: readonly Record<string, unknown>[], at: Date, refresh?: RefreshShown): Promise<number[]> {
  if (rows.length === 0) return [];
  const stamp = at.toISOString();
  return db.transaction(async (trx) => {
    await dialectOf(trx).lockTable(trx, table);
    const max = Number(((await trx(table).max({ m: 'id' }).first()) as { m: unknown } | undefined)?.m ?? 0);
    const ids = rows.map((_, i) => max + 1 + i);
    const full = rows.map((r, i) => ({ ...r, id: ids[i], updated_at: stamp }));
    for (let i = 0; i < full.length; i += CHUNK) await trx(table).insert(full.slice(i, i + CHUNK));
    if (table === 'news') await reindexNews(trx, ids);
    await refreshTable(trx, table, ids, refresh);
    await logChanges(trx, table, ids, 'insert', null, stamp);
    return ids;
  });
}

/** Deletes records and logs their deletion at `at`; the number deleted. */
export async function deleteRecords(db: Knex, table: RecordTable, ids: readonly number[], at: Date, refresh?: RefreshShown): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction(async (trx) => {
    const found = ((await trx(table).whereIn('id', [...ids]).select('id')) as { id: unknown }[]).map((r) => Number(r.id));
    if (found.length === 0) return 0;
    if (table === 'news') {
      await trx('news_entities').whereIn('news_id', found).delete();
      await reindexNews(trx, found);
    }
    const n = await trx(table).whereIn('id', found).delete();
    await refreshTable(trx, table, found, refresh);
    await logChanges(trx, table, found, 'delete', null, at.toISOString());
    return n;
  });
}

/** Soft-deletes active transactions: `deleted_at` and `updated_at` become `at` (the import logs the deletion). */
export async function softDeleteTransactions(db: Knex, ids: readonly number[], at: Date, refresh?: RefreshShown): Promise<number> {
  if (ids.length === 0) return 0;
  const stamp = at.toISOString();
  const write = (k: Knex) => k('transactions').whereIn('id', [...ids]).whereNull('deleted_at').update({ deleted_at: stamp, updated_at: stamp });
  if (!refresh) return write(db);
  return db.transaction(async (trx) => {
    const n = await write(trx);
    await refresh(trx, ids, [], {});
    return n;
  });
}
