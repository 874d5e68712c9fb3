/**
 * Keyset (seek) pages over any list query (openapi.yaml `Page`, src/query/cursor.ts): never OFFSET.
 * The caller gives a base query (FROM, joins, fixed conditions and the compiled filter), the
 * resolved sort and where the page starts; this returns the rows and the page envelope. The page's
 * boundary rows (their sort key values) go to the request's `mint`: the cursor format, its
 * signature and what it is bound to belong to the layer above (src/query/cursor.ts).
 */
import type { Knex } from 'knex';
import { budgeted, type DocumentTexts } from './budget.js';
import { prepared } from './knex.js';
import type { CompiledFilter, ResolvedSort } from './listing.js';
import { together } from './together.js';
import type { Walk } from './walk.js';

/** One sort key value of a boundary row. */
export type KeyValue = string | number | null;

/** Where a page starts: after (`next`) or before (`prev`) the boundary row whose sort values are `key`. */
export interface PageStart {
  dir: 'next' | 'prev';
  /** Sort key values of the boundary row, one per sort key (the id included). */
  key: KeyValue[];
  /** Position of the first row of the page. */
  offset: number;
  limit: number;
}

/** A page edge to mint a cursor for: the page it leads to starts at this boundary row. */
export type PageEdge = PageStart;

export interface PageRequest {
  sort: ResolvedSort;
  limit: number;
  cursor: PageStart | null;
  includeTotal: boolean;
  /**
   * Whether every page of this list has the same plan whatever its start (no filter, no parent):
   * then it runs as a prepared statement.
   */
  planOnce: boolean;
  /** Offset paging of clients pinned before 2026-10-07 (first request only; cursors follow). */
  legacyOffset?: number;
  /** Execution budget of the page and count queries (ms). */
  budgetMs: number;
  /** Stops the page and count queries when aborted (the client went away). */
  signal?: AbortSignal;
  /** The cursor of a page edge. */
  mint: (edge: PageEdge) => string;
  /**
   * An export's walk (walk.ts): its batches come from one statement of the list, read from start to
   * end, instead of a page statement each; a page it does not serve runs as a page.
   */
  walk?: Walk;
}

export interface PageInfo {
  limit: number;
  offset: number;
  next_cursor: string | null;
  prev_cursor: string | null;
  total: number | null;
}

type Key = KeyValue[];

/**
 * The rows after the cursor's key `(k1, k2, ...)` in the sort's directions (reversed when
 * `backwards`), as one branch per sort key: branch i holds the rows equal to the key on k1..k(i-1)
 * and after it on ki. Each branch is a plain index range (equalities, then one inequality); the
 * branches are disjoint. As one OR (`k1 < ? or (k1 = ? and id > ?)`, even with the redundant bound
 * `k1 <= ?` that starts the index scan at the cursor) both engines read every row that ties with
 * the cursor on the first key when the keys run in different directions (`-amount`, then id
 * ascending), and `large` has groups of 4,465 equal amounts. SQLite: page 10,000 took 5.2-5.3 ms
 * with the OR and 4.6 ms with the branches (bench/paging.ts, side by side). PostgreSQL: the page
 * query 0.26 ms against 0.06-0.08 ms (EXPLAIN ANALYZE), page 10,000 / page 1 over HTTP 1.30-1.32
 * against 1.24 in alternating runs, once it knows how large the tie groups are (statistics.ts);
 * without that it read the group with a bitmap scan and a sort, no faster than the OR.
 */
function seekBranches(sort: ResolvedSort, key: Key, backwards: boolean): { sql: string; bindings: (string | number)[] }[] {
  return sort.keys.map((k, i) => {
    const conds: string[] = [];
    const bindings: (string | number)[] = [];
    for (let j = 0; j < i; j++) {
      conds.push(`${sort.keys[j]!.sql} = ?`);
      bindings.push(key[j] as string | number);
    }
    conds.push(`${k.sql} ${descending(k, backwards) ? '<' : '>'} ?`);
    bindings.push(key[i] as string | number);
    return { sql: conds.join(' and '), bindings };
  });
}

/** Whether a sort key is read descending: its own direction, reversed when paging backwards. */
const descending = (k: { desc: boolean }, backwards: boolean) => k.desc !== backwards;

/** Orders by the sort keys from `from` on (the keys before it are fixed by equality in a seek branch). */
function order(q: Knex.QueryBuilder, sort: ResolvedSort, backwards: boolean, from = 0): void {
  for (const k of sort.keys.slice(from)) q.orderByRaw(`${k.sql} ${descending(k, backwards) ? 'desc' : 'asc'}`);
}

/** The list's rows in the sort's order, with the sort values as `__s<i>` (no LIMIT): a page's rows from `from` on, a walk's. */
function sorted(db: Knex, base: Knex.QueryBuilder, select: (q: Knex.QueryBuilder) => Knex.QueryBuilder, sort: ResolvedSort, backwards: boolean, from = 0): Knex.QueryBuilder {
  const q = select(base.clone());
  sort.keys.forEach((k, i) => q.select(db.raw(`${k.sql} as ??`, [`__s${i}`])));
  order(q, sort, backwards, from);
  return q;
}

/**
 * Columns of another table joined to a page's rows after the page is cut: a function of the page's
 * statement (aliased `p`, its rows' columns and `__s<i>`) to the statement that selects `p.*` with
 * them. The page's rows are read and limited first, so each row joins once (a record's document by
 * its key: src/db/documents.ts `withDocuments`), and in the page's own statement: one round trip and
 * one snapshot of the data for the rows and what they show.
 */
export type PageJoin = ((page: Knex.QueryBuilder) => Knex.QueryBuilder) & {
  /** A joined column of documents' bodies given back as their texts (budget.ts `DocumentTexts`). */
  texts?: DocumentTexts;
};

/**
 * The statement of one page (not run): `select` adds the columns the caller needs; the sort values
 * come back as `__s<i>`; `join` adds another table's columns to each row (PageJoin). Exported so
 * that tests can read its plan.
 */
export function pageStatement(db: Knex, base: Knex.QueryBuilder, select: (q: Knex.QueryBuilder) => Knex.QueryBuilder, req: PageRequest, join?: PageJoin): Knex.QueryBuilder {
  const { sort, cursor } = req;
  const limit = cursor?.limit ?? req.limit;
  const backwards = cursor?.dir === 'prev';
  // A page whose plan does not depend on its start runs as a prepared statement, planned once per
  // connection (PostgreSQL planned the founders page 0.19 ms a call for 0.13 ms of execution), with
  // its LIMIT written into the text: for a bound LIMIT the generic plan assumes a tenth of the table,
  // looks dearer than the custom plans and is never kept. Filtered pages stay planned for their
  // values (a generic plan can be wrong for some values).
  const planOnce = req.planOnce;
  const pageQuery = (orderFrom = 0) => sorted(db, base, select, sort, backwards, orderFrom).limit(limit + 1, { skipBinding: planOnce });
  let q: Knex.QueryBuilder;
  if (cursor) {
    // one statement: each branch a range read of at most limit + 1 rows, merged in sort order.
    // Branch i orders only by keys i.. : SQLite does not drop an expression key fixed by equality
    // from the ORDER BY, so `order by coalesce(amount) desc, id` inside the branch `coalesce(amount)
    // = ? and id > ?` read and sorted the whole rest of the tie group (0.18 -> 0.10 ms for a branch
    // in a group of 352 equal amounts).
    const branches = seekBranches(sort, cursor.key, backwards).map((b, i) => db.select('*').from(pageQuery(i).whereRaw(b.sql, b.bindings).as(`b${i}`)));
    q = db.select('*').from(branches.slice(1).reduce((u, b) => u.unionAll(b), branches[0]!).as('u'));
    sort.keys.forEach((k, i) => q.orderBy(`__s${i}`, descending(k, backwards) ? 'desc' : 'asc'));
    q.limit(limit + 1, { skipBinding: planOnce });
  } else {
    q = pageQuery();
    if (req.legacyOffset) q.offset(req.legacyOffset);
  }
  if (join) {
    // a join keeps no order of its own: the page's, by its sort values
    q = join(q.as('p'));
    sort.keys.forEach((k, i) => q.orderBy(`p.__s${i}`, descending(k, backwards) ? 'desc' : 'asc'));
  }
  return planOnce ? prepared(q) : q;
}

/**
 * What a list's page statement is built from besides the page request, for a repository that lets
 * its first pages be kept (`firstPageStatement`): a name that stands for its base, select and join
 * (one per repository function and each of its options), and the compiled filter in that base
 * (src/query/compile.ts `compileFilterCached`: one object per filter while the reference data lasts).
 */
export interface PageShape {
  name: string;
  where: CompiledFilter | null;
}

/** First pages' statements by database (its dialect writes the text), compiled filter (NO_WHERE: none), then shape, sort and size. */
const firstPages = new WeakMap<Knex, WeakMap<object, Map<string, Knex.Sql>>>();
const NO_WHERE = {};
/** Statements kept per filter: a few shapes, sorts and sizes. */
const MAX_FIRST_PAGES = 64;

/**
 * The statement of a first page (no cursor, no offset) of a shape: built by knex's query builder and
 * compiler once, then its text and bindings as a raw statement. Two first pages of one shape, filter,
 * sort and size are the same statement, and knex's compile of it was most of its cost in the
 * process (10 % of a filtered list's CPU on SQLite). A text whose `?` knex would read otherwise
 * than as its bindings (`??`, an escaped `\?`, a count that differs) is never kept.
 */
export function firstPageStatement(db: Knex, shape: PageShape, req: PageRequest, build: () => Knex.QueryBuilder): Knex.QueryBuilder | Knex.Raw {
  const where = shape.where ?? NO_WHERE;
  let byWhere = firstPages.get(db);
  if (!byWhere) firstPages.set(db, (byWhere = new WeakMap()));
  let byKey = byWhere.get(where);
  if (!byKey) byWhere.set(where, (byKey = new Map()));
  const key = `${shape.name}\0${req.limit}\0${req.planOnce}\0${req.sort.keys.map((k) => `${k.sql} ${k.desc}`).join(',')}`;
  let sql = byKey.get(key);
  if (!sql) {
    const q = build();
    const compiled = q.toSQL();
    const marks = compiled.sql.split('?').length - 1;
    if (compiled.sql.includes('??') || compiled.sql.includes('\\?') || marks !== compiled.bindings.length) return q;
    sql = compiled;
    if (byKey.size >= MAX_FIRST_PAGES) byKey.clear();
    byKey.set(key, sql);
  }
  const raw = db.raw(sql.sql, [...sql.bindings]);
  return req.planOnce ? prepared(raw) : raw;
}

/**
 * Runs one page (pageStatement, with `join`'s columns on its rows) and returns its rows and envelope.
 * With a `shape`, a first page's statement is kept (`firstPageStatement`).
 */
export async function keysetPage<T extends Record<string, unknown>>(
  db: Knex,
  base: Knex.QueryBuilder,
  select: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  req: PageRequest,
  join?: PageJoin,
  shape?: PageShape,
): Promise<{ rows: T[]; page: PageInfo }> {
  const { sort, cursor } = req;
  const limit = cursor?.limit ?? req.limit;
  const backwards = cursor?.dir === 'prev';
  const countQuery = () => (req.includeTotal ? budgeted<{ n: number }>(db, base.clone().clearSelect().clearOrder().count({ n: '*' }), req.budgetMs, req.signal) : Promise.resolve(null));
  const [fetched, counted] = await together(db, [() => pageRows<T>(db, base, select, req, join, shape), countQuery] as const);
  const countRow = counted?.[0];
  const more = fetched.length > limit;
  let rows = more ? fetched.slice(0, limit) : fetched;
  if (backwards) rows = rows.reverse();
  let offset = cursor?.offset ?? req.legacyOffset ?? 0;
  // stepping back past the start (rows were inserted before): this is the first page
  if (backwards && !more) offset = 0;
  const keyOf = (r: T): Key => sort.keys.map((_k, i) => r[`__s${i}`] as string | number | null);
  const mint = (dir: 'next' | 'prev', row: T, at: number) => req.mint({ dir, key: keyOf(row), offset: at, limit });
  const hasNext = backwards ? rows.length > 0 : more;
  const hasPrev = backwards ? more && rows.length > 0 : offset > 0 && rows.length > 0;
  const page: PageInfo = {
    limit,
    offset,
    next_cursor: hasNext ? mint('next', rows[rows.length - 1]!, offset + rows.length) : null,
    prev_cursor: hasPrev ? mint('prev', rows[0]!, Math.max(0, offset - limit)) : null,
    total: countRow ? Number((countRow as { n: number }).n) : null,
  };
  for (const r of rows) for (let i = 0; i < sort.keys.length; i++) delete r[`__s${i}`];
  return { rows, page };
}

/**
 * A page's rows and the row after them when there is one: from the request's walk when it serves the
 * page (without `join`'s columns: the walk's one statement is the list's own, and a caller reads what
 * it joins by the rows' keys), else its page statement with them.
 */
async function pageRows<T>(db: Knex, base: Knex.QueryBuilder, select: (q: Knex.QueryBuilder) => Knex.QueryBuilder, req: PageRequest, join?: PageJoin, shape?: PageShape): Promise<T[]> {
  const { cursor } = req;
  if (req.walk && cursor?.dir !== 'prev' && req.legacyOffset === undefined) {
    const statement = sorted(db, base, select, req.sort, false).toSQL().toNative();
    const rows = await req.walk.take(statement, cursor?.limit ?? req.limit, cursor === null, req.budgetMs, req.signal);
    if (rows) return rows as T[];
  }
  const build = () => pageStatement(db, base, select, req, join);
  const first = shape && cursor === null && req.legacyOffset === undefined;
  return budgeted<T>(db, first ? firstPageStatement(db, shape, req, build) : build(), req.budgetMs, req.signal, join?.texts);
}
