/**
 * Finer planner statistics for the round amount sort keys (why: src/db/statistics.ts), then fresh
 * statistics. Frozen: its own SQL, no import of runtime code. PostgreSQL only.
 */
import type { Knex } from 'knex';

const INDEXES = ['transactions_amount_key', 'transactions_amount_desc_key'];

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'better-sqlite3') return;
  for (const index of INDEXES) await knex.raw('alter index if exists ?? alter column 1 set statistics 5000', [index]);
  await knex.raw('analyze transactions');
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'better-sqlite3') return;
  for (const index of INDEXES) await knex.raw('alter index if exists ?? alter column 1 set statistics -1', [index]);
}
