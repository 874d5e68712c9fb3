/**
 * Analytics: funding heatmap and capital-phase funnel, aggregates by source (one or several
 * metrics) with the redirect of the renamed `fundings` source, and the funding timeseries.
 */
import type { components } from '../generated/api.js';
import { aggregateSource, fundingTimeseries } from '../src/analytics/aggregate.js';
import { funnel, heatmap } from '../src/analytics/heatmap.js';
import type { AnalyticsFilter } from '../src/analytics/snapshot.js';
import { FUNDING_ROUNDS, SOURCES, type Source } from '../src/analytics/sources.js';
import { now } from '../src/config.js';
import type { Metric } from '../src/db/analytics.js';
import type { Interval } from '../src/db/aggregate.js';
import { ApiError } from '../src/errors.js';
import { ok, type Ctx, type HandlerMap, type RequestScope, type Result } from '../src/http/context.js';
import { compileListFilter, listFilter } from '../src/query/list.js';
import { V2026_10_07 } from '../src/versions/table.js';
import { ecosystemMoney } from '../src/services/ecosystems.js';

type Schemas = components['schemas'];

/** The filter of an analytics request in the source's scope, compiled against its alias, with its tree (the rounds snapshot reads it). */
function sourceFilter(r: Pick<RequestScope, 'list'>, source: Source): AnalyticsFilter | null {
  const where = compileListFilter(r.list, source.scope, source.alias);
  const ast = listFilter(r.list);
  return where && ast ? { ...where, ast } : where;
}
const fundingFilter = (r: Pick<RequestScope, 'list'>) => sourceFilter(r, FUNDING_ROUNDS);

/**
 * `fundings` was renamed `funding-rounds` on 2026-10-07 (see the version history in openapi.yaml): 308 to the new path
 * with the query string until the sunset, then 404 PATH_RENAMED naming it (docs/decisions.md).
 */
export const FUNDINGS_SUNSET = '2027-04-07';
const FUNDINGS_RENAMED = V2026_10_07;

function fundingsRedirect(suffix: string) {
  return async (ctx: Pick<Ctx, 'deps' | 'req'>): Promise<Result> => {
    const target = `/analytics/aggregate/funding-rounds${suffix}`;
    if (now(ctx.deps.cfg).getTime() >= Date.parse(`${FUNDINGS_SUNSET}T00:00:00Z`)) {
      throw new ApiError('PATH_RENAMED', `The fundings source was renamed funding-rounds and its old path retired on ${FUNDINGS_SUNSET}; use ${target}`, {
        path: target,
      });
    }
    const q = ctx.req.originalUrl.indexOf('?');
    const location = target + (q >= 0 ? ctx.req.originalUrl.slice(q) : '');
    const headers = {
      Location: location,
      Deprecation: `@${Date.parse(`${FUNDINGS_RENAMED}T00:00:00Z`) / 1000}`,
      Sunset: new Date(`${FUNDINGS_SUNSET}T00:00:00Z`).toUTCString(),
    };
    return { status: 308, body: '', headers, contentType: 'text/plain; charset=utf-8' };
  };
}

interface AggregateQuery {
  group_by: string[];
  filter?: string;
  sort?: string;
  limit?: number;
}

async function runAggregate(r: Pick<RequestScope, 'deps' | 'list' | 'money'>, sourceName: string, q: AggregateQuery, metrics: string[]) {
  const source = SOURCES[sourceName]!;
  const limit = q.limit ?? 25;
  const answer = await aggregateSource(
    r.deps.db,
    source,
    sourceFilter(r, source),
    { groupBy: q.group_by, metrics, sort: q.sort, limit, budgetMs: r.deps.cfg.queryBudgetMs, tier: r.list.tier },
    r.money,
  );
  // the response reads: what was asked (source, group_by, then the metrics), how it was cut, the values
  const head = { source: source.name as Schemas['AggregateSource'], group_by: answer.groupBy as Schemas['AggregateDimension'][] };
  const cut = { sort: answer.sort, limit, total_groups: answer.totalGroups, currency: r.money.currency as Schemas['CurrencyCode'] };
  const groups = answer.rows.map((r) => r.group as Schemas['AggregateGroup']);
  return { answer, head, cut, groups };
}

export const analyticsHandlers: HandlerMap = {
  getFundingHeatmap: async (ctx) => {
    const where = fundingFilter(ctx);
    const body = await heatmap(
      ctx.deps.db,
      where,
      {
        x: ctx.query.x,
        y: ctx.query.y,
        metric: (ctx.query.metric ?? 'count') as Metric,
        topX: Number(ctx.query.top_n_x ?? 15),
        topY: Number(ctx.query.top_n_y ?? 15),
        budgetMs: ctx.deps.cfg.queryBudgetMs,
      },
      ctx.money,
    );
    return ok('getFundingHeatmap', body);
  },

  getFundingFunnel: async (ctx) => {
    const started = performance.now();
    const where = fundingFilter(ctx);
    const { dimension, ...rest } = await funnel(ctx.deps.db, where, {
      dimension: ctx.query.dimension ?? 'sector',
      topN: Number(ctx.query.top_n ?? 15),
      budgetMs: ctx.deps.cfg.queryBudgetMs,
    }, ctx.money);
    const timing = Math.round((performance.now() - started) * 100) / 100;
    return ok('getFundingFunnel', { ...rest, query_info: { dimension: dimension as Schemas['FunnelDimension'], top_n: Number(ctx.query.top_n ?? 15), timing_ms: timing } });
  },

  getAggregate: async (ctx) => {
    const { answer, head, cut, groups } = await runAggregate(ctx, ctx.params.source, ctx.query, [ctx.query.metric ?? 'count']);
    const data = answer.rows.map((r, i) => ({ group: groups[i]!, value: r.values[0]! }));
    return ok('getAggregate', { ...head, metric: answer.metrics[0]! as Schemas['AggregateMetric'], ...cut, total: answer.totals[0]!, data });
  },

  getAggregateMultiMetric: async (ctx) => {
    const { answer, head, cut, groups } = await runAggregate(ctx, ctx.params.source, ctx.query, ctx.query.metrics);
    const data = answer.rows.map((r, i) => ({ group: groups[i]!, values: r.values }));
    return ok('getAggregateMultiMetric', { ...head, metrics: answer.metrics as Schemas['AggregateMetric'][], ...cut, totals: answer.totals, data });
  },

  redirectFundingsAggregate: fundingsRedirect(''),
  redirectFundingsMultiMetric: fundingsRedirect('/multi-metric'),

  getTimeseries: async (ctx) => {
    const q = ctx.query;
    const money = await ecosystemMoney(ctx, q.currency !== undefined);
    const body = await fundingTimeseries(
      ctx.deps.db,
      fundingFilter({ list: { ...ctx.list, money } }),
      {
        metric: q.metric ?? 'count',
        interval: (q.interval ?? 'month') as Interval,
        from: q.from,
        to: q.to,
        groupBy: q.group_by,
        topN: Number(q.top_n ?? 15),
        budgetMs: ctx.deps.cfg.queryBudgetMs,
        tier: ctx.list.tier,
      },
      money,
    );
    return ok('getTimeseries', body as Schemas['Timeseries']);
  },
};
