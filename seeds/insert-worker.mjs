// The seed's INSERTs on SQLite, in a thread of their own: the main thread generates the next rows
// while this one writes the last ones (seeding `large` spent a fifth of its time in these INSERTs).
// Messages run in order; each is answered `{ id, ms }` or `{ id, error }`, and after an error every
// message is answered with it until a rollback. Plain JavaScript so that it loads the same under
// tsx, vitest and node.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { insertSql, sqliteValues, statementsOf } from './insert-sql.mjs';

const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
/** @type {Record<string, string[]>} */
const tables = workerData.tables;
let failed = null;
/** Prepared INSERTs by table and row count (statementsOf keeps the sizes few). */
const statements = new Map();

function statement(table, cols, rows) {
  const key = `${table}:${rows}`;
  let stmt = statements.get(key);
  if (!stmt) statements.set(key, (stmt = db.prepare(insertSql(table, cols, rows))));
  return stmt;
}

const ops = {
  /** `batches`: [table, values][] in foreign-key order. */
  rows({ batches }) {
    if (!db.inTransaction) db.exec('begin');
    for (const [table, values] of batches) {
      const cols = tables[table];
      for (const part of statementsOf(cols, sqliteValues(values))) statement(table, cols, part.rows).run(part.values);
    }
  },
  commit() {
    if (db.inTransaction) db.exec('commit');
  },
  rollback() {
    failed = null;
    if (db.inTransaction) db.exec('rollback');
  },
};

parentPort.on('message', ({ id, op, ...args }) => {
  const started = performance.now();
  try {
    if (failed && op !== 'rollback') throw failed;
    ops[op](args);
    parentPort.postMessage({ id, ms: performance.now() - started });
  } catch (err) {
    failed = err;
    parentPort.postMessage({ id, error: { message: err.message, code: err.code } });
  }
});
