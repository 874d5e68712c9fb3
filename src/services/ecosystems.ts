/**
 * Ecosystems as the API serves them, and the one rule they bring to money: a timeseries request
 * without `currency` from a caller of an ecosystem reads its money filters, and answers, in the
 * ecosystem's default currency (openapi.yaml `getTimeseries`).
 */
import type { components } from '../../generated/api.js';
import { ecosystemCurrency, type EcosystemRow } from '../db/ecosystems.js';
import type { RequestScope } from '../http/context.js';
import type { Money } from '../money/fx.js';

export const ecosystem = (r: EcosystemRow): components['schemas']['Ecosystem'] => ({
  id: r.id,
  name: r.name,
  currency: r.currency as components['schemas']['CurrencyCode'],
  places: r.places as components['schemas']['Ecosystem']['places'],
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** The converter of a request whose default currency is its caller's ecosystem's: `currency` when given, else the ecosystem's, else the request's own (USD). */
export async function ecosystemMoney(r: Pick<RequestScope, 'deps' | 'principal' | 'money'>, currencyGiven: boolean): Promise<Money> {
  const id = r.principal?.ecosystem;
  if (currencyGiven || !id) return r.money;
  const currency = await ecosystemCurrency(r.deps.db, id);
  return currency && currency !== r.money.currency ? r.deps.fx.converter(currency) : r.money;
}
