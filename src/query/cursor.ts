/**
 * Opaque list cursors (DESIGN.md "Cursors"): base64url JSON + HMAC-SHA256 signature, bound to the
 * resolved sort, the normalised filter and, for nested lists, the parent. Decoding checks the
 * signature in constant time and every field's shape; every failure is a VALIDATION_ERROR with
 * SPEC.md's restart messages.
 */
import crypto from 'node:crypto';
import { ApiError } from '../errors.js';

export interface CursorPayload {
  v: 1;
  sort: string;
  filter: string;
  parent: string | null;
  dir: 'next' | 'prev';
  key: (string | number | null)[];
  offset: number;
  limit: number;
  /** The API version that minted it. */
  ver?: string;
}

const MAX_LENGTH = 2048;

const sign = (data: string, secret: string) => crypto.createHmac('sha256', secret).update(data).digest();

function invalid(message: string): ApiError {
  return new ApiError('VALIDATION_ERROR', message, [{ path: 'query.cursor', message }]);
}

export function encodeCursor(payload: CursorPayload, secret: string): string {
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(data, secret).toString('base64url')}`;
}

function isPayload(p: unknown): p is CursorPayload {
  const c = p as CursorPayload;
  return (
    !!c && typeof c === 'object' && c.v === 1 && typeof c.sort === 'string' && typeof c.filter === 'string' &&
    (c.parent === null || typeof c.parent === 'string') && (c.dir === 'next' || c.dir === 'prev') &&
    Array.isArray(c.key) && c.key.every((k) => k === null || typeof k === 'string' || typeof k === 'number') &&
    Number.isSafeInteger(c.offset) && c.offset >= 0 && Number.isSafeInteger(c.limit) && c.limit >= 1 && c.limit <= 5000 &&
    (c.ver === undefined || typeof c.ver === 'string')
  );
}

export function decodeCursor(token: string, secret: string, expect: { sort: string; filter: string; parent?: string | null }): CursorPayload {
  const restart = 'Invalid cursor; restart from the first page';
  if (typeof token !== 'string' || token.length > MAX_LENGTH) throw invalid(restart);
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw invalid(restart);
  // compare the canonical text (base64url's last character carries unused bits)
  const expected = Buffer.from(sign(m[1]!, secret).toString('base64url'));
  const given = Buffer.from(m[2]!);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw invalid(restart);
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8'));
  } catch {
    throw invalid(restart);
  }
  if (!isPayload(payload)) throw invalid(restart);
  if (payload.key.length !== expect.sort.split(',').length || payload.sort !== expect.sort) {
    throw invalid('Invalid cursor for this sort order; restart from the first page');
  }
  if (payload.filter !== expect.filter) throw invalid('Cursor bound to a different filter; restart from the first page');
  if ((payload.parent ?? null) !== (expect.parent ?? null)) {
    throw invalid('Cursor belongs to a different parent record; restart from the first page');
  }
  return payload;
}
