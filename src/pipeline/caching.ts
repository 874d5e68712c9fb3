/**
 * HTTP caching of a GET operation's 200 answer (src/http/caching.ts): the answer as it leaves the
 * response policies (locks, version downgrade) is serialised once, tagged, and answered 304 without
 * a body when the request's `If-None-Match` names it.
 */
import { represent } from '../http/caching.js';
import type { Stage } from './operation.js';

export function cachingStage(): Stage {
  return async (x, next) => {
    const result = await next();
    const policy = x.op.cache;
    if (!policy || result.status !== 200) return result;
    const rep = represent(policy, result, x.version.info.date, x.req.get('If-None-Match'));
    if (rep.notModified) return { status: 304, body: null, headers: rep.headers };
    return { status: 200, body: rep.payload, contentType: rep.contentType, headers: rep.headers };
  };
}
