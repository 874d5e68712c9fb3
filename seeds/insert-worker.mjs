// The seed's writes in a thread of their own: the main thread generates the next rows while this one
// writes the last ones, on a connection of its own. On SQLite as multi-row INSERTs (seeding `large`
// spent a fifth of its time in them); on PostgreSQL as COPY text, the text of many flushes gathered
// into one COPY per table (copy.mjs), the COPY sent while the next rows are turned into text.
// Messages run in order; each is answered `{ id, ms, copies }` or `{ id, error }`, and after an error
// every message is answered with it until a rollback. Plain JavaScript so that it loads the same
// under tsx, vitest and node.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import pg from 'pg';
import { copyRows, copyText } from './copy.mjs';
import { insertSql, sqliteValues, statementsOf } from './insert-sql.mjs';

/** @type {Record<string, string[]>} */
const tables = workerData.tables;

/**
 * COPY text gathered before it is sent (PostgreSQL). A COPY statement costs a round trip and about
 * 2 ms of fixed work, and a flush holds a few thousand rows spread over a dozen tables: sent per
 * flush, the fixed costs outweighed the rows (1,000-row COPYs: 5.7 times the time of one COPY).
 */
const COPY_BYTES = 32 * 1024 * 1024;

/** SQLite: prepared INSERTs in the open transaction. */
function sqliteSink(file) {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  /** Prepared INSERTs by table and row count (statementsOf keeps the sizes few). */
  const statements = new Map();
  const statement = (table, cols, rows) => {
    const key = `${table}:${rows}`;
    let stmt = statements.get(key);
    if (!stmt) statements.set(key, (stmt = db.prepare(insertSql(table, cols, rows))));
    return stmt;
  };
  return {
    /** `batches`: [table, values][] in foreign-key order. */
    rows(batches) {
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
      if (db.inTransaction) db.exec('rollback');
    },
    close() {
      db.close();
    },
  };
}

/**
 * PostgreSQL: the rows become COPY text at once, gathered per table until COPY_BYTES, then sent in
 * one COPY per table, parents first, while the next rows are turned into text (the server is a
 * process of its own). A failed COPY is reported by the next message.
 */
function postgresSink(connection) {
  const client = new pg.Client(connection);
  let connected = null;
  let open = false;
  /** COPY text per table not sent yet, and its size. */
  let texts = new Map();
  let bytes = 0;
  /** The COPYs last sent while they run. */
  let copying = null;
  /** Tables of the COPYs done since the last answer, and their milliseconds. */
  let copies = [];
  let copyMs = 0;

  const begin = async () => {
    await (connected ??= client.connect());
    if (!open) {
      await client.query('begin');
      open = true;
    }
  };
  const copied = async () => {
    const c = copying;
    copying = null;
    await c;
  };
  const send = async () => {
    if (bytes === 0) return;
    await copied();
    const batches = Object.keys(tables).filter((t) => texts.has(t)).map((t) => [t, texts.get(t)]);
    texts = new Map();
    bytes = 0;
    copying = (async () => {
      const started = performance.now();
      for (const [table, chunks] of batches) {
        await copyRows(client, table, tables[table], chunks);
        copies.push(table);
      }
      copyMs += performance.now() - started;
    })();
    copying.catch(() => {}); // awaited by the next message: not an unhandled rejection meanwhile
  };
  return {
    async rows(batches) {
      await begin();
      for (const [table, values] of batches) {
        const text = copyText(values, tables[table].length);
        let list = texts.get(table);
        if (!list) texts.set(table, (list = []));
        list.push(text);
        bytes += text.length;
      }
      if (bytes >= COPY_BYTES) await send();
    },
    async commit() {
      await send();
      await copied();
      if (!open) return;
      open = false;
      await client.query('commit');
    },
    async rollback() {
      texts = new Map();
      bytes = 0;
      await copied().catch(() => {}); // its failure is what is being rolled back
      if (!open) return;
      open = false;
      await client.query('rollback');
    },
    async close() {
      if (connected) await client.end();
    },
    /** What was copied since the last call, and how long the COPYs took. */
    report() {
      const r = { copies, ms: copyMs };
      copies = [];
      copyMs = 0;
      return r;
    },
  };
}

const sink = workerData.engine === 'postgres' ? postgresSink(workerData.connection) : sqliteSink(workerData.file);
let failed = null;

const ops = {
  rows: ({ batches }) => sink.rows(batches),
  commit: () => sink.commit(),
  rollback: async () => {
    failed = null;
    await sink.rollback();
  },
  close: () => sink.close(),
};

/** One message at a time, in the order they came. */
let queue = Promise.resolve();
parentPort.on('message', ({ id, op, ...args }) => {
  queue = queue.then(async () => {
    const started = performance.now();
    try {
      if (failed && op !== 'rollback' && op !== 'close') throw failed;
      await ops[op](args);
      const copy = sink.report?.();
      // SQLite: the message's own time; PostgreSQL: the COPYs' (the text is made while they run)
      parentPort.postMessage({ id, ms: copy ? copy.ms : performance.now() - started, copies: copy?.copies ?? [] });
    } catch (err) {
      failed = err;
      parentPort.postMessage({ id, error: { message: err.message, code: err.code } });
    }
  });
});
