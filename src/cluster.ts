/**
 * Several processes on one machine (`WORKERS` > 1): node:cluster forks that many workers, each a whole
 * server (API and identity provider) sharing the two listening ports, each accepting its own
 * connections (SCHED_NONE, below). They share the database, so
 * credits stay exact (atomic decrements) and, with `RATE_LIMIT_STORE=postgres`, the rate limits too;
 * the key-status cache is per process (a revocation reaches the others within KEY_CACHE_SECONDS).
 *
 * Browser sign-in codes live in the database and one metrics scrape aggregates every worker
 * (src/http/metrics.ts), so the workers are one service. The primary serves nothing: it creates the
 * signing key (and the cursor secret) before forking (so the workers do not race
 * to create it), replaces a worker that dies after it served (a worker that fails to start stops the
 * whole server with exit code 1: a restart would repeat the error), and on SIGTERM/SIGINT asks every
 * worker to drain, exiting 0 when all of them did.
 */
import cluster, { type Worker } from 'node:cluster';
import { loadCursorSecret, loadSigningKey } from './auth/signing.js';
import type { Config } from './config.js';
import { answerMetricsRequests } from './http/metrics.js';

export async function runPrimary(cfg: Config): Promise<void> {
  // Each worker accepts its own connections from the shared listening socket (the kernel spreads
  // them), not Node's default round-robin, where the primary accepts every connection and passes it
  // to a worker over IPC: a connection in transit to a worker killed at that instant stayed open in
  // the primary with no byte and no reset until its client gave up. Now a killed worker's
  // connections are the kernel's to reset, and those it never accepted wait for the other workers.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  // outside production: create the key once here, so the workers do not race to (production never creates it)
  if (cfg.nodeEnv !== 'production') await loadSigningKey(cfg.signingKeyFile);
  if (!cfg.cursorSecret) loadCursorSecret(cfg.signingKeyFile);
  if (cfg.rateLimit.store === 'memory') {
    process.stderr.write(`WORKERS=${cfg.workers} with RATE_LIMIT_STORE=memory: each process applies the rate limit on its own\n`);
  }
  answerMetricsRequests();
  let stopping = false;
  let failed = false;
  const workers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  const stopAll = () => {
    stopping = true;
    for (const w of workers()) w.process.kill('SIGTERM');
  };
  const fork = (): Worker => cluster.fork({ FDAPI_WORKER_BANNER: workers().length === 0 ? '1' : '' });
  // a worker stopped before it was serving (still starting) has nothing to drain
  const serving = new Set<number>();
  cluster.on('listening', (worker) => serving.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0 && serving.has(worker.id)) failed = true;
      if (workers().length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!serving.has(worker.id)) {
      // it never served: a start-up error (configuration, document, database) that a restart repeats
      process.stderr.write(`worker ${worker.process.pid} failed to start (${signal ?? code}); stopping\n`);
      failed = true;
      stopAll();
      if (workers().length === 0) process.exit(1);
      return;
    }
    process.stderr.write(`worker ${worker.process.pid} exited (${signal ?? code}); starting another\n`);
    setTimeout(fork, 500);
  });
  for (let i = 0; i < cfg.workers; i++) fork();
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    process.stderr.write(`${signal}: draining ${workers().length} workers\n`);
    stopAll();
    setTimeout(() => process.exit(1), 30_000 + cfg.shutdownDelayMs).unref();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** In a worker: whether this one prints the start-up banner (only the first). */
export function printsBanner(): boolean {
  return !cluster.isWorker || process.env.FDAPI_WORKER_BANNER === '1';
}

export const isPrimaryOfCluster = (cfg: Config): boolean => cfg.workers > 1 && cluster.isPrimary;
