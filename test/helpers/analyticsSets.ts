/**
 * The grouping sets and filters the rounds snapshot's tests ask (test/integration/analytics-snapshot*.test.ts):
 * every heatmap metric and the aggregate metrics over round, fact and period groupings and the funnel's
 * stages, with orders, limits and `only`; filters on each key the snapshot holds, their negations and
 * combinations, named by the seed's own values.
 */
import { DIMENSIONS, FUNNEL_BUCKETS } from '../../src/db/dimensions.js';
import type { AnalyticsFilter } from '../../src/analytics/snapshot.js';
import { FUNDING_ROUNDS, parseMetric } from '../../src/analytics/sources.js';
import { periodGrouping, type GroupingSet } from '../../src/db/aggregate.js';
import { heatmapMetric, type Metric } from '../../src/db/analytics.js';
import { filterEnums } from '../../src/db/refCache.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { parseFilter } from '../../src/query/filter.js';
import { SCOPES } from '../../src/query/registry.js';
import type { Harness } from './harness.js';

export const EUR = new Money('EUR', 0.9);
export const USD = new Money('USD', 1);

/** A filter compiled as the handlers compile it, with its tree (null: none). */
export const compile = async (h: Harness, f: string | null, money = USD): Promise<AnalyticsFilter | null> => {
  if (f === null) return null;
  const ast = parseFilter(f);
  const where = compileFilter(ast, SCOPES.funding!, { alias: 't', money, enums: await filterEnums(h.db) });
  return where && { ...where, ast };
};

export async function filters(h: Harness): Promise<string[]> {
  const top = async (column: string) =>
    ((await h.db('transactions as t').join('entities as e', 'e.id', 't.company_id').whereNotNull(`e.${column}`).groupBy(`e.${column}`).orderByRaw('count(*) desc').first({ id: `e.${column}` })) as { id: number }).id;
  const sector = (await h.db('entity_taxonomy as et').join('taxonomy as tx', 'tx.id', 'et.taxonomy_id').where('tx.type', 'sector').first('tx.id')) as { id: number };
  const [country, continent] = [await top('hq_country_id'), await top('hq_continent_id')];
  const vc = (await h.db('investor_types').where('code', 'venture_capital').first('name')) as { name: string };
  return [
    'and(year[gte]:2015,year[lte]:2020)',
    'year[in_any]:[2012,2019]',
    'year[neq]:2018',
    `company.country[eq]:${country}`,
    `company.continent[neq]:${continent}`,
    `company.sector[eq]:${sector.id}`,
    `company.sector[nin_any]:[${sector.id}]`,
    'round_type[in_any]:[seed,series_a]',
    'round_type[neq]:Seed',
    'standardized_round[in_any]:[seed,series_a,series_b]',
    'and(amount[gte]:1000000,amount[lt]:50000000)',
    'amount[eq]:5000000',
    'valuation[gt]:100000000',
    'investor.type[eq]:venture_capital',
    // an enum value by its display name, upper-cased: matched as compile.ts matches it (src/query/definition.ts)
    `investor.type[in_any]:[${vc.name.toUpperCase()},angel]`,
    `and(year[gte]:2015,company.continent[eq]:${continent})`,
    `or(company.sector[eq]:${sector.id},amount[gte]:10000000)`,
    `and(investor.type[in_any]:[venture_capital,angel],company.country[eq]:${country})`,
  ];
}


/** Heatmap, funnel, aggregate and timeseries sets over every kind of grouping the snapshot holds. */
export function analyticsSets(): GroupingSet[] {
  const source = FUNDING_ROUNDS;
  const metrics = ['count', 'sum_amount', 'median_amount', 'avg_valuation', 'min_amount', 'max_valuation'].map((m) => parseMetric(source, m, 'metrics'));
  const stages = FUNNEL_BUCKETS.map((b) => b.label);
  const stage = { sql: `select b.id as tid, b.standardized_round as label from base b where b.standardized_round in (${stages.map(() => '?').join(', ')})`, bindings: stages, snap: { stages } };
  return [
    ...(['count', 'company_count', 'total_amount', 'avg_amount', 'median_amount'] as Metric[]).flatMap((m, i) => {
      const [x, y] = [['round_year', 'sector'], ['investor_type', 'country'], ['industry_tags', 'industry_tags'], ['standardized_round', 'investor_continent'], ['round_quarter', 'city']][i]! as [string, string];
      const [xd, yd] = [DIMENSIONS[x]!, DIMENSIONS[y]!];
      return [{ groups: [yd, xd], metrics: [heatmapMetric(m)] }, { groups: [xd], metrics: [heatmapMetric(m)] }, { groups: [], metrics: [heatmapMetric(m), heatmapMetric('count')] }];
    }),
    { groups: [DIMENSIONS.country!, stage], metrics: [heatmapMetric('count')] },
    { groups: [DIMENSIONS.sector!, DIMENSIONS.country!], metrics, order: [{ column: 'm1', desc: true }], limit: 7 },
    { groups: [], metrics },
    { groups: [periodGrouping('year', 2000, 2026)], metrics: [metrics[2]!] },
    { groups: [periodGrouping('quarter', 20101, 20254, true), DIMENSIONS.investor_type!], metrics: [metrics[1]!], order: [{ column: 'm0', desc: true }], limit: 3 },
    { groups: [periodGrouping('month', 201001, 202512), DIMENSIONS.continent!], metrics: [metrics[0]!, metrics[2]!], only: { group: 1, labels: ['Europe', 'Asia', 'Nowhere'] } },
    { groups: [DIMENSIONS.round_type!, DIMENSIONS.region!, DIMENSIONS.business_model!], metrics, order: [{ column: 'g0', desc: true }, { column: 'm3', desc: false }] },
  ];
}
