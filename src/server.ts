/**
 * The server of a process: configuration, the API and identity-provider listeners, graceful shutdown.
 * The operation handlers come from the caller (main.ts, the process entry above src/ and handlers/).
 * `startServer` is also what the tests use (ports 0 = any free port).
 */
import pino from 'pino';
import { preloadSnapshot } from './analytics/snapshot.js';
import { collectStartupGarbage } from './heap.js';
import { Outbox } from './webhooks/outbox.js';
import { ChangeSignal } from './webhooks/signal.js';
import { createApp } from './app.js';
import type { Deps, HandlerMap } from './http/context.js';
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
import { createHttpServer, drainer, listen, stopListening } from './http/sockets.js';
import { serveInTurns } from './http/turns.js';
import { isPrimaryOfCluster, printsBanner, runPrimary } from './cluster.js';
import { ProductionRefused, productionProblems } from './production.js';
import { startupBanner } from './banner.js';

export interface RunningServer {
  cfg: Config;
  baseUrl: string;
  authUrl: string;
  /** Stop: the probes answer 503 at once; after SHUTDOWN_DELAY_MS the listeners close and in-flight requests drain. */
  close(): Promise<void>;
  /** Settles once the startup's background work (the rounds snapshot's preload) has ended, loaded or not. */
  preloaded: Promise<void>;
}

/** How long shutdown waits for requests still running (their clients may have gone) before the pool closes. */
const SHUTDOWN_WAIT_MS = 10_000;

export async function startServer(base: Config, handlers: HandlerMap, opts: { logger?: pino.Logger } = {}): Promise<RunningServer> {
  // asynchronous destination: a request's log line is queued, not written by a blocking write on the
  // event loop (to a pipe, the usual stdout of a container: about 22 -> 12 us per line); pino flushes
  // the queue synchronously at exit, and `close` below flushes it
  const log =
    opts.logger ??
    pino({ level: base.logLevel, base: undefined, redact: ['req.headers.authorization', 'client_secret'] }, pino.destination({ dest: 1, sync: false }));
  const apiServer = createHttpServer(base);
  const authServer = createHttpServer(base);
  // A fixed port is bound only once the app answers: a connection accepted before its request
  // handler existed was never answered, and a cluster worker replacing a dead one took its share of
  // the shared socket's connections while it was still loading. Port 0 (tests) is bound first, as
  // the port the OS picks flows into the URLs, issuer and audience check, and nobody can connect to
  // it before startServer has returned it.
  const bindFirst = base.port === 0 || base.authPort === 0;
  const [port, authPort] = bindFirst
    ? [await listen(apiServer, base.port, base.host), await listen(authServer, base.authPort, base.host)]
    : [base.port, base.authPort];
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
  const changes = new ChangeSignal(db, log);
  const outbox = new Outbox({ ...deps, signal: changes });
  const appDeps: Deps = { ...deps, outbox, changes };
  // started in turns of the event loop: waiting connections accepted first, probes at once (src/http/turns.ts)
  serveInTurns(apiServer, await createApp(appDeps, handlers));
  changes.start();
  outbox.start();
  // imports a stopped process left queued or running are failed, not left waiting forever
  await appDeps.importRunner?.open();
  const preloaded = preloadSnapshot(db);
  // production with an external provider (JWKS_URL) and no key file: tokens come from that provider
  if (signing) authServer.on('request', createIdentityProvider(db, cfg, signing, { log, metrics }));
  else authServer.close();
  if (!bindFirst) {
    await listen(apiServer, port, base.host);
    if (signing) await listen(authServer, authPort, base.host);
  }

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      lifecycle.draining = true;
      if (cfg.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, cfg.shutdownDelayMs));
      await drain.backlogAccepted();
      drain.start();
      await Promise.all([stopListening(apiServer), stopListening(authServer)]);
      // requests whose clients hung up are still running: let them finish before the pool closes
      if (!(await inflight.idle(SHUTDOWN_WAIT_MS))) log.warn({ running: inflight.size }, 'shutdown: requests still running after the wait');
      await outbox.stop();
      await changes.close();
      appDeps.importRunner?.close();
      await leases.close().catch((err: Error) => log.error({ err: err.message }, 'credit leases not returned at shutdown'));
      await closeBudgetRunner(db);
      await closeProbe(db);
      if (metering !== db) await metering.destroy();
      await db.destroy();
      log.flush();
    })());
  return { cfg, baseUrl: cfg.baseUrl, authUrl: cfg.authUrl, close, preloaded };
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

async function refuseUnsafeProduction(cfg: Config): Promise<void> {
  const db = createDb(cfg);
  try {
    const problems = await productionProblems(cfg, db);
    if (problems.length > 0) throw new ProductionRefused(problems);
  } finally {
    await db.destroy();
  }
}

/** The whole process: one server, or (`WORKERS` > 1) the cluster's primary; exits on a bad configuration. */
export async function runProcess(handlers: HandlerMap): Promise<void> {
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
  const server = await startServer(cfg, handlers);
  if (printsBanner()) process.stderr.write(startupBanner(server).join('\n') + '\n');
  void server.preloaded.then(collectStartupGarbage);
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
