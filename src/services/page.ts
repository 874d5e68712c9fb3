/** The page envelope of every list (openapi.yaml `Page`): the repository's page info and the list's cap extras. */
import type { components } from '../../generated/api.js';
import type { PageExtras } from '../access/tiers.js';
import type { PageInfo } from '../db/paging.js';
import type { Money } from '../money/fx.js';
import type { PreparedList } from '../query/list.js';

export type PageEnvelope = PageInfo & PageExtras;

/** `page` of a list body. */
export function pageEnvelope(info: PageInfo, list: Pick<PreparedList, 'extras'>): PageEnvelope {
  return { ...info, ...list.extras };
}

/** The body's `currency`: the request's active currency (validated against the contract's codes by the fx stage). */
export const currencyOf = (money: Money): components['schemas']['CurrencyCode'] => money.currency as components['schemas']['CurrencyCode'];
