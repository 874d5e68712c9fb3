// Runs read-only SQLite queries off the main thread so that a query over the execution budget can
// be stopped by terminating this worker (better-sqlite3 is synchronous and cannot be interrupted).
// It also runs walks (src/db/walk.ts): `walk` opens one statement iterated on a connection of the
// walk's own (an iterating statement keeps its connection busy), `more` sends its next rows, `end`
// closes it; the queries and the other walks run between those steps. A query with `lines` reads an
// export batch's lines from record documents (src/db/documentLines.ts) and answers them as one buffer;
// a query with `texts` answers its rows with that column's documents' texts as views of one buffer
// (lineBytes.mjs `withBase`: a list page's, budget.ts), the shared slot it lent when they fit.
// Plain JavaScript so that it loads the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { cacheStatements } from '../patches/better-sqlite3.mjs';
import { joinLines, withBase } from './lineBytes.mjs';

const open = () => {
  const conn = new Database(workerData.file, { readonly: true, fileMustExist: true });
  conn.pragma('busy_timeout = 5000');
  return conn;
};

const db = cacheStatements(open());

/** A walk connection's page cache: 2 MB (negative: KiB). */
const WALK_CACHE_KIB = -2000;

/**
 * The connection export batches read their documents' lines on: each page of them is read once, so
 * with a page cache of a walk's size (on the queries' connection they filled its 16 MB cache with
 * pages no other query reads again).
 */
let linesDb = null;
const linesConnection = () => {
  if (linesDb) return linesDb;
  linesDb = cacheStatements(open());
  linesDb.pragma(`cache_size = ${WALK_CACHE_KIB}`);
  return linesDb;
};

/** The open walks by their id: a connection and its statement's iterator. */
const walks = new Map();

function endWalk(key) {
  const w = walks.get(key);
  if (!w) return;
  walks.delete(key);
  w.rows.return();
  w.conn.close();
}

/** Up to `count` rows of a walk; `done` once it has none left (the walk then closed). */
function nextRows(key, count) {
  const w = walks.get(key);
  if (!w) throw Object.assign(new Error('The export was interrupted; retry with backoff'), { code: 'WALK_GONE' });
  const rows = [];
  while (rows.length < count) {
    const r = w.rows.next();
    if (r.done) {
      endWalk(key);
      return { rows, done: true };
    }
    rows.push(r.value);
  }
  return { rows, done: false };
}

/**
 * The lines of a batch of documents (src/db/documentLines.ts), in the order of `ids`, from the rows
 * `{record_id, value}` of its statement (`value`: the body as bytes, or the CSV record's parts):
 * lineBytes.mjs `joinLines`, written into the shared `slot` when they fit (`bytes` then null: the main
 * thread reads them there), or null when a record has no value.
 */
function documentLines(rows, { ids, form, appUrl, slot }) {
  const found = new Map();
  for (const r of rows) found.set(Number(r.record_id), r.value);
  const lines = joinLines(ids.map((id) => found.get(id)), form, appUrl, slot);
  if (!lines) return null;
  const shared = lines.bytes.buffer === slot;
  return { bytes: shared ? null : lines.bytes, length: lines.bytes.length, ends: lines.ends };
}

parentPort.on('message', ({ id, sql, bindings, close, walk, count, more, end, lines, texts }) => {
  // closed before the pool's connections, so that the last to close (a writer) can checkpoint the
  // WAL into the database file and remove it: a read-only connection cannot
  if (close) {
    for (const key of [...walks.keys()]) endWalk(key);
    linesDb?.close();
    db.close();
    parentPort.close();
    return;
  }
  try {
    if (end !== undefined) {
      endWalk(end);
      parentPort.postMessage({ id, rows: [], done: true });
    } else if (more !== undefined) {
      parentPort.postMessage({ id, ...nextRows(more, count) });
    } else if (walk !== undefined) {
      const conn = open();
      // a walk reads each page once: a small page cache, which also bounds the sorter's memory
      // before it spills to a temporary file (better-sqlite3's default is 16 MB, per connection)
      conn.pragma(`cache_size = ${WALK_CACHE_KIB}`);
      try {
        walks.set(walk, { conn, rows: conn.prepare(sql).iterate(...bindings) });
      } catch (err) {
        conn.close();
        throw err;
      }
      parentPort.postMessage({ id, ...nextRows(walk, count) });
    } else if (lines !== undefined) {
      const found = documentLines(linesConnection().prepare(sql).all(...bindings), lines);
      if (found) parentPort.postMessage({ id, lines: found }, found.bytes ? [found.bytes.buffer, found.ends.buffer] : [found.ends.buffer]);
      else parentPort.postMessage({ id, lines: null });
    } else if (texts !== undefined) {
      const rows = db.prepare(sql).all(...bindings);
      // a row without a document keeps its null (withBase false): the caller reads the page otherwise
      const bytes = withBase(rows, texts.column, texts.appUrl, texts.slot);
      parentPort.postMessage({ id, rows }, bytes && bytes.buffer !== texts.slot ? [bytes.buffer] : []);
    } else {
      const stmt = db.prepare(sql);
      const rows = stmt.reader ? stmt.all(...bindings) : (stmt.run(...bindings), []);
      parentPort.postMessage({ id, rows });
    }
  } catch (err) {
    parentPort.postMessage({ id, error: { message: err.message, code: err.code } });
  }
});
