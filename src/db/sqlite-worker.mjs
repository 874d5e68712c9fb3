// Runs read-only SQLite queries off the main thread so that a query over the execution budget can
// be stopped by terminating this worker (better-sqlite3 is synchronous and cannot be interrupted).
// A worker of a walk (src/db/walk.ts) runs one statement that it iterates: `walk` opens it, `more`
// sends its next rows; an iterating statement keeps the connection busy, so such a worker serves
// nothing else.
// Plain JavaScript so that it loads the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { cacheStatements } from '../patches/better-sqlite3.mjs';

const db = cacheStatements(new Database(workerData.file, { readonly: true, fileMustExist: true }));
db.pragma('busy_timeout = 5000');

/** The walk's iterator (its worker runs no other statement, so the cached statement stays the walk's alone). */
let walk = null;

/** Up to `count` rows of the walk; `done` once it has none left (the iterator then closed). */
function nextRows(count) {
  const rows = [];
  while (rows.length < count) {
    const r = walk.next();
    if (r.done) {
      walk = null;
      return { rows, done: true };
    }
    rows.push(r.value);
  }
  return { rows, done: false };
}

parentPort.on('message', ({ id, sql, bindings, close, walk: count, more }) => {
  // closed before the pool's connections, so that the last to close (a writer) can checkpoint the
  // WAL into the database file and remove it: a read-only connection cannot
  if (close) {
    walk?.return();
    walk = null;
    db.close();
    parentPort.close();
    return;
  }
  try {
    if (more !== undefined) {
      parentPort.postMessage({ id, ...(walk ? nextRows(more) : { rows: [], done: true }) });
      return;
    }
    if (count !== undefined) {
      walk?.return();
      walk = db.prepare(sql).iterate(...bindings);
      parentPort.postMessage({ id, ...nextRows(count) });
      return;
    }
    const stmt = db.prepare(sql);
    const rows = stmt.reader ? stmt.all(...bindings) : (stmt.run(...bindings), []);
    parentPort.postMessage({ id, rows });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: err.message, code: err.code } });
  }
});
