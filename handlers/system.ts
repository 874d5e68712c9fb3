/**
 * System: the public probes, the published OpenAPI document and the root's pointer to them. `/system/health` is the public
 * probe (database and draining); for an orchestrator, `/system/ready` adds the migrations and
 * `/system/live` says only that the process answers (no database: an outage is no reason to
 * restart it).
 */
import fs from 'node:fs';
import YAML from 'yaml';
import { publishedDocument } from '../src/http/docs.js';
import { pendingMigrations } from '../src/db/migrate.js';
import { ping, probeDb } from '../src/db/probe.js';
import { now } from '../src/config.js';
import { ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { LATEST_VERSION } from '../src/versions/table.js';

const HEALTH_TIMEOUT_MS = 1000;

const withTimeout = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<never>((_r, reject) => setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS).unref())]);

async function probeDatabase(ctx: Ctx): Promise<{ status: 'up' | 'down'; latency_ms: number | null }> {
  const started = performance.now();
  try {
    // on a connection of the probes' own: a pool busy with slow requests is no database outage
    await withTimeout(ping(ctx.deps.db));
  } catch {
    return { status: 'down', latency_ms: null };
  }
  return { status: 'up', latency_ms: Math.round((performance.now() - started) * 100) / 100 };
}

/** Databases whose migrations were all seen applied: a process need not look again (they are never undone under it). */
const migrationsCurrent = new WeakSet<object>();

async function probeMigrations(ctx: Ctx): Promise<{ status: 'current' | 'pending' | 'unknown'; pending: string[] }> {
  if (migrationsCurrent.has(ctx.deps.db)) return { status: 'current', pending: [] };
  try {
    const pending = await withTimeout(pendingMigrations(probeDb(ctx.deps.db)));
    if (pending.length === 0) migrationsCurrent.add(ctx.deps.db);
    return { status: pending.length === 0 ? 'current' : 'pending', pending };
  } catch {
    return { status: 'unknown', pending: [] };
  }
}

const draining = (ctx: Ctx) => ctx.deps.lifecycle?.draining === true;

export const systemHandlers: HandlerMap = {
  getHealth: async (ctx) => {
    const database = await probeDatabase(ctx);
    const status = draining(ctx) ? 'draining' : database.status === 'up' ? 'ok' : 'unavailable';
    return {
      status: status === 'ok' ? 200 : 503,
      body: { status, database, version: LATEST_VERSION, time: now(ctx.deps.cfg).toISOString() },
    };
  },
  getReadiness: async (ctx) => {
    const [database, migrations] = await Promise.all([probeDatabase(ctx), probeMigrations(ctx)]);
    const ready = database.status === 'up' && migrations.status === 'current';
    const status = draining(ctx) ? 'draining' : ready ? 'ready' : 'not_ready';
    return { status: status === 'ready' ? 200 : 503, body: { status, database, migrations } };
  },
  getLiveness: async (ctx) => ({
    status: 200,
    body: { status: 'alive', draining: draining(ctx), uptime_s: Math.round(process.uptime() * 10) / 10 },
  }),
};

/** The published document (src/http/docs.ts), kept per base URL, as JSON and YAML. */
let published: { json: Record<string, unknown>; yaml: string; baseUrl: string } | null = null;

function publishedOnce(baseUrl: string, authUrl: string, at: Date) {
  if (published?.baseUrl === baseUrl) return published;
  const doc = publishedDocument(baseUrl, authUrl, at);
  published = { json: doc, yaml: YAML.stringify(doc, { lineWidth: 0 }), baseUrl };
  return published;
}

export const documentHandlers: HandlerMap = {
  // a browser opening the bare host lands on the reference; a program learns where things are
  getRoot: async (ctx) => {
    if (ctx.req.accepts(['application/json', 'text/html']) === 'text/html') {
      return { status: 302, body: '', headers: { Location: '/docs' }, contentType: 'text/plain; charset=utf-8' };
    }
    const { baseUrl, authUrl } = ctx.deps.cfg;
    return ok('getRoot', {
      name: 'Funding Data API',
      docs: `${baseUrl}/docs`,
      openapi: `${baseUrl}/openapi.json`,
      health: `${baseUrl}/system/health`,
      token_url: `${authUrl}/oauth/token`,
    });
  },
  getOpenApiJson: async (ctx) => ({ status: 200, body: publishedOnce(ctx.deps.cfg.baseUrl, ctx.deps.cfg.authUrl, now(ctx.deps.cfg)).json }),
  getOpenApiYaml: async (ctx) => ({
    status: 200,
    body: publishedOnce(ctx.deps.cfg.baseUrl, ctx.deps.cfg.authUrl, now(ctx.deps.cfg)).yaml,
    contentType: 'application/yaml; charset=utf-8',
  }),
};
