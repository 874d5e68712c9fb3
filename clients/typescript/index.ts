/**
 * A small typed client for the Funding Data API, on openapi-fetch and the types generated from
 * openapi.yaml: token exchange with caching and refresh before expiry, X-Client-Id, API-Version
 * pinning, retries with backoff on 429 (honouring Retry-After) and 5xx, and an async iterator
 * over cursor pages.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../generated/api.js';

export interface ClientOptions {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  audience?: string;
  /** Pin an API version (`YYYY-MM-DD`). */
  apiVersion?: string;
  /** Retries on 429 and 5xx (default 3). */
  maxRetries?: number;
  /** Refresh the token this many seconds before it expires (default 60). */
  refreshSkewSeconds?: number;
  fetch?: typeof fetch;
}

export class TokenCache {
  private token: string | null = null;
  private expiresAt = 0;
  private inflight: Promise<string> | null = null;

  constructor(private readonly o: ClientOptions) {}

  async get(): Promise<string> {
    const skew = (this.o.refreshSkewSeconds ?? 60) * 1000;
    if (this.token && Date.now() < this.expiresAt - skew) return this.token;
    this.inflight ??= this.exchange().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async exchange(): Promise<string> {
    const f = this.o.fetch ?? fetch;
    const res = await f(`${this.o.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: this.o.clientId,
        client_secret: this.o.clientSecret,
        audience: this.o.audience ?? 'urn:funding-data-api',
        grant_type: 'client_credentials',
      }),
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; error_description?: string };
    if (!res.ok || !body.access_token) throw new Error(`token exchange failed (${res.status}): ${body.error_description ?? 'unknown error'}`);
    this.token = body.access_token;
    this.expiresAt = Date.now() + (body.expires_in ?? 3600) * 1000;
    return this.token;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Delay before retry `attempt` (0-based): Retry-After when given, else exponential backoff with jitter. */
export function retryDelay(attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : NaN;
  if (!Number.isNaN(seconds)) return seconds * 1000;
  return Math.min(8000, 250 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

export function createFundingClient(o: ClientOptions) {
  const tokens = new TokenCache(o);
  const baseFetch = o.fetch ?? fetch;
  const maxRetries = o.maxRetries ?? 3;
  // retries wrap the transport so every call (and every page) gets them
  const retryingFetch = async (input: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const res = await baseFetch(input.clone());
      const retriable = res.status === 429 || res.status >= 500;
      if (!retriable || attempt >= maxRetries) return res;
      await sleep(retryDelay(attempt, res.headers.get('Retry-After')));
    }
  };
  const client = createClient<paths>({ baseUrl: o.baseUrl, fetch: retryingFetch });
  const auth: Middleware = {
    async onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${await tokens.get()}`);
      request.headers.set('X-Client-Id', o.clientId);
      if (o.apiVersion) request.headers.set('API-Version', o.apiVersion);
      return request;
    },
  };
  client.use(auth);
  return client;
}

export type FundingClient = ReturnType<typeof createFundingClient>;

/**
 * Iterates every row of a cursor-paged list: calls `page(cursor)` until `page.next_cursor` is null.
 *   for await (const t of paginate((cursor) => client.GET('/data/transactions', { params: { query: { cursor } } }))) ...
 */
export async function* paginate<T>(
  page: (cursor: string | undefined) => Promise<{ data?: { data: T[]; page: { next_cursor: string | null } }; error?: unknown }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const { data, error } = await page(cursor);
    if (error || !data) throw new Error(`list request failed: ${JSON.stringify(error)}`);
    yield* data.data;
    cursor = data.page.next_cursor ?? undefined;
  } while (cursor);
}
