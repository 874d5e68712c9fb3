/**
 * A small typed client for the Funding Data API, on openapi-fetch and the types generated from
 * openapi.yaml: token exchange with caching and refresh before expiry (or a fixed token, e.g. for
 * a Prism mock), X-Client-Id, API-Version pinning, retries with backoff on 429 (honouring
 * Retry-After) and, for idempotent methods and POSTs (each sent with an `Idempotency-Key`) only, on
 * 5xx and network errors, and an async iterator
 * over cursor pages, a changed-since walk (`changedSince`), a reader of streamed exports (`exportRows`),
 * the change feed (`changes`) and webhook verification (`verifyWebhook`, ./webhooks.ts).
 * Error answers become a typed `FundingApiError` (`unwrap`).
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../generated/api.js';

/** `details` of an error answer: null, the problems of a `VALIDATION_ERROR` (a list), or facts about the error. */
export type ErrorDetails = components['schemas']['ApiErrorDetails'];

/** An error answer of the API (openapi.yaml, `ApiError`): switch on `code`, not on `message`. */
export class FundingApiError extends Error {
  readonly name = 'FundingApiError';

  constructor(
    readonly status: number,
    /** The error code (`NOT_FOUND`, `VALIDATION_ERROR`, ...); null when the body was not the error envelope. */
    readonly code: string | null,
    message: string,
    readonly details: ErrorDetails,
    /** `X-Request-Id` of the answer, which identifies it in the service's logs. */
    readonly requestId: string | null,
  ) {
    super(`${status} ${code ?? 'error'}: ${message}`);
  }

  /** The error of an answer from its parsed body (openapi-fetch's `error`), whatever shape that body has. */
  static from(response: Response, body: unknown): FundingApiError {
    const e = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
    const envelope = typeof e?.code === 'string' && typeof e.message === 'string';
    const text = typeof body === 'string' ? body.slice(0, 200) : `HTTP ${response.status}`;
    return new FundingApiError(
      response.status,
      envelope ? (e.code as string) : null,
      envelope ? (e.message as string) : text,
      envelope ? ((e.details ?? null) as ErrorDetails) : null,
      response.headers.get('X-Request-Id'),
    );
  }
}

/**
 * The data of an openapi-fetch result, or a thrown `FundingApiError` for an error answer.
 *   const { data: round } = unwrap(await api.GET('/data/transactions/{id}', { params: { path: { id: '42' } } }));
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw FundingApiError.from(result.response, result.error ?? null);
}

interface CommonOptions {
  baseUrl: string;
  /** Pin an API version (`YYYY-MM-DD`). */
  apiVersion?: string;
  /** Retries of one request (default 3). */
  maxRetries?: number;
  /** A 429 whose Retry-After is longer than this is returned instead of waited for (default 60). */
  maxRetryAfterSeconds?: number;
  fetch?: typeof fetch;
}

/** A key: the token is exchanged at `{authUrl}/oauth/token` and cached. */
export interface KeyOptions extends CommonOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  audience?: string;
  /** Refresh the token this many seconds before it expires (default 60). */
  refreshSkewSeconds?: number;
  token?: undefined;
}

/** A fixed token (a browser-app token, or any string for a mock such as Prism): no exchange. */
export interface StaticTokenOptions extends CommonOptions {
  token: string;
  /** Sent as `X-Client-Id` when given. */
  clientId?: string;
}

export type ClientOptions = KeyOptions | StaticTokenOptions;

export class TokenCache {
  private token: string | null = null;
  private expiresAt = 0;
  private inflight: Promise<string> | null = null;

  constructor(private readonly o: KeyOptions) {}

  async get(): Promise<string> {
    const skew = (this.o.refreshSkewSeconds ?? 60) * 1000;
    if (this.token && Date.now() < this.expiresAt - skew) return this.token;
    this.inflight ??= this.exchange().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** Forgets `token` if it is the cached one (revoked or expired early), so the next `get` exchanges anew. */
  invalidate(token: string): void {
    if (this.token === token) this.token = null;
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

/** Methods that may be sent twice: a 5xx or a dropped connection after one of these is retried. */
export const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** Delay before retry `attempt` (0-based): Retry-After when given, else exponential backoff with jitter. */
export function retryDelay(attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : NaN;
  if (!Number.isNaN(seconds)) return seconds * 1000;
  return Math.min(8000, 250 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

/**
 * Whether to retry after `res` (or after a network error when `res` is null), and after how long
 * (ms); null hands the answer to the caller. A 429 was not acted on, so every method is retried;
 * a 5xx or a lost connection may come after the server acted, so PATCH and a POST without an
 * `Idempotency-Key` (`keyed`) are not repeated then (they could create or change twice), except when
 * the connection was refused outright. A keyed POST is run once by the server whatever the retries,
 * and its 409 with Retry-After (the first attempt still running) is waited out.
 */
export function retryAfterMs(
  attempt: number,
  method: string,
  res: Response | null,
  error: unknown,
  o: { maxRetries?: number; maxRetryAfterSeconds?: number; keyed?: boolean } = {},
): number | null {
  if (attempt >= (o.maxRetries ?? 3)) return null;
  const keyedPost = o.keyed === true && method.toUpperCase() === 'POST';
  const idempotent = IDEMPOTENT_METHODS.has(method.toUpperCase()) || keyedPost;
  if (res?.status === 409 && keyedPost && res.headers.has('Retry-After')) return retryDelay(attempt, res.headers.get('Retry-After'));
  if (res === null) {
    const refused = (error as { cause?: { code?: string } } | undefined)?.cause?.code === 'ECONNREFUSED';
    return idempotent || refused ? retryDelay(attempt, null) : null;
  }
  if (res.status === 429) {
    const wait = retryDelay(attempt, res.headers.get('Retry-After'));
    return wait <= (o.maxRetryAfterSeconds ?? 60) * 1000 ? wait : null;
  }
  if (res.status >= 500 && idempotent) return retryDelay(attempt, res.headers.get('Retry-After'));
  return null;
}

export function createFundingClient(o: ClientOptions) {
  const fixed = o.token;
  const tokens = fixed === undefined ? new TokenCache(o as KeyOptions) : null;
  const baseFetch = o.fetch ?? fetch;
  // retries wrap the transport so every call (and every page) gets them
  const retryingFetch = async (input: Request): Promise<Response> => {
    // every POST carries an Idempotency-Key (the caller's, else a new one), the same on each retry
    if (input.method.toUpperCase() === 'POST' && !input.headers.has('Idempotency-Key')) input.headers.set('Idempotency-Key', crypto.randomUUID());
    const keyed = input.headers.has('Idempotency-Key');
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      let res: Response | null = null;
      let error: unknown;
      try {
        res = await baseFetch(input.clone());
      } catch (e) {
        error = e;
      }
      // a token revoked or expired early: one fresh exchange, then the answer stands
      if (res?.status === 401 && tokens && !refreshed) {
        refreshed = true;
        tokens.invalidate((input.headers.get('Authorization') ?? '').replace(/^Bearer /, ''));
        input.headers.set('Authorization', `Bearer ${await tokens.get()}`);
        await res.body?.cancel();
        attempt--; // a refresh does not count as a retry
        continue;
      }
      const wait = retryAfterMs(attempt, input.method, res, error, { ...o, keyed });
      if (wait === null) {
        if (res === null) throw error;
        return res;
      }
      await res?.body?.cancel();
      await sleep(wait);
    }
  };
  // JSON answers only in the typed results: the NDJSON export is read by `exportRows`
  const client = createClient<paths, 'application/json'>({ baseUrl: o.baseUrl, fetch: retryingFetch });
  const auth: Middleware = {
    async onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${tokens ? await tokens.get() : fixed}`);
      if (o.clientId) request.headers.set('X-Client-Id', o.clientId);
      if (o.apiVersion && !request.headers.has('API-Version')) request.headers.set('API-Version', o.apiVersion);
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
  page: (cursor: string | undefined) => Promise<{ data?: { data: T[]; page: { next_cursor: string | null } }; error?: unknown; response: Response }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const data = unwrap(await page(cursor));
    yield* data.data;
    cursor = data.page.next_cursor ?? undefined;
  } while (cursor);
}

/** The `/data` lists a partner keeps a copy of: each has `updated_at` and an export operation (`/data/exports/...`). */
export type SyncPath =
  | '/data/transactions'
  | '/data/companies'
  | '/data/entities'
  | '/data/investors'
  | '/data/universities'
  | '/data/gov-ngo'
  | '/data/people'
  | '/data/founders'
  | '/data/funds'
  | '/data/valuations'
  | '/data/jobs'
  | '/data/news';

/** The export operation of list `P` (`exportTransactions` for `/data/transactions`). */
export type ExportPath<P extends SyncPath> = P extends `/data/${infer L}` ? `/data/exports/${L}` : never;
type ExportQuery<P extends SyncPath> = NonNullable<paths[ExportPath<P>]['get']['parameters']['query']>;
/** A row of list `P`, as its JSON page and its export give it. */
export type SyncRow<P extends SyncPath> = paths[P]['get']['responses'][200]['content']['application/json']['data'][number];

/**
 * Every row of `path` changed after `since` (an ISO 8601 instant), oldest change first, soft-deleted
 * rows included (with `deleted_at` set) on lists that have them. Keep the last row's `updated_at`
 * as the next walk's `since`.
 *   for await (const t of changedSince(api, '/data/transactions', last)) ...
 */
export function changedSince<P extends SyncPath>(
  client: FundingClient,
  path: P,
  since: string,
  o: { filter?: string; limit?: number; includeDeleted?: boolean } = {},
): AsyncGenerator<SyncRow<P>> {
  const changed = `updated_at[gt]:${since}`;
  const query = {
    filter: o.filter ? `and(${changed},${o.filter})` : changed,
    sort: 'updated_at',
    limit: o.limit ?? 500,
    ...(path === '/data/transactions' && o.includeDeleted !== false ? { include_deleted: true } : {}),
  };
  const get = client.GET as unknown as (p: string, init: unknown) => Promise<{ data?: { data: SyncRow<P>[]; page: { next_cursor: string | null } }; error?: unknown; response: Response }>;
  return paginate((cursor) => get(path, { params: { query: { ...query, cursor } } }));
}

/** The trailer line of an export: how many rows were sent and whether that was all of them. */
export interface ExportTrailer {
  rows: number;
  complete: boolean;
  credits: number;
  error?: { code: string; message: string; details: unknown };
}

/** An export that ended before its last row (credits ran out, a plan's depth, a lost connection). */
export class ExportIncomplete extends Error {
  constructor(
    message: string,
    readonly trailer: ExportTrailer | null,
  ) {
    super(message);
  }
}

/**
 * The rows of list `path` from its export operation (`/data/exports/...`, NDJSON), one at a time as
 * they arrive: every row matching `query`'s filter and sort, no paging. Throws ExportIncomplete after
 * the last row when the trailer says the export is incomplete or when the stream ends without one.
 */
export async function* exportRows<P extends SyncPath>(client: FundingClient, path: P, query: Omit<ExportQuery<P>, 'format'> = {} as never): AsyncGenerator<SyncRow<P>> {
  const get = client.GET as unknown as (p: string, init: unknown) => Promise<{ data?: ReadableStream<Uint8Array> | null; error?: unknown; response: Response }>;
  const exported = path.replace(/^\/data\//, '/data/exports/');
  const { data, error, response } = await get(exported, { params: { query: { ...query, format: 'ndjson' } }, parseAs: 'stream' });
  if (error || !data || !response.ok) throw FundingApiError.from(response, error ?? null);
  const reader = data.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let trailer: ExportTrailer | null = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (line === '') continue;
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if ('_export' in parsed) trailer = parsed._export as ExportTrailer;
        else yield parsed as SyncRow<P>;
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (!trailer) throw new ExportIncomplete('the export ended without its trailer line (connection lost)', null);
  if (!trailer.complete) throw new ExportIncomplete(`the export ended after ${trailer.rows} rows: ${trailer.error?.code ?? 'incomplete'}`, trailer);
}

export { verifyWebhook, WebhookVerificationError, type WebhookEvent } from './webhooks.js';

type ChangesQuery = NonNullable<paths['/data/changes']['get']['parameters']['query']>;
export type Change = paths['/data/changes']['get']['responses'][200]['content']['application/json']['data'][number];

/**
 * Every change of the change feed after `after` (or from `from`: 'oldest' or 'latest'), in commit
 * order, until the feed's end; `onPosition` gets each page's `next_after` once its changes were
 * yielded: store it and resume from it with `after`.
 *   for await (const c of changes(api, { after: saved, onPosition: save })) ...
 */
export async function* changes(
  client: FundingClient,
  o: Omit<ChangesQuery, 'after' | 'from'> & { after?: string; from?: 'oldest' | 'latest'; onPosition?: (after: string) => void | Promise<void> } = {},
): AsyncGenerator<Change> {
  const { after: start, from, onPosition, ...query } = o;
  let after = start;
  for (;;) {
    const { data, error } = await client.GET('/data/changes', { params: { query: { ...query, ...(after === undefined ? { from: from ?? 'oldest' } : { after }) } } });
    if (error || !data) throw new Error(`change feed request failed: ${JSON.stringify(error)}`);
    yield* data.data;
    after = data.page.next_after;
    await onPosition?.(after);
    if (!data.page.has_more) return;
  }
}
