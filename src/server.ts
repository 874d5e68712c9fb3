/**
 * Process entry: configuration, the API and identity-provider listeners, graceful shutdown.
 * `startServer` is also what the tests use (ports 0 = any free port).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { handlers } from '../handlers/index.js';
import { preloadSnapshot } from './analytics/snapshot.js';
import { Outbox } from './webhooks/outbox.js';
import { createApp } from './app.js';
import { createIdentityProvider } from './auth/idp.js';
import { loadCursorSecret, loadSigningKey, signingKeyExists, type SigningKey } from './auth/signing.js';
import { Authenticator } from './auth/verify.js';
import { boundTo, loadConfig, type Config } from './config.js';
import { createDb, createMeteringDb } from './db/knex.js';
import { closeBudgetRunner } from './db/budget.js';
import { closeProbe } from './db/probe.js';
import { Fx } from './money/fx.js';
import { RateLimiter } from './access/rateLimit.js';
import { CreditLeases } from './access/leases.js';
import { InFlight } from './http/inflight.js';
import { Metrics } from './http/metrics.js';
import { headerOverflowMessage, MAX_HEADER_BYTES } from './http/limits.js';
import { isPrimaryOfCluster, printsBanner, runPrimary } from './cluster.js';
import { ProductionRefused, productionProblems } from './production.js';
import { startupBanner } from './banner.js';

export interface RunningServer {
  cfg: Config;
  baseUrl: string;
  authUrl: string;
  /** Stop: the probes answer 503 at once; after SHUTDOWN_DELAY_MS the listeners close and in-flight requests drain. */
  close(): Promise<void>;
}

/**
 * Shutdown: connections the kernel completed before the signal wait in the listen backlog, and a
 * busy event loop accepts about one per turn; closing the listener resets the rest, requests and
 * all. So the listeners close only after BACKLOG_QUIET_TURNS turns of the loop (each at least
 * BACKLOG_TURN_MS) accepted nothing, or after BACKLOG_MAX_MS.
 */
const BACKLOG_QUIET_TURNS = 3;
const BACKLOG_TURN_MS = 20;
const BACKLOG_MAX_MS = 3000;
/** Shutdown: how long connections without a request in progress stay open after the listeners close. */
const DRAIN_IDLE_GRACE_MS = 500;
/** How long shutdown waits for requests still running (their clients may have gone) before the pool closes. */
const SHUTDOWN_WAIT_MS = 10_000;

/**
 * Requests Node's HTTP parser refuses (oversized or malformed request line and headers) still get
 * the error envelope (openapi.yaml `ApiError`) instead of Node's bare status line.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const message =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? headerOverflowMessage()
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

/**
 * Time limits on a connection that Node's own do not cover. `headersTimeout` counts only once a
 * request has begun: a connection that sends nothing at all was kept forever, so it must send its
 * first byte within `headersTimeoutMs`. And while an answer is written, a client that takes none of
 * its bytes for `sendTimeoutMs` is cut off: its bytes waiting in this process are freed, and the
 * close aborts the request's queries (requestLog). Time the server spends working, with nothing
 * waiting to be sent, never counts against the client.
 */
function guardConnections(server: http.Server, headersTimeoutMs: number, sendTimeoutMs: number): void {
  // until its first request: each request below sets its own (a 'data' listener here would take
  // the socket off the HTTP parser's direct read path)
  server.on('connection', (socket: net.Socket) => socket.setTimeout(headersTimeoutMs));
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = res.socket;
    if (!socket) return;
    // a listener here keeps Node from destroying the socket on every timeout: only a stalled one is
    res.on('timeout', () => {
      if (res.writableFinished) return;
      if (socket.writableLength > 0 || res.writableLength > 0) socket.destroy();
      else socket.setTimeout(sendTimeoutMs);
    });
    socket.setTimeout(sendTimeoutMs);
  });
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startServer(base: Config, opts: { logger?: pino.Logger } = {}): Promise<RunningServer> {
  // asynchronous destination: a request's log line is queued, not written by a blocking write on the
  // event loop (to a pipe, the usual stdout of a container: about 22 -> 12 us per line); pino flushes
  // the queue synchronously at exit, and `close` below flushes it
  const log =
    opts.logger ??
    pino({ level: base.logLevel, base: undefined, redact: ['req.headers.authorization', 'client_secret'] }, pino.destination({ dest: 1, sync: false }));
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
    guardConnections(s, base.headersTimeoutMs, base.sendTimeoutMs);
  }
  const port = await listen(apiServer, base.port, base.host);
  const authPort = await listen(authServer, base.authPort, base.host);
  // ports chosen by the OS (tests) flow into the URLs, issuer and audience check
  const cfg: Config = { ...boundTo(base, port, authPort), cursorSecret: base.cursorSecret || loadCursorSecret(base.signingKeyFile) };
  const db = createDb(cfg);
  let signing: SigningKey | null;
  try {
    signing = await startupKey(cfg, db);
  } catch (err) {
    await db.destroy();
    apiServer.close();
    authServer.close();
    throw err;
  }
  const auth = new Authenticator(db, cfg, signing, cfg.jwksUrl || undefined);
  // credits, usage and shared rate limits: asynchronous commit on PostgreSQL (knex.ts)
  const metering = createMeteringDb(cfg, db);
  const leases = new CreditLeases(metering, log, cfg.creditLeases);
  const inflight = new InFlight();
  const lifecycle = { draining: false };
  const metrics = new Metrics(db, () => inflight.size);
  const deps = { db, metering, cfg, fx: new Fx(db), log, auth, rateLimiter: new RateLimiter(cfg.rateLimit, metering), leases, metrics, inflight, lifecycle };
  const drain = drainer([apiServer, authServer]);
  const outbox = new Outbox(deps);
  apiServer.on('request', await createApp({ ...deps, outbox }, handlers));
  outbox.start();
  preloadSnapshot(db);
  // production with an external provider (JWKS_URL) and no key file: tokens come from that provider
  if (signing) authServer.on('request', createIdentityProvider(db, cfg, signing, { log, metrics }));
  else authServer.close();

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      lifecycle.draining = true;
      if (cfg.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, cfg.shutdownDelayMs));
      await drain.backlogAccepted();
      // net's close, not http's: http.Server.close() first closes the connections it deems idle,
      // which cut off requests being answered (drainer)
      const done = (s: http.Server) => new Promise<void>((r) => (s.listening ? net.Server.prototype.close.call(s, () => r()) : r()));
      drain.start();
      await Promise.all([done(apiServer), done(authServer)]);
      // requests whose clients hung up are still running: let them finish before the pool closes
      if (!(await inflight.idle(SHUTDOWN_WAIT_MS))) log.warn({ running: inflight.size }, 'shutdown: requests still running after the wait');
      await outbox.stop();
      await leases.close().catch((err: Error) => log.error({ err: err.message }, 'credit leases not returned at shutdown'));
      await closeBudgetRunner(db);
      await closeProbe(db);
      if (metering !== db) await metering.destroy();
      await db.destroy();
      log.flush();
    })());
  return { cfg, baseUrl: cfg.baseUrl, authUrl: cfg.authUrl, close };
}

/**
 * The signing key, after the production checks (src/production.ts): in production the key file is
 * never created here, and with JWKS_URL and no key file there is none (no bundled identity provider).
 */
async function startupKey(cfg: Config, db: ReturnType<typeof createDb>): Promise<SigningKey | null> {
  if (cfg.nodeEnv !== 'production') return loadSigningKey(cfg.signingKeyFile);
  const problems = await productionProblems(cfg, db);
  if (problems.length > 0) throw new ProductionRefused(problems);
  return signingKeyExists(cfg.signingKeyFile) ? loadSigningKey(cfg.signingKeyFile, { create: false }) : null;
}

/**
 * Connections during shutdown: once draining starts, every response still to be written says
 * `Connection: close` and its connection is closed after it, so a client cannot reuse a kept-alive
 * socket to reach a server that has stopped listening. A connection with no request in progress is
 * closed after DRAIN_IDLE_GRACE_MS: a request already sent on it (read after the signal) is
 * answered first. This tracks requests itself rather than using http's closeIdleConnections(),
 * which also counts as idle a connection whose request was read and is still being answered, and
 * cut such requests off. `backlogAccepted` resolves once the listen backlog is empty (see
 * BACKLOG_QUIET_TURNS), `start` begins draining; register before the request handlers.
 */
function drainer(servers: http.Server[]): { start(): void; backlogAccepted(): Promise<void> } {
  let draining = false;
  let accepted = 0;
  const open = new Set<http.ServerResponse>();
  const running = new Map<import('node:stream').Duplex, number>();
  const closeAfter = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    else res.once('finish', () => res.socket?.end());
  };
  const closeIfIdle = (socket: import('node:stream').Duplex) => {
    if (!running.get(socket)) socket.destroy();
  };
  for (const s of servers) {
    s.on('connection', (socket: import('node:net').Socket) => {
      accepted++;
      running.set(socket, 0);
      socket.once('close', () => running.delete(socket));
    });
    s.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const socket = req.socket;
      running.set(socket, (running.get(socket) ?? 0) + 1);
      res.once('close', () => {
        if (running.has(socket)) running.set(socket, running.get(socket)! - 1);
      });
      if (draining) return closeAfter(res);
      open.add(res);
      res.once('close', () => open.delete(res));
    });
  }
  const turn = () => new Promise<void>((r) => setTimeout(() => setImmediate(r), BACKLOG_TURN_MS));
  return {
    start() {
      draining = true;
      for (const res of open) closeAfter(res);
      setTimeout(() => {
        for (const socket of running.keys()) closeIfIdle(socket);
      }, DRAIN_IDLE_GRACE_MS).unref();
    },
    async backlogAccepted() {
      const deadline = Date.now() + BACKLOG_MAX_MS;
      for (let quiet = 0; quiet < BACKLOG_QUIET_TURNS && Date.now() < deadline; ) {
        const before = accepted;
        await turn();
        quiet = accepted === before ? quiet + 1 : 0;
      }
    },
  };
}

async function refuseUnsafeProduction(cfg: Config): Promise<void> {
  const db = createDb(cfg);
  try {
    const problems = await productionProblems(cfg, db);
    if (problems.length > 0) throw new ProductionRefused(problems);
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  let cfg: Config;
  try {
    cfg = loadConfig();
  } catch (err) {
    console.error(`Configuration error: ${(err as Error).message}`);
    process.exit(2);
  }
  if (isPrimaryOfCluster(cfg)) {
    // refuse once, before forking, rather than once per worker
    if (cfg.nodeEnv === 'production') await refuseUnsafeProduction(cfg);
    return runPrimary(cfg);
  }
  const server = await startServer(cfg);
  if (printsBanner()) process.stderr.write(startupBanner(server).join('\n') + '\n');
  const shutdown = (signal: string) => {
    process.stderr.write(`${signal}: draining in-flight requests\n`);
    const force = setTimeout(() => process.exit(1), 25_000 + cfg.shutdownDelayMs);
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
