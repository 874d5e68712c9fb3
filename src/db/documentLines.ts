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
 * On PostgreSQL the driver's strings are joined and encoded once per batch here.
 */
import type { Knex } from 'knex';
import { readRows, sqliteRunner } from './budget.js';
import type { DocumentKind } from './documents.js';
import { dialectOf } from './dialect.js';
import { prepared, sqliteFile, whereIdIn } from './knex.js';

/** What a line is: `ndjson` the stored body and a line end, `csv` the stored CSV record. */
export type LineForm = 'ndjson' | 'csv';

/** A batch's lines: `bytes` holds them one after another, line i ending at `ends[i]`. */
export interface DocumentLines {
  bytes: Buffer;
  ends: Uint32Array;
}

/** The bytes of `"service_url":"/`, and what it becomes with the web app's base (src/documents/read.ts `withAppUrl`). */
export const appUrlEdit = (appUrl: string): { from: string; to: string } => ({ from: '"service_url":"/', to: `"service_url":${JSON.stringify(appUrl).slice(0, -1)}/` });

/** A line of a document's column value as the export writes it. */
function lineOf(value: string, form: LineForm, appUrl: string): string {
  if (form === 'csv') return (JSON.parse(value) as string[]).join(appUrl);
  const edit = appUrlEdit(appUrl);
  return `${value.replaceAll(edit.from, edit.to)}\n`;
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
  const column = form === 'csv' ? 'csv' : 'body';
  const unique = [...new Set(ids)];
  if (dialectOf(db).inProcess && sqliteFile(db) !== null && !(db as Knex.Transaction).isTransaction) {
    // the body as its UTF-8 bytes: the worker edits and joins bytes, never decoding the text
    const value = form === 'csv' ? 'csv' : 'cast(body as blob)';
    const q = whereIdIn(db, db('record_documents').where('kind', kind), 'record_id', unique).select('record_id', db.raw(`${value} as value`));
    const { sql, bindings } = q.toSQL().toNative();
    const reply = await sqliteRunner(db).ask({ sql, bindings, lines: { ids, form, appUrl } }, LINES_BUDGET_MS);
    if (!reply.lines) return null;
    const { bytes, ends } = reply.lines;
    return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ends };
  }
  const q = prepared(whereIdIn(db, db('record_documents').where('kind', kind), 'record_id', unique).select('record_id', `${column} as value`));
  const found = new Map<number, string | null>();
  for (const r of await readRows<{ record_id: number | string; value: string | null }>(db, q)) found.set(Number(r.record_id), r.value);
  const lines: string[] = [];
  for (const id of ids) {
    const value = found.get(id);
    if (value === undefined || value === null) return null;
    lines.push(lineOf(value, form, appUrl));
  }
  const ends = new Uint32Array(lines.length);
  let at = 0;
  lines.forEach((line, i) => (ends[i] = at += Buffer.byteLength(line)));
  return { bytes: Buffer.from(lines.join('')), ends };
}

