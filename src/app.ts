/**
 * Express 5 + openapi-backend wiring (DESIGN.md "Shape"). A request's path:
 * request id + log -> `/api/*` 308 -> body parsing -> version resolution -> openapi-backend routing
 * and Ajv validation -> token, X-Client-Id and scopes -> credits -> idempotency (POST) -> handler -> JSON.
 * Every error leaves through `sendError`, which writes the envelope of SPEC.md part 7.
 */
import { isUtf8 } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type NextFunction, type Request, type Response } from 'express';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, OpenAPIValidator, type AjvCustomizer, type Context, type Document, type Operation } from 'openapi-backend';
import YAML from 'yaml';
import { isMetered, reserve, settle, DEFAULT_CREDIT_COST } from './access/credits.js';
import { applyLocks, lockPlan } from './access/locked.js';
import { filterEnums } from './db/refCache.js';
import { now } from './config.js';
import { withSignal } from './db/cancel.js';
import type { Principal } from './auth/verify.js';
import { ApiError } from './errors.js';
import type { Ctx, Deps, HandlerMap, Result } from './http/context.js';
import { clientAddress } from './http/address.js';
import { corsFor } from './http/cors.js';
import { docsRoutes } from './http/docs.js';
import { exportFormat, streamExport, type ListBody } from './http/export.js';
import { idempotent } from './http/idempotency.js';
import { mcpRoutes } from './mcp/route.js';
import { precompileParser, precompileRouter } from './http/router.js';
import { toApiError } from './http/errors.js';
import { findUnsafeText, unsafeTextError, validationFailure } from './http/validation.js';
import type { Deprecation } from './versions/change.js';
import { CHANGES, changesFor } from './versions/changes/index.js';
import { resolveVersion, setServedVersions, versionHeaders, type VersionInfo } from './versions/resolve.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPENAPI_PATH = path.join(ROOT, 'openapi.yaml');
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const BODY_LIMIT = '100kb';

/** openapi.yaml, with the API-Version values this server accepts at `at` (the support window moves). */
export function loadDocument(at: Date): Document {
  const doc = YAML.parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as Document;
  setServedVersions(doc, at);
  return doc;
}

interface Locals {
  requestId: string;
  started: number;
  version?: VersionInfo;
  /** The query after the version changes' upgrades. */
  query?: Record<string, unknown>;
  notes?: Deprecation[];
  /** Old parameters of pinned clients, moved out of the query by the version changes. */
  legacy?: Record<string, unknown>;
  operationId?: string;
  clientId?: string | null;
  credits?: number;
  /** Aborted when the client goes away before its answer is written (stops its queries). */
  abort?: AbortController;
}

const locals = (res: Response): Locals => res.locals as Locals;

/** The client went away before its answer was written (its connection closed). */
const clientGone = (res: Response): boolean => !res.writableFinished && (res.destroyed || res.socket === null || res.socket.destroyed);

/** Scopes of the operation's security requirement; null when the operation is public. */
function requiredScopes(op: Operation): string[] | null {
  const reqs = op.security ?? [];
  if (reqs.length === 0) return null;
  const scopes = new Set<string>();
  for (const r of reqs) for (const s of [...(r.oauth2 ?? []), ...(r.bearerAuth ?? [])]) scopes.add(s);
  return [...scopes];
}

/**
 * Whose bucket a request draws from: an API key's, a signed-in user's, and for guests (the
 * anonymous tier) their address's, since anyone can sign in as a new guest at will.
 */
function rateLimitKey(principal: Principal, req: Request, trustProxy: number): string {
  if (principal.clientId) return principal.clientId;
  if (principal.tier === 'anonymous') return `addr:${clientAddress(req, trustProxy)}`;
  return `user:${principal.sub}`;
}

function sendError(res: Response, err: ApiError): void {
  const l = locals(res);
  let status = err.status;
  if (err.code === 'VALIDATION_ERROR' && l.version) {
    status = changesFor(l.version.date).find((c) => c.validationStatus)?.validationStatus ?? status;
  }
  if (l.version) res.set(versionHeaders(l.version));
  res.set(err.headers);
  if (l.credits !== undefined) res.set('X-Credits-Used', String(l.credits));
  res.status(status).json(err.toBody());
}

/** Rewrites a current-version response for a pinned client, newest change first, and adds notices. */
function downgrade(operationId: string, result: Result, l: Locals): void {
  const body = result.body as Record<string, unknown> | null;
  if (!l.version || !body || typeof body !== 'object' || result.status >= 300) return;
  for (const change of changesFor(l.version.date)) change.downgradeResponse?.(operationId, body);
  if (l.notes?.length && Array.isArray(body.data) && 'page' in body) {
    body.meta = { deprecations: l.notes };
  }
}

export async function createApp(deps: Deps, handlers: HandlerMap): Promise<express.Express> {
  const { cfg, log } = deps;
  const track = <T>(work: Promise<T>): Promise<T> => deps.inflight?.track(work) ?? work;
  const ajvOpts = { allErrors: true, strict: false };
  const customizeAjv: AjvCustomizer = (ajv) => {
    addFormats.default(ajv);
    return ajv;
  };
  // validation is switched on below, once the router is built
  const api = new OpenAPIBackend({ definition: loadDocument(now(cfg)), strict: true, validate: false, coerceTypes: true, ajvOpts, customizeAjv });
  // openapi-backend checks the document against the OpenAPI 3.0 schema, which rejects 3.1 type
  // arrays; Redocly lints the document instead (make lint).
  api.validateDefinition = () => api.document;
  await api.init();
  // operations and their path patterns built once, not on every routing call (bench/: the list
  // alone was about a tenth of a detail request's CPU)
  precompileRouter(api.router);
  precompileParser(api.router);
  // Request validators only: by default openapi-backend also compiles three sets of response
  // validators for every operation, which nothing here calls (the tests validate responses with their
  // own Ajv) and which held about half of the live heap after start (79 -> 38 MB).
  api.validator = new OpenAPIValidator({ definition: api.definition, router: api.router, ajvOpts, customizeAjv, coerceTypes: true, lazyCompileValidators: true });
  api.validator.preCompileRequestValidators();
  api.validate = true;

  const missing = api.getOperations().filter((op) => !handlers[op.operationId as keyof HandlerMap]);
  if (missing.length > 0) throw new Error(`No handler for operations: ${missing.map((o) => o.operationId).join(', ')}`);

  const methodNotAllowed = (req: Request, methods: string[]) => {
    const allow = methods.map((m) => m.toUpperCase()).join(', ');
    return new ApiError('METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed on ${req.path}; allowed: ${allow}`, null, { headers: { Allow: allow } });
  };
  const allowedMethods = (p: string): string[] =>
    ['get', 'post', 'put', 'patch', 'delete'].filter((m) => api.router.matchOperation({ method: m, path: p, headers: {} }) !== undefined);

  api.register({
    notFound: (c: Context, req: Request) => {
      throw new ApiError('NOT_FOUND', `No endpoint ${req.method} ${c.request.path}`);
    },
    methodNotAllowed: (_c: Context, req: Request) => {
      throw methodNotAllowed(req, allowedMethods(req.path));
    },
    validationFail: (c: Context) => {
      throw validationFailure(c);
    },
  });

  for (const op of api.getOperations()) {
    const id = op.operationId as keyof HandlerMap;
    const handler = handlers[id]!;
    const scopes = requiredScopes(op);
    const creditCost = Number((op as unknown as Record<string, unknown>)['x-credit-cost'] ?? DEFAULT_CREDIT_COST);
    const okResponse = (op.responses?.['200'] ?? op.responses?.['201']) as { content?: Record<string, { schema?: unknown }> } | undefined;
    const locks = lockPlan(okResponse?.content?.['application/json']?.schema);
    // POST is the one method not idempotent by meaning: its retries are made safe (src/http/idempotency.ts)
    const retriable = op.method === 'post';
    // lists that declare the `format` parameter stream as NDJSON on request (src/http/export.ts)
    const exportable = (op.parameters ?? []).some((p) => (p as { name?: string }).name === 'format');
    api.register(id, async (c: Context, req: Request, res: Response) => {
      const l = locals(res);
      l.operationId = id;
      const principal = scopes === null ? null : await deps.auth.authenticate(req.headers, scopes);
      l.clientId = principal?.clientId ?? null;
      if (principal) {
        l.credits = 0;
        res.set(await deps.rateLimiter.take(rateLimitKey(principal, req, cfg.trustProxy)));
      }
      const query = (c.request.query ?? {}) as Record<string, unknown>;
      const money = await deps.fx.converter(typeof query.currency === 'string' ? query.currency : 'USD');
      const ctx = {
        deps,
        req,
        operationId: id,
        params: c.request.params,
        query,
        body: c.request.requestBody,
        principal,
        version: l.version!,
        legacy: l.legacy ?? {},
        money,
        enums: typeof query.filter === 'string' && query.filter !== '' ? await filterEnums(deps.db) : {},
      } as unknown as Ctx<never>;
      const shape = (result: Result) => {
        if (locks && principal && principal.tier !== 'premium' && result.status < 300) applyLocks(locks, result.body, principal.tier);
        downgrade(id, result, l);
      };
      if (exportable && exportFormat(query.format, req.get('Accept'))) {
        const meter = isMetered(principal, req.path) ? { metering: deps.metering, usage: deps.usage, log, teamId: principal.teamId, operationId: id, now: () => now(cfg) } : null;
        const page = async (q: Record<string, unknown>) => {
          const result = await (handler as (ctx: Ctx<never>) => Promise<Result>)({ ...ctx, query: q } as Ctx<never>);
          shape(result);
          return result.body as ListBody;
        };
        return streamExport({ res, signal: l.abort!.signal, query, page, meter, charged: (n) => (l.credits = n) });
      }
      const metered = isMetered(principal, req.path) && creditCost > 0;
      if (metered) await reserve(deps.metering, principal.teamId, creditCost, now(cfg));
      let result: Result | undefined;
      try {
        const run = () => (handler as (ctx: Ctx<never>) => Promise<Result>)(ctx);
        result = retriable ? await idempotent(deps.db, req.get('Idempotency-Key'), principal, id, ctx.body, now(cfg).getTime(), run) : await run();
      } finally {
        if (metered) {
          // a client gone before its answer is written did not get the call: credits back, no usage
          const success = result !== undefined && result.status < 400 && !clientGone(res);
          void track(settle(deps.metering, deps.usage, log, principal.teamId, id, creditCost, success, now(cfg)));
          if (success) l.credits = creditCost;
        }
      }
      if (clientGone(res)) return;
      shape(result);
      res.status(result.status);
      if (result.headers) res.set(result.headers);
      if (l.credits !== undefined) res.set('X-Credits-Used', String(l.credits));
      if (result.contentType) res.type(result.contentType).send(result.body);
      else res.json(result.body);
    });
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('X-Request-Id');
    const l = locals(res);
    l.requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    l.started = performance.now();
    res.set('X-Request-Id', l.requestId);
    res.set('Cache-Control', 'no-store');
    res.set('X-Content-Type-Options', 'nosniff');
    // JSON API: nothing to frame, run or refer from (the docs page sets its own policy)
    res.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    res.set('X-Frame-Options', 'DENY');
    res.set('Referrer-Policy', 'no-referrer');
    // 'close' comes after 'finish', or alone when the client went away before the answer was written
    res.on('close', () => {
      const gone = !res.writableFinished;
      if (gone) {
        l.abort?.abort();
        l.credits = 0;
      }
      // 499: client closed the request (nginx's convention); nothing was sent
      const status = gone ? 499 : res.statusCode;
      deps.metrics?.observe(l.operationId ?? 'unmatched', req.method, status, (performance.now() - l.started) / 1000, l.credits ?? 0);
      log.info(
        {
          request_id: l.requestId,
          method: req.method,
          path: req.path,
          operation: l.operationId ?? null,
          client_id: l.clientId ?? null,
          status,
          duration_ms: Math.round((performance.now() - l.started) * 100) / 100,
          credits: l.credits ?? 0,
        },
        'request',
      );
    });
    next();
  });

  app.use(corsFor(cfg.app.origins, 'GET, POST, PUT, PATCH, DELETE'));
  if (deps.metrics) app.use(deps.metrics.route(cfg.metricsToken));
  app.use(docsRoutes());
  // MCP (JSON-RPC, not a REST operation of the document): each tool call re-enters this app as a GET
  const version = String((api.document.info as { version?: string } | undefined)?.version ?? '');
  app.use(mcpRoutes({ cfg, auth: deps.auth, doc: api.document, version, app: () => app }));

  // Old `/api/*` URLs: permanent redirect without the prefix, query string kept, no sunset.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const m = /^\/api(\/.*)?$/.exec(req.path);
    if (!m) return next();
    const q = req.originalUrl.indexOf('?');
    // a target of `//host` or `/\host` would leave this origin (browsers read both as another
    // authority): the rest of the path is always made one path on this origin
    const target = '/' + (m[1] ?? '').replace(/^[/\\]+/, '');
    res.redirect(308, target + (q >= 0 ? req.originalUrl.slice(q) : ''));
  });

  // An undeclared method on a known path is a 405 before anything about the request is examined.
  app.use((req: Request, _res: Response, next: NextFunction) => {
    if (req.method === 'HEAD' || api.router.matchOperation({ method: req.method.toLowerCase(), path: req.path, headers: {} }) !== undefined) return next();
    const methods = allowedMethods(req.path);
    next(methods.length > 0 ? methodNotAllowed(req, methods) : undefined);
  });

  app.use((req: Request, _res: Response, next: NextFunction) => {
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) {
      return next(new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/json'));
    }
    next();
  });
  app.use(
    express.json({
      limit: BODY_LIMIT,
      strict: true,
      // bytes that are not UTF-8 would be decoded to U+FFFD and stored: refuse them instead
      verify: (_req, _res, buf) => {
        if (!isUtf8(buf)) throw Object.assign(new Error('The request body is not valid UTF-8'), { status: 400, type: 'body.invalid' });
      },
    }),
  );

  // Percent-encoding that is no UTF-8, NUL and unpaired surrogates in the path, query or body: 400.
  app.use((req: Request, _res: Response, next: NextFunction) => {
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      const message = 'is not valid percent-encoded UTF-8';
      return next(new ApiError('VALIDATION_ERROR', `Request validation failed: path ${message}`, [{ path: 'path', message }]));
    }
    const hit = findUnsafeText(path, 'path') ?? findUnsafeText(req.query, 'query') ?? findUnsafeText(req.body, 'body');
    next(hit ? unsafeTextError(hit) : undefined);
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    try {
      const l = locals(res);
      l.version = resolveVersion(req.get('API-Version'), now(cfg));
      res.set(versionHeaders(l.version));
      l.query = { ...(req.query as Record<string, unknown>) };
      l.notes = [];
      l.legacy = {};
      const pinned = changesFor(l.version.date);
      for (const change of CHANGES) if (!pinned.includes(change)) change.rejectRetired?.(req.path, l.query);
      for (const change of [...pinned].reverse()) change.upgradeQuery?.(req.path, l.query, l.notes, l.legacy);
      next();
    } catch (err) {
      next(err);
    }
  });

  app.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      const abort = (locals(res).abort = new AbortController());
      // the client may have gone while the body was read
      if (clientGone(res)) abort.abort();
      await track(
        withSignal(abort.signal, () =>
          api.handleRequest(
            { method: req.method, path: req.path, query: (locals(res).query ?? {}) as Record<string, string>, headers: req.headers as Record<string, string>, body: req.body },
            req,
            res,
          ),
        ),
      );
    } catch (err) {
      next(err);
    }
  });

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const apiErr = toApiError(err);
    if (apiErr.status >= 500) {
      log.error({ request_id: locals(res).requestId, path: req.path, err: (err as Error)?.message, stack: (err as Error)?.stack }, 'request failed');
    }
    if (res.headersSent) return;
    sendError(res, apiErr);
  });
  return app;
}
