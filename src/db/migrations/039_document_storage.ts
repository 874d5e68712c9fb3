/**
 * Record documents stored on PostgreSQL without compression and inside their row when it fits a page
 * (docs/scaling.md, "Record documents"): the text columns' storage EXTERNAL (never compressed;
 * moved out of the row only when the row would pass `toast_tuple_target`) and the table's
 * `toast_tuple_target` at its highest, 8160 bytes. By default a round's document (~6 KB: body, CSV
 * record, paths) passes the 2 KB threshold and is compressed with pglz, so every read of a body
 * decompresses it: reading a round's body compressed costs the server about three times what reading
 * it uncompressed from the row costs, its CSV record twice (docs/decisions.md, "Record documents on
 * PostgreSQL"). A round's document takes about 2.2 times the disk (one to a page), the documents of
 * every kind together about 1.7 times.
 *
 * The settings act on rows written from now on (the seed, imports, a rebuild); the stored documents
 * keep their compression until they are written again, since rewriting every document here would
 * hold the server's start for the whole table (docs/decisions.md). SQLite stores text uncompressed
 * already: nothing to do there. Self-contained: no runtime module of src/ is imported.
 */
import type { Knex } from 'knex';

const COLUMNS = ['body', 'money_paths', 'lock_paths', 'downgrades', 'csv'];

/** PostgreSQL's highest `toast_tuple_target`: a page less its header and one line pointer. */
const ROW_TARGET = 8160;

const storage = (mode: 'external' | 'extended') => COLUMNS.map((c) => `alter column ${c} set storage ${mode}`).join(', ');

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'better-sqlite3') return;
  await knex.raw(`alter table record_documents ${storage('external')}, set (toast_tuple_target = ${ROW_TARGET})`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'better-sqlite3') return;
  await knex.raw(`alter table record_documents ${storage('extended')}, reset (toast_tuple_target)`);
}
