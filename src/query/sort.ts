/**
 * Sort registries and the `sort` parameter (openapi.yaml `Sort`): comma-separated keys, `-` for
 * descending, ties always broken by the list's id. Sort expressions are never null (nullable columns
 * are wrapped in coalesce with a sentinel) so that keyset pages can compare them.
 */
import { requireField } from '../access/fields.js';
import type { ResolvedSort, ResolvedSortKey, SortRegistry } from '../db/listing.js';
import type { Tier } from '../auth/verify.js';
import { ApiError } from '../errors.js';

export type { ResolvedSort, ResolvedSortKey, SortKeyDef, SortRegistry } from '../db/listing.js';

/** What `sort` may look like (the document's pattern of the sort parameters). */
export const SORT_PATTERN = /^(?:-?\w+)?(?:,(?:-?\w+)?)*$/;

/**
 * The keys a list's sort parameter in openapi.yaml allows, read from its pattern
 * (`^(?:-?(?:date|amount|id))?(?:,...)*$` -> date, amount, id); empty for a pattern naming none.
 * test/integration/sort-keys.test.ts holds these equal to the keys each list's registry accepts.
 */
export function sortKeysOf(pattern: unknown): string[] {
  const m = typeof pattern === 'string' ? /\(\?:-\?\(\?:([\w|]+)\)\)/.exec(pattern) : null;
  return m ? m[1]!.split('|') : [];
}

/**
 * For a sort that is not a list of keys: the fix, from what was written (`amount desc` ->
 * `sort=-amount`), and the allowed keys.
 */
export function sortSyntaxMessage(raw: string, allowed: readonly string[]): string {
  const m = /^\s*-?(\w+)\s+(asc|desc)(?:ending)?\s*$/i.exec(raw);
  const example = m ? `${m[2]!.toLowerCase() === 'desc' ? '-' : ''}${m[1]}` : `-${allowed[0] ?? 'id'}`;
  return `sort ${JSON.stringify(raw.slice(0, 60))} is not a list of sort keys: write sort=${example} (keys separated by commas, - in front of a key for descending); allowed keys: ${allowed.join(', ')}`;
}

/** @param tier the caller's tier for the field rules; undefined for API keys, which see every field */
export function resolveSort(input: string | undefined, reg: SortRegistry, alias: string, version = '9999-12-31', tier?: Tier): ResolvedSort {
  const raw = input === undefined || input.trim() === '' ? reg.default : input;
  if (!SORT_PATTERN.test(raw)) {
    const message = sortSyntaxMessage(raw, reg.keys.map((k) => k.key));
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
