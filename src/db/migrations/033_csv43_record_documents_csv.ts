/**
 * Record documents of list rows keep their CSV record (`csv`, src/documents/build.ts): the table is
 * emptied and the column added, so that `migrate` rebuilds every document with it from the base rows
 * (an empty derived table is filled after the migrations, src/db/migrate.ts). Self-contained: no
 * runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex('record_documents').del();
  await knex.schema.alterTable('record_documents', (t) => {
    t.text('csv').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('record_documents', (t) => {
    t.dropColumn('csv');
  });
}
