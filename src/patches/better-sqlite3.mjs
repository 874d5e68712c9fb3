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
  const cache = new Map();
  db.prepare = (sql) => {
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql);
    } else {
      stmt = prepare(sql);
      if (cache.size >= max) cache.delete(cache.keys().next().value);
    }
    cache.set(sql, stmt);
    return stmt;
  };
  return db;
}
