/**
 * Indexes behind the nested lists (openapi.yaml, `/data/.../{id}/...`): each walks its parent's rows in the
 * list's sort order (coalesced expressions as in the sort registries) with the id tie-breaker.
 */
import { indexMigration, type IndexDef } from './indexes.js';

const INDEXES: IndexDef[] = [
  ['transactions_company_date_key', 'transactions', "company_id, (coalesce(date_sort, '')), id"],
  ['valuations_company_date_key', 'valuations', 'company_id, date_sort, id'],
  ['headcount_company_count_key', 'headcount_breakdown', 'company_id, count, department'],
  ['patents_entity_filed_key', 'patents', "entity_id, (coalesce(filed_date, '')), id"],
  ['career_org_start_key', 'career', "org_id, (coalesce(start_sort, '')), id"],
  ['education_university_start_key', 'education', "university_id, (coalesce(start_sort, '')), id"],
  ['funds_investor_announced_key', 'funds', "investor_id, (coalesce(announced_sort, '')), id"],
  ['fund_lps_lp_key', 'fund_lps', 'lp_id, fund_id'],
];

export const { up, down } = indexMigration(INDEXES);
