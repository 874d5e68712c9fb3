/**
 * Sort registries and the `sort` parameter (SPEC.md part 4): comma-separated keys, `-` for
 * descending, ties always broken by the list's id. Sort expressions are never null (nullable columns
 * are wrapped in coalesce with a sentinel) so that keyset pages can compare them.
 */
import { requireField } from '../access/fields.js';
import type { ResolvedSort, ResolvedSortKey, SortRegistry } from '../db/listing.js';
import type { Tier } from '../auth/verify.js';
import { ApiError } from '../errors.js';

export type { ResolvedSort, ResolvedSortKey, SortKeyDef, SortRegistry } from '../db/listing.js';

const PATTERN = /^(?:-?\w+)?(?:,(?:-?\w+)?)*$/;

/** @param tier the caller's tier for the field rules; undefined for API keys, which see every field */
export function resolveSort(input: string | undefined, reg: SortRegistry, alias: string, version = '9999-12-31', tier?: Tier): ResolvedSort {
  const raw = input === undefined || input.trim() === '' ? reg.default : input;
  if (!PATTERN.test(raw)) {
    const message = 'sort must be comma-separated keys, each optionally prefixed with - for descending';
    throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.sort', message }]);
  }
  const keys: ResolvedSortKey[] = [];
  const seen = new Set<string>();
  for (const part of raw.split(',').filter(Boolean)) {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    // own keys only: `constructor` or `toString` is an unknown key, not a retired one
    const retired = reg.retired && Object.hasOwn(reg.retired, name) ? reg.retired[name] : undefined;
    if (retired && (version >= retired.since || !retired.sql)) {
      const message = `Sort key ${name} was removed in version ${retired.since}; use ${retired.replacement}`;
      throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.sort', message }]);
    }
    const def = retired?.sql ? { key: name, sql: retired.sql } : reg.keys.find((k) => k.key === name);
    if (!def) {
      const message = `Unknown sort key ${name}; allowed keys: ${reg.keys.map((k) => k.key).join(', ')}`;
      throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.sort', message }]);
    }
    if ('field' in def && def.field) requireField(def.field, tier, `Sort key ${name}`, { sort: name });
    if (seen.has(name)) continue;
    seen.add(name);
    keys.push({ key: name, sql: def.sql.replaceAll('{b}', alias), desc });
  }
  const idSql = reg.id.replaceAll('{b}', alias);
  if (!keys.some((k) => k.sql === idSql)) keys.push({ key: 'id', sql: idSql, desc: false });
  return { keys, canonical: keys.map((k) => (k.desc ? '-' : '') + k.key).join(',') };
}
