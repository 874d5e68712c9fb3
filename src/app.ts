/**
 * The request pipeline (docs/architecture.md), top to bottom. Each stage is a module of src/pipeline/
 * with one job; a new stage is a new module and one line below.
 *
 * Express stages, in order, for every request:
 *   request id and log -> side doors (CORS, metrics, docs, MCP) -> `/api/*` 308 -> identity
 *   provider paths 404 (naming AUTH_URL) -> 405 -> body
 *   -> version resolution (the request in the current version's forms) -> routing and validation.
 * Operation stages of a routed request, in order before the handler; a stage's work after `next()`
 * runs on the way back, innermost first (idempotency, then locks, then the version downgrade, then
 * the entity tag):
 *   authentication -> access -> list input -> export (NDJSON, CSV: the response policies and the handler
 *   batch after batch, metered per rows) -> metering -> caching (ETag, 304) -> version downgrade
 *   -> locks -> spool (a streamed body to a file) -> idempotency -> handler.
 * Every error leaves through the error mapping (the `ApiError` envelope of openapi.yaml).
 */
import express from 'express';
import { reserve, settle } from './access/credits.js';
import { HeavySlots } from './access/heavy.js';
import { WorkQueue } from './access/workQueue.js';
import { now } from './config.js';
import { storedFields } from './db/legacyFields.js';
import { filterEnums } from './db/refCache.js';
import type { Deps, HandlerMap } from './http/context.js';
import { corsFor } from './http/cors.js';
import { docsRoutes } from './http/docs.js';
import { ImportRunner } from './import/http.js';
import { mcpRoutes } from './mcp/route.js';
import { accessStage } from './pipeline/access.js';
import { authenticateStage } from './pipeline/authenticate.js';
import { bodyStage } from './pipeline/body.js';
import { cachingStage } from './pipeline/caching.js';
import { errorStage } from './pipeline/errors.js';
import { exportStage } from './pipeline/export.js';
import { runHandler } from './pipeline/handler.js';
import { idempotencyStage } from './pipeline/idempotency.js';
import { listInputStage } from './pipeline/listInput.js';
import { locksStage } from './pipeline/locks.js';
import { meteringStage } from './pipeline/metering.js';
import { recordEmbedder } from './pipeline/embed.js';
import { compose, type Stage } from './pipeline/operation.js';
import { redirectStage } from './pipeline/redirect.js';
import { identityPathsStage } from './pipeline/elsewhere.js';
import { requestLogStage } from './pipeline/requestLog.js';
import { spoolStage } from './pipeline/spool.js';
import { buildRouter, methodStage, planOperations, routingStage } from './pipeline/routing.js';
import { loadDocument } from './openapi/served.js';
import { versionRequestStage } from './pipeline/versionRequest.js';
import { versionResponseStage } from './pipeline/versionResponse.js';
import { openWalk } from './db/walk.js';

export { loadDocument } from './openapi/served.js';

export async function createApp(deps: Deps, handlers: HandlerMap): Promise<express.Express> {
  const { cfg, log } = deps;
  const clock = () => now(cfg);
  const track = <T>(work: Promise<T>): Promise<T> => deps.inflight?.track(work) ?? work;
  const document = loadDocument(clock());
  const api = await buildRouter(document);

  // locks and version downgrade: a page's and an export batch's rows leave through the same policies
  const stored = storedFields(deps.db);
  const responsePolicies: Stage[] = [versionResponseStage(stored), locksStage()];
  // heavy work of this process, a few units at a time (src/access/workQueue.ts)
  const work = new WorkQueue(cfg.heavyConcurrency);
  deps.metrics?.watchHeavyWork(() => work.load);
  const operationStages: Stage[] = [
    authenticateStage(deps.auth),
    accessStage(deps.rateLimiter, cfg.trustProxy, { slots: new HeavySlots(cfg.heavyRequests), work }),
    listInputStage(deps.fx, cfg, () => filterEnums(deps.db)),
    exportStage(compose(responsePolicies, runHandler), (x, teamId) => ({ leases: deps.leases, log, teamId, operationId: x.op.id, now: clock }), work, () => openWalk(deps.db)),
    meteringStage({
      reserve: (teamId, op, cost) => reserve(deps.leases, teamId, op, cost, clock()),
      settle: (_teamId, _op, _cost, success, ticket) => void track(settle(deps.metering, deps.leases, log, ticket, success, clock())),
    }),
    cachingStage(),
    ...responsePolicies,
    spoolStage(() => cfg.importMaxBytes),
    idempotencyStage(deps.db, clock),
  ];
  const operation = compose(operationStages, runHandler);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  app.use(requestLogStage(deps));
  app.use(corsFor(cfg.app.origins, 'GET, POST, PUT, PATCH, DELETE'));
  if (deps.metrics) app.use(deps.metrics.route(cfg.metricsToken));
  app.use(docsRoutes({ baseUrl: cfg.baseUrl, authUrl: cfg.authUrl, now: () => clock() }));
  // MCP (JSON-RPC, not a REST operation of the document): each tool call re-enters this app as a GET
  const version = String((document.info as { version?: string } | undefined)?.version ?? '');
  app.use(mcpRoutes({ cfg, auth: deps.auth, doc: document, version, app: () => app, rateLimiter: deps.rateLimiter, inflight: deps.inflight }));
  app.use(redirectStage());
  app.use(identityPathsStage(cfg.authUrl));
  app.use(methodStage(api));
  app.use(bodyStage());
  app.use(versionRequestStage(clock));
  const plans = planOperations(api, handlers);
  // records embedded in other answers (the change feed) pass their own operation's policies
  deps.embed = recordEmbedder(plans, stored);
  // imports posted over HTTP run here once their body is in; a commit wakes the webhook outbox and feed readers
  deps.importRunner ??= new ImportRunner(deps.db, log, () => (deps.changes ? deps.changes.fire() : deps.outbox?.wake()), track);
  app.use(routingStage(deps, api, plans, operation));
  app.use(errorStage(log));
  return app;
}
