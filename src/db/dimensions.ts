/**
 * Analytics dimensions over funding rounds: each maps a round (`b.id`, `b.company_id`, `b.year`,
 * `b.month`, ...) to zero or more category labels. Multi-valued dimensions (taxonomy, investor
 * type, investor location) give a round one label per category; a round counts once per label.
 *
 * `sql` is a SELECT producing (tid, label) pairs from the CTE `base b`; fixed SQL only.
 */
import type { SnapshotGrouping } from './aggregate.js';
import { factDimensionSql } from './facts.js';

export interface Dimension {
  name: string;
  sql: string;
  /** How the rounds snapshot holds the same grouping (aggregate.ts `Grouping`); none: SQL only. */
  snap?: SnapshotGrouping;
  /** Labels sort naturally (years, quarters, stages) rather than by metric. */
  ordinal?: boolean;
}

/** `entity` is the column of `base b` holding the organization: the round's company, or the row itself. */
const hq = (column: string, entity = 'b.company_id') =>
  `select b.id as tid, p.name as label from base b join entities cmp on cmp.id = ${entity} join places p on p.id = cmp.${column}`;

const region = (entity = 'b.company_id') =>
  `select b.id as tid, r.name as label from base b join entities cmp on cmp.id = ${entity}
   join places c on c.id = cmp.hq_city_id join places r on r.id = c.region_id`;

const taxonomy = (type: string, entity = 'b.company_id') =>
  `select b.id as tid, tx.name as label from base b join entity_taxonomy et on et.entity_id = ${entity}
   join taxonomy tx on tx.id = et.taxonomy_id and tx.type = '${type}'`;

/** Dimensions every source shares: headquarters and taxonomy of the organization at `entity`. */
function organizationDimensions(entity: string): Record<string, Dimension> {
  const dims: Dimension[] = [
    { name: 'country', sql: hq('hq_country_id', entity) },
    { name: 'continent', sql: hq('hq_continent_id', entity) },
    { name: 'city', sql: hq('hq_city_id', entity) },
    { name: 'region', sql: region(entity) },
    { name: 'sector', sql: taxonomy('sector', entity) },
    { name: 'technology', sql: taxonomy('technology', entity) },
    { name: 'industry_tags', sql: taxonomy('industry_tag', entity) },
    { name: 'business_model', sql: taxonomy('business_model', entity) },
    { name: 'income_stream', sql: taxonomy('income_stream', entity) },
    { name: 'client_focus', sql: taxonomy('client_focus', entity) },
  ];
  return Object.fromEntries(dims.map((d) => [d.name, d]));
}

const investorPlace = (name: string, column: string): Dimension => ({
  name,
  sql: `select distinct b.id as tid, p.name as label from base b join transaction_investors ti on ti.transaction_id = b.id
   join entities inv on inv.id = ti.investor_id join places p on p.id = inv.${column}`,
});

/**
 * The round's organization and investor dimensions read the fact table (src/db/facts.ts): the same
 * pairs as `organizationDimensions('b.company_id')` and the investor joins give, by id.
 */
const factDimensions = (names: readonly string[]): Record<string, Dimension> =>
  Object.fromEntries(names.map((name) => [name, { name, sql: factDimensionSql(name), snap: { fact: name } }]));

export const DIMENSIONS: Record<string, Dimension> = {
  round_year: { name: 'round_year', sql: `select b.id as tid, cast(b.year as varchar(4)) as label from base b where b.year is not null`, snap: { round: 'round_year' }, ordinal: true },
  round_quarter: {
    name: 'round_quarter',
    sql: `select b.id as tid, cast(b.year as varchar(4)) || '-Q' || cast((b.month + 2) / 3 as varchar(1)) as label from base b where b.year is not null and b.month is not null`,
    snap: { round: 'round_quarter' },
    ordinal: true,
  },
  round_type: { name: 'round_type', sql: `select b.id as tid, b.round_type as label from base b where b.round_type is not null`, snap: { round: 'round_type' } },
  standardized_round: { name: 'standardized_round', sql: `select b.id as tid, b.standardized_round as label from base b where b.standardized_round is not null`, snap: { round: 'standardized_round' } },
  ...factDimensions(Object.keys(organizationDimensions('b.company_id'))),
  ...factDimensions(['investor_type', 'investor_country', 'investor_continent']),
};

/**
 * The round dimensions as defined over the companies, taxonomy and investors themselves: what the
 * fact table holds (src/db/facts.ts builds it from the same joins; the tests compare the two).
 */
export const ROUND_DIMENSIONS_BY_JOIN: Record<string, Dimension> = {
  ...organizationDimensions('b.company_id'),
  investor_type: {
    name: 'investor_type',
    sql: `select distinct b.id as tid, it.name as label from base b join transaction_investors ti on ti.transaction_id = b.id
          join entity_investor_types eit on eit.entity_id = ti.investor_id join investor_types it on it.id = eit.investor_type_id`,
  },
  investor_country: investorPlace('investor_country', 'hq_country_id'),
  investor_continent: investorPlace('investor_continent', 'hq_continent_id'),
};

/**
 * Dimensions of the entity sources (`base b` is an entities row: `b.id`, `b.status`, `b.subtype`,
 * `b.gender`, `b.launch_date_sort`): headquarters and taxonomy of the entity itself, its investor
 * types, status, subtype, gender and launch year.
 */
export const ENTITY_DIMENSIONS: Record<string, Dimension> = {
  ...organizationDimensions('b.id'),
  investor_type: {
    name: 'investor_type',
    sql: `select b.id as tid, it.name as label from base b join entity_investor_types eit on eit.entity_id = b.id
          join investor_types it on it.id = eit.investor_type_id`,
  },
  status: { name: 'status', sql: `select b.id as tid, b.status as label from base b where b.status is not null` },
  subtype: { name: 'subtype', sql: `select b.id as tid, coalesce(b.subtype, 'person') as label from base b` },
  gender: { name: 'gender', sql: `select b.id as tid, b.gender as label from base b where b.gender is not null` },
  launch_year: {
    name: 'launch_year',
    sql: `select b.id as tid, substr(b.launch_date_sort, 1, 4) as label from base b where b.launch_date_sort is not null`,
    ordinal: true,
  },
};

/** Capital phases of the funnel: buckets are standardized rounds, grouped into phases. */
export const FUNNEL_BUCKETS: readonly { label: string; group: string }[] = [
  { label: 'Pre-Seed', group: 'Early' },
  { label: 'Seed', group: 'Early' },
  { label: 'Series A', group: 'Venture' },
  { label: 'Series B', group: 'Venture' },
  { label: 'Series C', group: 'Late' },
  { label: 'Series D', group: 'Late' },
  { label: 'Series E', group: 'Late' },
  { label: 'Series F+', group: 'Late' },
  { label: 'Growth', group: 'Exit & growth' },
  { label: 'IPO', group: 'Exit & growth' },
];
