/**
 * The entity match index of `/data/entities/match` and the forgiving part of `/data/search`: per
 * entity, its registrable domains, name key, the one-deletion variants of the name key, and social
 * handles, each a row `(kind, key, entity_id)`. Frozen: its own SQL. The rows are derived data: the seed
 * writes them, `migrate` fills an empty table from existing entities, and imports refresh the rows of
 * the entities they change (src/db/matchKeys.ts).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  const sqlite = knex.client.config.client === 'better-sqlite3';
  await knex.schema.createTable('match_keys', (t) => {
    t.string('kind', 1).notNullable();
    if (sqlite) t.string('key', 200).notNullable();
    else t.specificType('key', 'varchar(200) collate "C"').notNullable();
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
  });
  await knex.raw('create index match_keys_key on match_keys (kind, key, entity_id)');
  await knex.raw('create index match_keys_entity on match_keys (entity_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('match_keys');
}
