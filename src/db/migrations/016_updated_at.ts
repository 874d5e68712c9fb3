/**
 * `updated_at` on every record a partner keeps a copy of (changed-since walks): transactions, jobs,
 * funds, valuations and news gain the column (entities have it from 001), filled for existing rows
 * from the closest instant each row already has. Each list gets an index of (its fixed conditions,
 * updated_at, id), so `filter=updated_at[gt]:T&sort=updated_at` pages by cursor through one index range
 * like the other sort keys. A soft delete is a change: a deleted transaction's updated_at is its
 * deleted_at. Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

/** table -> the instant existing rows take as their last change */
const BACKFILL: readonly [string, string][] = [
  ['transactions', 'coalesce(deleted_at, created_at)'],
  ['jobs', 'posted_at'],
  ['news', 'published_at'],
  ['funds', "coalesce(announced_sort, '2000-01-01') || 'T00:00:00.000Z'"],
  ['valuations', "coalesce(date_sort, '2000-01-01') || 'T00:00:00.000Z'"],
];

const INDEXES: readonly [string, string, string][] = [
  ['transactions_updated_key', 'transactions', 'updated_at, id'],
  ['jobs_active_updated_key', 'jobs', 'is_active, updated_at, id'],
  ['news_updated_key', 'news', 'updated_at, id'],
  ['funds_updated_key', 'funds', 'updated_at, id'],
  ['valuations_updated_key', 'valuations', 'updated_at, id'],
  ['entities_updated_key', 'entities', 'updated_at, id'],
  ['entities_subtype_updated_key', 'entities', 'subtype, updated_at, id'],
  ['entities_type_updated_key', 'entities', 'type, updated_at, id'],
  ['entities_founder_updated_key', 'entities', 'type, is_founder, updated_at, id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, from] of BACKFILL) {
    await knex.schema.alterTable(table, (t) => {
      t.string('updated_at', 24).nullable();
    });
    await knex.raw(`update ${table} set updated_at = ${from} where updated_at is null`);
  }
  for (const [name, table, expr] of INDEXES) await knex.raw(`create index ${name} on ${table} (${expr})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`drop index if exists ${name}`);
  for (const [table] of BACKFILL) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('updated_at');
    });
  }
}
