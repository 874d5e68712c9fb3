/**
 * The page request a repository runs (src/db/paging.ts) from what a list is bound to: its cursors are
 * minted here, above the database layer, from the boundary keys the page returns, signed with the
 * operation's secret and bound to the sort, the filter, the parent and the version.
 */
import type { PageRequest, PageStart } from '../db/paging.js';
import type { ResolvedSort } from '../db/listing.js';
import type { Walk } from '../db/walk.js';
import { encodeCursor } from './cursor.js';

export interface CursorPage {
  sort: ResolvedSort;
  limit: number;
  cursor: PageStart | null;
  includeTotal: boolean;
  /** The normalised filter (and other bound input), or "": bound into cursors. */
  filter: string;
  /** The parent record of a nested list, else null: bound into cursors. */
  parent: string | null;
  /** The API version that mints the cursors. */
  version: string;
  secret: string;
  legacyOffset?: number;
  budgetMs: number;
  signal?: AbortSignal;
  walk?: Walk;
}

export function pageRequest(p: CursorPage): PageRequest {
  const { filter, parent, version, secret, ...rest } = p;
  return {
    ...rest,
    // a page without a filter or parent has the same plan whatever its cursor: it runs prepared, planned
    // once per connection; filtered pages stay planned for their values (a generic plan can be wrong for some)
    planOnce: filter === '' && parent === null,
    mint: (edge) => encodeCursor({ v: 1, sort: p.sort.canonical, filter, parent, ...edge, ver: version }, secret),
  };
}
