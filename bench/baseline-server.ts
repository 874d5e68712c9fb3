/**
 * The bare baseline: `node:http`, no framework, no routing library, no auth, no validation, no
 * rate limit, no metrics. It answers the bench scenarios with the same repository functions
 * (src/db/, same driver and SQL), the same query compilation (src/query/) and the same serialisers
 * (src/serialize/, src/analytics/) as our handlers, then `JSON.stringify`s the same body. The
 * difference to our server is therefore the cost of the framework and the cross-cutting layers.
 *
 * Forked by run.ts (see lib.ts forkServer) with DATABASE_URL and CURSOR_SECRET in the environment.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { db, route } from './routes.js';

const server = http.createServer((req, res) => {
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
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ ready: true, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => {
    db.destroy().finally(() => process.exit(0));
  });
};
process.once('SIGTERM', stop);
process.on('disconnect', stop);
