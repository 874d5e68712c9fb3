/**
 * Process entry: configuration, the API and identity-provider listeners, graceful shutdown.
 * `startServer` is also what the tests use (ports 0 = any free port).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { handlers } from '../handlers/index.js';
import { createApp } from './app.js';
import { createIdentityProvider } from './auth/idp.js';
import { loadCursorSecret, loadSigningKey } from './auth/signing.js';
import { Authenticator } from './auth/verify.js';
import { loadConfig, type Config } from './config.js';
import { findKeyByClientId } from './db/apiKeys.js';
import { createDb, createMeteringDb } from './db/knex.js';
import { closeBudgetRunner } from './db/budget.js';
import { Fx } from './money/fx.js';
import { RateLimiter } from './access/rateLimit.js';
import { UsageBuffer } from './access/usage.js';
import { InFlight } from './http/inflight.js';
import { Metrics } from './http/metrics.js';
import { isPrimaryOfCluster, printsBanner, runPrimary } from './cluster.js';

export interface RunningServer {
  cfg: Config;
  baseUrl: string;
  authUrl: string;
  close(): Promise<void>;
}

/**
 * Request line plus headers. Room for the longest valid query (a 4096-character filter and a cursor,
 * percent-encoded) with a margin; beyond it the request is refused before routing.
 */
const MAX_HEADER_BYTES = 64 * 1024;
/** How long shutdown waits for requests still running (their clients may have gone) before the pool closes. */
const SHUTDOWN_WAIT_MS = 10_000;

/**
 * Requests Node's HTTP parser refuses (oversized or malformed request line and headers) still get
 * the error envelope (SPEC.md part 7) instead of Node's bare status line.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const message =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? `The request line and headers exceed ${MAX_HEADER_BYTES} bytes`
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'The request was not received in time'
        : 'Malformed HTTP request';
  const body = JSON.stringify({ error: { code: 'VALIDATION_ERROR', message, details: null } });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nX-Request-Id: ${crypto.randomUUID()}\r\nCache-Control: no-store\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * At most MAX_CONNECTIONS_PER_ADDRESS open connections per connecting address; more are closed at
 * once. Node closes a connection that has not sent a complete request within HEADERS_TIMEOUT_MS of
 * connecting, but within that window one client could open enough sockets to exhaust the file
 * descriptors, after which nobody was served.
 */
function capConnections(server: http.Server, perAddress: number): void {
  if (perAddress === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: import('node:net').Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startServer(base: Config, opts: { logger?: pino.Logger } = {}): Promise<RunningServer> {
  const log = opts.logger ?? pino({ level: base.logLevel, base: undefined, redact: ['req.headers.authorization', 'client_secret'] });
  // Node checks the two timeouts every connectionsCheckingInterval (default 30 s): keep it below them
  const checking = Math.max(50, Math.min(1000, Math.floor(base.headersTimeoutMs / 4)));
  const serverOpts = { maxHeaderSize: MAX_HEADER_BYTES, connectionsCheckingInterval: checking };
  const apiServer = http.createServer(serverOpts);
  const authServer = http.createServer(serverOpts);
  for (const s of [apiServer, authServer]) {
    s.headersTimeout = base.headersTimeoutMs;
    s.requestTimeout = base.requestTimeoutMs;
    s.keepAliveTimeout = base.keepAliveTimeoutMs;
    s.on('clientError', answerClientError);
    capConnections(s, base.maxConnectionsPerAddress);
  }
  const port = await listen(apiServer, base.port, base.host);
  const authPort = await listen(authServer, base.authPort, base.host);
  // ports chosen by the OS (tests) flow into the URLs, issuer and audience check
  const cfg = loadConfig({
    ...process.env,
    ...envOf(base),
    CURSOR_SECRET: base.cursorSecret || loadCursorSecret(base.signingKeyFile),
    PORT: String(port),
    AUTH_PORT: String(authPort),
    BASE_URL: base.port === 0 ? `http://localhost:${port}` : base.baseUrl,
    AUTH_URL: base.authPort === 0 ? `http://localhost:${authPort}` : base.authUrl,
    ISSUER: base.authPort === 0 ? `http://localhost:${authPort}/` : base.issuer,
  });
  const db = createDb(cfg);
  if (cfg.nodeEnv === 'production' && (await findKeyByClientId(db, 'dev-client'))) {
    await db.destroy();
    apiServer.close();
    authServer.close();
    throw new Error('Refusing to start with NODE_ENV=production while the development key dev-client exists: revoke and delete it first');
  }
  const signing = await loadSigningKey(cfg.signingKeyFile);
  const auth = new Authenticator(db, cfg, signing, process.env.JWKS_URL || undefined);
  // credits, usage and shared rate limits: asynchronous commit on PostgreSQL (knex.ts)
  const metering = createMeteringDb(cfg, db);
  const usage = new UsageBuffer(metering, log, cfg.usageFlushMs);
  const inflight = new InFlight();
  const metrics = new Metrics(db);
  const deps = { db, metering, cfg, fx: new Fx(db), log, auth, rateLimiter: new RateLimiter(cfg.rateLimit, metering), usage, metrics, inflight };
  const drain = drainer([apiServer, authServer]);
  apiServer.on('request', await createApp(deps, handlers));
  authServer.on('request', createIdentityProvider(db, cfg, signing, { log, metrics }));

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      const done = (s: http.Server) => new Promise<void>((r) => s.close(() => r()));
      drain();
      apiServer.closeIdleConnections();
      authServer.closeIdleConnections();
      await Promise.all([done(apiServer), done(authServer)]);
      // requests whose clients hung up are still running: let them finish before the pool closes
      if (!(await inflight.idle(SHUTDOWN_WAIT_MS))) log.warn({ running: inflight.size }, 'shutdown: requests still running after the wait');
      await usage.close().catch((err: Error) => log.error({ err: err.message }, 'usage not written at shutdown'));
      await closeBudgetRunner(db);
      if (metering !== db) await metering.destroy();
      await db.destroy();
    })());
  return { cfg, baseUrl: cfg.baseUrl, authUrl: cfg.authUrl, close };
}

/**
 * Keep-alive during shutdown: once draining starts, every response still to be written says
 * `Connection: close` and every connection is closed after its response, so a client cannot reuse a
 * kept-alive socket to reach a server that has stopped listening. Call the returned function when
 * draining starts; register before the request handlers.
 */
function drainer(servers: http.Server[]): () => void {
  let draining = false;
  const open = new Set<http.ServerResponse>();
  const closeAfter = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    else res.once('finish', () => res.socket?.end());
  };
  for (const s of servers) {
    s.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
      if (draining) return closeAfter(res);
      open.add(res);
      res.once('close', () => open.delete(res));
    });
  }
  return () => {
    draining = true;
    for (const res of open) closeAfter(res);
  };
}

/** The environment that reproduces a Config (so startServer can re-derive it with real ports). */
function envOf(c: Config): NodeJS.ProcessEnv {
  return {
    HOST: c.host,
    AUDIENCE: c.audience,
    DATABASE_URL: c.databaseUrl,
    API_NOW: c.apiNow?.toISOString(),
    SEED_SCALE: c.seedScale,
    NODE_ENV: c.nodeEnv,
    LOG_LEVEL: c.logLevel,
    TOKEN_TTL: String(c.tokenTtlSeconds),
    SIGNING_KEY_FILE: c.signingKeyFile,
    CURSOR_SECRET: c.cursorSecret,
    QUERY_BUDGET_MS: String(c.queryBudgetMs),
    KEY_CACHE_SECONDS: String(c.keyCacheSeconds),
    USAGE_FLUSH_MS: String(c.usageFlushMs),
    APP_URL: c.appUrl,
    DB_POOL_MAX: String(c.dbPoolMax),
    DB_PREPARED_STATEMENTS: c.dbPreparedStatements ? 'on' : 'off',
    WORKERS: String(c.workers),
    HEADERS_TIMEOUT_MS: String(c.headersTimeoutMs),
    REQUEST_TIMEOUT_MS: String(c.requestTimeoutMs),
    AUTH_FAILURES_PER_CLIENT: String(c.authFailures.perClient),
    AUTH_FAILURES_PER_ADDRESS: String(c.authFailures.perAddress),
    TRUST_PROXY: String(c.trustProxy),
    KEEP_ALIVE_TIMEOUT_MS: String(c.keepAliveTimeoutMs),
    MAX_CONNECTIONS_PER_ADDRESS: String(c.maxConnectionsPerAddress),
    GUEST_SIGNINS_PER_ADDRESS: String(c.guestSignInsPerAddress),
    AUTH_REFUSAL_DELAY_MS: String(c.authRefusalDelayMs),
    RATE_LIMIT_BURST: String(c.rateLimit.capacity),
    RATE_LIMIT_PER_SECOND: String(c.rateLimit.perSecond),
    RATE_LIMIT_STORE: c.rateLimit.store,
    APP_CLIENT_ID: c.app.clientId,
    APP_REDIRECT_URIS: c.app.redirectUris.join(','),
    METRICS_TOKEN: c.metricsToken,
  };
}

async function main(): Promise<void> {
  let cfg: Config;
  try {
    cfg = loadConfig();
  } catch (err) {
    console.error(`Configuration error: ${(err as Error).message}`);
    process.exit(2);
  }
  if (isPrimaryOfCluster(cfg)) return runPrimary(cfg);
  const server = await startServer(cfg);
  const banner = [
    '',
    `  Funding Data API is running`,
    `  Base URL:      ${server.baseUrl}`,
    `  Auth URL:      ${server.authUrl}`,
    `  Audience:      ${server.cfg.audience}`,
    `  Dev client id: dev-client`,
    `  Dev secret:    dev-secret`,
    `  Database:      ${server.cfg.dbClient === 'sqlite' ? server.cfg.sqliteFile : 'postgres'}`,
    `  Processes:     ${cfg.workers} (WORKERS)`,
    '',
    '  Try it:',
    `  TOKEN=$(curl -s -X POST ${server.authUrl}/oauth/token -H 'Content-Type: application/json' \\`,
    `    -d '{"client_id":"dev-client","client_secret":"dev-secret","audience":"${server.cfg.audience}","grant_type":"client_credentials"}' \\`,
    `    | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -s ${server.baseUrl}/data/transactions?limit=2 -H "Authorization: Bearer $TOKEN" -H 'X-Client-Id: dev-client'`,
    '',
  ];
  if (printsBanner()) process.stderr.write(banner.join('\n') + '\n');
  const shutdown = (signal: string) => {
    process.stderr.write(`${signal}: draining in-flight requests\n`);
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
