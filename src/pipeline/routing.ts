/**
 * Routing and validation (openapi-backend): the router built once from openapi.yaml; an undeclared
 * method on a known path is a 405 before anything about the request is examined; a routed request
 * is validated (errors as openapi.yaml `ApiError`) and run through its operation's stages, and its result written.
 */
import type { NextFunction, Request, Response } from 'express';
import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, OpenAPIValidator, type AjvCustomizer, type Document, type Operation, type Request as ApiRequest } from 'openapi-backend';
import { DEFAULT_CREDIT_COST } from '../access/credits.js';
import { lockPlan } from '../access/locked.js';
import { withSignal } from '../db/cancel.js';
import { ApiError } from '../errors.js';
import { cachePolicy } from '../http/caching.js';
import { serializeBody } from '../http/rawJson.js';
import { csvPlan } from '../http/csv.js';
import type { Deps, Handler, HandlerMap, Result } from '../http/context.js';
import { patchOpenApiBackend } from '../patches/openapi-backend.js';
import { leftToOperation, validationFailure } from '../http/validation.js';
import { requiredScopes, type Exchange, type OperationPlan } from './operation.js';
import { withoutLegacyFormat } from './export.js';
import { clientGone, stateOf } from './state.js';

/** The router and request validators of the document (openapi.yaml as served now: src/openapi/served.ts). */
export async function buildRouter(document: Document): Promise<OpenAPIBackend> {
  const ajvOpts = { allErrors: true, strict: false };
  const customizeAjv: AjvCustomizer = (ajv) => {
    addFormats.default(ajv);
    return ajv;
  };
  // validation is switched on below, once the router is built
  // quick: no check of the document against the OpenAPI 3.0 schema, which rejects 3.1 type arrays
  // (Redocly lints the document instead: make lint)
  const api = new OpenAPIBackend({ definition: document, strict: true, quick: true, validate: false, coerceTypes: true, ajvOpts, customizeAjv });
  await api.init();
  patchOpenApiBackend(api);
  // Request validators only: by default openapi-backend also compiles three sets of response
  // validators for every operation, which nothing here calls (the tests validate responses with their
  // own Ajv) and which held about half of the live heap after start (79 -> 38 MB).
  api.validator = new OpenAPIValidator({ definition: api.definition, router: api.router, ajvOpts, customizeAjv, coerceTypes: true, lazyCompileValidators: true });
  api.validator.preCompileRequestValidators();
  api.validate = true;
  return api;
}

/** The list an export operation streams (openapi.yaml `x-export-of`); undefined for other operations. */
const exportOfId = (op: Operation): string | undefined => (op as unknown as Record<string, unknown>)['x-export-of'] as string | undefined;

/**
 * Every operation of the document with what its stages need to know of it; throws when one has no
 * handler. An export operation has none of its own: it is its list's handler, run batch by batch
 * (src/pipeline/export.ts), so its rows, caps and CSV columns are the list's.
 */
export function planOperations(api: OpenAPIBackend, handlers: HandlerMap): OperationPlan[] {
  const ops = api.getOperations();
  const missing = ops.filter((op) => !exportOfId(op) && !handlers[op.operationId as keyof HandlerMap]);
  if (missing.length > 0) throw new Error(`No handler for operations: ${missing.map((o) => o.operationId).join(', ')}`);
  const exported = new Set(ops.map(exportOfId).filter((id) => id !== undefined));
  const plans = ops.filter((op) => !exportOfId(op)).map((op): OperationPlan => {
    const okResponse = (op.responses?.['200'] ?? op.responses?.['201']) as { content?: Record<string, { schema?: unknown }> } | undefined;
    const exportable = exported.has(op.operationId!);
    const page = okResponse?.content?.['application/json']?.schema;
    return {
      id: op.operationId!,
      method: op.method,
      scopes: requiredScopes(op),
      creditCost: Number((op as unknown as Record<string, unknown>)['x-credit-cost'] ?? DEFAULT_CREDIT_COST),
      creditPer: ((op as unknown as Record<string, unknown>)['x-credit-cost-per'] as string | undefined) ?? null,
      planCapped: (op as unknown as Record<string, unknown>)['x-plan-capped'] === true,
      locks: lockPlan(page),
      cache: cachePolicy(op.method, op.path),
      exportable,
      csv: exportable ? csvPlan(page) : null,
      ambientSignal: op.path.startsWith('/analytics/'),
      handler: handlers[op.operationId as keyof HandlerMap] as Handler,
    };
  });
  const byId = new Map(plans.map((p) => [p.id, p]));
  const exports = ops.flatMap((op): OperationPlan[] => {
    const id = exportOfId(op);
    if (id === undefined) return [];
    const list = byId.get(id);
    if (!list?.csv || list.method !== 'get') throw new Error(`${op.operationId}: x-export-of names ${id}, which is not a list`);
    // streamed, so never cached; metered per rows sent by the export stage, which answers before the per-call metering
    return [{ ...list, id: op.operationId!, scopes: requiredScopes(op), cache: null, exportOf: list }];
  });
  return [...plans, ...exports];
}

/**
 * Writes a routed operation's result with Node's own calls. Express's `send` would also evaluate the
 * request's freshness (If-Modified-Since against Last-Modified) and turn the answer into a 304 behind
 * the caching stage, which alone decides conditional answers (If-None-Match only; uncharged).
 */
function writeResult(req: Request, res: Response, result: Result): void {
  // a streamed answer (an export) has written itself
  if (res.headersSent) return;
  const l = stateOf(res);
  const headers = result.headers ?? {};
  for (const name in headers) {
    // appended: CORS may already vary the answer by Origin
    if (name === 'Vary') res.vary(headers[name]!);
    else res.setHeader(name, headers[name]!);
  }
  if (l.credits !== undefined) res.setHeader('X-Credits-Used', String(l.credits));
  res.statusCode = result.status;
  // no content, or the client's own copy: headers only
  if (result.status === 204 || result.status === 304) return void res.end();
  // bytes (a represented answer, src/http/caching.ts) go out as they are
  const payload = Buffer.isBuffer(result.body) ? result.body : result.contentType ? String(result.body) : serializeBody(result.body);
  // every content type a result names carries its charset (src/http/context.ts Result)
  res.setHeader('Content-Type', result.contentType ?? 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(req.method === 'HEAD' ? undefined : payload);
}

const methodNotAllowed = (req: Request, methods: string[]) => {
  const allow = methods.map((m) => m.toUpperCase()).join(', ');
  return new ApiError('METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed on ${req.path}; allowed: ${allow}`, null, { headers: { Allow: allow } });
};

const allowedMethods = (api: OpenAPIBackend, p: string): string[] =>
  ['get', 'post', 'put', 'patch', 'delete'].filter((m) => api.router.matchOperation({ method: m, path: p, headers: {} }) !== undefined);

/**
 * The request coerced when only its `sort` failed the document (left to the operation, which words
 * the refusal or, for a pinned client, sorts by a key its version still has): openapi-backend coerces
 * only a valid request, so the rest of the query is coerced without the sort, which is put back as sent.
 */
function coercedWithoutSort(validator: OpenAPIBackend['validator'], request: ApiRequest, match: Operation): ApiRequest {
  const { sort, ...query } = (request.query ?? {}) as Record<string, string | string[]>;
  const again = validator.validateRequest({ ...request, query }, match);
  const coerced = again.coerced ?? { ...request, query };
  return { ...coerced, query: { ...(coerced.query as Record<string, string | string[]>), ...(sort === undefined ? {} : { sort }) } };
}

/** The operation the method stage matched for a request (the routing stage matches no second time). */
const matched = new WeakMap<Request, Operation>();

/** HEAD is served as the GET of the same URL without its body (RFC 9110 9.3.2): the same operation, validation and charge. */
const routedMethod = (req: Request): string => (req.method === 'HEAD' ? 'get' : req.method.toLowerCase());

/** 405 for an undeclared method on a known path, before the body is read. */
export function methodStage(api: OpenAPIBackend) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const op = api.router.matchOperation({ method: routedMethod(req), path: req.path, headers: {} });
    if (op !== undefined) {
      matched.set(req, op);
      return next();
    }
    const methods = allowedMethods(api, req.path);
    next(methods.length > 0 ? methodNotAllowed(req, methods) : undefined);
  };
}

/**
 * Routes and validates a request, then runs `operation` (its stages down to the handler) and
 * writes the result, unless the client left meanwhile.
 *
 * The steps of openapi-backend's `handleRequest` this API uses, each once: its `handleRequest`
 * parsed the request four times (before routing, after it, inside validation and after coercion),
 * matched it again, and ran its security-handler machinery, which nothing here registers (the
 * authentication stage does that work). Same router, same validators, same coerced request.
 */
export function routingStage(deps: Deps, api: OpenAPIBackend, plans: readonly OperationPlan[], operation: (x: Exchange) => Promise<Result>) {
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const { router, validator } = api;
  const route = async (req: Request, res: Response): Promise<void> => {
    const state = stateOf(res);
    const request = { method: routedMethod(req), path: req.path, query: (state.version?.query ?? {}) as Record<string, string>, headers: req.headers as Record<string, string>, body: req.body };
    let match = matched.get(req);
    if (!match) {
      try {
        match = router.matchOperation(request, true);
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('405')) throw methodNotAllowed(req, allowedMethods(api, req.path));
        throw new ApiError('NOT_FOUND', `No endpoint ${req.method} ${router.normalizeRequest(request).path}`);
      }
    }
    const op = planOf.get(match.operationId!)!;
    const legacy = withoutLegacyFormat(op, request.query);
    const checked = { ...request, query: legacy.query as Record<string, string> };
    const validation = validator.validateRequest(checked, match);
    const errors = validation.errors?.filter((e) => !leftToOperation(e as ErrorObject));
    if (errors?.length) throw validationFailure({ validation: { ...validation, errors }, operation: match, request: checked });
    // coerced to the parameters' types (openapi-backend's coerceTypes), parsed with the operation
    const parsed = router.parseRequest(validation.valid ? (validation.coerced ?? checked) : coercedWithoutSort(validator, checked, match), match);
    state.operationId = op.id;
    const x: Exchange = {
      deps,
      req,
      res,
      state,
      version: state.version!,
      op,
      params: parsed.params as Record<string, string>,
      query: { ...(parsed.query as Record<string, unknown> | undefined), ...(legacy.format === undefined ? {} : { format: legacy.format }) },
      body: parsed.requestBody,
      principal: null,
      access: { tier: undefined, caps: null },
    };
    const result = await (op.ambientSignal ? withSignal(state.abort!.signal, () => operation(x), state.started + deps.cfg.queryBudgetMs) : operation(x));
    if (!clientGone(res)) writeResult(req, res, result);
  };
  const track = <T>(work: Promise<T>): Promise<T> => deps.inflight?.track(work) ?? work;
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const state = stateOf(res);
      const abort = (state.abort = new AbortController());
      // the client may have gone while the body was read
      if (clientGone(res)) abort.abort();
      await track(route(req, res));
    } catch (err) {
      next(err);
    }
  };
}
