/**
 * Record documents (docs/scaling.md, "Record documents"): per record of a kind (`transaction`,
 * `company`), its full JSON at the latest API version in USD with every tier's fields, and the paths
 * inside it where the response policies act: `money_paths` (converted to the request currency) and
 * `lock_paths` (nulled below a field's tier). Written by the seed and by the import engine in the
 * transaction of the change. Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('record_documents', (t) => {
    t.string('kind', 16).notNullable();
    t.bigInteger('record_id').notNullable();
    t.text('body').notNullable();
    t.text('money_paths').notNullable();
    t.text('lock_paths').notNullable();
    t.primary(['kind', 'record_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('record_documents');
}
