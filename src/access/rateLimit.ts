/**
 * Rate limits (openapi.yaml `RateLimited`, docs/scaling.md): a token bucket per client. `capacity` requests may
 * burst; the bucket refills at `perSecond`. In memory for one process; in the database
 * (RATE_LIMIT_STORE=postgres) when several processes share one limit. Headers follow the IETF
 * RateLimit header draft: `RateLimit-Policy: <capacity>;w=<window>` and
 * `RateLimit: limit=<capacity>, remaining=<n>, reset=<seconds>`.
 */
import type { Knex } from 'knex';
import { takeToken, type BucketState } from '../db/rateLimits.js';
import { ApiError } from '../errors.js';

export interface RateLimitConfig {
  capacity: number;
  perSecond: number;
  store: 'memory' | 'postgres';
}

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly cfg: RateLimitConfig,
    private readonly db: Knex,
  ) {}

  private memory(clientId: string, nowMs: number): BucketState {
    const b = this.buckets.get(clientId) ?? { tokens: this.cfg.capacity, at: nowMs };
    const tokens = Math.min(this.cfg.capacity, b.tokens + ((nowMs - b.at) * this.cfg.perSecond) / 1000);
    const allowed = tokens >= 1;
    this.buckets.set(clientId, { tokens: allowed ? tokens - 1 : tokens, at: nowMs });
    if (this.buckets.size > 100_000) this.buckets.delete(this.buckets.keys().next().value!);
    return { allowed, tokens: allowed ? tokens - 1 : tokens };
  }

  /** Takes one request from the client's bucket; returns the headers, throws 429 when empty. */
  async take(clientId: string): Promise<Record<string, string>> {
    const nowMs = Date.now();
    let state: BucketState;
    if (this.cfg.store === 'postgres') {
      try {
        state = await takeToken(this.db, clientId, this.cfg.capacity, this.cfg.perSecond, nowMs);
      } catch {
        throw new ApiError('SERVICE_UNAVAILABLE', 'The rate limit cannot be checked right now; retry with backoff');
      }
    } else state = this.memory(clientId, nowMs);
    const window = Math.ceil(this.cfg.capacity / this.cfg.perSecond);
    const remaining = Math.max(0, Math.floor(state.tokens));
    const reset = state.allowed ? Math.ceil((this.cfg.capacity - state.tokens) / this.cfg.perSecond) : Math.ceil((1 - state.tokens) / this.cfg.perSecond);
    const headers = {
      'RateLimit-Policy': `${this.cfg.capacity};w=${window}`,
      RateLimit: `limit=${this.cfg.capacity}, remaining=${remaining}, reset=${Math.max(0, reset)}`,
    };
    if (!state.allowed) {
      throw new ApiError('RATE_LIMITED', `Rate limit exceeded; retry after ${Math.max(1, reset)} seconds`, null, {
        headers: { ...headers, 'Retry-After': String(Math.max(1, reset)) },
      });
    }
    return headers;
  }
}
