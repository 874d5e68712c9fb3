/**
 * Filter registries: for each scope, the keys a filter may use, their type, operators and the SQL
 * they compile to. `GET /reference/filters` is generated from the same definitions.
 *
 * SQL fragments refer to the list's base alias through `{b}` (e.g. `{b}.amount_usd`); related-record
 * keys compile to EXISTS subqueries against `{b}.<fk>`. Only column names and fixed SQL live here:
 * every value is bound as a parameter by src/query/compile.ts.
 */
import type { FieldName } from '../access/fields.js';
import { ApiError } from '../errors.js';
import type { FilterOp } from './filter.js';

export type FieldType = 'integer' | 'number' | 'money' | 'string' | 'enum' | 'partial_date' | 'datetime' | 'boolean' | 'uuid' | 'place';

export interface EnumValue {
  code: string;
  name: string;
}

interface KeyBase {
  key: string;
  type: FieldType;
  description: string;
  ops: readonly FilterOp[];
  /**
   * Allowed values of an enum key (matched case-insensitively against code and name); an enum key
   * without them takes its values from reference data (`valuesFrom`, CompileOptions.enums).
   */
  values?: readonly EnumValue[];
  /** What the column stores for an enum key: the code (default) or the display name. */
  enumStores?: 'code' | 'name';
  /** Where the reference values of this key come from when they are data (taxonomy, places ...). */
  valuesFrom?: 'taxonomy' | 'places' | 'investor_types';
  /** Taxonomy type (valuesFrom taxonomy) or place kinds (valuesFrom places). */
  valuesKind?: string;
  /** The tier-ruled field the key reads (src/access/fields.ts): refused to callers the field is locked for. */
  field?: FieldName;
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
 * A key a version removed from a scope (SPEC.md part 7 rule 4): a 400 naming `replacement` from
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

/** A key renamed in version `since`: pinned clients filter by the old name with the new key's definition. */
function renamed(keys: readonly FilterKey[], replacement: string, since: string): RetiredFilterKey {
  return { replacement, since, legacy: keys.find((k) => k.key === replacement) };
}

export const CMP: readonly FilterOp[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'];
export const CMP_SET: readonly FilterOp[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in_any', 'nin_any'];
export const EQ_SET: readonly FilterOp[] = ['eq', 'neq', 'in_any', 'nin_any'];
export const REPEATED: readonly FilterOp[] = ['eq', 'neq', 'in_any', 'nin_any', 'in_all', 'nin_all'];
export const BOOL: readonly FilterOp[] = ['eq', 'neq'];

export const STANDARDIZED_ROUNDS = [
  'Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D', 'Series E', 'Series F+', 'Growth', 'Bridge', 'Debt',
  'Grant', 'IPO', 'Secondary', 'Other',
] as const;

const codeOf = (name: string) => name.toLowerCase().replace(/\+/g, '_plus').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

export const STANDARDIZED_ROUND_VALUES: EnumValue[] = STANDARDIZED_ROUNDS.map((name) => ({ code: codeOf(name), name }));

/** Raw reported round types: upper-case display names and lower-case codes. */
export const ROUND_TYPES: EnumValue[] = [
  'PRE-SEED', 'SEED', 'ANGEL', 'EARLY VC', 'SERIES A', 'SERIES B', 'SERIES C', 'SERIES D', 'SERIES E', 'SERIES F',
  'SERIES G', 'LATE VC', 'GROWTH EQUITY', 'PRIVATE EQUITY', 'BRIDGE', 'CONVERTIBLE NOTE', 'DEBT FINANCING', 'GRANT',
  'IPO', 'POST-IPO EQUITY', 'SECONDARY', 'CORPORATE ROUND', 'CROWDFUNDING', 'ACQUISITION', 'UNDISCLOSED',
].map((name) => ({ code: codeOf(name), name }));

/** A closed set whose stored codes are also what the rows show. */
const codes = (...values: string[]): EnumValue[] => values.map((code) => ({ code, name: code }));

export const ENTITY_STATUSES: EnumValue[] = codes('operating', 'acquired', 'ipo', 'closed');
export const GENDERS: EnumValue[] = codes('female', 'male');
export const JOB_TYPES: EnumValue[] = codes('full_time', 'part_time', 'contract', 'internship');
export const FUND_TYPES: EnumValue[] = codes('venture', 'seed', 'corporate', 'buyout', 'growth', 'accelerator', 'syndicate', 'evergreen', 'debt', 'sovereign', 'opportunity');
export const FUND_STATUSES: EnumValue[] = codes('fundraising', 'active', 'closed');
export const VALUATION_SOURCES: EnumValue[] = codes('funding_round', 'secondary', 'public_market', 'estimate');

const loc = (key: string, column: string, kind: string, what: string): ColumnKey => ({
  key,
  kind: 'column',
  type: 'place',
  sqls: [column],
  ops: EQ_SET,
  description: `${what} (numeric place id from /reference/filters/${key}/values)`,
  valuesFrom: 'places',
  valuesKind: kind,
});

const taxonomyKey = (key: string, taxType: string, from: string, link: string): RelatedKey => ({
  key,
  kind: 'related',
  type: 'integer',
  from: `${from} r join taxonomy tx on tx.id = r.taxonomy_id`,
  link: `${link} and tx.type = '${taxType}'`,
  sqls: ['r.taxonomy_id'],
  ops: REPEATED,
  description: `${taxType.replace('_', ' ')} taxonomy id (repeated: in_all needs every value)`,
  valuesFrom: 'taxonomy',
  valuesKind: taxType,
});

const flagKey = (key: string, kind: string, description: string): RelatedKey => ({
  key,
  kind: 'related',
  type: 'string',
  from: 'entity_flags r',
  link: `r.entity_id = {b}.id and r.kind = '${kind}'`,
  sqls: ['r.value'],
  ops: REPEATED,
  description,
});

/** The last change of a record: changed-since walks (`updated_at[gt]:T`, sort `updated_at`). */
export const UPDATED_AT: ColumnKey = {
  key: 'updated_at',
  kind: 'column',
  type: 'datetime',
  sqls: ['{b}.updated_at'],
  ops: ['gt', 'gte', 'lt', 'lte'],
  description: 'Last change of the record (ISO 8601 date-time, or a date compared at its precision)',
};

/** Keys on an organization or person row aliased `{b}` (scope `entity`, and `company.*` on rounds). */
function entityKeys(): FilterKey[] {
  return [
    { key: 'name', kind: 'column', type: 'string', sqls: ['{b}.name_lower'], ops: EQ_SET, description: 'Name (case-insensitive exact match)' },
    { key: 'domain', kind: 'column', type: 'string', sqls: ['{b}.domain'], ops: EQ_SET, description: 'Registrable domain' },
    { key: 'uuid', kind: 'column', type: 'uuid', sqls: ['{b}.uuid'], ops: EQ_SET, description: 'Entity UUID' },
    { key: 'hq_location', kind: 'column', type: 'place', sqls: ['{b}.hq_city_id', '{b}.hq_country_id', '{b}.hq_continent_id'], ops: EQ_SET, description: 'Headquarters city, country or continent (numeric place id)', valuesFrom: 'places', valuesKind: 'city,country,continent' },
    loc('country', '{b}.hq_country_id', 'country', 'Headquarters country'),
    loc('city', '{b}.hq_city_id', 'city', 'Headquarters city'),
    loc('continent', '{b}.hq_continent_id', 'continent', 'Headquarters continent'),
    flagKey('classification', 'classification', 'Classification flags (e.g. super_founder, promising_founder, unicorn); in_all needs every flag'),
    flagKey('roles', 'role', 'Role flags (e.g. company, investor, founder, angel); in_all needs every flag'),
    taxonomyKey('sector', 'sector', 'entity_taxonomy', 'r.entity_id = {b}.id'),
    taxonomyKey('technology', 'technology', 'entity_taxonomy', 'r.entity_id = {b}.id'),
    taxonomyKey('industry_tags', 'industry_tag', 'entity_taxonomy', 'r.entity_id = {b}.id'),
    taxonomyKey('business_model', 'business_model', 'entity_taxonomy', 'r.entity_id = {b}.id'),
    { key: 'taxonomy_id', kind: 'related', type: 'integer', from: 'entity_taxonomy r', link: 'r.entity_id = {b}.id', sqls: ['r.taxonomy_id'], ops: REPEATED, description: 'Any taxonomy id (repeated)', valuesFrom: 'taxonomy', valuesKind: '' },
    { key: 'investor_type', kind: 'related', type: 'enum', from: 'entity_investor_types r join investor_types it on it.id = r.investor_type_id', link: 'r.entity_id = {b}.id', sqls: ['it.code'], ops: REPEATED, description: 'Investor type (display name or code, case-insensitive; investors)', valuesFrom: 'investor_types' },
    { key: 'preferred_round', kind: 'column', type: 'enum', sqls: ['{b}.investor_preferred_round'], ops: EQ_SET, values: STANDARDIZED_ROUND_VALUES, enumStores: 'name', description: "Investor's most frequent standardized round (display name or code, case-insensitive)" },
    { key: 'status', kind: 'column', type: 'enum', sqls: ['{b}.status'], ops: EQ_SET, values: ENTITY_STATUSES, description: 'Operating status' },
    { key: 'signal_rating', kind: 'column', type: 'number', sqls: ['{b}.signal_rating'], ops: CMP, description: 'Signal rating 0..100' },
    { key: 'employees_count', kind: 'column', type: 'integer', sqls: ['{b}.employees_count'], ops: CMP, field: 'employees', description: 'Employee count' },
    { key: 'launch_date', kind: 'column', type: 'partial_date', sqls: ['{b}.launch_date_sort'], ops: CMP, description: 'Launch date (YYYY, YYYY-MM or YYYY-MM-DD; compared at the given precision)' },
    { key: 'funding_total', kind: 'column', type: 'money', sqls: ['{b}.funding_total_usd'], ops: CMP, description: 'Total funding raised, in the request currency (integer)' },
    { key: 'rounds_count', kind: 'column', type: 'integer', sqls: ['{b}.funding_rounds_count'], ops: CMP, description: 'Number of funding rounds' },
    { key: 'valuation', kind: 'column', type: 'money', sqls: ['{b}.valuation_usd'], ops: CMP, field: 'valuation', description: 'Latest valuation, in the request currency (integer)' },
    { key: 'is_hiring', kind: 'column', type: 'boolean', sqls: ['({b}.jobs_open_count > 0)'], ops: BOOL, description: 'Has open job openings' },
    { key: 'added_at', kind: 'column', type: 'partial_date', sqls: ['{b}.added_at'], ops: CMP, description: 'When the record was added (compared at the given precision)' },
    { key: 'gender', kind: 'column', type: 'enum', sqls: ['{b}.gender'], ops: EQ_SET, values: GENDERS, description: 'Gender (persons)' },
    UPDATED_AT,
  ];
}

/** Keys on a transaction aliased `{b}` (scope `funding`). */
function fundingKeys(): FilterKey[] {
  const company = entityKeys()
    .filter((k) => !['gender', 'is_hiring', 'updated_at'].includes(k.key))
    .map((k) => rebase(k, `company.${k.key}`, 'cmp'));
  return [
    { key: 'date', kind: 'column', type: 'partial_date', sqls: ['{b}.date_sort'], ops: CMP, description: 'Announcement date (YYYY, YYYY-MM or YYYY-MM-DD; compared at the given precision)' },
    { key: 'year', kind: 'column', type: 'integer', sqls: ['{b}.year'], ops: CMP_SET, description: 'Announcement year' },
    { key: 'amount', kind: 'column', type: 'money', sqls: ['{b}.amount_usd'], ops: CMP, description: 'Round amount in the request currency (integer)' },
    { key: 'valuation', kind: 'column', type: 'money', sqls: ['{b}.valuation_usd'], ops: CMP, field: 'valuation', description: 'Post-money valuation in the request currency (integer)' },
    { key: 'round_type', kind: 'column', type: 'enum', sqls: ['{b}.round_type_code'], ops: EQ_SET, values: ROUND_TYPES, description: 'Reported round type (display name or code, case-insensitive)' },
    { key: 'standardized_round', kind: 'column', type: 'enum', sqls: ['{b}.standardized_round'], ops: EQ_SET, values: STANDARDIZED_ROUND_VALUES, enumStores: 'name', description: 'Standardized round (display name or code, case-insensitive)' },
    { key: 'is_verified', kind: 'column', type: 'boolean', sqls: ['{b}.is_verified'], ops: BOOL, description: 'Verified by the service' },
    { key: 'is_vc_round', kind: 'column', type: 'boolean', sqls: ['{b}.is_vc_round'], ops: BOOL, description: 'Venture-capital round' },
    { key: 'is_exit', kind: 'column', type: 'boolean', sqls: ['{b}.is_exit'], ops: BOOL, description: 'Exit (IPO or acquisition)' },
    { key: 'investor.uuid', kind: 'related', type: 'uuid', from: 'transaction_investors r join entities ie on ie.id = r.investor_id', link: 'r.transaction_id = {b}.id', sqls: ['ie.uuid'], ops: REPEATED, field: 'investors', description: 'Participating investor UUID (repeated: in_all needs every investor)' },
    { key: 'investor.lead', kind: 'related', type: 'uuid', from: 'transaction_investors r join entities ie on ie.id = r.investor_id', link: 'r.transaction_id = {b}.id and r.is_lead = true', sqls: ['ie.uuid'], ops: REPEATED, field: 'investors', description: 'Lead investor UUID' },
    { key: 'investor.type', kind: 'related', type: 'enum', from: 'transaction_investors r join entity_investor_types eit on eit.entity_id = r.investor_id join investor_types it on it.id = eit.investor_type_id', link: 'r.transaction_id = {b}.id', sqls: ['it.code'], ops: REPEATED, field: 'investors', description: 'Type of a participating investor (display name or code, case-insensitive)', valuesFrom: 'investor_types' },
    UPDATED_AT,
    ...company,
  ];
}

/**
 * A key of the entity scope re-targeted at the round's company: the condition moves into an
 * EXISTS over `entities cmp where cmp.id = {b}.company_id`.
 */
function rebase(k: FilterKey, key: string, alias: string): RelatedKey {
  const inner = (s: string) => s.replaceAll('{b}', alias);
  if (k.kind === 'column') {
    return { ...k, key, kind: 'related', from: `entities ${alias}`, link: `${alias}.id = {b}.company_id`, sqls: k.sqls.map(inner) };
  }
  return { ...k, key, from: `entities ${alias}, ${inner(k.from)}`, link: `${alias}.id = {b}.company_id and ${inner(k.link)}` };
}

/** Keys on an active job opening aliased `{b}` (scope `job`). */
function jobKeys(): FilterKey[] {
  return [
    { key: 'posted_at', kind: 'column', type: 'partial_date', sqls: ['{b}.posted_at'], ops: CMP, description: 'When the opening was posted (YYYY, YYYY-MM or YYYY-MM-DD; compared at the given precision)' },
    loc('country', '{b}.country_id', 'country', 'Country of the opening'),
    loc('city', '{b}.city_id', 'city', 'City of the opening'),
    loc('continent', '{b}.continent_id', 'continent', 'Continent of the opening'),
    { key: 'job_type', kind: 'column', type: 'enum', sqls: ['{b}.job_type'], ops: EQ_SET, values: JOB_TYPES, description: 'Job type (e.g. full_time, part_time, internship)' },
    { key: 'source', kind: 'column', type: 'string', sqls: ['{b}.source'], ops: EQ_SET, description: 'Where the opening was found' },
    { key: 'post_language', kind: 'column', type: 'string', sqls: ['{b}.post_language'], ops: EQ_SET, description: 'Language of the posting (ISO 639-1)' },
    { key: 'entity.uuid', kind: 'related', type: 'uuid', from: 'entities r', link: 'r.id = {b}.entity_id', sqls: ['r.uuid'], ops: EQ_SET, description: 'UUID of the hiring organization' },
    UPDATED_AT,
  ];
}

export const ARTICLE_TYPES: EnumValue[] = ['Funding', 'Acquisition', 'Product', 'Partnership', 'People'].map((name) => ({ code: codeOf(name), name }));

const uuidOf = (key: string, table: string, fk: string, description: string): RelatedKey => ({
  key,
  kind: 'related',
  type: 'uuid',
  from: `entities r`,
  link: `r.id = {b}.${fk}`,
  sqls: ['r.uuid'],
  ops: EQ_SET,
  description: `${description} (${table})`,
});

/** Keys on a fund aliased `{b}` (scope `fund`). */
function fundKeys(): FilterKey[] {
  return [
    { key: 'announced_date', kind: 'column', type: 'partial_date', sqls: ['{b}.announced_sort'], ops: CMP, description: 'Announcement date (compared at the given precision)' },
    { key: 'amount', kind: 'column', type: 'money', sqls: ['{b}.amount_usd'], ops: CMP, description: 'Fund size in the request currency (integer)' },
    { key: 'vintage_year', kind: 'column', type: 'integer', sqls: ['{b}.vintage_year'], ops: CMP_SET, description: 'Vintage year' },
    { key: 'fund_type', kind: 'column', type: 'enum', sqls: ['{b}.fund_type'], ops: EQ_SET, values: FUND_TYPES, description: 'Fund type (e.g. venture, seed, growth, buyout)' },
    { key: 'status', kind: 'column', type: 'enum', sqls: ['{b}.status'], ops: EQ_SET, values: FUND_STATUSES, description: 'Fund status (fundraising, active, closed)' },
    uuidOf('investor.uuid', 'funds', 'investor_id', 'UUID of the investor that raised the fund'),
    { key: 'lp.uuid', kind: 'related', type: 'uuid', from: 'fund_lps r join entities le on le.id = r.lp_id', link: 'r.fund_id = {b}.id', sqls: ['le.uuid'], ops: REPEATED, description: 'UUID of a limited partner (repeated)' },
    UPDATED_AT,
  ];
}

/** Keys on a valuation aliased `{b}` (scope `valuation`). */
function valuationKeys(): FilterKey[] {
  return [
    { key: 'date', kind: 'column', type: 'partial_date', sqls: ['{b}.date_sort'], ops: CMP, description: 'Valuation date (compared at the given precision)' },
    { key: 'value', kind: 'column', type: 'money', sqls: ['{b}.value_usd'], ops: CMP, field: 'valuation', description: 'Valuation in the request currency (integer)' },
    { key: 'source', kind: 'column', type: 'enum', sqls: ['{b}.source'], ops: EQ_SET, values: VALUATION_SOURCES, description: 'Source (funding_round, secondary, public_market, estimate)' },
    uuidOf('company.uuid', 'valuations', 'company_id', 'UUID of the valued company'),
    UPDATED_AT,
  ];
}

/** Keys on a news article aliased `{b}` (scope `news`). */
function newsKeys(): FilterKey[] {
  return [
    { key: 'published_at', kind: 'column', type: 'partial_date', sqls: ['{b}.published_at'], ops: CMP, description: 'Publication date (compared at the given precision)' },
    { key: 'article_type', kind: 'column', type: 'enum', sqls: ['{b}.article_type'], ops: EQ_SET, values: ARTICLE_TYPES, description: 'Article type (display name or code, case-insensitive)' },
    { key: 'source', kind: 'column', type: 'string', sqls: ['{b}.source'], ops: EQ_SET, description: 'Publisher' },
    { key: 'entity.uuid', kind: 'related', type: 'uuid', from: 'news_entities r join entities ne on ne.id = r.entity_id', link: 'r.news_id = {b}.id', sqls: ['ne.uuid'], ops: REPEATED, description: 'UUID of an entity the article mentions (repeated)' },
    { key: 'taxonomy_id', kind: 'related', type: 'integer', from: 'news_taxonomy r', link: 'r.news_id = {b}.id', sqls: ['r.taxonomy_id'], ops: REPEATED, description: 'Taxonomy id of the article (repeated)', valuesFrom: 'taxonomy', valuesKind: '' },
    UPDATED_AT,
  ];
}

/** Keys on a team note aliased `{b}` (scope `note`). */
function noteKeys(): FilterKey[] {
  return [
    uuidOf('entity.uuid', 'notes', 'entity_id', 'UUID of the annotated entity'),
    { key: 'updated_at', kind: 'column', type: 'partial_date', sqls: ['{b}.updated_at'], ops: CMP, description: 'Last change (compared at the given precision)' },
  ];
}

export const SCOPES: Record<string, FilterScope> = {
  funding: {
    name: 'funding',
    description: 'Funding rounds (transactions): /data/transactions, analytics',
    keys: fundingKeys(),
    // transactions dropped `created_at` in 2026-10-09; the announcement date is what a round is filtered by
    retired: { created_at: { replacement: 'date', since: '2026-10-09' } },
  },
  entity: {
    name: 'entity',
    description: 'Organizations and persons: /data/companies, /data/entities, /data/investors, /data/universities, /data/gov-ngo, /data/people, /data/founders, founded companies',
    keys: entityKeys(),
    retired: { created_at: renamed(entityKeys(), 'added_at', '2026-10-09') },
  },
  job: { name: 'job', description: 'Active job openings: /data/jobs', keys: jobKeys(), retired: { date_posted: renamed(jobKeys(), 'posted_at', '2026-10-09') } },
  fund: { name: 'fund', description: 'Funds raised by investors: /data/funds', keys: fundKeys(), retired: { fund_date: renamed(fundKeys(), 'announced_date', '2026-10-09') } },
  valuation: { name: 'valuation', description: 'Company valuations: /data/valuations', keys: valuationKeys() },
  news: {
    name: 'news',
    description: 'News articles: /data/news',
    keys: newsKeys(),
    retired: {
      publish_date: renamed(newsKeys(), 'published_at', '2026-10-09'),
      // before 2026-10-07 the news filter `sector` took sector taxonomy ids; `taxonomy_id` takes any
      sector: { replacement: 'taxonomy_id', since: '2026-10-07', legacy: taxonomyKey('sector', 'sector', 'news_taxonomy', 'r.news_id = {b}.id') },
    },
  },
  note: { name: 'note', description: "The caller's team notes: /data/notes", keys: noteKeys() },
};

export function scopeKey(scope: FilterScope, key: string): FilterKey | undefined {
  return scope.keys.find((k) => k.key === key);
}

/**
 * The definition of a key the scope retired, for a request at `version`; a 400 UNKNOWN_FILTER
 * naming the replacement from the retiring version on (or when no old definition is kept).
 */
export function retiredKey(scope: FilterScope, key: string, version: string): FilterKey | undefined {
  const r = scope.retired?.[key];
  if (!r) return undefined;
  if (!r.legacy || version >= r.since) {
    throw new ApiError('UNKNOWN_FILTER', `Filter key ${key} was removed from scope ${scope.name} in version ${r.since}; use ${r.replacement}`, {
      filter: key,
      replacement: r.replacement,
    });
  }
  return { ...r.legacy, key };
}
