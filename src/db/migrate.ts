/**
 * The migrations and their runner. A migration is frozen: its own SQL, importing no runtime module,
 * so it means tomorrow what it meant the day it was written. Tables derived from others (typeahead
 * terms, the analytics fact table and rollup) are written by the seed with today's code; a database
 * that already holds the source rows when a migration creates such a table gets it filled here,
 * after every migration ran, by the same code the seed uses.
 */
import type { Knex } from 'knex';
import * as m001 from './migrations/001_schema.js';
import * as m002 from './migrations/002_list_indexes.js';
import * as m003 from './migrations/003_catalogue_indexes.js';
import * as m004 from './migrations/004_search_terms.js';
import * as m005 from './migrations/005_records_notes.js';
import * as m006 from './migrations/006_nested_indexes.js';
import * as m007 from './migrations/007_geo_reference.js';
import * as m008 from './migrations/008_news_terms.js';
import * as m009 from './migrations/009_analytics_rollup.js';
import * as m010 from './migrations/010_descending_sort_indexes.js';
import * as m011 from './migrations/011_sort_key_statistics.js';
import * as m012 from './migrations/012_auth_attempts.js';
import * as m013 from './migrations/013_sign_in_codes.js';
import * as m014 from './migrations/014_analytics_facts.js';
import * as m015 from './migrations/015_idempotency_keys.js';
import * as m016 from './migrations/016_updated_at.js';
import * as m018 from './migrations/018_credit_leases.js';
import * as m019 from './migrations/019_oauth_clients.js';
import * as m020 from './migrations/020_import_sources.js';
import * as m021 from './migrations/021_match_keys.js';
import * as m022 from './migrations/022_ecosystems.js';
import * as m023 from './migrations/023_keyword_index.js';
import * as m024 from './migrations/024_change_feed.js';
import * as m025 from './migrations/025_webhooks.js';
import * as m026 from './migrations/026_import_runs.js';
import * as m027 from './migrations/027_change_notify.js';
import * as m028 from './migrations/028_import_run_owner.js';
import * as m029 from './migrations/029_record_documents.js';
import * as m030 from './migrations/030_record_documents_organizations.js';
import * as m031 from './migrations/031_search_lead_indexes.js';
import * as m032 from './migrations/032_record_documents_downgrades.js';
import * as m033 from './migrations/033_csv43_record_documents_csv.js';
import * as m034 from './migrations/034_round_company_deferrable.js';
import * as m035 from './migrations/035_record_documents_people_funds.js';
import * as m036 from './migrations/036_record_documents_rows.js';
import * as m037 from './migrations/037_docs43c_record_documents_records.js';
import * as m038 from './migrations/038_redundant_entity_indexes.js';
import * as m039 from './migrations/039_document_storage.js';
import { rebuildKeywordIndex } from './keywordIndex.js';
import { rebuildMatchKeys } from './matchKeys.js';
import { rebuildNewsTerms } from './newsSearch.js';
import { rebuildFacts, rebuildRollup } from './rollup.js';
import { rebuildSearchTerms } from './search.js';
import { completeDocuments, rebuildDocuments } from '../documents/build.js';
import { DOCUMENT_KINDS, documentIdBatch, recordIdBatch, type DocumentKind } from './documents.js';

const migrations: Record<string, { up(k: Knex): Promise<void>; down(k: Knex): Promise<void> }> = {
  '001_schema': m001,
  '002_list_indexes': m002,
  '003_catalogue_indexes': m003,
  '004_search_terms': m004,
  '005_records_notes': m005,
  '006_nested_indexes': m006,
  '007_geo_reference': m007,
  '008_news_terms': m008,
  '009_analytics_rollup': m009,
  '010_descending_sort_indexes': m010,
  '011_sort_key_statistics': m011,
  '012_auth_attempts': m012,
  '013_sign_in_codes': m013,
  '014_analytics_facts': m014,
  '015_idempotency_keys': m015,
  '016_updated_at': m016,
  '018_credit_leases': m018,
  '019_oauth_clients': m019,
  '020_import_sources': m020,
  '021_match_keys': m021,
  '022_ecosystems': m022,
  '023_keyword_index': m023,
  '024_change_feed': m024,
  '025_webhooks': m025,
  '026_import_runs': m026,
  '027_change_notify': m027,
  '028_import_run_owner': m028,
  '029_record_documents': m029,
  '030_record_documents_organizations': m030,
  '031_search_lead_indexes': m031,
  '032_record_documents_downgrades': m032,
  '033_csv43_record_documents_csv': m033,
  '034_round_company_deferrable': m034,
  '035_record_documents_people_funds': m035,
  '036_record_documents_rows': m036,
  '037_docs43c_record_documents_records': m037,
  '038_redundant_entity_indexes': m038,
  '039_document_storage': m039,
};

const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

/** Derived tables, in the order they are rebuilt (the rollup reads the fact table). */
const DERIVED: { table: string; source: string; rebuild(db: Knex): Promise<void> }[] = [
  { table: 'search_terms', source: 'entities', rebuild: (db) => rebuildSearchTerms(db) },
  { table: 'news_terms', source: 'news', rebuild: (db) => rebuildNewsTerms(db) },
  { table: 'match_keys', source: 'entities', rebuild: (db) => rebuildMatchKeys(db) },
  { table: 'keyword_terms', source: 'entities', rebuild: (db) => rebuildKeywordIndex(db) },
  { table: 'analytics_facts', source: 'transactions', rebuild: rebuildFacts },
  { table: 'analytics_rollup', source: 'transactions', rebuild: rebuildRollup },
  { table: 'record_documents', source: 'entities', rebuild: async (db) => void (await rebuildDocuments(db)) },
];

/**
 * Applies the pending migrations, then fills derived tables they left empty (see DERIVED), then
 * builds the record documents of every kind that has records but no document (a kind new to this
 * build), the stored kinds left as they are.
 */
export async function migrate(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
  for (const d of DERIVED) {
    if ((await isEmpty(db, d.table)) && !(await isEmpty(db, d.source))) await d.rebuild(db);
  }
  const lacking: DocumentKind[] = [];
  for (const kind of DOCUMENT_KINDS) if ((await documentIdBatch(db, kind, 0, 1)).length === 0 && (await recordIdBatch(db, kind, 0, 1)).length > 0) lacking.push(kind);
  if (lacking.length) await completeDocuments(db, lacking);
}

async function isEmpty(db: Knex, table: string): Promise<boolean> {
  return (await db(table).select(db.raw('1')).limit(1)).length === 0;
}

/**
 * Migrations of this build not yet applied to the database (readiness probe). Reads knex's table
 * directly: knex's own listing creates its tables when they are missing, a write a probe must not do.
 */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  const known = Object.keys(migrations).sort();
  if (!(await db.schema.hasTable('knex_migrations'))) return known;
  const applied = new Set(((await db('knex_migrations').select('name')) as { name: string }[]).map((r) => r.name));
  return known.filter((m) => !applied.has(m));
}
