/**
 * Sources of `/analytics/aggregate/{source}` and `/analytics/timeseries`: which rows a source
 * aggregates (fixed SQL over one table), the filter scope that narrows them, the dimensions it can
 * be grouped by and the numeric fields its metrics read. Metric names are `count` or
 * `<op>_<field>` (`sum_amount`, `median_valuation`, ...), as the heatmap names its metrics.
 */
import { requireField, type FieldName } from '../access/fields.js';
import type { Tier } from '../auth/verify.js';
import { ApiError } from '../errors.js';
import { SCOPES, type FilterScope } from '../query/registry.js';
import { DIMENSIONS, ENTITY_DIMENSIONS, type Dimension } from '../db/dimensions.js';
import { AGGREGATE_OPS, FUNDING_ROUNDS_SQL, type Metric, type SqlField, type SqlSource } from '../db/sources.js';
import { metricNamed } from '../db/metrics.js';

export { AGGREGATE_OPS, type AggregateOp, type Metric } from '../db/sources.js';

export interface Field extends SqlField {
  /** The tier-ruled field its values are (src/access/fields.ts): no metric over it for callers it is locked for. */
  rule?: FieldName;
}

export interface Source extends SqlSource {
  scope: FilterScope;
  dimensions: Record<string, Dimension>;
  fields: Record<string, Field>;
}

const money = (sql: string, rule?: FieldName): Field => ({ sql, money: true, rule });
const plain = (sql: string, rule?: FieldName): Field => ({ sql, money: false, rule });

const ENTITY_COLUMNS = ['e.status', 'e.subtype', 'e.gender', 'e.launch_date_sort'];

const ORGANIZATION_FIELDS: Record<string, Field> = {
  employees_count: plain('e.employees_count', 'employees'),
  signal_rating: plain('e.signal_rating'),
  funding_total: money('e.funding_total_usd'),
  rounds_count: plain('e.funding_rounds_count'),
  valuation: money('e.valuation_usd', 'valuation'),
};

const INVESTOR_FIELDS: Record<string, Field> = {
  investments_count: plain('e.investor_investments_count'),
  total_invested: money('e.investor_total_invested_usd'),
};

const entitySource = (name: string, where: string, fields: Record<string, Field>): Source => ({
  name,
  scope: SCOPES.entity!,
  alias: 'e',
  from: `from entities e where ${where}`,
  columns: ENTITY_COLUMNS,
  dimensions: ENTITY_DIMENSIONS,
  fields,
});

export const FUNDING_ROUNDS: Source = {
  ...FUNDING_ROUNDS_SQL,
  scope: SCOPES.funding!,
  dimensions: DIMENSIONS,
  fields: { ...FUNDING_ROUNDS_SQL.fields, valuation: { ...FUNDING_ROUNDS_SQL.fields.valuation!, rule: 'valuation' } },
};

export const SOURCES: Record<string, Source> = {
  'funding-rounds': FUNDING_ROUNDS,
  entities: entitySource('entities', '1 = 1', { ...ORGANIZATION_FIELDS, ...INVESTOR_FIELDS }),
  companies: entitySource('companies', "e.subtype = 'company'", ORGANIZATION_FIELDS),
  investors: entitySource('investors', "e.subtype = 'investor'", { ...ORGANIZATION_FIELDS, ...INVESTOR_FIELDS }),
  universities: entitySource('universities', "e.subtype = 'university'", ORGANIZATION_FIELDS),
  'gov-ngo': entitySource('gov-ngo', "e.subtype = 'gov_ngo'", ORGANIZATION_FIELDS),
  founders: entitySource('founders', "e.type = 'person' and e.is_founder = true", {
    signal_rating: plain('e.signal_rating'),
    founded_companies_count: plain('e.founded_companies_count'),
    founded_companies_funding: money('e.founded_companies_total_funding_usd'),
    ...INVESTOR_FIELDS,
  }),
};

const invalid = (param: string, message: string) => new ApiError('VALIDATION_ERROR', message, [{ path: `query.${param}`, message }]);

/** A metric name checked against the source's fields (400 naming the valid ones otherwise). */
export function parseMetric(source: Source, name: string, param: string, tier?: Tier): Metric {
  const m = metricNamed(name, source.fields);
  if (m?.op === 'count') return { name, op: 'count', field: null, money: false };
  // the aggregate spells each op by its own name (`sum_amount`; the heatmap's `total_amount` is not one)
  const field = m && m.word === m.op && (AGGREGATE_OPS as readonly string[]).includes(m.op) ? source.fields[m.field!] : undefined;
  if (!m || !field) {
    const fields = Object.keys(source.fields).join(', ');
    throw invalid(param, `${param} ${name} is not available on ${source.name}: use count or <${AGGREGATE_OPS.join('|')}>_<field> with a field of ${fields}`);
  }
  if (field.rule) requireField(field.rule, tier, `Metric ${name}`, { [param]: name });
  return { name, op: m.op, field: m.field, money: field.money };
}

/** Dimensions checked against the source (400 naming the valid ones otherwise). */
export function sourceDimensions(source: Source, names: readonly string[], param: string): Dimension[] {
  return names.map((n) => {
    const dim = source.dimensions[n];
    if (!dim) throw invalid(param, `${param} ${n} is not a dimension of ${source.name}; valid: ${Object.keys(source.dimensions).join(', ')}`);
    return { ...dim, name: n };
  });
}
