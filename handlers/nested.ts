/**
 * Nested lists (openapi.yaml, `/data/.../{id}/...`): the rows of one parent record in keyset pages whose cursors
 * are bound to the parent (src/query/cursor.ts). Each is a parent lookup (typed: a UUID of another
 * subtype is 404) plus a record list with the parent as a fixed condition. A list whose rows are
 * records kept as documents (a company's rounds and valuations, an investor's or an entity's funds) answers from
 * them as the top-level lists do (src/documents/read.ts, docs/scaling.md "Record documents").
 */
import type { EntityRow } from '../src/db/entities.js';
import type { TransactionRow } from '../src/db/transactions.js';
import { loadClassifications } from '../src/db/entities.js';
import { NESTED, type NestedList } from '../src/db/nested.js';
import type { DocumentKind } from '../src/db/documents.js';
import { documentJoin, listFromDocuments, pageRows } from '../src/documents/read.js';
import type { PageJoin } from '../src/db/paging.js';
import { ok, type HandlerMap, type RequestScope, type Result } from '../src/http/context.js';
import { fund, valuation } from '../src/serialize/records.js';
import { financial, headcount, patent, teamItem, traffic } from '../src/serialize/nested.js';
import { alumniRecords } from '../src/services/alumni.js';
import { findTyped, type Subtype } from '../src/services/entities.js';
import { currencyOf } from '../src/services/page.js';
import { recordPage, type RecordRow } from '../src/services/records.js';
import { transactionRecords } from '../src/services/transactions.js';

type Scope = Pick<RequestScope, 'deps' | 'money' | 'list' | 'principal' | 'version'>;

interface Nested<T> extends NestedList {
  data: (r: Scope, rows: RecordRow[]) => Promise<T[]> | T[];
}

/** The parent of `parentKind` by the path UUID (404 otherwise), then a page of its rows. */
async function nestedRows<T>(r: Scope, id: string, parentKind: Subtype | null, noun: string, n: Nested<T>, join?: PageJoin) {
  const parent: EntityRow = await findTyped(r, id, parentKind, noun);
  return recordPage(r, n.spec, n.scope, n.sorts, n.fixed(parent), parent.uuid, join);
}

/** A nested list's page assembled from its rows. */
async function nestedPage<T>(r: Scope, id: string, parentKind: Subtype | null, noun: string, n: Nested<T>) {
  const { rows, page } = await nestedRows(r, id, parentKind, noun, n);
  return { data: await n.data(r, rows), page, currency: currencyOf(r.money) };
}

/**
 * A nested list whose rows are a kind of record document: its page from their documents (the stored
 * texts when the request needs no change, else parsed, converted and locked at their paths), or from
 * the rows when documents are off or a row has none.
 */
async function nestedAnswer<T>(r: Scope, operationId: string, id: string, parentKind: Subtype | null, noun: string, n: Nested<T> & { document: DocumentKind }): Promise<Result> {
  const { rows, page } = await nestedRows(r, id, parentKind, noun, n, documentJoin(r, n.document));
  return listFromDocuments(r, operationId, n.document, pageRows(rows), { page, currency: currencyOf(r.money) }, () => n.data(r, rows));
}

/** A nested list's definition (src/db/nested.ts) with its rows' shape, the row type inferred from `data`. */
const nested = <T>(list: NestedList, data: Nested<T>['data']): Nested<T> => ({ ...list, data });
/** A nested list whose rows are records of a kind kept as documents. */
const documented = <T>(list: NestedList, data: Nested<T>['data'], document: DocumentKind) => ({ ...nested(list, data), document });
const appUrl = (r: Scope) => r.deps.cfg.appUrl;

const FUNDING_ROUNDS = documented(NESTED.fundingRounds, (r, rows) => transactionRecords(r, rows as unknown as TransactionRow[]), 'transaction');
const VALUATIONS_OF = documented(NESTED.valuations, (s, rows) => rows.map((r) => valuation(appUrl(s), r, s.money)), 'valuation');
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
const FUNDS_OF = documented(NESTED.funds, fundRows, 'fund');
const LP_FUNDS = documented(NESTED.lpFunds, fundRows, 'fund');

export const nestedHandlers: HandlerMap = {
  listCompanyFundingRounds: async (ctx) => nestedAnswer(ctx, 'listCompanyFundingRounds', ctx.params.id, 'company', 'Company', FUNDING_ROUNDS),
  listCompanyValuations: async (ctx) => nestedAnswer(ctx, 'listCompanyValuations', ctx.params.id, 'company', 'Company', VALUATIONS_OF),
  listCompanyFinancials: async (ctx) => ok('listCompanyFinancials', await nestedPage(ctx, ctx.params.id, 'company', 'Company', FINANCIALS)),
  listCompanyHeadcount: async (ctx) => ok('listCompanyHeadcount', await nestedPage(ctx, ctx.params.id, 'company', 'Company', HEADCOUNT)),
  listCompanyWebTraffic: async (ctx) => ok('listCompanyWebTraffic', await nestedPage(ctx, ctx.params.id, 'company', 'Company', TRAFFIC)),
  listCompanyPatents: async (ctx) => ok('listCompanyPatents', await nestedPage(ctx, ctx.params.id, 'company', 'Company', PATENTS)),
  listCompanyTeam: async (ctx) => ok('listCompanyTeam', await nestedPage(ctx, ctx.params.id, 'company', 'Company', TEAM)),
  listInvestorFunds: async (ctx) => nestedAnswer(ctx, 'listInvestorFunds', ctx.params.id, 'investor', 'Investor', FUNDS_OF),
  listInvestorLpFunds: async (ctx) => nestedAnswer(ctx, 'listInvestorLpFunds', ctx.params.id, 'investor', 'Investor', LP_FUNDS),
  listInvestorTeam: async (ctx) => ok('listInvestorTeam', await nestedPage(ctx, ctx.params.id, 'investor', 'Investor', TEAM)),
  listEntityLpFunds: async (ctx) => nestedAnswer(ctx, 'listEntityLpFunds', ctx.params.id, null, 'Entity', LP_FUNDS),
  listUniversityAlumni: async (ctx) => ok('listUniversityAlumni', await nestedPage(ctx, ctx.params.id, 'university', 'University', ALUMNI)),
  listUniversityTeam: async (ctx) => ok('listUniversityTeam', await nestedPage(ctx, ctx.params.id, 'university', 'University', TEAM)),
  listUniversityPatents: async (ctx) => ok('listUniversityPatents', await nestedPage(ctx, ctx.params.id, 'university', 'University', PATENTS)),
  listGovNgoTeam: async (ctx) => ok('listGovNgoTeam', await nestedPage(ctx, ctx.params.id, 'gov_ngo', 'Government body or NGO', TEAM)),
  listGovNgoPatents: async (ctx) => ok('listGovNgoPatents', await nestedPage(ctx, ctx.params.id, 'gov_ngo', 'Government body or NGO', PATENTS)),
};
