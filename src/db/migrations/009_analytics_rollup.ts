/**
 * The funding-rounds rollup of unfiltered heatmaps and funnels. Frozen: its own SQL, no import of
 * runtime code. The rows are derived data: the seed builds them, and `migrate` (src/db/migrate.ts)
 * fills an empty rollup from existing rounds with today's code, after every migration has run (the
 * rebuild reads tables of later migrations).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_rollup', (t) => {
    t.string('dim_a', 32).notNullable();
    t.text('label_a').notNullable();
    t.string('dim_b', 32).notNullable();
    t.text('label_b').notNullable();
    t.bigInteger('rounds').notNullable();
    t.bigInteger('companies').notNullable();
    t.double('amount_sum');
    t.double('amount_avg');
    t.primary(['dim_a', 'dim_b', 'label_a', 'label_b']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('analytics_rollup');
}
