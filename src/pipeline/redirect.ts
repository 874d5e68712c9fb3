/** Old `/api/*` URLs: a permanent redirect (308) without the prefix, query string kept, no sunset. */
import type { NextFunction, Request, Response } from 'express';

/** Where an old `/api/*` URL now lives; null for any other path. */
export function legacyTarget(path: string, originalUrl: string): string | null {
  const m = /^\/api(\/.*)?$/.exec(path);
  if (!m) return null;
  const q = originalUrl.indexOf('?');
  // a target of `//host` or `/\host` would leave this origin (browsers read both as another
  // authority): the rest of the path is always made one path on this origin
  const target = '/' + (m[1] ?? '').replace(/^[/\\]+/, '');
  return target + (q >= 0 ? originalUrl.slice(q) : '');
}

export function redirectStage() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const target = legacyTarget(req.path, req.originalUrl);
    if (target === null) return next();
    res.redirect(308, target);
  };
}
