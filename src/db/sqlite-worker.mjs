// Runs read-only SQLite queries off the main thread so that a query over the execution budget can
// be stopped by terminating this worker (better-sqlite3 is synchronous and cannot be interrupted).
// Plain JavaScript so that it loads the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { cacheStatements } from '../patches/better-sqlite3.mjs';

const db = cacheStatements(new Database(workerData.file, { readonly: true, fileMustExist: true }));
db.pragma('busy_timeout = 5000');

parentPort.on('message', ({ id, sql, bindings, close }) => {
  // closed before the pool's connections, so that the last to close (a writer) can checkpoint the
  // WAL into the database file and remove it: a read-only connection cannot
  if (close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const stmt = db.prepare(sql);
    const rows = stmt.reader ? stmt.all(...bindings) : (stmt.run(...bindings), []);
    parentPort.postMessage({ id, rows });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: err.message, code: err.code } });
  }
});
