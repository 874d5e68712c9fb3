/**
 * Prometheus metrics (prom-client): requests and latency by operation and status, credits charged,
 * the database pool, and the process defaults. Served at GET /system/metrics to callers presenting
 * METRICS_TOKEN as a bearer token (the route is absent when METRICS_TOKEN is not set); it is an
 * operator endpoint, not part of the partner contract.
 *
 * With WORKERS > 1 one scrape answers for the whole service: the worker that gets it asks the
 * primary (IPC), which collects every worker's registry with prom-client's AggregatorRegistry
 * (counters and histograms summed, gauges by their aggregator) and sends the text back.
 */
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Knex } from 'knex';
import client from 'prom-client';
import { poolCounts } from '../patches/knex.js';

export class Metrics {
  readonly registry = new client.Registry();
  private readonly requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by operation, method and status',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Request latency by operation and status',
    labelNames: ['operation', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [this.registry],
  });
  private readonly credits = new client.Counter({
    name: 'credits_charged_total',
    help: 'Credits charged to teams by operation',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  private readonly authFailures = new client.Counter({
    name: 'auth_failures_total',
    help: 'Refused sign-ins and token requests by endpoint and reason',
    labelNames: ['endpoint', 'reason'] as const,
    registers: [this.registry],
  });

  /** `running`: the requests whose work is still running, clients gone or not (InFlight). */
  constructor(db: Knex, running?: () => number) {
    if (cluster.isWorker) {
      // the primary's AggregatorRegistry asks each worker for this registry (prom-client's IPC listener)
      client.AggregatorRegistry.setRegistries([this.registry]);
      new client.AggregatorRegistry();
    }
    client.collectDefaultMetrics({ register: this.registry });
    if (running) {
      new client.Gauge({
        name: 'http_requests_running',
        help: 'Requests (MCP calls included) whose work is still running, whether or not their clients are still connected',
        registers: [this.registry],
        collect() {
          this.set(running());
        },
      });
    }
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const p = poolCounts(db);
        if (!p) return;
        this.set({ state: 'used' }, p.used);
        this.set({ state: 'free' }, p.free);
        this.set({ state: 'pending' }, p.pendingAcquires);
      },
    });
  }

  /** Heavy units of this process (src/access/workQueue.ts): worked on, and waiting their turn. */
  watchHeavyWork(load: () => { running: number; waiting: number }): void {
    new client.Gauge({
      name: 'heavy_units',
      help: 'Heavy units (analytics, list pages over 100 rows, export batches) being worked on and waiting their turn',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const { running, waiting } = load();
        this.set({ state: 'running' }, running);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  observe(operation: string, method: string, status: number, seconds: number, credits: number): void {
    this.requests.inc({ operation, method, status: String(status) });
    this.latency.observe({ operation, status: String(status) }, seconds);
    if (credits > 0) this.credits.inc({ operation }, credits);
  }

  authFailure(endpoint: 'token' | 'authorize', reason: string): void {
    this.authFailures.inc({ endpoint, reason });
  }

  /** The /system/metrics route, guarded by the token (constant-time comparison). */
  route(token: string) {
    const expected = Buffer.from(`Bearer ${token}`);
    return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      if (req.method !== 'GET' || req.path !== '/system/metrics' || !token) return next();
      const given = Buffer.from(req.get('Authorization') ?? '');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').json({ error: { code: 'UNAUTHORIZED', message: 'Metrics need the metrics token', details: null } });
        return;
      }
      res.type(this.registry.contentType).send(cluster.isWorker ? await clusterMetrics() : await this.registry.metrics());
    };
  }
}

export const METRICS_REQUEST = 'fdapi:metrics';
export const METRICS_RESPONSE = 'fdapi:metrics:res';
const CLUSTER_SCRAPE_MS = 6000;
let scrapes = 0;

/** In a worker: the aggregated metrics of every worker, from the primary (answerMetricsRequests). */
function clusterMetrics(): Promise<string> {
  const id = ++scrapes;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error('the primary did not answer the metrics request')), CLUSTER_SCRAPE_MS);
    const onMessage = (m: { type?: string; id?: number; text?: string; error?: string }) => {
      if (m?.type === METRICS_RESPONSE && m.id === id) finish(m.error ? new Error(m.error) : null, m.text ?? '');
    };
    const finish = (err: Error | null, text = '') => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (err) reject(err);
      else resolve(text);
    };
    process.on('message', onMessage);
    process.send!({ type: METRICS_REQUEST, id });
  });
}

/** In the primary: answer workers' scrape requests with every worker's metrics aggregated. */
export function answerMetricsRequests(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, m: { type?: string; id?: number }) => {
    if (m?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: METRICS_RESPONSE, id: m.id, text }),
      (err: Error) => worker.isConnected() && worker.send({ type: METRICS_RESPONSE, id: m.id, error: err.message }),
    );
  });
}
