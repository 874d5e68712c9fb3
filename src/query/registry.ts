/**
 * The filter scopes by name: for each, the keys a filter may use, their type, operators and the SQL
 * they compile to. Each scope is defined with its resource in src/db; `GET /reference/filters` is
 * generated from the same definitions.
 */
import { ENTITY_SCOPE } from '../db/directory.js';
import { JOB_SCOPE } from '../db/jobs.js';
import type { FilterKey, FilterScope } from '../db/listing.js';
import { NOTE_SCOPE } from '../db/notes.js';
import { FUND_SCOPE, NEWS_SCOPE, VALUATION_SCOPE } from '../db/records.js';
import { FUNDING_SCOPE } from '../db/transactions.js';
import { ApiError } from '../errors.js';

export type { ColumnKey, EnumValue, FieldType, FilterKey, FilterScope, RelatedKey, RetiredFilterKey } from '../db/listing.js';
export {
  ARTICLE_TYPES, BOOL, CMP, CMP_SET, ENTITY_STATUSES, EQ_SET, FUND_STATUSES, FUND_TYPES, GENDERS, JOB_TYPES, REPEATED, ROUND_TYPES,
  STANDARDIZED_ROUND_VALUES, STANDARDIZED_ROUNDS, VALUATION_SOURCES,
} from '../db/filterKeys.js';

export const SCOPES: Record<string, FilterScope> = {
  funding: FUNDING_SCOPE,
  entity: ENTITY_SCOPE,
  job: JOB_SCOPE,
  fund: FUND_SCOPE,
  valuation: VALUATION_SCOPE,
  news: NEWS_SCOPE,
  note: NOTE_SCOPE,
};

export function scopeKey(scope: FilterScope, key: string): FilterKey | undefined {
  return scope.keys.find((k) => k.key === key);
}

/**
 * The definition of a key the scope retired, for a request at `version`; a 400 UNKNOWN_FILTER
 * naming the replacement from the retiring version on (or when no old definition is kept).
 */
export function retiredKey(scope: FilterScope, key: string, version: string): FilterKey | undefined {
  // own keys only: a key named like an Object.prototype member (`toString`) is no retired key
  const r = scope.retired && Object.hasOwn(scope.retired, key) ? scope.retired[key] : undefined;
  if (!r) return undefined;
  if (!r.legacy || version >= r.since) {
    throw new ApiError('UNKNOWN_FILTER', `Filter key ${key} was removed from scope ${scope.name} in version ${r.since}; use ${r.replacement}`, {
      filter: key,
      replacement: r.replacement,
    });
  }
  return { ...r.legacy, key };
}
