/**
 * The same-work baseline: `node:http` doing exactly the product's work per request, with no
 * framework (no Express, no openapi-backend routing or validation). Per request: the same bearer
 * token verified by the same Authenticator (its verified-token and key-status caches included),
 * the same rate-limit bucket, the same credit decrement before the work and settlement after it
 * (usage counted by the same buffer), the same SQL and serialisers (routes.ts, shared with the bare
 * baseline), the same entity tag and 304 for a current If-None-Match (src/http/caching.ts), and the
 * request log stage's work (request id, the fixed response headers, the request's metrics).
 * ours / same-work is therefore the framework's cost, same-work / bare the product's.
 *
 * Forked by run.ts with our server's environment (serverEnv) plus ISSUER, the issuer of the token the
 * bench uses (our server's identity provider listens on a port chosen at start).
 */
import http from 'node:http';
import pino from 'pino';
import { isMetered, reserve, settle } from '../src/access/credits.js';
import { RateLimiter } from '../src/access/rateLimit.js';
import { CreditLeases } from '../src/access/leases.js';
import { loadSigningKey } from '../src/auth/signing.js';
import { Authenticator } from '../src/auth/verify.js';
import { createMeteringDb } from '../src/db/knex.js';
import { ApiError } from '../src/errors.js';
import { cachePolicy, represent } from '../src/http/caching.js';
import { Metrics } from '../src/http/metrics.js';
import { FIXED_HEADERS, requestId } from '../src/pipeline/requestLog.js';
import { toApiError } from '../src/http/errors.js';
import { resolveVersion } from '../src/versions/resolve.js';
import { cfg, db, route, serve } from './routes.js';

const log = pino({ level: 'silent' });
const auth = new Authenticator(db, cfg, await loadSigningKey(cfg.signingKeyFile));
const metering = createMeteringDb(cfg, db);
const leases = new CreditLeases(metering, log, cfg.creditLeases);
const limiter = new RateLimiter(cfg.rateLimit, metering);
const metrics = new Metrics(db);
const FIXED = Object.fromEntries(FIXED_HEADERS);

/** The scope and operation of each bench path (what openapi.yaml declares for them). */
function operation(path: string): { id: string; scope: string; template: string } | null {
  if (/^\/data\/transactions\/\d+$/.test(path)) return { id: 'getTransaction', scope: 'read:transactions', template: '/data/transactions/{id}' };
  if (path === '/data/transactions') return { id: 'listTransactions', scope: 'read:transactions', template: path };
  if (/^\/data\/companies\/[0-9a-fA-F-]{36}$/.test(path)) return { id: 'getCompany', scope: 'read:entities', template: '/data/companies/{id}' };
  if (path === '/data/founders') return { id: 'listFounders', scope: 'read:founders', template: path };
  if (path === '/data/search') return { id: 'searchEntities', scope: 'read:entities', template: path };
  if (path.startsWith('/analytics/funding-analytics/')) return { id: path.endsWith('heatmap') ? 'getFundingHeatmap' : 'getFundingFunnel', scope: 'read:analytics', template: path };
  return null;
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse, id: string): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const version = resolveVersion(req.headers['api-version'] as string | undefined, new Date());
  const op = operation(url.pathname);
  if (!op) throw new ApiError('NOT_FOUND', `No endpoint ${url.pathname}`);
  const principal = await auth.authenticate(req.headers, [op.scope]);
  const limits = await limiter.take(principal.clientId ?? `user:${principal.sub}`);
  const metered = isMetered(principal, url.pathname);
  const ifNoneMatch = req.headers['if-none-match'];
  const chargeFirst = metered && ifNoneMatch === undefined;
  const ticket = chargeFirst ? await reserve(leases, principal.teamId, op.id, 1, new Date()) : null;
  let status = 500;
  let body: unknown;
  try {
    [status, body] = await route(url);
  } finally {
    if (chargeFirst) void settle(metering, leases, log, ticket!, status < 400, new Date());
  }
  const policy = cachePolicy('get', op.template);
  const rep = policy && status === 200 ? represent(policy, { status, body }, version.date, ifNoneMatch) : null;
  let credits = chargeFirst && status < 400 ? 1 : 0;
  if (metered && !chargeFirst && status < 400 && !rep?.notModified) {
    const late = await reserve(leases, principal.teamId, op.id, 1, new Date());
    void settle(metering, leases, log, late, true, new Date());
    credits = 1;
  }
  const headers: Record<string, string | number> = { ...FIXED, 'X-Request-Id': id, ...limits, 'API-Version': version.date, 'X-Credits-Used': String(credits) };
  if (rep?.notModified) {
    res.writeHead(304, { ...headers, ...rep.headers });
    res.end();
    return;
  }
  const text = rep ? rep.payload : JSON.stringify(body);
  res.writeHead(status, { ...headers, ...(rep?.headers ?? {}), 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

serve(
  (req, res) => {
    const started = performance.now();
    const id = requestId(req.headers['x-request-id'] as string | undefined);
    res.on('close', () => metrics.observe('bench', req.method ?? 'GET', res.statusCode, (performance.now() - started) / 1000, 1));
    answer(req, res, id).catch((err: unknown) => {
      const e = toApiError(err);
      const text = JSON.stringify(e.toBody());
      res.writeHead(e.status, { ...FIXED, 'X-Request-Id': id, ...e.headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    });
  },
  () => leases.close().then(() => (metering !== db ? metering.destroy() : undefined)),
);
