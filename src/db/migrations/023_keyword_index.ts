/**
 * The `semantic_keyword` index (src/db/keywordIndex.ts): lexical postings `keyword_terms (term,
 * entity_id, tf, dl)` (field-weighted term frequency and document length, for BM25), the learned
 * term-to-concept model `keyword_model (term, concept_id, weight)` (concepts are taxonomy items) and
 * each entity's concept vector `keyword_concepts (concept_id, entity_id, weight)`. Frozen: its own
 * SQL. Derived data: the seed builds it, `migrate` fills empty tables, imports refresh changed entities.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  const sqlite = knex.client.config.client === 'better-sqlite3';
  const term = (t: Knex.CreateTableBuilder) => (sqlite ? t.string('term', 64).notNullable() : t.specificType('term', 'varchar(64) collate "C"').notNullable());
  await knex.schema.createTable('keyword_terms', (t) => {
    term(t);
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.float('tf').notNullable();
    t.float('dl').notNullable();
  });
  await knex.raw('create index keyword_terms_term on keyword_terms (term, entity_id)');
  await knex.raw('create index keyword_terms_entity on keyword_terms (entity_id)');
  await knex.schema.createTable('keyword_model', (t) => {
    term(t);
    t.integer('concept_id').notNullable();
    t.float('weight').notNullable();
  });
  await knex.raw('create index keyword_model_term on keyword_model (term, concept_id)');
  await knex.schema.createTable('keyword_concepts', (t) => {
    t.integer('concept_id').notNullable();
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.float('weight').notNullable();
  });
  await knex.raw('create index keyword_concepts_concept on keyword_concepts (concept_id, entity_id)');
  await knex.raw('create index keyword_concepts_entity on keyword_concepts (entity_id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['keyword_concepts', 'keyword_model', 'keyword_terms']) await knex.schema.dropTableIfExists(t);
}
