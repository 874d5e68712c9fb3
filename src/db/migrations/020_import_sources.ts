/**
 * Imported records and their changes (docs/import.md): `import_keys` ties each record an import
 * wrote to its source and source key (a Crunchbase permalink, a uuid, or a key derived from a
 * row's identifying content and position), so a repeated import finds the record it wrote before;
 * `change_log` holds one row per changed record (insert, update, delete) in commit order, the
 * position every process polls to notice new data and a change feed can publish from.
 * Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('import_keys', (t) => {
    t.string('source', 100).notNullable();
    t.string('type', 40).notNullable();
    t.string('key', 500).notNullable();
    t.bigInteger('record_id').notNullable();
    t.primary(['source', 'type', 'key']);
    t.index(['type', 'record_id']);
  });
  await knex.schema.createTable('change_log', (t) => {
    t.bigIncrements('seq').primary();
    t.string('type', 40).notNullable();
    t.bigInteger('record_id').notNullable();
    t.string('kind', 10).notNullable();
    t.text('fields').nullable();
    t.string('at', 24).notNullable();
    t.index(['type', 'record_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('change_log');
  await knex.schema.dropTable('import_keys');
}
