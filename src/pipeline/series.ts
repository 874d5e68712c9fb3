/**
 * The Express stages as one middleware: each stage is called with the same `(req, res, next)` as
 * Express calls it, in order, and an error (thrown, rejected or passed to `next`) leaves for the
 * error mapping at once. Express's router would give every stage a layer of its own, matched
 * against the path and wrapped per request; one layer for the whole list does the same work without
 * that per-stage cost on every request.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export function series(stages: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction): void => {
    let i = 0;
    const next = (err?: unknown): void => {
      // Express's own convention: `next('route')` and `next('router')` are not errors
      if (err !== undefined && err !== null && err !== 'route' && err !== 'router') return done(err);
      const stage = stages[i++];
      if (!stage) return done();
      try {
        const r = stage(req, res, next) as unknown;
        if (r instanceof Promise) r.catch(done);
      } catch (e) {
        done(e);
      }
    };
    next();
  };
}
