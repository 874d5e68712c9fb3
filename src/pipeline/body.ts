/**
 * Body parsing: JSON only (415 otherwise), at most 100 kB, UTF-8 only; then percent-encoding that
 * is no UTF-8, NUL and unpaired surrogates in the path, query or body are a 400.
 */
import { isUtf8 } from 'node:buffer';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from '../errors.js';
import { findUnsafeText, unsafeTextError } from '../http/validation.js';

const BODY_LIMIT = '100kb';

function mediaType(req: Request, _res: Response, next: NextFunction): void {
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

/** The first unsafe text of a request (path, query, body), as the error to answer with; null when clean. */
export function unsafeInput(path: string, query: unknown, body: unknown): ApiError | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    const message = 'is not valid percent-encoded UTF-8';
    return new ApiError('VALIDATION_ERROR', `Request validation failed: path ${message}`, [{ path: 'path', message }]);
  }
  const hit = findUnsafeText(decoded, 'path') ?? findUnsafeText(query, 'query') ?? findUnsafeText(body, 'body');
  return hit ? unsafeTextError(hit) : null;
}

function safeText(req: Request, _res: Response, next: NextFunction): void {
  next(unsafeInput(req.path, req.query, req.body) ?? undefined);
}

export function bodyStage(): RequestHandler[] {
  return [mediaType, json, safeText];
}
