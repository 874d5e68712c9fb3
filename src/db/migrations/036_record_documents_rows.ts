/**
 * Summary row documents of investors, government bodies, universities and people (`investor_row`,
 * `gov_ngo_row`, `university_row`, `person_row`, src/documents/build.ts): the table is emptied so that
 * `migrate` rebuilds every kind from the base rows (an empty derived table is filled after the
 * migrations, src/db/migrate.ts), as 030 and 035 did. Self-contained: no runtime module of src/ is
 * imported.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex('record_documents').del();
}

/** The documents of kinds an older build does not know stay (it reads only its own kinds). */
export async function down(): Promise<void> {}
