/** Transaction rows -> the Transaction shape of SPEC.md 2.1. */
import type { components } from '../../generated/api.js';
import type { EntityWithBlocks } from '../db/entities.js';
import type { InvestorLink, TransactionRow } from '../db/transactions.js';
import type { Money } from '../money/fx.js';
import { boolOrNull, entityRef, organizationSummary } from './entities.js';

type S = components['schemas'];

/** `created_at` of each serialised row, for the 2026-10-09 version change (not in the current shape). */
export const transactionCreatedAt = new WeakMap<object, string>();

export function transaction(
  appUrl: string,
  t: TransactionRow,
  company: EntityWithBlocks,
  investors: InvestorLink[] | null,
  m: Money,
): S['Transaction'] {
  const row: S['Transaction'] = {
    id: t.id,
    amount: m.out(t.amount_usd),
    announced_date: t.announced_date,
    round_type: t.round_type,
    standardized_round: t.standardized_round as S['StandardizedRound'] | null,
    valuation: m.out(t.valuation_usd),
    is_verified: boolOrNull(t.is_verified),
    is_vc_round: boolOrNull(t.is_vc_round),
    is_exit: boolOrNull(t.is_exit),
    company: organizationSummary(appUrl, company, m),
    investors: investors === null ? null : investors.map((i) => ({ is_lead: boolOrNull(i.is_lead), investor: entityRef(appUrl, i) })),
    source_url: t.source_url,
    deleted_at: t.deleted_at,
    updated_at: t.updated_at,
  };
  transactionCreatedAt.set(row, t.created_at);
  return row;
}
