/**
 * The shared front half of every list endpoint, on plain values: the list input the pipeline built
 * (the filter already in the current version's forms, the raw sort, cursor, limit, the caller's
 * caps) plus what the endpoint lists (filter scope, sort keys, parent) in; the compiled filter, the
 * page request for a repository and the page envelope's extras out.
 */
import type { Tier } from '../auth/verify.js';
import type { PageCaps, PageExtras } from '../access/tiers.js';
import type { PageRequest } from '../db/paging.js';
import type { LineForm } from '../db/documentLines.js';
import type { Walk } from '../db/walk.js';
import { ApiError } from '../errors.js';
import type { Money } from '../money/fx.js';
import { compileFilterCached, type CompiledFilter, type FilterEnums } from './compile.js';
import { decodeCursor } from './cursor.js';
import { pageRequest } from './page.js';
import { printFilter, type FilterNode } from './filter.js';
import type { FilterScope } from './registry.js';
import { resolveSort, type SortRegistry } from './sort.js';

/** A request's list input, built by the pipeline's stages before the handler runs. */
export interface ListInput {
  /** The filter in the current version's forms; `error` when it was malformed or retired (raised when read). */
  filter: { ast: FilterNode | null; error?: undefined } | { ast?: undefined; error: unknown };
  sort?: string;
  cursor?: string;
  limit?: number;
  includeTotal: boolean;
  /** `offset` of a client pinned before 2026-10-07 (raw, checked here), when it sent one. */
  legacyOffset?: unknown;
  /** The request's API version (sort and filter keys a version retired). */
  version: string;
  /** The tier the field rules apply for; undefined for API keys (every field). */
  tier: Tier | undefined;
  /** The caller's page caps; null when uncapped. */
  caps: PageCaps | null;
  /** Whether the operation is a core list whose page size the caps clamp (its `x-plan-capped`). */
  planCapped: boolean;
  /** The converter for the request's currency (money filter values). */
  money: Money;
  enums: FilterEnums;
  /** The operation's cursor secret. */
  secret: string;
  budgetMs: number;
  /** Aborted when the client goes away: stops the list's queries (src/db/budget.ts). */
  signal?: AbortSignal;
  /**
   * The rows go out as CSV records with the columns of the list's row (an export in CSV without a
   * `view`): record documents bring their stored CSV record (src/documents/read.ts).
   */
  csv?: true;
  /**
   * The rows go out as export lines of this form (an NDJSON export, or a CSV one with `csv`): rows
   * whose documents need no change for the request are read as their lines' bytes
   * (src/db/documentLines.ts, src/documents/read.ts).
   */
  lines?: LineForm;
  /** An export's walk: its batches read from one statement of the list (src/db/walk.ts). */
  walk?: Walk;
}

/** What an endpoint lists. */
export interface ListSpec {
  scope: FilterScope;
  sorts: SortRegistry;
  alias: string;
  parent?: string | null;
  defaultLimit?: number;
  /** Other request input the cursor is bound to besides the filter (e.g. a search query). */
  bind?: string;
}

export interface PreparedList {
  where: CompiledFilter | null;
  page: PageRequest;
  /** `capped`, `tier` and `ecosystem` for the page envelope. */
  extras: PageExtras;
}

/** The filter AST of the list input (throws the version stage's error for a malformed or retired filter). */
export function listFilter(input: Pick<ListInput, 'filter'>): FilterNode | null {
  if (input.filter.error !== undefined) throw input.filter.error;
  return input.filter.ast ?? null;
}

/** The list input's filter compiled in a scope (analytics and map views: no sort or page). */
export function compileListFilter(input: ListInput, scope: FilterScope, alias: string): CompiledFilter | null {
  const ast = listFilter(input);
  return compileFilterCached(ast, ast ? printFilter(ast) : '', scope, { alias, money: input.money, version: input.version, enums: input.enums, tier: input.tier });
}

/**
 * The page size and position a plan allows: the size of a plan-capped list is clamped (`capped`), a page
 * beyond the plan's depth is refused with PAGINATION_DEPTH_EXCEEDED, never truncated; uncapped
 * callers report `tier = premium`.
 */
export function capPage(caps: PageCaps | null, limit: number, offset: number, planCapped: boolean): { limit: number; extras: PageExtras } {
  if (!caps) return { limit, extras: { tier: 'premium' } };
  const clamped = planCapped && limit > caps.pageSize;
  const size = clamped ? caps.pageSize : limit;
  if (offset + size > caps.depth) {
    throw new ApiError(
      'PAGINATION_DEPTH_EXCEEDED',
      `Pages beyond position ${caps.depth} need a higher plan (the ${caps.tier} plan reaches offset + limit = ${caps.depth})`,
      { max_depth: caps.depth, tier: caps.tier },
    );
  }
  return { limit: size, extras: { capped: clamped, tier: caps.tier, ecosystem: caps.ecosystem } };
}

export function prepareList(input: ListInput, spec: ListSpec): PreparedList {
  const rawOffset = input.legacyOffset;
  if (rawOffset !== undefined && !(typeof rawOffset === 'string' && /^\d{1,9}$/.test(rawOffset))) {
    const message = 'offset must be a whole number';
    throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.offset', message }]);
  }
  const ast = listFilter(input);
  const printed = ast ? printFilter(ast) : '';
  const normalized = printed + (spec.bind === undefined ? '' : `\n${spec.bind}`);
  const where = compileFilterCached(ast, printed, spec.scope, { alias: spec.alias, money: input.money, version: input.version, enums: input.enums, tier: input.tier });
  const sort = resolveSort(input.sort, spec.sorts, spec.alias, input.version, input.tier);
  const parent = spec.parent ?? null;
  const cursor = input.cursor ? decodeCursor(input.cursor, input.secret, { sort: sort.canonical, filter: normalized, parent }) : null;
  // clients pinned before 2026-10-07 may still page by offset (the cursor wins when both are sent)
  const legacyOffset = !cursor && typeof rawOffset === 'string' ? Number(rawOffset) : undefined;
  const caps = capPage(input.caps, cursor?.limit ?? input.limit ?? spec.defaultLimit ?? 25, cursor?.offset ?? legacyOffset ?? 0, input.planCapped);
  return {
    where,
    extras: caps.extras,
    page: pageRequest({
      sort,
      limit: caps.limit,
      cursor: cursor ? { ...cursor, limit: caps.limit } : null,
      legacyOffset,
      includeTotal: input.includeTotal,
      filter: normalized,
      parent,
      version: input.version,
      secret: input.secret,
      budgetMs: input.budgetMs,
      signal: input.signal,
      walk: input.walk,
    }),
  };
}
