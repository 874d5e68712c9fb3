/**
 * An export batch's lines read from record documents as bytes: each record's NDJSON line (its stored
 * body with the web app's base in its `service_url`s, then a line end) or its stored CSV record (the
 * parts joined with the base), in the batch's order, as one buffer and the end of each record's line
 * in it. Only the column the lines need is read (a round's body is ~2.8 KB and its CSV record ~2.5
 * KB: reading both with the paths and downgrades moved ~6 KB a row).
 *
 * On SQLite the query worker (budget.ts, sqlite-worker.mjs) reads the column and builds the buffer,
 * which it hands over without a copy: the main thread gets no string per record, so it neither
 * receives ~6 KB of cloned strings a row, nor collects them, nor encodes them again for the socket.
 * On PostgreSQL a CSV batch's stored records are read by `COPY (SELECT ...) TO STDOUT (FORMAT
 * binary)`: the records' bytes as the server sends them, each field sliced by its length
 * (copyBinary.ts), with no row message parsed by the driver; an NDJSON batch's bodies come as the
 * driver's strings. Either way the lines are built by lineBytes.mjs `joinLines`, so both databases
 * write the same bytes, into a slot lent for the batch when they fit (slots.ts). On PostgreSQL an
 * export's next batch's lines are read while its batch is written (`walkLines`).
 */
import type { Knex } from 'knex';
import type pg from 'pg';
import { readRows, sqliteRunner } from './budget.js';
import { binaryCopyColumn, copyOut } from './copyBinary.js';
import type { DocumentKind } from './documents.js';
import { dialectOf } from './dialect.js';
import { idList, prepared, sqliteFile, whereIdIn } from './knex.js';
import { joinLines } from './lineBytes.mjs';
import { releaseLines, withSlot } from './slots.js';
import { onPooledConnection, poolCounts } from '../patches/knex.js';
import type { Walk } from './walk.js';
import type { PgClient } from '../../seeds/copy.mjs';

export { releaseLines } from './slots.js';

/** What a line is: `ndjson` the stored body and a line end, `csv` the stored CSV record. */
export type LineForm = 'ndjson' | 'csv';

/** A batch's lines: `bytes` holds them one after another, line i ending at `ends[i]`. */
export interface DocumentLines {
  bytes: Buffer;
  ends: Uint32Array;
}

/** Ids per statement: within both engines' bind limits (a batch of an export is at most 500 rows). */
const MAX_IDS = 1000;

/** How long reading a batch's lines may take: a bound for a stuck statement, as `readRows`'. */
const LINES_BUDGET_MS = 60_000;

/**
 * The lines of these records' documents of a kind, in the order of `ids`, or null when one has no
 * document, or (CSV) no stored record: the caller then reads the documents whole.
 */
export async function loadDocumentLines(db: Knex, kind: DocumentKind, ids: readonly number[], form: LineForm, appUrl: string): Promise<DocumentLines | null> {
  if (ids.length === 0) return { bytes: Buffer.alloc(0), ends: new Uint32Array(0) };
  if (ids.length > MAX_IDS) return null;
  if (!dialectOf(db).inProcess) return withSlot((slot) => (form === 'csv' ? pgCsvLines(db, kind, ids, appUrl, slot) : pgNdjsonLines(db, kind, ids, appUrl, slot)));
  // the body as its UTF-8 bytes: the lines are edited and joined as bytes, the text never decoded
  const value = form === 'csv' ? 'csv' : 'cast(body as blob)';
  const q = whereIdIn(db, db('record_documents').where('kind', kind), 'record_id', [...new Set(ids)]).select('record_id', db.raw(`${value} as value`));
  if (sqliteFile(db) === null || (db as Knex.Transaction).isTransaction) {
    // on the connection at hand (a transaction's, an in-memory database's), as `readRows` reads there
    const found = new Map<number, Buffer | string | null>();
    for (const r of await readRows<{ record_id: number; value: Buffer | string | null }>(db, q)) found.set(Number(r.record_id), r.value);
    return joinLines(ids.map((id) => found.get(id)), form, appUrl);
  }
  const { sql, bindings } = q.toSQL().toNative();
  return withSlot(async (slot) => {
    const lines = (await sqliteRunner(db).ask({ sql, bindings, lines: { ids, form, appUrl, slot } }, LINES_BUDGET_MS)).lines;
    if (!lines) return null;
    // `bytes` null: the worker wrote the lines into the slot
    const { bytes, ends } = lines;
    return { bytes: bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : Buffer.from(slot!, 0, lines.length), ends };
  });
}

/** A walk's next batch's lines read ahead (`walkLines`), with what they are of: the kind, form and base, the batch's ids. */
interface Ahead {
  key: string;
  lines: Promise<DocumentLines | null>;
}
const readAhead = new WeakMap<Walk, Promise<Ahead | null>>();

/**
 * An export batch's lines as `loadDocumentLines` reads them, for a batch of a walk (walk.ts): on
 * PostgreSQL the next batch's are read as soon as its rows have come (`Walk.upcoming`), so the
 * backends read them while this batch is written to the socket (one after the other, the backends
 * idled while the Node process wrote and the Node process while they read). A batch other than the
 * one read ahead (another size, the walk's last) is read as it comes; lines read ahead and not used
 * give their slot back.
 */
export async function walkLines(db: Knex, walk: Walk, kind: DocumentKind, ids: readonly number[], form: LineForm, appUrl: string): Promise<DocumentLines | null> {
  const ahead = await readAhead.get(walk);
  readAhead.delete(walk);
  const keyOf = (batch: readonly number[]) => `${kind}\0${form}\0${appUrl}\0${batch.join(',')}`;
  let lines: Promise<DocumentLines | null>;
  if (ahead && ahead.key === keyOf(ids)) lines = ahead.lines;
  else {
    if (ahead) void ahead.lines.then((unused) => unused && releaseLines([unused.bytes]));
    lines = loadDocumentLines(db, kind, ids, form, appUrl);
  }
  if (!dialectOf(db).inProcess) {
    const next = walk.upcoming(ids.length).then((rows): Ahead | null => {
      if (rows.length === 0) return null;
      const nextIds = rows.map((r) => Number(r.id));
      const read = loadDocumentLines(db, kind, nextIds, form, appUrl);
      // its failure is its batch's when that comes, and moot when the export ends before
      read.catch(() => undefined);
      return { key: keyOf(nextIds), lines: read };
    });
    readAhead.set(walk, next.catch(() => null));
  }
  return lines;
}

/** Kinds are written into the COPY's text (it takes no parameters): only names of this form. */
const KIND_NAME = /^[a-z_]+$/;

/**
 * PostgreSQL CSV: the stored records of `ids` in their order (`unnest ... with ordinality`, each a
 * key probe), read by a binary COPY per part on a pooled connection (its statement_timeout, the
 * query budget, bounds it): the driver parses no row, and each record's parts are parsed once, as JSON,
 * for the join. The ids are checked integers (`idList`) and the kind a name, the only values written
 * into the statement. (The bodies for NDJSON the same way cost more CPU a row than the driver's
 * strings, 27–31 against 26–29 µs: bench/results/2026-11-28-export45-large.md.)
 */
/**
 * A PostgreSQL batch's documents are read in up to READ_PARTS consecutive parts of its ids, each on
 * a pooled connection of its own, at once: each backend reads and decompresses (pglz) its part's
 * bodies, the engine's cost of an export, on a core of its own while the walk's next FETCH runs on
 * a third (walk.ts). A part is at least PART_IDS ids: below that the round trip outweighs the work.
 */
const READ_PARTS = 2;
const PART_IDS = 64;

/** Connections the pool could hand out now without waiting: its size less those in use, being made or waited for. */
function spareConnections(db: Knex): number {
  const pool = poolCounts(db);
  return pool ? pool.max - pool.used - pool.pendingCreates - pool.pendingAcquires : 0;
}

/**
 * The values `read` gives for `ids`, in their order, read in parts at once (READ_PARTS) when the
 * pool has a connection to spare beyond the first part's and one kept for everyone else's
 * statements: an export never waits for a connection another request could use, and with every
 * connection busy (exports at once up to half the pool each hold their walk's) it reads as one.
 */
async function inParts<T>(db: Knex, ids: readonly number[], read: (part: readonly number[]) => Promise<T[]>): Promise<T[]> {
  const parts = Math.min(READ_PARTS, Math.ceil(ids.length / PART_IDS), Math.max(1, spareConnections(db) - 1));
  if (parts <= 1) return read(ids);
  const size = Math.ceil(ids.length / parts);
  const reads: Promise<T[]>[] = [];
  for (let i = 0; i < ids.length; i += size) reads.push(read(ids.slice(i, i + size)));
  return (await Promise.all(reads)).flat();
}

async function pgCsvLines(db: Knex, kind: DocumentKind, ids: readonly number[], appUrl: string, slot: SharedArrayBuffer | undefined): Promise<DocumentLines | null> {
  if (!KIND_NAME.test(kind)) throw new Error(`loadDocumentLines: not a document kind: ${kind}`);
  idList(db, ids);
  const values = await inParts(db, ids, async (part) => {
    const sql = `copy (select d.csv from unnest('{${part.join(',')}}'::bigint[]) with ordinality as u(id, n) join record_documents d on d.kind = '${kind}' and d.record_id = u.id order by u.n) to stdout (format binary)`;
    return binaryCopyColumn(await onPooledConnection<pg.Client, Buffer[]>(db, (conn) => copyOut(conn as unknown as PgClient, sql)));
  });
  // a record without a document has no row, one without a stored CSV record a null
  return values.length === ids.length ? joinLines(values, 'csv', appUrl, slot) : null;
}

/** PostgreSQL NDJSON: the bodies of `ids` as the driver's strings (a statement per part), edited and joined once per batch. */
async function pgNdjsonLines(db: Knex, kind: DocumentKind, ids: readonly number[], appUrl: string, slot: SharedArrayBuffer | undefined): Promise<DocumentLines | null> {
  const found = new Map<number, string>();
  await inParts(db, [...new Set(ids)], async (part) => {
    const q = prepared(whereIdIn(db, db('record_documents').where('kind', kind), 'record_id', part).select('record_id', 'body as value'));
    for (const r of await readRows<{ record_id: number | string; value: string }>(db, q)) found.set(Number(r.record_id), r.value);
    return [];
  });
  return joinLines(ids.map((id) => found.get(id)), 'ndjson', appUrl, slot);
}
