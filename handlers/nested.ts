/**
 * Nested lists (openapi.yaml, `/data/.../{id}/...`): the rows of one parent record in keyset pages whose cursors
 * are bound to the parent (src/query/cursor.ts). Each is a parent lookup (typed: a UUID of another
 * subtype is 404) plus a record list with the parent as a fixed condition.
 */
import type { EntityRow } from '../src/db/entities.js';
import type { TransactionRow } from '../src/db/transactions.js';
import { loadClassifications } from '../src/db/entities.js';
import { NESTED, type NestedList } from '../src/db/nested.js';
import { ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { fund, valuation } from '../src/serialize/records.js';
import { financial, headcount, patent, teamItem, traffic } from '../src/serialize/nested.js';
import { alumniRecords } from '../src/services/alumni.js';
import { findTyped, type Subtype } from '../src/services/entities.js';
import { currencyOf } from '../src/services/page.js';
import { recordPage, type RecordRow } from '../src/services/records.js';
import { transactionRecords } from '../src/services/transactions.js';

type Scope = Pick<RequestScope, 'deps' | 'money' | 'list'>;

interface Nested<T> extends NestedList {
  data: (r: Scope, rows: RecordRow[]) => Promise<T[]> | T[];
}

/** A nested list: the parent of `parentKind` by the path UUID (404 otherwise), then a page of its rows. */
async function nestedPage<T>(r: Scope, id: string, parentKind: Subtype | null, noun: string, n: Nested<T>) {
  const parent: EntityRow = await findTyped(r, id, parentKind, noun);
  const { rows, page } = await recordPage(r, n.spec, n.scope, n.sorts, n.fixed(parent), parent.uuid);
  return { data: await n.data(r, rows), page, currency: currencyOf(r.money) };
}

/** A nested list's definition (src/db/nested.ts) with its rows' shape, the row type inferred from `data`. */
const nested = <T>(list: NestedList, data: Nested<T>['data']): Nested<T> => ({ ...list, data });
const appUrl = (r: Scope) => r.deps.cfg.appUrl;

const FUNDING_ROUNDS = nested(NESTED.fundingRounds, (r, rows) => transactionRecords(r, rows as unknown as TransactionRow[]));
const VALUATIONS_OF = nested(NESTED.valuations, (s, rows) => rows.map((r) => valuation(appUrl(s), r, s.money)));
const FINANCIALS = nested(NESTED.financials, (s, rows) => rows.map((r) => financial(r, s.money)));
const HEADCOUNT = nested(NESTED.headcount, (_s, rows) => rows.map(headcount));
const TRAFFIC = nested(NESTED.traffic, (_s, rows) => rows.map(traffic));
const PATENTS = nested(NESTED.patents, (_s, rows) => rows.map(patent));
const TEAM = nested(NESTED.team, async (s, rows) => {
  const classifications = await loadClassifications(s.deps.db, rows.map((r) => r.ref!.id));
  return rows.map((r) => teamItem(appUrl(s), r, classifications));
});
const ALUMNI = nested(NESTED.alumni, alumniRecords);
const fundRows = (s: Scope, rows: RecordRow[]) => rows.map((r) => fund(appUrl(s), r, s.money));
const FUNDS_OF = nested(NESTED.funds, fundRows);
const LP_FUNDS = nested(NESTED.lpFunds, fundRows);

export const nestedHandlers: HandlerMap = {
  listCompanyFundingRounds: async (ctx) => ok('listCompanyFundingRounds', await nestedPage(ctx, ctx.params.id, 'company', 'Company', FUNDING_ROUNDS)),
  listCompanyValuations: async (ctx) => ok('listCompanyValuations', await nestedPage(ctx, ctx.params.id, 'company', 'Company', VALUATIONS_OF)),
  listCompanyFinancials: async (ctx) => ok('listCompanyFinancials', await nestedPage(ctx, ctx.params.id, 'company', 'Company', FINANCIALS)),
  listCompanyHeadcount: async (ctx) => ok('listCompanyHeadcount', await nestedPage(ctx, ctx.params.id, 'company', 'Company', HEADCOUNT)),
  listCompanyWebTraffic: async (ctx) => ok('listCompanyWebTraffic', await nestedPage(ctx, ctx.params.id, 'company', 'Company', TRAFFIC)),
  listCompanyPatents: async (ctx) => ok('listCompanyPatents', await nestedPage(ctx, ctx.params.id, 'company', 'Company', PATENTS)),
  listCompanyTeam: async (ctx) => ok('listCompanyTeam', await nestedPage(ctx, ctx.params.id, 'company', 'Company', TEAM)),
  listInvestorFunds: async (ctx) => ok('listInvestorFunds', await nestedPage(ctx, ctx.params.id, 'investor', 'Investor', FUNDS_OF)),
  listInvestorLpFunds: async (ctx) => ok('listInvestorLpFunds', await nestedPage(ctx, ctx.params.id, 'investor', 'Investor', LP_FUNDS)),
  listInvestorTeam: async (ctx) => ok('listInvestorTeam', await nestedPage(ctx, ctx.params.id, 'investor', 'Investor', TEAM)),
  listEntityLpFunds: async (ctx) => ok('listEntityLpFunds', await nestedPage(ctx, ctx.params.id, null, 'Entity', LP_FUNDS)),
  listUniversityAlumni: async (ctx) => ok('listUniversityAlumni', await nestedPage(ctx, ctx.params.id, 'university', 'University', ALUMNI)),
  listUniversityTeam: async (ctx) => ok('listUniversityTeam', await nestedPage(ctx, ctx.params.id, 'university', 'University', TEAM)),
  listUniversityPatents: async (ctx) => ok('listUniversityPatents', await nestedPage(ctx, ctx.params.id, 'university', 'University', PATENTS)),
  listGovNgoTeam: async (ctx) => ok('listGovNgoTeam', await nestedPage(ctx, ctx.params.id, 'gov_ngo', 'Government body or NGO', TEAM)),
  listGovNgoPatents: async (ctx) => ok('listGovNgoPatents', await nestedPage(ctx, ctx.params.id, 'gov_ngo', 'Government body or NGO', PATENTS)),
};
