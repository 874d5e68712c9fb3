// The seed's multi-row INSERT statements, shared by the bulk writer (writer.ts) and its SQLite
// insert thread (insert-worker.mjs). Plain JavaScript so that the worker loads it the same under
// tsx, vitest and node.

/** Bound parameters per statement: below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 15_000;

/** Rows per statement for a table of `columns` columns. */
function rowsPerStatement(columns) {
  return Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / columns)));
}

/** `insert into t (cols) values (?,..),(?,..)...` for `rows` rows. */
export function insertSql(table, cols, rows) {
  const tuple = `(${cols.map(() => '?').join(',')})`;
  return `insert into ${table} (${cols.join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(',')}`;
}

/**
 * A table's buffered values (`cols.length` per row, in order) cut into statements, in row order: full
 * ones, then the rest in power-of-two sizes, so that a table has a dozen statement sizes at most and
 * each is prepared once (a statement per leftover size re-prepared a large INSERT at every flush).
 */
export function statementsOf(cols, values) {
  const perStmt = rowsPerStatement(cols.length);
  const rows = values.length / cols.length;
  const parts = [];
  let start = 0;
  while (start < rows) {
    const left = rows - start;
    const n = left >= perStmt ? perStmt : 2 ** Math.floor(Math.log2(left));
    parts.push({ rows: n, values: values.slice(start * cols.length, (start + n) * cols.length) });
    start += n;
  }
  return parts;
}

/** SQLite binds no booleans: 1 and 0 instead, in place. */
export function sqliteValues(values) {
  for (let i = 0; i < values.length; i++) if (typeof values[i] === 'boolean') values[i] = values[i] ? 1 : 0;
  return values;
}
