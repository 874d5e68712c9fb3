/** The funding-rounds rollup of unfiltered heatmaps and funnels (src/db/rollup.ts), built from existing rounds. */
import type { Knex } from 'knex';
import { createRollup, rebuildRollup } from '../rollup.js';

export async function up(knex: Knex): Promise<void> {
  await createRollup(knex);
  await rebuildRollup(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('analytics_rollup');
}
