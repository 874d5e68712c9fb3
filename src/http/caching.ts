/**
 * HTTP caching of GET answers: a strong `ETag` over the exact bytes sent, `Last-Modified` from the
 * rows' `updated_at`, `Cache-Control` by kind of data, and `304 Not Modified` for a current
 * `If-None-Match`. A revalidation that answers 304 is not charged (the client already holds the
 * data), but needs the credits of the call like any other (src/pipeline/metering.ts).
 */
import crypto from 'node:crypto';
import type { Result } from './context.js';
import { bodyBytes } from './rawJson.js';

/** How long reference data and this API's own documents may be reused without asking (seconds):
 * they change with a deployment or a re-seed, not between requests. */
export const PUBLIC_MAX_AGE = 3600;

export type CachePolicy = 'public' | 'private';

const PUBLIC = /^\/(reference\/|openapi\.(json|yaml)$)/;

/**
 * The policy of a GET operation's 200 answer, by its path template; null for the probes (their
 * answer is the state of this instant) and for every other method.
 */
export function cachePolicy(method: string, pathTemplate: string): CachePolicy | null {
  if (method.toLowerCase() !== 'get' || pathTemplate.startsWith('/system/')) return null;
  return PUBLIC.test(pathTemplate) ? 'public' : 'private';
}

/**
 * `If-None-Match` lists the tag (weak comparison, RFC 9110 13.1.2). `*` names no copy the client
 * holds: on a GET it would only ask whether the resource exists (or a filter matches), which is
 * the data itself, so it is read as no validator and the answer is sent (and charged) in full.
 */
export function matches(ifNoneMatch: string, tag: string): boolean {
  const wanted = ifNoneMatch.trim();
  for (const part of wanted.split(',')) {
    const t = part.trim();
    if ((t.startsWith('W/') ? t.slice(2) : t) === tag) return true;
  }
  return false;
}

const isoOf = (row: unknown): number | null => {
  const at = row && typeof row === 'object' ? (row as { updated_at?: unknown }).updated_at : undefined;
  if (typeof at !== 'string') return null;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? null : ms;
};

/** The latest `updated_at` of a record (`data` an object) or of every row of a page (`data` an array). */
function lastModified(body: unknown): number | null {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return isoOf(data);
  let latest: number | null = null;
  for (const row of data) {
    const ms = isoOf(row);
    if (ms === null) return null;
    latest = latest === null || ms > latest ? ms : latest;
  }
  return latest;
}

export interface Representation {
  /** The body to send, as its bytes (serialised and encoded once; the tag is over these bytes). */
  payload: Buffer;
  contentType: string;
  headers: Record<string, string>;
  /** The request's `If-None-Match` names this representation: answer 304 without a body. */
  notModified: boolean;
}

/**
 * Serialises a 200 answer and describes it for caches. The tag covers the API version too: a
 * pinned client's answer may carry other headers (Deprecation) for the same bytes.
 */
export function represent(policy: CachePolicy, result: Result, version: string, ifNoneMatch: string | undefined): Representation {
  const contentType = result.contentType ?? 'application/json; charset=utf-8';
  const payload = result.contentType ? Buffer.from(String(result.body)) : bodyBytes(result.body);
  const digest = crypto.createHash('sha256').update(version).update('\0').update(payload).digest('base64url');
  const tag = `"${digest.slice(0, 32)}"`;
  const headers: Record<string, string> = {
    ETag: tag,
    'Cache-Control': policy === 'public' ? `public, max-age=${PUBLIC_MAX_AGE}` : 'private, no-cache',
    // the same URL answers other bytes for another version, and private data for another caller
    Vary: policy === 'public' ? 'API-Version' : 'Authorization, API-Version',
  };
  const modified = result.contentType ? null : lastModified(result.body);
  if (modified !== null) headers['Last-Modified'] = new Date(modified).toUTCString();
  return { payload, contentType, headers, notModified: ifNoneMatch !== undefined && matches(ifNoneMatch, tag) };
}
