/** Analytics: funding heatmap and capital-phase funnel. */
import { funnel, heatmap } from '../src/analytics/heatmap.js';
import type { Metric } from '../src/db/analytics.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import { compileFilter } from '../src/query/compile.js';
import { parseFilter } from '../src/query/filter.js';
import { SCOPES } from '../src/query/registry.js';
import type { Ctx } from '../src/http/context.js';
import { upgradeFilter } from '../src/versions/filters.js';

/** The funding-scope filter of an analytics request, compiled against rounds aliased `t`. */
function fundingFilter(ctx: Ctx<never>) {
  const raw = (ctx.query as { filter?: string }).filter;
  const ast = raw ? upgradeFilter(parseFilter(raw), ctx.version) : null;
  return compileFilter(ast, SCOPES.funding!, { alias: 't', money: ctx.money });
}

export const analyticsHandlers: HandlerMap = {
  getFundingHeatmap: async (ctx) => {
    const where = fundingFilter(ctx as Ctx<never>);
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
    const where = fundingFilter(ctx as Ctx<never>);
    const { dimension, ...rest } = await funnel(ctx.deps.db, where, {
      dimension: ctx.query.dimension ?? 'sector',
      topN: Number(ctx.query.top_n ?? 15),
      budgetMs: ctx.deps.cfg.queryBudgetMs,
    });
    const timing = Math.round((performance.now() - started) * 100) / 100;
    return ok('getFundingFunnel', { ...rest, query_info: { dimension, top_n: Number(ctx.query.top_n ?? 15), timing_ms: timing } });
  },
};
