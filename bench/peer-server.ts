/**
 * The peer: Platformatic DB 2.x (bench/package.json) over the same bench database, its
 * auto-generated REST API (flat rows of `transactions` and `entities`, the reference row) and its
 * GraphQL API over the same tables plus `transaction_investors` and `career` (the same information
 * as ours, resolved through the foreign keys); no authorisation plugin, logger at warn. Platformatic
 * runs its own SQL (@platformatic/sql-mapper).
 *
 * Forked by run.ts with PEER_CONNECTION_STRING (`sqlite://<file>` or `postgres://...`) and
 * PEER_POOL_SIZE; sends `{ready, baseUrl}` over IPC.
 */
// loaded by name at run time: bench dependencies are not installed for `make typecheck`/`make test`
const platformaticDb = '@platformatic/db';
const { buildServer } = (await import(platformaticDb)) as {
  buildServer(config: unknown): Promise<{ start(): Promise<string>; close(): Promise<void> }>;
};

try {
  const app = await buildServer({
    $schema: 'https://schemas.platformatic.dev/@platformatic/db/2.61.0.json',
    server: { hostname: '127.0.0.1', port: 0, logger: { level: 'warn' }, keepAliveTimeout: 5000 },
    db: {
      connectionString: process.env.PEER_CONNECTION_STRING,
      poolSize: Number(process.env.PEER_POOL_SIZE || 10),
      // GraphQL serves the same information as ours (a transaction with its company and investors, a
      // company with its founders and funding rounds) through the tables' foreign keys
      graphql: true,
      openapi: true,
      include: { transactions: true, entities: true, transaction_investors: true, career: true },
      // a page's investors in one request (run.ts PEER_MAX_ROWS)
      limit: { default: 25, max: 1000 },
    },
  });
  const url = await app.start();
  process.send?.({ ready: true, baseUrl: url });
  const stop = () => {
    app.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.on('disconnect', stop);
} catch (err) {
  process.send?.({ error: (err as Error).message });
  process.exit(1);
}
