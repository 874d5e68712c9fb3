/**
 * Funds, valuations and news lists (indexes behind their sorts and filters) and team notes: a
 * team's private annotations on entities (`/data/notes`).
 */
import type { Knex } from 'knex';
import { indexMigration, type IndexDef } from './indexes.js';

const INDEXES: IndexDef[] = [
  ['funds_announced_key', 'funds', "(coalesce(announced_sort, '')), id"],
  ['funds_amount_key', 'funds', '(coalesce(amount_usd, -1)), id'],
  ['funds_vintage_key', 'funds', 'vintage_year'],
  ['funds_type_key', 'funds', 'fund_type'],
  ['funds_status_key', 'funds', 'status'],
  ['valuations_value_key', 'valuations', 'value_usd, id'],
  ['valuations_source_key', 'valuations', 'source, date_sort'],
  ['news_type_key', 'news', 'article_type, published_at'],
  ['news_source_key', 'news', 'source, published_at'],
];

const indexes = indexMigration(INDEXES);

export async function up(knex: Knex): Promise<void> {
  await indexes.up(knex);
  await knex.schema.createTable('notes', (t) => {
    t.increments('id');
    t.integer('team_id').notNullable().references('teams.id').onDelete('CASCADE');
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.text('body').notNullable();
    t.string('created_by', 200).notNullable();
    t.string('created_at', 24).notNullable();
    t.string('updated_at', 24).notNullable();
    t.index(['team_id', 'updated_at', 'id']);
    t.index(['team_id', 'entity_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notes');
  await indexes.down(knex);
}
