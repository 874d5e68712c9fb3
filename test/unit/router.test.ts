/** The precompiled router matches and parses exactly as openapi-backend's own, for every path of the document. */
import { OpenAPIBackend, OpenAPIRouter, type Request } from 'openapi-backend';
import { expect, it } from 'vitest';
import { loadDocument } from '../../src/app.js';
import { precompileParser, precompileRouter } from '../../src/patches/openapi-backend.js';

/** openapi-backend's router with our precompiled matcher and parser, and an untouched one to compare with. */
async function routers(): Promise<{ router: OpenAPIRouter; reference: OpenAPIRouter }> {
  const api = new OpenAPIBackend({ definition: loadDocument(new Date()), validate: false, quick: true });
  await api.init();
  precompileRouter(api.router);
  precompileParser(api.router);
  return { router: api.router, reference: new OpenAPIRouter({ definition: api.definition }) };
}

it('matches every operation, 404 and 405 like openapi-backend', async () => {
  const { router, reference } = await routers();
  const ops = reference.getOperations();
  expect(ops.length).toBeGreaterThan(50);
  const paths = new Set<string>(['/', '/nope', '/data', '/data/', '/data/transactions/', '/data/transactions/1/extra', '/api/data/transactions']);
  for (const op of ops) {
    paths.add(op.path);
    paths.add(op.path.replace(/\{.*?\}/g, '123'));
    paths.add(op.path.replace(/\{.*?\}/g, 'search'));
    paths.add(`${op.path.replace(/\{.*?\}/g, 'x')}/`);
  }
  let compared = 0;
  for (const path of paths) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete', 'GET']) {
      const req = { method, path, headers: {} };
      expect(router.matchOperation(req)?.operationId, `${method} ${path}`).toBe(reference.matchOperation(req)?.operationId);
      const strict = (r: OpenAPIRouter) => {
        try {
          return r.matchOperation(req, true).operationId;
        } catch (err) {
          return (err as Error).message;
        }
      };
      expect(strict(router), `${method} ${path} strict`).toBe(strict(reference));
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(1000);
});

it('parses requests like openapi-backend, for every operation', async () => {
  const { router, reference } = await routers();
  const queries: Record<string, unknown>[] = [
    {},
    { limit: '10', sort: '-amount', filter: 'and(year[gte]:2015,amount[gt]:1000000)' },
    { fields: 'a,b%2Cc', include: ['x', 'y'], tags: 'one' },
    { q: 'acme corp', empty: '', repeated: ['1', '2', '3'] },
    JSON.parse('{"__proto__": "x", "constructor": "y"}') as Record<string, unknown>,
  ];
  const bodies: unknown[] = [undefined, { name: 'x', nested: { a: [1, 2] } }, '{"name":"y"}', 'not json'];
  let compared = 0;
  for (const op of reference.getOperations()) {
    const path = op.path.replace(/\{.*?\}/g, 'ab%20c');
    const names = ((op.parameters ?? []) as { name: string; in: string }[]).filter((p) => p.in === 'query').map((p) => p.name);
    const declared = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 'v1,v2' : ['w']]));
    for (const query of [...queries, declared]) {
      for (const body of bodies) {
        const req = { method: op.method.toUpperCase(), path, query, headers: { authorization: 'Bearer x', 'content-type': 'application/json' }, body } as Request;
        expect(router.parseRequest(req, op), `${op.operationId} ${JSON.stringify(query)}`).toEqual(reference.parseRequest(req, op));
        expect(router.parseRequest(req)).toEqual(reference.parseRequest(req));
        compared++;
      }
    }
  }
  // what the compiled parser hands back to openapi-backend's own: cookies, header names in upper case
  const req = { method: 'GET', path: '/data/transactions', query: { a: '1' }, headers: { Cookie: 'a=b', 'X-Upper': '1' } };
  expect(router.parseRequest(req)).toEqual(reference.parseRequest(req));
  expect(compared).toBeGreaterThan(1000);
});
