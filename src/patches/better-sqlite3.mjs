// The patch of better-sqlite3 (12.x): a connection's `prepare` replaced by one that keeps its
// statements. knex (and the query worker) prepared every statement again on each call: parsing and
// planning a joined query cost as much as running it (a sixth of the process's time in prepare in a
// profile of a detail request). better-sqlite3 documents no statement cache and knex no hook to
// reuse a statement, so the cache sits in front of `prepare`. Statements are only ever run to
// completion with all()/run() or iterated to its end in one go (src/db/snapshot.ts), so one statement object can serve every call
// of its SQL; SQLite re-prepares it by itself after a schema change.
// Plain JavaScript so that the worker threads load it the same under tsx, vitest and node.
import { createRequire } from 'node:module';

/** The better-sqlite3 release line the patch is written against. */
export const BETTER_SQLITE3_VERSION = '12.';

let checked = false;

/** Throws unless the installed better-sqlite3 is of BETTER_SQLITE3_VERSION. */
export function checkBetterSqlite3Version() {
  if (checked) return;
  const { version } = createRequire(import.meta.url)('better-sqlite3/package.json');
  if (!version.startsWith(BETTER_SQLITE3_VERSION)) {
    throw new Error(
      `src/patches/better-sqlite3.mjs is written against better-sqlite3 ${BETTER_SQLITE3_VERSION}x, found ${version}: ` +
        'check the patch against the new version (its test in test/unit/patches.test.ts), then update the expected version',
    );
  }
  checked = true;
}

/** Replaces `db.prepare` with one that returns the cached statement for a known SQL text (LRU, `max`). */
export function cacheStatements(db, max = 500) {
  checkBetterSqlite3Version();
  const prepare = db.prepare.bind(db);
  const exec = db.exec.bind(db);
  const cache = new Map();
  db.exec = (sql) => {
    schemaChanged();
    return exec(sql);
  };
  db.prepare = (sql) => {
    // a statement is prepared right before it runs (knex), so a schema change is counted from here
    if (DDL.test(sql)) schemaChanged();
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql);
    } else {
      stmt = prepare(sql);
      if (stmt.reader) rowsFromRaw(stmt);
      if (cache.size >= max) cache.delete(cache.keys().next().value);
    }
    cache.set(sql, stmt);
    return stmt;
  };
  return db;
}

// Rows of many columns built from raw rows. better-sqlite3 sets a row object's properties one by one
// (about 0.45 µs a column: 30 µs a row of `entities`, the record documents' read of every entity an
// import writes), where an object literal of the statement's columns takes the raw row's values at
// once (12 µs). The names are learnt from the statement's first row in object mode (`columns()`
// costs 250 µs a statement) and learnt again after a schema change made in this process, or when a
// raw row's width differs from them. A result whose names repeat a column, or name one like an
// array index or `__proto__`, keeps object rows (a literal would order or set them otherwise).

/** Columns from which a statement's rows are built from raw rows. */
const WIDE = 8;
const DDL = /^\s*(create|alter|drop)\b/i;
/** Raised by a schema change made in this process: every statement learns its names again. */
let schemaGeneration = 0;
const schemaChanged = () => {
  schemaGeneration++;
};

/** Row builders by their column names (NUL-joined). */
const builders = new Map();
const MAX_BUILDERS = 2000;

/** The names of a row in object mode, if its rows can be built from raw rows; else null. */
function namesOf(row) {
  const names = Object.keys(row);
  if (names.length < WIDE || names.some((n) => n === '__proto__' || /^(0|[1-9]\d*)$/.test(n))) return null;
  return names;
}

function builderOf(names) {
  const key = names.join('\u0000');
  let build = builders.get(key);
  if (!build) {
    build = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`);
    if (builders.size >= MAX_BUILDERS) builders.clear();
    builders.set(key, build);
  }
  return build;
}

/** A reader statement's `all()` in object mode, built from its raw rows (see above); raw, pluck and expand as before. */
function rowsFromRaw(stmt) {
  const { all, raw, pluck, expand } = stmt;
  // better-sqlite3's modes: turning one on turns the others off
  let mode = 'object';
  const toggle = (native, name) =>
    function (on = true) {
      native.call(this, on);
      if (on) mode = name;
      else if (mode === name) mode = 'object';
      return this;
    };
  stmt.raw = toggle(raw, 'raw');
  stmt.pluck = toggle(pluck, 'pluck');
  stmt.expand = toggle(expand, 'expand');
  // undefined: not learnt yet (or the schema changed); null: object rows only
  let names;
  let build = null;
  let learnt = -1;
  const learn = (rows) => {
    names = rows.length ? namesOf(rows[0]) : undefined;
    build = names ? builderOf(names) : null;
    learnt = schemaGeneration;
    return rows;
  };
  stmt.all = function (...args) {
    if (mode !== 'object') return all.apply(this, args);
    if (learnt !== schemaGeneration) names = undefined;
    if (names === undefined) return learn(all.apply(this, args));
    if (names === null) return all.apply(this, args);
    raw.call(this, true);
    let rows;
    try {
      rows = all.apply(this, args);
    } finally {
      raw.call(this, false);
    }
    if (rows.length && rows[0].length !== names.length) return learn(all.apply(this, args));
    for (let i = 0; i < rows.length; i++) rows[i] = build(rows[i]);
    return rows;
  };
}
