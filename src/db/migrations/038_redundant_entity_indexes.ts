/**
 * Two indexes of `entities` that a longer one starting with the same column serves as well:
 * `(name_lower)` under `entities_name_all_key (name_lower, id)` (the name filter's equality and the
 * name sort, id its tie-break), and `(hq_city_id)` under `entities_subtype_city_key (hq_city_id,
 * subtype)` (the city filters and the joins to a company's city). Every row written to `entities`
 * (an import's companies, 28 indexes before) wrote both for nothing. Self-contained: no runtime
 * module of src/ is imported.
 */
import type { Knex } from 'knex';

const DROPPED: [name: string, column: string][] = [
  ['entities_name_lower_index', 'name_lower'],
  ['entities_hq_city_id_index', 'hq_city_id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name] of DROPPED) await knex.raw(`drop index if exists ${name}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name, column] of DROPPED) await knex.raw(`create index if not exists ${name} on entities (${column})`);
}
