/** What every operation handler receives and returns. */
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Principal, Tier } from '../auth/verify.js';
import type { Config } from '../config.js';
import type { Fx, Money } from '../money/fx.js';
import type { VersionInfo } from '../versions/resolve.js';
import type { ChangeSignal } from '../webhooks/signal.js';
import type { operations } from '../../generated/api.js';
import type { Authenticator } from '../auth/verify.js';
import type { RateLimiter } from '../access/rateLimit.js';
import type { CreditLeases } from '../access/leases.js';
import type { Metrics } from './metrics.js';
import type { ListInput } from '../query/list.js';
import type { InFlight } from './inflight.js';
import type { ImportQueue } from '../import/job.js';

export interface Deps {
  db: Knex;
  /** Credits, usage and shared rate limits: `db` on SQLite, a pool committing asynchronously on PostgreSQL (createMeteringDb). */
  metering: Knex;
  cfg: Config;
  fx: Fx;
  log: Logger;
  auth: Authenticator;
  rateLimiter: RateLimiter;
  /** Credits of metered calls: leased per process in blocks for busy keys, else taken per call. */
  leases: CreditLeases;
  metrics?: Metrics;
  /** Request work still running (shutdown waits for it before the pool closes). */
  inflight?: InFlight;
  /** Set once the process got SIGTERM: the probes answer 503 so a load balancer stops sending. */
  lifecycle?: { draining: boolean };
  /** The webhook outbox's worker of this process: woken when deliveries became due. */
  outbox?: { wake(): void };
  /** Commits of changes and due deliveries, in this process and (PostgreSQL) any other (src/webhooks/signal.ts). */
  changes?: Pick<ChangeSignal, 'fire' | 'wait' | 'listening'>;
  /** Runs imports posted over HTTP in this process (src/import/http.ts). */
  importRunner?: ImportQueue;
  /** Detail records for other answers (set by the app once its operations are planned). */
  embed?: RecordEmbedder;
}

/**
 * Records embedded in another answer (the change feed's `include=record`), each as its own detail
 * operation answers it to the same caller (src/pipeline/embed.ts builds it).
 */
export interface RecordEmbedder {
  /** Scopes of a detail operation's security requirement. */
  scopes(operationId: string): readonly string[];
  /** The `data` of the operation's answer for `id`, or null when the record is not found. */
  record(ctx: Ctx, operationId: string, id: string | number): Promise<unknown>;
}

/** What every request carries whatever its operation: what services and shared record assembly take. */
export interface RequestScope {
  deps: Deps;
  principal: Principal | null;
  version: VersionInfo;
  /** The converter for the request's `currency` (USD when the operation has none). */
  money: Money;
  /** The request's list input (filter, sort, cursor, limit, caps), built by the pipeline's stages. */
  list: ListInput;
}

export interface Ctx<Op extends keyof operations = keyof operations> extends RequestScope {
  req: Request;
  operationId: Op;
  params: OpParams<Op, 'path'>;
  query: OpParams<Op, 'query'>;
  body: OpBody<Op>;
}

type OpParams<Op extends keyof operations, K extends 'path' | 'query'> = operations[Op]['parameters'] extends {
  [P in K]?: infer T;
}
  ? NonNullable<T>
  : Record<string, never>;

type OpBody<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : undefined;

/** The JSON body of an operation's response for a status. */
export type ResponseBody<Op extends keyof operations, S extends number> = operations[Op]['responses'] extends {
  [K in S]: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export interface Result {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Send `body` (a string, or its bytes as a Buffer) as is with this content type (charset included) instead of JSON. */
  contentType?: string;
  /**
   * The tier locks of this body at sites known in advance (record documents, src/documents/read.ts),
   * applied by the locks stage instead of walking the operation's plan.
   */
  locks?: (body: unknown, tier: Tier) => void;
  /** The body already has the pinned version's shape (record documents' precomputed downgrades): the version stage leaves it. */
  atVersion?: true;
}

export type Handler<Op extends keyof operations = keyof operations> = (ctx: Ctx<Op>) => Promise<Result>;

export type HandlerMap = { [Op in keyof operations]?: Handler<Op> };

export const ok = <Op extends keyof operations>(_op: Op, body: ResponseBody<Op, 200>): Result => ({ status: 200, body });
export const created = <Op extends keyof operations>(_op: Op, body: ResponseBody<Op, 201>): Result => ({
  status: 201,
  body,
});

/** Ids are 32-bit in the database: a larger (but well-formed) id simply does not exist. */
export const MAX_ID = 2_147_483_647;
export function numericId(raw: string): number | null {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}
