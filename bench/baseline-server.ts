/**
 * The bare baseline: `node:http`, no framework, no routing library, no auth, no validation, no
 * rate limit, no metrics. It answers the bench scenarios with the same repository functions
 * (src/db/, same driver and SQL), the same query compilation (src/query/) and the same serialisers
 * (src/serialize/, src/analytics/) as our handlers, then `JSON.stringify`s the same body. The
 * difference to our server is therefore the cost of the framework and the cross-cutting layers.
 *
 * Forked by run.ts (see lib.ts forkServer) with DATABASE_URL and CURSOR_SECRET in the environment.
 */
import { route, serve } from './routes.js';

serve((req, res) => {
  route(new URL(req.url ?? '/', 'http://localhost')).then(
    ([status, body]) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    },
    (err: Error) => {
      const text = JSON.stringify({ error: { code: 'INTERNAL', message: err.message, details: null } });
      res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    },
  );
});
