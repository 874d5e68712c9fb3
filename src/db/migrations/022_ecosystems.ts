/**
 * Ecosystems: a named community of places (a city, its region, a country) whose members see money in
 * its default currency. `id` is the slug browser-app users and their tokens carry. Frozen: its own SQL.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ecosystems', (t) => {
    t.string('id', 64).primary();
    t.string('name', 200).notNullable();
    t.string('currency', 3).notNullable();
    t.string('created_at', 24).notNullable();
    t.string('updated_at', 24).notNullable();
  });
  await knex.schema.createTable('ecosystem_places', (t) => {
    t.string('ecosystem_id', 64).notNullable().references('ecosystems.id').onDelete('CASCADE');
    t.integer('place_id').notNullable().references('places.id');
    t.primary(['ecosystem_id', 'place_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ecosystem_places');
  await knex.schema.dropTableIfExists('ecosystems');
}
