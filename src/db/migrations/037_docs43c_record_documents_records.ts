/**
 * Record documents of valuations, active job openings and news articles (`valuation`, `job`,
 * `news`, src/documents/build.ts). A company renamed rewrites the documents of its jobs, found by
 * their organization: the index on `jobs.entity_id` (valuations and news links have theirs). The
 * table is not emptied: after the migrations, `migrate` builds the documents of every kind a
 * database holds none of (src/db/migrate.ts), leaving the stored kinds as they are. Self-contained:
 * no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => t.index(['entity_id'], 'jobs_entity_key'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => t.dropIndex(['entity_id'], 'jobs_entity_key'));
}
