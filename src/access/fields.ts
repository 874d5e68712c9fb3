/**
 * The tier rules (openapi.yaml `Locked`), one per field, in one place. Every path that can carry a field
 * follows its rule: the response walker (src/access/locked.ts) nulls it in any record of any
 * response (rows, full records, glances, nested lists) and names it in that record's `locked[]`;
 * the filter compiler refuses a filter on it (a filter is a way to read a value back); the
 * analytics metrics over it likewise.
 *
 * A record is an object whose schema in openapi.yaml has a `locked` property. `paths` are dotted
 * paths inside a record; a path whose schema is an object is not a value and never matches (the
 * organization row's `valuation` object is reached through `valuation.value`).
 */
import type { Tier } from '../auth/verify.js';
import type { FieldName } from '../db/listing.js';
import { ApiError } from '../errors.js';
import { lockReason } from './tiers.js';

export interface FieldRule {
  need: Tier;
  paths: readonly string[];
}

export const FIELD_RULES = {
  // financials: null without premium access
  revenue: { need: 'premium', paths: ['revenue', 'revenue.value'] },
  ebitda: { need: 'premium', paths: ['ebitda'] },
  profit: { need: 'premium', paths: ['profit'] },
  rnd: { need: 'premium', paths: ['rnd'] },
  // a valuation record's `value`, the round's post-money `valuation`, the latest valuation of a row,
  // and a portfolio's total (one company's valuation when the portfolio holds one)
  valuation: { need: 'premium', paths: ['valuation', 'valuation.value', 'value', 'investor.portfolio.total_valuation'] },
  // employees: null when signed out
  employees: { need: 'free', paths: ['employees', 'employees_count'] },
  // web-traffic visits: ACCOUNT_REQUIRED signed out, PREMIUM_REQUIRED on a free account
  visits: { need: 'premium', paths: ['visits', 'traffic.monthly_visits'] },
  // a department's share of the head count; its count goes too, since the share is count / sum of counts
  headcount_share: { need: 'premium', paths: ['percentage', 'count'] },
  // a round's investors (and the filters that would list a round's investors one by one)
  investors: { need: 'premium', paths: ['investors'] },
} as const satisfies Record<FieldName, FieldRule>;

export type { FieldName };

/** The rule of each record path. */
export const RULE_BY_PATH: ReadonlyMap<string, { field: FieldName; need: Tier }> = new Map(
  Object.entries(FIELD_RULES).flatMap(([field, r]) => r.paths.map((p) => [p, { field: field as FieldName, need: r.need as Tier }] as const)),
);

/**
 * Refuses reading a locked field through a filter, a sort or a metric: 403 FORBIDDEN with the reason
 * (`tier` undefined: an API key, which sees every field).
 */
export function requireField(field: FieldName, tier: Tier | undefined, what: string, details: Record<string, string>): void {
  if (tier === undefined) return;
  const reason = lockReason(tier, FIELD_RULES[field].need);
  if (!reason) return;
  const plan = FIELD_RULES[field].need === 'free' ? 'a signed-in account' : 'the premium plan';
  throw new ApiError('FORBIDDEN', `${what} reads ${field}, which needs ${plan}`, { ...details, field, reason });
}
