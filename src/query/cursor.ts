/**
 * Opaque list cursors (openapi.yaml `Cursor`): `base64url(JSON) "." base64url(HMAC-SHA256)`,
 * URL-safe, signed with a key derived from the server secret and the operation, bound to the
 * operation, the resolved sort, the normalised filter and, for nested lists, the parent record.
 *
 * The token carries a digest of the filter rather than its text, so a cursor stays short (well under
 * MAX_CURSOR_LENGTH) even for a 4096-character filter. Decoding checks the length, the form, the
 * signature (constant time), the shape of every field and then the bindings; whatever the input, it
 * throws nothing but `ApiError('VALIDATION_ERROR')` with messages that say how to restart the list.
 */
import crypto from 'node:crypto';
import { ApiError } from '../errors.js';

export type CursorKeyValue = string | number | null;

export interface CursorPayload {
  v: 1;
  /** The resolved sort, e.g. `-date,id`. */
  sort: string;
  /** The normalised filter (`printFilter`), or "". */
  filter: string;
  /** The parent record of a nested list, else null. */
  parent: string | null;
  dir: 'next' | 'prev';
  /** Keyset values of the boundary row, one per sort key (the id included). */
  key: CursorKeyValue[];
  /** Position of the first row of the page the cursor leads to. */
  offset: number;
  limit: number;
  /** The API version that minted it. */
  ver?: string;
}

export interface CursorBinding {
  sort: string;
  filter: string;
  parent?: string | null;
}

/** Longest token accepted (the `cursor` parameter's maxLength in openapi.yaml). */
export const MAX_CURSOR_LENGTH = 2048;
const MAX_LIMIT = 5000;

export const CURSOR_MESSAGES = {
  invalid: 'Invalid cursor; restart from the first page',
  sort: 'Invalid cursor for this sort order; restart from the first page',
  filter: 'Cursor bound to a different filter; restart from the first page',
  parent: 'Cursor belongs to a different parent record; restart from the first page',
} as const;

/** What travels inside the token (short field names keep it compact). */
interface Wire {
  v: 1;
  s: string;
  f: string;
  p: string | null;
  d: 'n' | 'p';
  k: CursorKeyValue[];
  o: number;
  l: number;
  r?: string;
}

/**
 * The key that signs the cursors of one operation: a cursor minted by one list fails the signature
 * check of every other (a transactions cursor on valuations is an invalid cursor, 400), so a cursor
 * is bound to its endpoint without carrying more bytes.
 */
export function operationCursorSecret(secret: string, operationId: string): string {
  // derived once per secret and operation (every request of a list needs it; an HMAC each time was
  // a measurable part of a detail request's CPU): the operations and secrets of a process are few
  const key = `${operationId}\u0000${secret}`;
  let derived = derivedSecrets.get(key);
  if (derived === undefined) {
    derived = crypto.createHmac('sha256', secret).update(`cursor.operation.${operationId}`).digest('base64url');
    derivedSecrets.set(key, derived);
  }
  return derived;
}

const derivedSecrets = new Map<string, string>();

const TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;
/** Domain separation: this secret may sign other things too. */
const sign = (data: string, secret: string): string => crypto.createHmac('sha256', secret).update(`cursor.v1.${data}`).digest('base64url');
const digest = (text: string): string => crypto.createHash('sha256').update(text).digest('base64url').slice(0, 22);

function reject(message: string): never {
  throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.cursor', message }]);
}

export function encodeCursor(payload: CursorPayload, secret: string): string {
  const wire: Wire = {
    v: 1,
    s: payload.sort,
    f: digest(payload.filter),
    p: payload.parent,
    d: payload.dir === 'prev' ? 'p' : 'n',
    k: payload.key,
    o: payload.offset,
    l: payload.limit,
    ...(payload.ver === undefined ? {} : { r: payload.ver }),
  };
  const data = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${data}.${sign(data, secret)}`;
}

const isKeyValue = (x: unknown): x is CursorKeyValue => x === null || typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));

function isWire(w: unknown): w is Wire {
  if (typeof w !== 'object' || w === null || Array.isArray(w)) return false;
  const c = w as Record<string, unknown>;
  return (
    c.v === 1 &&
    typeof c.s === 'string' &&
    typeof c.f === 'string' &&
    (c.p === null || typeof c.p === 'string') &&
    (c.d === 'n' || c.d === 'p') &&
    Array.isArray(c.k) &&
    c.k.length > 0 &&
    c.k.every(isKeyValue) &&
    Number.isSafeInteger(c.o) &&
    (c.o as number) >= 0 &&
    Number.isSafeInteger(c.l) &&
    (c.l as number) >= 1 &&
    (c.l as number) <= MAX_LIMIT &&
    (c.r === undefined || typeof c.r === 'string')
  );
}

/** Verifies a token and its bindings; returns the payload (its `filter` is `expect.filter`). */
export function decodeCursor(token: string, secret: string, expect: CursorBinding): CursorPayload {
  if (typeof token !== 'string' || token.length > MAX_CURSOR_LENGTH) reject(CURSOR_MESSAGES.invalid);
  const m = TOKEN.exec(token);
  if (!m) reject(CURSOR_MESSAGES.invalid);
  const [, data = '', mac = ''] = m;
  // compare the text: base64url's last character has spare bits, so two texts can share one MAC
  const given = Buffer.from(mac);
  const wanted = Buffer.from(sign(data, secret));
  if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted)) reject(CURSOR_MESSAGES.invalid);
  let wire: unknown;
  try {
    wire = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
  } catch {
    reject(CURSOR_MESSAGES.invalid);
  }
  if (!isWire(wire)) reject(CURSOR_MESSAGES.invalid);
  if (wire.s !== expect.sort || wire.k.length !== expect.sort.split(',').length) reject(CURSOR_MESSAGES.sort);
  if (wire.f !== digest(expect.filter)) reject(CURSOR_MESSAGES.filter);
  if (wire.p !== (expect.parent ?? null)) reject(CURSOR_MESSAGES.parent);
  return {
    v: 1,
    sort: wire.s,
    filter: expect.filter,
    parent: wire.p,
    dir: wire.d === 'p' ? 'prev' : 'next',
    key: wire.k,
    offset: wire.o,
    limit: wire.l,
    ...(wire.r === undefined ? {} : { ver: wire.r }),
  };
}
