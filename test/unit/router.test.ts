/** The precompiled router answers exactly as openapi-backend's own, for every path of the document. */
import { OpenAPIBackend, OpenAPIRouter } from 'openapi-backend';
import { expect, it } from 'vitest';
import { loadDocument } from '../../src/app.js';
import { precompileRouter } from '../../src/http/router.js';

it('matches every operation, 404 and 405 like openapi-backend', async () => {
  const api = new OpenAPIBackend({ definition: loadDocument(new Date()), validate: false });
  api.validateDefinition = () => api.document;
  await api.init();
  const reference = new OpenAPIRouter({ definition: api.definition });
  precompileRouter(api.router);
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
      expect(api.router.matchOperation(req)?.operationId, `${method} ${path}`).toBe(reference.matchOperation(req)?.operationId);
      const strict = (r: OpenAPIRouter) => {
        try {
          return r.matchOperation(req, true).operationId;
        } catch (err) {
          return (err as Error).message;
        }
      };
      expect(strict(api.router), `${method} ${path} strict`).toBe(strict(reference));
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(1000);
});
