/**
 * Indexes behind the default list sorts (keyset pages walk them): sort expressions are coalesced so
 * that they are never null, and the index is on the same expression plus the id tie-breaker.
 */
import type { Knex } from 'knex';

const INDEXES: [name: string, table: string, expr: string][] = [
  ['transactions_date_key', 'transactions', "(coalesce(date_sort, '')), id"],
  ['transactions_amount_key', 'transactions', '(coalesce(amount_usd, -1)), id'],
  ['entities_signal_key', 'entities', 'type, is_founder, (coalesce(signal_rating, -1)), id'],
  ['entities_subtype_signal_key', 'entities', 'subtype, (coalesce(signal_rating, -1)), id'],
  ['career_founder_key', 'career', "person_id, is_founder, (coalesce(start_sort, '')), id"],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, table, expr] of INDEXES) await knex.raw(`create index ${name} on ${table} (${expr})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`drop index if exists ${name}`);
}
