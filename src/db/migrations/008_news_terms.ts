/**
 * The title index of `GET /data/news?q=`. Frozen: its own SQL, no import of runtime code. The rows
 * are derived data: the seed writes them, and `migrate` (src/db/migrate.ts) fills an empty table from
 * existing articles with today's derivation.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  const sqlite = knex.client.config.client === 'better-sqlite3';
  await knex.schema.createTable('news_terms', (t) => {
    if (sqlite) t.string('term', 300).notNullable();
    else t.specificType('term', 'varchar(300) collate "C"').notNullable();
    t.integer('news_id').notNullable().references('news.id').onDelete('CASCADE');
    t.smallint('rank').notNullable();
    t.string('published_at', 24).notNullable();
  });
  await knex.raw('create index news_terms_term_key on news_terms (term, rank, published_at, news_id)');
  await knex.raw('create index news_terms_news_key on news_terms (news_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('news_terms');
}
