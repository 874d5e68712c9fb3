/**
 * Record documents of people and funds (`person`, `fund`, src/documents/build.ts): the table is emptied so that
 * `migrate` rebuilds every kind from the base rows (an empty derived table is filled after the
 * migrations, src/db/migrate.ts), as 030 did for the organizations. Self-contained: no runtime
 * module of src/ is imported.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex('record_documents').del();
}

/** The documents of kinds an older build does not know stay (it reads only its own kinds). */
export async function down(): Promise<void> {}
