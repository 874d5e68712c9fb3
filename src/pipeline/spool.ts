/**
 * Streamed bodies (an import's NDJSON, `isStreamedBody`): spooled to a temporary file before the
 * idempotency stage, so that no transaction is held while a body uploads and an Idempotency-Key's
 * fingerprint covers the body (its SHA-256 and size become the exchange's body). The handler takes
 * the file (`takeSpooled`); a file no handler took (a replayed answer, an error) is removed here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import { spoolBody, type Spooled } from '../import/http.js';
import { isStreamedBody } from './body.js';
import type { Stage } from './operation.js';

const spooled = new WeakMap<Request, Spooled & { taken: boolean }>();

/** The spooled body of `req`, now the caller's to remove; null when it has none. */
export function takeSpooled(req: Request): Spooled | null {
  const s = spooled.get(req);
  if (!s || s.taken) return null;
  s.taken = true;
  return s;
}

export function spoolStage(maxBytes: () => number): Stage {
  return async (x, next) => {
    if (x.op.method !== 'post' || !isStreamedBody(x.req)) return next();
    const s = { ...(await spoolBody(x.req, maxBytes())), taken: false };
    spooled.set(x.req, s);
    x.body = { sha256: s.sha256, bytes: s.bytes };
    try {
      return await next();
    } finally {
      if (!s.taken) await fs.promises.rm(path.dirname(s.file), { recursive: true, force: true });
    }
  };
}
