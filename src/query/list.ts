/**
 * The shared front half of every list endpoint: `filter` -> AST (with the version's legacy forms)
 * -> SQL; `sort` -> resolved keys; `cursor` -> verified payload bound to sort, filter and parent;
 * `limit` and `include_total`. Handlers then hand the result to a repository.
 */
import type { Ctx } from '../http/context.js';
import type { PageRequest } from '../db/paging.js';
import { applyCaps, fieldTier, type PageExtras } from '../access/tiers.js';
import { ApiError } from '../errors.js';
import { upgradeFilter } from '../versions/filters.js';
import { compileFilter, type CompiledFilter } from './compile.js';
import { decodeCursor, operationCursorSecret } from './cursor.js';
import { pageRequest } from './page.js';
import { parseFilter, printFilter } from './filter.js';
import type { FilterScope } from './registry.js';
import { resolveSort, type SortRegistry } from './sort.js';

export interface ListQuery {
  filter?: string;
  sort?: string;
  cursor?: string;
  limit?: number;
  include_total?: boolean;
}

export interface PreparedList {
  where: CompiledFilter | null;
  page: PageRequest;
  /** `capped`, `tier` and `ecosystem` for the page envelope. */
  extras: PageExtras;
}

export function prepareList(
  ctx: Ctx<never>,
  opts: {
    scope: FilterScope;
    sorts: SortRegistry;
    alias: string;
    parent?: string | null;
    defaultLimit?: number;
    core?: boolean;
    /** Other request input the cursor is bound to besides the filter (e.g. a search query). */
    bind?: string;
  },
): PreparedList {
  const q = ctx.query as ListQuery & Record<string, unknown>;
  const rawOffset = ctx.legacy.offset;
  if (rawOffset !== undefined && !(typeof rawOffset === 'string' && /^\d{1,9}$/.test(rawOffset))) {
    const message = 'offset must be a whole number';
    throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.offset', message }]);
  }
  const ast = q.filter !== undefined && q.filter !== '' ? upgradeFilter(parseFilter(q.filter), ctx.version) : null;
  const normalized = (ast ? printFilter(ast) : '') + (opts.bind === undefined ? '' : `\n${opts.bind}`);
  const where = compileFilter(ast, opts.scope, { alias: opts.alias, money: ctx.money, version: ctx.version.date, enums: ctx.enums, tier: fieldTier(ctx.principal) });
  const sort = resolveSort(q.sort, opts.sorts, opts.alias, ctx.version.date, fieldTier(ctx.principal));
  const parent = opts.parent ?? null;
  const secret = operationCursorSecret(ctx.deps.cfg.cursorSecret, ctx.operationId);
  const cursor = q.cursor ? decodeCursor(q.cursor, secret, { sort: sort.canonical, filter: normalized, parent }) : null;
  // clients pinned before 2026-10-07 may still page by offset (the cursor wins when both are sent)
  const legacyOffset = !cursor && typeof rawOffset === 'string' ? Number(rawOffset) : undefined;
  const caps = applyCaps(ctx.principal, cursor?.limit ?? q.limit ?? opts.defaultLimit ?? 25, cursor?.offset ?? legacyOffset ?? 0, opts.core ?? false);
  return {
    where,
    extras: caps.extras,
    page: pageRequest({
      sort,
      limit: caps.limit,
      cursor: cursor ? { ...cursor, limit: caps.limit } : null,
      legacyOffset,
      includeTotal: q.include_total === true,
      filter: normalized,
      parent,
      version: ctx.version.date,
      secret,
      budgetMs: ctx.deps.cfg.queryBudgetMs,
    }),
  };
}
