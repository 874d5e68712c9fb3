/** Indexes behind the map views (bounding box over headquarters cities) and the reference lists. */
import { indexMigration, type IndexDef } from './indexes.js';

const INDEXES: IndexDef[] = [
  ['places_geo_key', 'places', 'kind, lat, lon'],
  ['entities_subtype_city_key', 'entities', 'hq_city_id, subtype'],
  ['taxonomy_name_key', 'taxonomy', 'name, id'],
  ['landscapes_name_key', 'landscapes', 'name, id'],
];

export const { up, down } = indexMigration(INDEXES);
