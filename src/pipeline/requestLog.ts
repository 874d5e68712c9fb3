/**
 * Request id and log: the first stage. Takes the caller's `X-Request-Id` when well-formed (else a
 * new UUID), sets the headers every answer carries, and logs and measures each request once its
 * connection closes (499 when the client went away before its answer was written).
 */
import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Deps } from '../http/context.js';
import { stateOf } from './state.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Headers every answer starts with (an answer that may be cached replaces Cache-Control). */
export const FIXED_HEADERS: readonly (readonly [string, string])[] = [
  ['Cache-Control', 'no-store'],
  ['X-Content-Type-Options', 'nosniff'],
  // JSON API: nothing to frame, run or refer from (the docs page sets its own policy)
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'no-referrer'],
];

export const requestId = (incoming: string | undefined): string => (incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID());

export function requestLogStage(deps: Pick<Deps, 'log' | 'metrics'>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const l = stateOf(res);
    l.requestId = requestId(req.get('X-Request-Id'));
    l.started = performance.now();
    // plain setHeader: Express's `set` looks for a Content-Type and converts each value, here all fixed strings
    res.setHeader('X-Request-Id', l.requestId);
    for (const [name, value] of FIXED_HEADERS) res.setHeader(name, value);
    // 'close' comes after 'finish', or alone when the client went away before the answer was written
    res.on('close', () => {
      const gone = !res.writableFinished;
      if (gone) {
        l.abort?.abort();
        l.credits = 0;
      }
      // 499: client closed the request (nginx's convention); nothing was sent
      const status = gone ? 499 : res.statusCode;
      deps.metrics?.observe(l.operationId ?? 'unmatched', req.method, status, (performance.now() - l.started) / 1000, l.credits ?? 0);
      // the line is built only when it is written (LOG_LEVEL above info: never)
      if (deps.log.isLevelEnabled('info')) deps.log.info(
        {
          request_id: l.requestId,
          method: req.method,
          path: req.path,
          operation: l.operationId ?? null,
          client_id: l.clientId ?? null,
          status,
          duration_ms: Math.round((performance.now() - l.started) * 100) / 100,
          credits: l.credits ?? 0,
        },
        'request',
      );
    });
    next();
  };
}
