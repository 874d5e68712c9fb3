/**
 * Version downgrade, the one place versions touch a response: a current-version success body is
 * rewritten for a pinned client, newest change first, and a page lists the request's deprecation
 * notices in `meta.deprecations`.
 */
import type { Result } from '../http/context.js';
import type { StoredFields } from '../versions/change.js';
import { changesFor } from '../versions/changes/index.js';
import type { Stage } from './operation.js';
import type { VersionedRequest } from './state.js';

export async function downgrade(operationId: string, result: Result, version: VersionedRequest, stored: StoredFields): Promise<void> {
  const body = result.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || result.status >= 300) return;
  if (!result.atVersion) for (const change of changesFor(version.info.date)) await change.downgradeResponse?.(operationId, body, stored);
  if (version.notes.length && Array.isArray(body.data) && 'page' in body) body.meta = { deprecations: version.notes };
}

export function versionResponseStage(stored: StoredFields): Stage {
  return async (x, next) => {
    const result = await next();
    await downgrade(x.op.id, result, x.version, stored);
    return result;
  };
}
