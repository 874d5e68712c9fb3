/**
 * The shapes a list query is described in: filter scopes (the keys a filter may use and the SQL they
 * compile to), sort registries (the keys a list may be ordered by, with their SQL), and the compiled
 * forms the layers above hand back to the repositories. They live here, at the bottom, because the
 * SQL in them is the database's; src/query parses and checks requests against them.
 *
 * SQL fragments refer to the list's base alias through `{b}` (e.g. `{b}.amount_usd`); related-record
 * keys compile to EXISTS subqueries against `{b}.<fk>`. Only column names and fixed SQL live in
 * them: every value is bound as a parameter by src/query/compile.ts.
 */

export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in_any' | 'nin_any' | 'in_all' | 'nin_all' | 'in' | 'nin';

/**
 * The values whose visibility depends on the caller's tier (their rules: src/access/fields.ts). A
 * filter key, sort key or metric that reads one names it, so that the access layer can refuse it.
 */
export type FieldName = 'revenue' | 'ebitda' | 'profit' | 'rnd' | 'valuation' | 'employees' | 'visits' | 'headcount_share' | 'investors';

export type FieldType = 'integer' | 'number' | 'money' | 'string' | 'enum' | 'partial_date' | 'datetime' | 'boolean' | 'uuid' | 'place';

export interface EnumValue {
  code: string;
  name: string;
  /** Places: the id the column stores and the kind (`country`, `continent`). */
  id?: number;
  kind?: string;
}

interface KeyBase {
  key: string;
  type: FieldType;
  description: string;
  ops: readonly FilterOp[];
  /**
   * Allowed values of an enum key (matched case-insensitively against code and name); an enum key
   * without them takes its values from reference data (`valuesFrom`, FilterEnums).
   */
  values?: readonly EnumValue[];
  /** What the column stores for an enum key: the code (default) or the display name. */
  enumStores?: 'code' | 'name';
  /** Where the reference values of this key come from when they are data (taxonomy, places ...). */
  valuesFrom?: 'taxonomy' | 'places' | 'investor_types';
  /** Taxonomy type (valuesFrom taxonomy) or place kinds (valuesFrom places). */
  valuesKind?: string;
  /** The tier-ruled field the key reads: refused to callers the field is locked for. */
  field?: FieldName;
  /**
   * Where the rounds snapshot (snapshot.ts) holds the key's values, when it does: a column of its own
   * (a column key) or a fact dimension (a related key). Its filter interpreter answers conditions on
   * such keys by the rules of src/query/definition.ts; a key without it is answered in SQL.
   */
  snapshot?: { column: 'year' | 'amount' | 'valuation' | 'roundTypeCode' | 'standardizedRound' } | { fact: string };
}

/**
 * A column of the base row (or an expression over it). With several `sqls` the condition holds when
 * any of them matches (e.g. hq_location: city, country or continent id).
 */
export interface ColumnKey extends KeyBase {
  kind: 'column';
  sqls: readonly string[];
}

/** A repeated related record: matches when a related row satisfies the condition; in_all needs all values. */
export interface RelatedKey extends KeyBase {
  kind: 'related';
  /** `from <table> r where <link>`; `{b}` is the base alias. */
  from: string;
  link: string;
  /** The related column(s) compared with the values. */
  sqls: readonly string[];
}

export type FilterKey = ColumnKey | RelatedKey;

/**
 * A key a version removed from a scope (openapi.yaml version history): a 400 naming `replacement` from
 * `since` on; clients pinned before `since` still filter with the `legacy` definition when given.
 */
export interface RetiredFilterKey {
  replacement: string;
  since: string;
  legacy?: FilterKey;
}

export interface FilterScope {
  name: string;
  description: string;
  keys: readonly FilterKey[];
  /** Removed keys by name; not listed by `GET /reference/filters`. */
  retired?: Readonly<Record<string, RetiredFilterKey>>;
}

/** The values of the enum keys whose set is reference data (`valuesFrom`), e.g. investor types. */
export type FilterEnums = Partial<Record<NonNullable<FilterKey['valuesFrom']>, readonly EnumValue[]>>;

/** A filter compiled to one SQL boolean expression over the list's alias, every value bound. */
export interface CompiledFilter {
  sql: string;
  bindings: (string | number | boolean)[];
}

export interface SortKeyDef {
  key: string;
  /** SQL expression over the base alias `{b}`; must not be null (keyset pages compare it). */
  sql: string;
  /** The tier-ruled field the order reveals: refused to callers it is locked for. */
  field?: FieldName;
}

export interface SortRegistry {
  keys: readonly SortKeyDef[];
  /** Default sort, e.g. `-date`. */
  default: string;
  /** SQL of the unique id that breaks ties (`{b}.id`). */
  id: string;
  /**
   * Keys retired by a version (openapi.yaml version history): 400 naming the replacement from `since`
   * on; clients pinned before `since` may still sort by the key when its old `sql` is given.
   */
  retired?: Readonly<Record<string, { replacement: string; since: string; sql?: string }>>;
}

export interface ResolvedSortKey {
  key: string;
  sql: string;
  desc: boolean;
}

export interface ResolvedSort {
  keys: ResolvedSortKey[];
  /** Canonical form bound into cursors, e.g. `-date,id`. */
  canonical: string;
}

/** A list that takes no filter keys (nested lists, relations, reference lists). */
export const NO_FILTER: FilterScope = { name: 'none', description: 'No filter keys', keys: [] };

/** The database handle (a Knex instance or transaction) the repositories take. */
export type { Knex as Db } from 'knex';

/**
 * A sort registry from its keys in order (`key: sql`, or `key: { sql, field }` for a key that reveals
 * a tier-ruled field), its default sort and the SQL of its tie-breaking id.
 */
export function sortRegistry(
  keys: Readonly<Record<string, string | Omit<SortKeyDef, 'key'>>>,
  defaultSort: string,
  id = '{b}.id',
  retired?: SortRegistry['retired'],
): SortRegistry {
  return {
    keys: Object.entries(keys).map(([key, def]) => (typeof def === 'string' ? { key, sql: def } : { key, ...def })),
    default: defaultSort,
    id,
    ...(retired ? { retired } : {}),
  };
}
