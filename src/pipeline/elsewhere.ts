/**
 * The identity provider's paths asked of the API port (a token request sent to the base URL, as
 * Postman and hand-written clients often do): a 404 that names where they are, answered before the
 * body is read, so that a form-encoded token request gets this answer and not a 415.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../errors.js';

const IDENTITY_PATHS = new Set(['/oauth/token', '/authorize', '/.well-known/jwks.json', '/.well-known/openid-configuration']);

export function identityPathsStage(authUrl: string) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!IDENTITY_PATHS.has(req.path)) return next();
    next(new ApiError('NOT_FOUND', `No endpoint ${req.method} ${req.path} on the API: the identity provider serves it, ${req.method} ${authUrl}${req.path}`));
  };
}
