/**
 * The typeahead table of `GET /data/search`. Frozen: its own SQL, no import of runtime code. The rows
 * are derived data: the seed writes them, and `migrate` (src/db/migrate.ts) fills an empty table from
 * existing entities with today's derivation.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  const sqlite = knex.client.config.client === 'better-sqlite3';
  await knex.schema.createTable('search_terms', (t) => {
    if (sqlite) t.string('term', 300).notNullable();
    else t.specificType('term', 'varchar(300) collate "C"').notNullable();
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable();
    t.smallint('rank').notNullable();
    t.double('signal').notNullable();
  });
  await knex.raw('create index search_terms_term_key on search_terms (term, kind, rank, signal, entity_id)');
  await knex.raw('create index search_terms_entity_key on search_terms (entity_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('search_terms');
}
