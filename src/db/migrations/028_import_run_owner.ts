/**
 * Which process runs an import posted over HTTP (`import_runs.owner`: host, pid and a per-start
 * instance id) and when it last said it was alive (`alive_at`), so a process that starts can tell a
 * run whose process died (marked failed) from one another live process is running (src/import/http.ts).
 * Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_runs', (t) => {
    t.string('owner', 200).nullable();
    t.string('alive_at', 24).nullable();
    t.index(['status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_runs', (t) => {
    t.dropIndex(['status']);
    t.dropColumn('owner');
    t.dropColumn('alive_at');
  });
}
