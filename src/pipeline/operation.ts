/**
 * The stages of one routed operation, as a chain: each stage gets the exchange and `next` (the rest
 * of the chain, down to the handler) and returns the result, so a stage can act before the handler
 * (authentication, access, list input), after it (locks, version downgrade) or around it (metering).
 */
import type { Request, Response } from 'express';
import type { Operation } from 'openapi-backend';
import type { Principal, Tier } from '../auth/verify.js';
import type { PageCaps } from '../access/tiers.js';
import type { Plan as LockPlan } from '../access/locked.js';
import type { CachePolicy } from '../http/caching.js';
import type { CsvPlan } from '../http/csv.js';
import type { Deps, Handler, Result } from '../http/context.js';
import type { Money } from '../money/fx.js';
import type { ListInput } from '../query/list.js';
import type { RequestState, VersionedRequest } from './state.js';

/** What is known about an operation before any request: from openapi.yaml and the handler map. */
export interface OperationPlan {
  id: string;
  method: string;
  /** Scopes of its security requirement; null when the operation is public. */
  scopes: string[] | null;
  creditCost: number;
  /** The request body's array property whose items are each charged `creditCost` (`x-credit-cost-per`: a batch); null: per call. */
  creditPer?: string | null;
  /** The `x-locked` fields of its success response; null when it has none. */
  locks: LockPlan | null;
  /** How caches may keep its 200 answer (GET operations); null: not cacheable. */
  cache: CachePolicy | null;
  /** Whether it is a core list whose page size a caller's plan clamps (`x-plan-capped`, openapi.yaml `Page`). */
  planCapped?: boolean;
  /**
   * Whether it streams as NDJSON or CSV: an export operation always; a list that an export operation
   * names (`x-export-of`) when the request asks with `format` or `Accept`, for callers from before
   * the export operations.
   */
  exportable: boolean;
  /** An export operation's list: each batch of rows runs as that operation (its handler, locks and version changes). */
  exportOf?: OperationPlan | null;
  /** The CSV columns of its rows (src/http/csv.ts), when it exports. */
  csv?: CsvPlan | null;
  /** Whether its queries read the request's abort signal from the context (src/db/cancel.ts): analytics. */
  ambientSignal?: boolean;
  handler: Handler;
}

/** What the caller may do, as the access stage decided it. */
export interface Access {
  /** The tier the field rules apply for; undefined for API keys and public calls (every field). */
  tier: Tier | undefined;
  /** Page-size and depth caps of the caller's plan; null when uncapped. */
  caps: PageCaps | null;
}

export interface Exchange {
  deps: Deps;
  req: Request;
  res: Response;
  state: RequestState;
  version: VersionedRequest;
  op: OperationPlan;
  /** Routed and validated by openapi-backend. */
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  principal: Principal | null;
  access: Access;
  /** Set by the list input stage. */
  money?: Money;
  list?: ListInput;
}

export type Stage = (x: Exchange, next: () => Promise<Result>) => Promise<Result>;

/** The stages in order, ending in `last` (the handler). */
export function compose(stages: readonly Stage[], last: (x: Exchange) => Promise<Result>): (x: Exchange) => Promise<Result> {
  return (x) => {
    const run = (i: number): Promise<Result> => (i === stages.length ? last(x) : stages[i]!(x, () => run(i + 1)));
    return run(0);
  };
}

/** Scopes of the operation's security requirement; null when the operation is public. */
export function requiredScopes(op: Pick<Operation, 'security'>): string[] | null {
  const reqs = op.security ?? [];
  if (reqs.length === 0) return null;
  const scopes = new Set<string>();
  for (const r of reqs) for (const s of [...(r.oauth2 ?? []), ...(r.bearerAuth ?? [])]) scopes.add(s);
  return [...scopes];
}
