/** System: the public health probe and the published OpenAPI document. */
import fs from 'node:fs';
import YAML from 'yaml';
import { loadDocument } from '../src/app.js';
import { ping } from '../src/db/reference.js';
import { now } from '../src/config.js';
import type { HandlerMap } from '../src/http/context.js';
import { LATEST_VERSION } from '../src/versions/table.js';

const HEALTH_TIMEOUT_MS = 1000;

export const systemHandlers: HandlerMap = {
  getHealth: async (ctx) => {
    const started = performance.now();
    let up = true;
    try {
      await Promise.race([
        ping(ctx.deps.db),
        new Promise((_r, reject) => setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS).unref()),
      ]);
    } catch {
      up = false;
    }
    const latency = Math.round((performance.now() - started) * 100) / 100;
    return {
      status: up ? 200 : 503,
      body: {
        status: up ? 'ok' : 'unavailable',
        database: { status: up ? 'up' : 'down', latency_ms: up ? latency : null },
        version: LATEST_VERSION,
        time: now(ctx.deps.cfg).toISOString(),
      },
    };
  },
};

/** The published document: the repository's openapi.yaml with `servers` set to this deployment. */
let published: { json: Record<string, unknown>; yaml: string; baseUrl: string } | null = null;

function publishedDocument(baseUrl: string, authUrl: string, at: Date) {
  if (published?.baseUrl === baseUrl) return published;
  const doc = loadDocument(at) as Record<string, any>;
  doc.servers = [{ url: baseUrl, description: 'This deployment' }];
  const flow = doc.components?.securitySchemes?.oauth2?.flows?.clientCredentials;
  if (flow) flow.tokenUrl = `${authUrl}/oauth/token`;
  published = { json: doc, yaml: YAML.stringify(doc, { lineWidth: 0 }), baseUrl };
  return published;
}

export const documentHandlers: HandlerMap = {
  getOpenApiJson: async (ctx) => ({ status: 200, body: publishedDocument(ctx.deps.cfg.baseUrl, ctx.deps.cfg.authUrl, now(ctx.deps.cfg)).json }),
  getOpenApiYaml: async (ctx) => ({
    status: 200,
    body: publishedDocument(ctx.deps.cfg.baseUrl, ctx.deps.cfg.authUrl, now(ctx.deps.cfg)).yaml,
    contentType: 'application/yaml; charset=utf-8',
  }),
};
