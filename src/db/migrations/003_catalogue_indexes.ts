/**
 * Indexes behind the catalogue lists: every sort key of the typed entity lists
 * (per subtype, per person type and over all entities) plus the id tie-breaker, and the filters and
 * sort of the job openings list. Sort expressions are the same coalesced expressions the sort
 * registries use, so keyset pages walk these indexes.
 */
import { indexMigration, type IndexDef } from './indexes.js';

const INDEXES: IndexDef[] = [
  ['entities_subtype_name_key', 'entities', 'subtype, name_lower, id'],
  ['entities_subtype_added_key', 'entities', 'subtype, added_at, id'],
  ['entities_subtype_investments_key', 'entities', 'subtype, (coalesce(investor_investments_count, -1)), id'],
  ['entities_subtype_invested_key', 'entities', 'subtype, (coalesce(investor_total_invested_usd, -1)), id'],
  ['entities_type_signal_key', 'entities', 'type, (coalesce(signal_rating, -1)), id'],
  ['entities_type_name_key', 'entities', 'type, name_lower, id'],
  ['entities_type_added_key', 'entities', 'type, added_at, id'],
  ['entities_signal_all_key', 'entities', '(coalesce(signal_rating, -1)), id'],
  ['entities_name_all_key', 'entities', 'name_lower, id'],
  ['entities_added_all_key', 'entities', 'added_at, id'],
  ['jobs_country_key', 'jobs', 'country_id, is_active, posted_at, id'],
  ['jobs_city_key', 'jobs', 'city_id, is_active, posted_at, id'],
  ['jobs_continent_key', 'jobs', 'continent_id, is_active, posted_at, id'],
  ['jobs_type_key', 'jobs', 'job_type, is_active, posted_at, id'],
  ['jobs_source_key', 'jobs', 'source, is_active, posted_at, id'],
  ['jobs_language_key', 'jobs', 'post_language, is_active, posted_at, id'],
];

export const { up, down } = indexMigration(INDEXES);
