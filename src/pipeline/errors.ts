/**
 * Error mapping, the last stage: every error leaves as the envelope of openapi.yaml `ApiError`, with the
 * version's headers and (for pinned clients before 2026-10-09) their validation status, and the
 * credits the call used. Server errors are logged with their stack, a run of identical ones once
 * with a count (src/http/repeats.ts).
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ApiError } from '../errors.js';
import { toApiError } from '../http/errors.js';
import { RepeatedErrors } from '../http/repeats.js';
import { changesFor } from '../versions/changes/index.js';
import { versionHeaders, type VersionInfo } from '../versions/resolve.js';
import { stateOf } from './state.js';

/** The status an error is answered with for a client pinned to `version`. */
export function errorStatus(err: ApiError, version: VersionInfo | undefined): number {
  if (err.code !== 'VALIDATION_ERROR' || !version) return err.status;
  return changesFor(version.date).find((c) => c.validationStatus)?.validationStatus ?? err.status;
}

export function sendError(res: Response, err: ApiError): void {
  const l = stateOf(res);
  const version = l.version?.info;
  if (version) res.set(versionHeaders(version));
  res.set(err.headers);
  if (l.credits !== undefined) res.set('X-Credits-Used', String(l.credits));
  res.status(errorStatus(err, version)).json(err.toBody());
}

export function errorStage(log: Logger) {
  const repeats = new RepeatedErrors(log);
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const apiErr = toApiError(err);
    if (apiErr.status >= 500) {
      const message = (err as Error)?.message;
      repeats.report(`${apiErr.code}\0${message}`, 'request failed', { request_id: stateOf(res).requestId, path: req.path, code: apiErr.code, err: message, stack: (err as Error)?.stack });
    }
    if (res.headersSent) return;
    sendError(res, apiErr);
  };
}
