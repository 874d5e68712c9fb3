/**
 * Indexes that serve a one- or two-letter `/data/search` query in ranking order. The term index
 * (004) answers a prefix by a range scan, which for one letter reads every term starting with it
 * (about 100,000 on `large`) before grouping and sorting them to keep the first 1,000. These index
 * each term by its first one or two characters, then rank, then signal descending and entity id:
 * the ranking within a match class, so a short query reads at most the first 1,000 entities of
 * each class (src/db/search.ts). They are derived by the databases themselves, so imports, the
 * seed and deletions keep them current with no code of ours.
 */
import { indexMigration, type IndexDef } from './indexes.js';

const INDEXES: IndexDef[] = [
  ['search_terms_lead1_key', 'search_terms', '(substr(term, 1, 1)), rank, signal desc, entity_id, kind'],
  ['search_terms_lead2_key', 'search_terms', '(substr(term, 1, 2)), rank, signal desc, entity_id, kind'],
];

export const { up, down } = indexMigration(INDEXES);
