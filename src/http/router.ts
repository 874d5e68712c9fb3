/**
 * openapi-backend's router, made cheap per request without changing what it matches. Its
 * `getOperations` rebuilds the flattened operation list (lodash over every path of the document) on
 * each call, and its `matchOperation` compiles one RegExp per operation of the document on every
 * templated request; routing and validation call both several times per request. The document
 * does not change after init, so the list and the patterns are built once here. The matching rules
 * are openapi-backend 5's: an exact path with the method first, then every path template that
 * matches, most specific first (longest path without its parameters; stable for ties), with the
 * method.
 */
import type { OpenAPIRouter, Operation, Request } from 'openapi-backend';

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
