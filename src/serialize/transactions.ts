/** Transaction rows -> the Transaction shape of openapi.yaml. */
import type { components } from '../../generated/api.js';
import type { EntityWithBlocks } from '../db/entities.js';
import type { InvestorLink, TransactionRow } from '../db/transactions.js';
import type { Money } from '../money/fx.js';
import { boolOrNull, entityRef, organizationSummary } from './entities.js';

type S = components['schemas'];

export function transaction(
  appUrl: string,
  t: TransactionRow,
  company: EntityWithBlocks,
  investors: InvestorLink[] | null,
  m: Money,
  /** The company's summary when the caller has it (rounds of one company sharing one: record documents). */
  summary: S['OrganizationSummary'] = organizationSummary(appUrl, company, m),
): S['Transaction'] {
  return {
    id: t.id,
    amount: m.out(t.amount_usd),
    announced_date: t.announced_date,
    round_type: t.round_type,
    standardized_round: t.standardized_round as S['StandardizedRound'] | null,
    valuation: m.out(t.valuation_usd),
    is_verified: boolOrNull(t.is_verified),
    is_vc_round: boolOrNull(t.is_vc_round),
    is_exit: boolOrNull(t.is_exit),
    company: summary,
    investors: investors === null ? null : investors.map((i) => ({ is_lead: boolOrNull(i.is_lead), investor: entityRef(appUrl, i) })),
    source_url: t.source_url,
    deleted_at: t.deleted_at,
    updated_at: t.updated_at,
  };
}
