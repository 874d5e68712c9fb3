/** CORS for the registered browser-app origins only; preflights answered without authentication. */
import type { NextFunction, Request, Response } from 'express';

export function corsFor(origins: readonly string[], methods: string) {
  const allowed = new Set(origins);
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.get('Origin');
    if (origin && allowed.has(origin)) {
      res.set({
        'Access-Control-Allow-Origin': origin,
        Vary: 'Origin',
        'Access-Control-Expose-Headers': 'API-Version, X-Request-Id, X-Credits-Used, ETag, Deprecation, Sunset, Retry-After, RateLimit, RateLimit-Policy',
      });
      if (req.method === 'OPTIONS') {
        res
          .set({
            'Access-Control-Allow-Methods': methods,
            'Access-Control-Allow-Headers': 'Authorization, Content-Type, API-Version, X-Client-Id, X-Request-Id, If-None-Match',
            'Access-Control-Max-Age': '600',
          })
          .status(204)
          .end();
        return;
      }
    }
    next();
  };
}
