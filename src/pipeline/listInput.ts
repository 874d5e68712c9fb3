/**
 * List input: the request's currency converter and its list input (openapi.yaml `Page`) as one plain value
 * for the handler: the filter as the version stage upgraded it, sort, cursor, limit, include_total,
 * a pinned client's `offset`, the tier and caps the access stage decided, and whether the operation's
 * page size is plan-capped.
 */
import type { Config } from '../config.js';
import type { Fx } from '../money/fx.js';
import type { FilterEnums } from '../query/compile.js';
import { operationCursorSecret } from '../query/cursor.js';
import type { ListInput } from '../query/list.js';
import type { Exchange, Stage } from './operation.js';

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The page position a query asks for: its `cursor` and `limit` (validated by the routing stage). */
export function pageOf(q: Record<string, unknown>): Pick<ListInput, 'cursor' | 'limit'> {
  return { cursor: text(q.cursor), limit: typeof q.limit === 'number' ? q.limit : undefined };
}

/** The list input of a routed, validated request (`enums` loaded when it has a filter). */
export function listInputOf(x: Pick<Exchange, 'query' | 'version' | 'access' | 'op' | 'state'>, cfg: Pick<Config, 'cursorSecret' | 'queryBudgetMs'>, money: ListInput['money'], enums: FilterEnums): ListInput {
  const q = x.query;
  return {
    filter: x.version.filter,
    sort: text(q.sort),
    ...pageOf(q),
    includeTotal: q.include_total === true,
    legacyOffset: x.version.legacy.offset,
    version: x.version.info.date,
    tier: x.access.tier,
    caps: x.access.caps,
    planCapped: x.op.planCapped === true,
    money,
    enums,
    secret: operationCursorSecret(cfg.cursorSecret, x.op.id),
    budgetMs: cfg.queryBudgetMs,
    // read when a query is cancellable (a list page): a detail never makes its AbortSignal
    get signal() {
      return x.state.abort?.signal;
    },
  };
}

export function listInputStage(fx: Pick<Fx, 'converter'>, cfg: Pick<Config, 'cursorSecret' | 'queryBudgetMs'>, loadEnums: () => Promise<FilterEnums>): Stage {
  return async (x, next) => {
    const money = await fx.converter(text(x.query.currency) ?? 'USD');
    const hasFilter = typeof x.query.filter === 'string' && x.query.filter !== '';
    x.money = money;
    x.list = listInputOf(x, cfg, money, hasFilter ? await loadEnums() : {});
    return next();
  };
}
