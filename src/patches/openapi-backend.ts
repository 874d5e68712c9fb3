/**
 * The patches of openapi-backend (5.20.1, pinned exactly: they replace methods of its router whose
 * behaviour they copy). Its documented option `quick: true` (src/app.ts) skips the definition check
 * that rejects OpenAPI 3.1 type arrays (Redocly lints the document instead) and dereferences the
 * document synchronously: the same definition, so that needs no patch. What remains is routing.
 *
 * openapi-backend's router, made cheap per request without changing what it matches. Its
 * `getOperations` rebuilds the flattened operation list (lodash over every path of the document) on
 * each call, and its `matchOperation` compiles one RegExp per operation of the document on every
 * templated request; routing and validation call both several times per request. The document
 * does not change after init, so the list and the patterns are built once here. The matching rules
 * are openapi-backend 5's: an exact path with the method first, then every path template that
 * matches, most specific first (longest path without its parameters; stable for ties), with the
 * method.
 */
import { params as pathParams } from 'bath-es5';
import type { OpenAPIBackend, OpenAPIRouter, Operation, ParsedRequest, Request } from 'openapi-backend';
import { requireVersion } from './version.js';

/** The openapi-backend release the patches copy (package.json pins it exactly). */
export const OPENAPI_BACKEND_VERSION = '5.20.1';

/**
 * Patches an initialised OpenAPIBackend's router: operations and their path patterns built once,
 * not on every routing call (the list alone was about a tenth of a detail request's CPU), and
 * requests parsed with a plan per operation. Throws on another openapi-backend version.
 */
export function patchOpenApiBackend(api: OpenAPIBackend): void {
  requireVersion('openapi-backend', OPENAPI_BACKEND_VERSION, 'src/patches/openapi-backend.ts');
  precompileRouter(api.router);
  precompileParser(api.router);
}

const PARAM = /\{.*?\}/g;

export function precompileRouter(router: OpenAPIRouter): void {
  const operations = router.getOperations();
  router.getOperations = () => operations;
  // most specific first; Array.prototype.sort is stable, so ties keep the document's order, as
  // openapi-backend's sort of the matching subset does
  const routes = operations
    .map((op) => ({ op, pattern: new RegExp(`^${op.path.replace(PARAM, '[^/]+')}$`), specificity: op.path.replace(PARAM, '').length }))
    .sort((a, b) => b.specificity - a.specificity);
  function matchOperation(req: Request, strict = false): Operation | undefined {
    const { path, method } = router.normalizeRequest(req);
    if (!path.startsWith(router.apiRoot)) {
      if (strict) throw Error('404-notFound: no route matches request');
      return undefined;
    }
    const normalized = router.normalizePath(path);
    const exact = routes.find((r) => r.op.path === normalized && r.op.method === method);
    if (exact) return exact.op;
    const matches = routes.filter((r) => r.pattern.test(normalized));
    if (matches.length === 0) {
      if (strict) throw Error('404-notFound: no route matches request');
      return undefined;
    }
    const match = matches.find((r) => r.op.method === method);
    if (!match && strict) throw Error('405-methodNotAllowed: this method is not registered for the route');
    return match?.op;
  }
  router.matchOperation = matchOperation as OpenAPIRouter['matchOperation'];
}

type QueryParameter = { name: string; in: string; explode?: boolean; style?: string; content?: Record<string, unknown> };

/**
 * openapi-backend's `parseRequest`, compiled per operation. `handleRequest` calls it four times per
 * request (before routing, after routing, inside validation, after coercion), and each call
 * lowercases the headers and deep-clones the query with lodash, parses cookies, and compiles the
 * operation's path template again. Here the path template and the query parameter lookup are
 * built once per operation; the result is the same object openapi-backend builds (the unit test
 * compares both over every operation). Requests with a cookie header, a header name in upper case
 * or a query string instead of an object take openapi-backend's own path.
 */
export function precompileParser(router: OpenAPIRouter): void {
  const original = router.parseRequest.bind(router);
  const plans = new Map<Operation, { params: (path: string) => Record<string, string> | null; query: Map<string, QueryParameter> }>();
  const planOf = (op: Operation) => {
    let plan = plans.get(op);
    if (!plan) {
      const query = new Map<string, QueryParameter>();
      for (const p of (op.parameters ?? []) as QueryParameter[]) {
        // openapi-backend takes the first query parameter of that name
        if (!('$ref' in p) && p?.in === 'query' && !query.has(p.name)) query.set(p.name, p);
      }
      plan = { params: pathParams(op.path), query };
      plans.set(op, plan);
    }
    return plan;
  };
  router.parseRequest = ((req: Request, operation?: Operation): ParsedRequest => {
    const rawHeaders = (req.headers ?? {}) as Record<string, string | string[] | undefined>;
    if (typeof req.query !== 'object' || req.query === null || 'cookie' in rawHeaders) return original(req, operation);
    const headers: Record<string, string | string[] | undefined> = {};
    for (const name in rawHeaders) {
      if (name !== name.toLowerCase()) return original(req, operation);
      headers[name] = rawHeaders[name];
    }
    let requestBody = req.body as unknown;
    if (req.body && typeof req.body !== 'object') {
      try {
        requestBody = JSON.parse(String(req.body));
      } catch {
        // as openapi-backend: validation reports a body that is not JSON
      }
    }
    const query: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(req.query as Record<string, unknown>)) {
      // an own property even for `__proto__` (assignment would set the prototype and hide it from validation)
      Object.defineProperty(query, name, { value: cloneValue(value), enumerable: true, writable: true, configurable: true });
    }
    const normalized = router.normalizeRequest(req);
    let params: Record<string, string> = {};
    if (operation) {
      const plan = planOf(operation);
      params = plan.params(router.normalizePath(normalized.path)) || {};
      for (const name in query) {
        const raw = query[name];
        const parameter = raw ? plan.query.get(name) : undefined;
        if (!parameter) continue;
        if (parameter.content?.['application/json']) {
          if (typeof raw === 'string') query[name] = JSON.parse(raw);
        } else if (parameter.explode === false) {
          if (Array.isArray(raw) && raw.length > 1) continue;
          const value = Array.isArray(raw) ? raw[0] : raw;
          if (typeof value !== 'string') continue;
          let decoded = value.replace(/%2C/g, ',');
          if (parameter.style === 'spaceDelimited') decoded = decoded.replace(/ /g, ',').replace(/%20/g, ',');
          if (parameter.style === 'pipeDelimited') decoded = decoded.replace(/\|/g, ',').replace(/%7C/g, ',');
          query[name] = decoded.split(',');
        }
      }
    }
    return { ...normalized, params, headers, query, cookies: {}, requestBody } as ParsedRequest;
  }) as OpenAPIRouter['parseRequest'];
}

/** A deep copy of a query value (strings, arrays of them, or what the version changes put there). */
function cloneValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Array.isArray(value) ? value.map(cloneValue) : structuredClone(value);
}
