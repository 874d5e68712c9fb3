/** System: the public health probe. */
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
