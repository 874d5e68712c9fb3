/** Indexes behind the map views (bounding box over headquarters cities) and the reference lists. */
import type { Knex } from 'knex';

const INDEXES: [name: string, table: string, expr: string][] = [
  ['places_geo_key', 'places', 'kind, lat, lon'],
  ['entities_subtype_city_key', 'entities', 'hq_city_id, subtype'],
  ['taxonomy_name_key', 'taxonomy', 'name, id'],
  ['landscapes_name_key', 'landscapes', 'name, id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, table, expr] of INDEXES) await knex.raw(`create index ${name} on ${table} (${expr})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`drop index if exists ${name}`);
}
