/** Turns anything thrown while serving a request into an ApiError (openapi.yaml `ApiError`); never leaks SQL or stacks. */
import { ApiError, queryTimeout } from '../errors.js';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

const COMPRESSED_BODY = 'The request body is not valid for its Content-Encoding';

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { name?: string; code?: string; message?: string; type?: string; status?: number };
  // Express body parser
  if (e?.type === 'entity.parse.failed') {
    return new ApiError('VALIDATION_ERROR', 'Malformed JSON body', [{ path: 'body', message: 'Malformed JSON' }]);
  }
  if (e?.type === 'body.invalid') {
    return new ApiError('VALIDATION_ERROR', e.message ?? 'The request body could not be read', [{ path: 'body', message: e.message ?? 'is invalid' }]);
  }
  if (e?.type === 'entity.too.large') return new ApiError('PAYLOAD_TOO_LARGE', 'Request body is too large (limit 100 KiB)');
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported') {
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding: send UTF-8 JSON');
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.type) {
    return new ApiError('VALIDATION_ERROR', 'The request could not be read', null);
  }
  // the body reader's own 4xx without a type: a body that does not decompress as its
  // Content-Encoding says (zlib and brotli errors)
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && (e as { expose?: boolean }).expose === true) {
    return e.status === 415
      ? new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding: send UTF-8 JSON')
      : new ApiError('VALIDATION_ERROR', COMPRESSED_BODY, [{ path: 'body', message: COMPRESSED_BODY }]);
  }
  // PostgreSQL statement_timeout / query canceled
  if (e?.code === '57014') return queryTimeout();
  if (e?.name === 'KnexTimeoutError' || (e?.code && CONNECTION_CODES.has(e.code)) || /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i.test(e?.message ?? '')) {
    return new ApiError('SERVICE_UNAVAILABLE', 'The database is temporarily unavailable; retry with backoff');
  }
  // SQLite locked by a writer past the wait (knex.ts waitForLocks): retryable
  if (e?.code?.startsWith('SQLITE_BUSY') || e?.code === 'SQLITE_LOCKED') {
    return new ApiError('SERVICE_UNAVAILABLE', 'The database is busy; retry with backoff');
  }
  if (e?.code && (/^[0-9A-Z]{5}$/.test(e.code) || e.code.startsWith('SQLITE_'))) {
    return new ApiError('DATABASE_ERROR', 'A database query failed');
  }
  return new ApiError('INTERNAL_SERVER_ERROR', 'An unexpected error occurred');
}
