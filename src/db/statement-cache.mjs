// Prepared statements kept per SQLite connection. knex (and the query worker) prepared every
// statement again on each call: parsing and planning a joined query cost as much as running it
// (bench profile of a detail request: a sixth of the process's time in prepare). Statements are
// only ever run to completion with all()/run() (nothing here iterates), so one statement object can
// serve every call of its SQL; SQLite re-prepares it by itself after a schema change.
// Plain JavaScript so that the worker loads it the same under tsx, vitest and node.

/** Replaces `db.prepare` with one that returns the cached statement for a known SQL text (LRU, `max`). */
export function cacheStatements(db, max = 500) {
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
