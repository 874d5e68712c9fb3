/**
 * Imports posted over HTTP (`POST /platform/imports`, docs/import.md): one row per import, its
 * team, options, status (`queued`, `running`, `succeeded`, `failed`) and the engine's JSON report.
 * Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('import_runs', (t) => {
    t.string('id', 40).primary();
    t.integer('team_id').notNullable();
    t.string('source', 100).notNullable();
    t.string('mode', 20).notNullable();
    t.boolean('dry_run').notNullable();
    t.string('status', 16).notNullable();
    t.bigInteger('bytes').notNullable();
    t.text('report').nullable();
    t.text('error').nullable();
    t.string('created_at', 24).notNullable();
    t.string('finished_at', 24).nullable();
    t.index(['team_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('import_runs');
}
