/** The typeahead index of `GET /data/search` (src/db/search.ts), filled from existing entities. */
import type { Knex } from 'knex';
import { createSearchTerms, rebuildSearchTerms } from '../search.js';

export async function up(knex: Knex): Promise<void> {
  await createSearchTerms(knex);
  await rebuildSearchTerms(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('search_terms');
}
