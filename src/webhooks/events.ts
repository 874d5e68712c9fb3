/**
 * Webhook event types (`<record type>.<created|updated|deleted>`, the change feed's types and
 * kinds) and saved searches: a filter in the lists' grammar, compiled once by the lists' compiler in
 * the scope of the webhook's record types, and matched against the records of each batch of changes.
 */
import type { CompiledFilter } from '../db/listing.js';
import type { FeedType } from '../db/changeFeed.js';
import { ApiError } from '../errors.js';
import type { Money } from '../money/fx.js';
import { compileFilter, type FilterEnums } from '../query/compile.js';
import { parseFilter } from '../query/filter.js';
import { SCOPES } from '../query/registry.js';
import { FEED_TYPES, type ChangeKind } from '../services/changes.js';

export const KINDS: readonly ChangeKind[] = ['created', 'updated', 'deleted'];
export const EVENT_TYPES: readonly string[] = FEED_TYPES.flatMap((t) => KINDS.map((k) => `${t}.${k}`));

export const eventOf = (type: FeedType, kind: ChangeKind): string => `${type}.${kind}`;
export const typeOfEvent = (event: string): FeedType => event.split('.')[0] as FeedType;

/** Where a saved search of a record type is evaluated: its filter scope and the table it filters. */
interface SearchTarget {
  scope: string;
  table: string;
  alias: string;
}
const ENTITY: SearchTarget = { scope: 'entity', table: 'entities', alias: 'e' };
const SEARCH_TARGET: Partial<Record<FeedType, SearchTarget>> = {
  transaction: { scope: 'funding', table: 'transactions', alias: 't' },
  company: ENTITY,
  investor: ENTITY,
  university: ENTITY,
  gov_ngo: ENTITY,
  person: ENTITY,
};

export interface SavedSearch {
  target: SearchTarget;
  where: CompiledFilter;
}

const refuse = (message: string) => new ApiError('VALIDATION_ERROR', message, [{ path: 'body.filter', message }]);

/**
 * Compiles a webhook's saved search (money values in USD) for its events, which must all be of
 * records one filter scope describes; the compiler's own errors (unknown key, bad value) pass through.
 */
export function compileSavedSearch(filter: string, events: readonly string[], money: Money, enums: FilterEnums): SavedSearch {
  const targets = new Set(events.map((e) => SEARCH_TARGET[typeOfEvent(e)]));
  if (targets.has(undefined)) throw refuse('A saved search applies to transaction and entity (company, investor, university, gov_ngo, person) events only');
  if (targets.size !== 1) throw refuse('A saved search applies to the events of one filter scope: transactions, or entities');
  const target = [...targets][0]!;
  const where = compileFilter(parseFilter(filter), SCOPES[target.scope]!, { alias: target.alias, money, enums });
  if (!where) throw refuse('The saved search is empty');
  return { target, where };
}
