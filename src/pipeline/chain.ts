/**
 * Express middleware run one after another as one layer of the app's router. Each layer of Express's
 * router costs every request a dispatch (its path match, prefix trim, `debug` calls, promise check),
 * a dozen of them before an operation's handler; a chain of the same functions keeps their order and
 * their contract: `next()` runs the following one, `next(err)` (or a throw, or a rejected promise)
 * leaves for the app's error stages, and a middleware that answers simply does not call `next`.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export function chain(...stages: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    let i = 0;
    const step = (err?: unknown): void => {
      // as Express's router: `next('route')` goes on to the next middleware, anything else is an error (or `'router'`: leave)
      if (err !== undefined && err !== null && err !== 'route') return next(err);
      if (i === stages.length) return next();
      const stage = stages[i++]!;
      try {
        const ran = stage(req, res, step) as unknown;
        if (ran instanceof Promise) ran.then(undefined, (e: unknown) => next(e ?? new Error('Rejected promise')));
      } catch (e) {
        next(e);
      }
    };
    step();
  };
}
