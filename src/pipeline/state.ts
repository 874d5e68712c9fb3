/**
 * What the stages of one request share: the request's own record (in `res.locals`, so stages that
 * are Express middleware and the operation stages read the same one), and whether its client left.
 */
import type { Response } from 'express';
import type { ListInput } from '../query/list.js';
import type { Deprecation } from '../versions/change.js';
import type { VersionInfo } from '../versions/resolve.js';

/** The request as the version stage made it: the current version's query and filter, and notices. */
export interface VersionedRequest {
  info: VersionInfo;
  /** The query after the version changes' upgrades. */
  query: Record<string, unknown>;
  /** Deprecation notices for a pinned client (listed in `meta.deprecations` of its pages). */
  notes: Deprecation[];
  /** Old parameters of pinned clients, moved out of the query by the version changes (e.g. `offset`). */
  legacy: Record<string, unknown>;
  /**
   * The `filter` parameter parsed and upgraded to the current version's forms; a malformed or
   * retired filter keeps its error, raised where the operation reads its filter (after routing,
   * validation and access, as for every other input error).
   */
  filter: ParsedFilter;
}

export type ParsedFilter = ListInput['filter'];

export interface RequestState {
  requestId: string;
  started: number;
  version?: VersionedRequest;
  operationId?: string;
  clientId?: string | null;
  /** Credits of the call, reported in `X-Credits-Used` (set once a principal is known). */
  credits?: number;
  /** Aborted when the client goes away before its answer is written (stops its queries). */
  abort?: AbortController;
}

export const stateOf = (res: Response): RequestState => res.locals as RequestState;

/** The client went away before its answer was written (its connection closed). */
export const clientGone = (res: Response): boolean => !res.writableFinished && (res.destroyed || res.socket === null || res.socket.destroyed);
