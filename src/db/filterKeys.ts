/**
 * The vocabulary the filter scopes of src/db are written in: operator sets, closed value sets and
 * builders of the keys several scopes share (places, taxonomy, flags, entity columns).
 */
import type { ColumnKey, EnumValue, FilterKey, FilterOp, RelatedKey, RetiredFilterKey } from './listing.js';

/** A key renamed in version `since`: pinned clients filter by the old name with the new key's definition. */
export function renamed(keys: readonly FilterKey[], replacement: string, since: string): RetiredFilterKey {
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

export const loc = (key: string, column: string, kind: string, what: string): ColumnKey => ({
  key,
  kind: 'column',
  type: 'place',
  sqls: [column],
  ops: EQ_SET,
  description: `${what} (numeric place id from /reference/filters/${key}/values)`,
  valuesFrom: 'places',
  valuesKind: kind,
});

export const taxonomyKey = (key: string, taxType: string, from: string, link: string): RelatedKey => ({
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

export const flagKey = (key: string, kind: string, description: string): RelatedKey => ({
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
export function entityKeys(): FilterKey[] {
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

/**
 * A key of the entity scope re-targeted at the round's company: the condition moves into an
 * EXISTS over `entities cmp where cmp.id = {b}.company_id`.
 */
export function rebase(k: FilterKey, key: string, alias: string): RelatedKey {
  const inner = (s: string) => s.replaceAll('{b}', alias);
  if (k.kind === 'column') {
    return { ...k, key, kind: 'related', from: `entities ${alias}`, link: `${alias}.id = {b}.company_id`, sqls: k.sqls.map(inner) };
  }
  return { ...k, key, from: `entities ${alias}, ${inner(k.from)}`, link: `${alias}.id = {b}.company_id and ${inner(k.link)}` };
}

export const ARTICLE_TYPES: EnumValue[] = ['Funding', 'Acquisition', 'Product', 'Partnership', 'People'].map((name) => ({ code: codeOf(name), name }));

export const uuidOf = (key: string, table: string, fk: string, description: string): RelatedKey => ({
  key,
  kind: 'related',
  type: 'uuid',
  from: `entities r`,
  link: `r.id = {b}.${fk}`,
  sqls: ['r.uuid'],
  ops: EQ_SET,
  description: `${description} (${table})`,
});

