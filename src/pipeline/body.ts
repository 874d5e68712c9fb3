/**
 * Body parsing: JSON only (415 otherwise), at most 100 kB, UTF-8 only, except the operations that
 * stream their body themselves (`STREAMED_BODIES`: an import's NDJSON, capped by its own handler); then percent-encoding that
 * is no UTF-8, NUL and unpaired surrogates in the path, query or body are a 400.
 */
import { isUtf8 } from 'node:buffer';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from '../errors.js';
import { findUnsafeText, unsafeTextError } from '../http/validation.js';

const BODY_LIMIT = '100kb';

/** Paths whose POST body is left unread here for the handler to stream, with the media type it takes. */
const STREAMED_BODIES: Record<string, string> = { '/platform/imports': 'application/x-ndjson' };

/** Whether the request's body is left unread for its operation to stream (`STREAMED_BODIES`). */
export function isStreamedBody(req: Request): boolean {
  const streamed = req.method === 'POST' ? STREAMED_BODIES[req.path] : undefined;
  return streamed !== undefined && Boolean(req.is(streamed));
}

function mediaType(req: Request, _res: Response, next: NextFunction): void {
  if (isStreamedBody(req)) return next();
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (hasBody && !req.is('application/json')) return next(new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/json'));
  next();
}

const json = express.json({
  limit: BODY_LIMIT,
  strict: true,
  // bytes that are not UTF-8 would be decoded to U+FFFD and stored: refuse them instead
  verify: (_req, _res, buf) => {
    if (!isUtf8(buf)) throw Object.assign(new Error('The request body is not valid UTF-8'), { status: 400, type: 'body.invalid' });
  },
});

const notUtf8 = (where: 'path' | 'query') => {
  const message = 'is not valid percent-encoded UTF-8';
  return new ApiError('VALIDATION_ERROR', `Request validation failed: ${where} ${message}`, [{ path: where, message }]);
};

/**
 * Whether the bytes a raw query string stands for are UTF-8. The query parser decodes what is not
 * (`%FF`, an overlong `%C0%80`, a surrogate `%ED%A0%80`) to U+FFFD without a word, so it is checked
 * on the raw text; a `%` not followed by two hex digits is a literal `%`, as the parser reads it.
 */
export function queryIsUtf8(raw: string): boolean {
  // the request line as Node read it: one character per byte (latin1)
  if (!/[%\x80-\xff]/.test(raw)) return true;
  const bytes: Buffer[] = [];
  let plain = 0;
  for (const m of raw.matchAll(/(?:%[0-9A-Fa-f]{2})+/g)) {
    bytes.push(Buffer.from(raw.slice(plain, m.index), 'latin1'), Buffer.from(m[0].replaceAll('%', ''), 'hex'));
    plain = m.index + m[0].length;
  }
  bytes.push(Buffer.from(raw.slice(plain), 'latin1'));
  return isUtf8(Buffer.concat(bytes));
}

/** The first unsafe text of a request (path, query, body), as the error to answer with; null when clean. */
export function unsafeInput(path: string, query: unknown, body: unknown, rawQuery = ''): ApiError | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return notUtf8('path');
  }
  if (!queryIsUtf8(rawQuery)) return notUtf8('query');
  const hit = findUnsafeText(decoded, 'path') ?? findUnsafeText(query, 'query') ?? findUnsafeText(body, 'body');
  return hit ? unsafeTextError(hit) : null;
}

function safeText(req: Request, _res: Response, next: NextFunction): void {
  const q = req.originalUrl.indexOf('?');
  next(unsafeInput(req.path, req.query, req.body, q < 0 ? '' : req.originalUrl.slice(q + 1)) ?? undefined);
}

export function bodyStage(): RequestHandler[] {
  return [mediaType, json, safeText];
}
