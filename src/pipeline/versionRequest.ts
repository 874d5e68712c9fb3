/**
 * Version resolution, the one place versions touch a request: `API-Version` resolved (openapi.yaml
 * `ApiVersion`), retired parameters refused for current clients, and for pinned clients their old query and
 * filter forms upgraded to the current ones (oldest change first). Everything after this stage
 * speaks the current version only.
 */
import type { NextFunction, Request, Response } from 'express';
import { parseFilter } from '../query/filter.js';
import type { VersionChange } from '../versions/change.js';
import { CHANGES, changesFor } from '../versions/changes/index.js';
import { upgradeFilter } from '../versions/filters.js';
import { resolveVersion, versionHeaders, type VersionInfo } from '../versions/resolve.js';
import { stateOf, type ParsedFilter, type VersionedRequest } from './state.js';

/** The `filter` text in the current version's forms; its error kept when it is malformed or retired. */
export function parseVersionedFilter(raw: unknown, info: VersionInfo): ParsedFilter {
  if (typeof raw !== 'string' || raw === '') return { ast: null };
  try {
    return { ast: upgradeFilter(parseFilter(raw), info) };
  } catch (error) {
    return { error };
  }
}

/** The request as the current version reads it, for a client pinned to `info` (throws on retired parameters). */
export function versionRequest(info: VersionInfo, path: string, rawQuery: Record<string, unknown>, changes: readonly VersionChange[] = CHANGES): VersionedRequest {
  const query = { ...rawQuery };
  const notes: VersionedRequest['notes'] = [];
  const legacy: Record<string, unknown> = {};
  const pinned = changesFor(info.date).filter((c) => changes.includes(c));
  for (const change of changes) if (!pinned.includes(change)) change.rejectRetired?.(path, query);
  for (const change of [...pinned].reverse()) change.upgradeQuery?.(path, query, notes, legacy);
  return { info, query, notes, legacy, filter: parseVersionedFilter(query.filter, info) };
}

export function versionRequestStage(now: () => Date) {
  return (req: Request, res: Response, next: NextFunction): void => {
    try {
      const info = resolveVersion(req.get('API-Version'), now());
      const state = stateOf(res);
      // the version is known from here on: even a refusal below answers with its headers
      state.version = { info, query: {}, notes: [], legacy: {}, filter: { ast: null } };
      res.set(versionHeaders(info));
      state.version = versionRequest(info, req.path, req.query as Record<string, unknown>);
      next();
    } catch (err) {
      next(err);
    }
  };
}
