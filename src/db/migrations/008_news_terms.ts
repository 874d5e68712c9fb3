/** The title index of `GET /data/news?q=` (src/db/newsSearch.ts), filled from existing articles. */
import type { Knex } from 'knex';
import { createNewsTerms, rebuildNewsTerms } from '../newsSearch.js';

export async function up(knex: Knex): Promise<void> {
  await createNewsTerms(knex);
  await rebuildNewsTerms(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('news_terms');
}
