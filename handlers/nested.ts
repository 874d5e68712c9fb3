/**
 * Nested lists (SPEC.md 4.10 "Nested"): the rows of one parent record in keyset pages whose cursors
 * are bound to the parent (SPEC.md 4.11 rule 5). Each is a parent lookup (typed: a UUID of another
 * subtype is 404) plus a record list with the parent as a fixed condition.
 */
import type { components, operations } from '../generated/api.js';
import { loadClassifications, type EntityRow } from '../src/db/entities.js';
import { majorNames } from '../src/db/people.js';
import { degreeNames, NESTED, type NestedList } from '../src/db/nested.js';
import { listRecords } from '../src/db/records.js';
import type { Ctx, Handler, HandlerMap } from '../src/http/context.js';
import { pageRequest } from '../src/query/page.js';
import { resolveSort } from '../src/query/sort.js';
import { fund, valuation } from '../src/serialize/records.js';
import { alumnus, financial, headcount, patent, teamItem, traffic } from '../src/serialize/nested.js';
import { findTyped } from './organizations.js';
import { recordPage } from './records.js';
import { serialize as transactionRows } from './transactions.js';

type Subtype = NonNullable<EntityRow['subtype']>;
type S = components['schemas'];
type Rows = Awaited<ReturnType<typeof recordPage>>['rows'];

interface Nested extends NestedList {
  data: (ctx: Ctx<never>, rows: Rows) => Promise<unknown[]> | unknown[];
}

/** A nested-list handler: parent of `parentKind` by the path UUID, then a page of its rows. */
function nested<Op extends keyof operations>(parentKind: Subtype | null, noun: string, n: Nested): Handler<Op> {
  return async (typed) => {
    const ctx = typed as unknown as Ctx<never>;
    const parent = await findTyped(ctx, (ctx.params as { id: string }).id, parentKind, noun);
    const { rows, page } = await recordPage(ctx, n.spec, n.scope, n.sorts, n.fixed(parent), parent.uuid);
    return { status: 200, body: { data: await n.data(ctx, rows), page, currency: ctx.money.currency } };
  };
}

const appUrl = (ctx: Ctx<never>) => ctx.deps.cfg.appUrl;

const FUNDING_ROUNDS: Nested = { ...NESTED.fundingRounds, data: (ctx, rows) => transactionRows(ctx, rows as never) };
const VALUATIONS_OF: Nested = { ...NESTED.valuations, data: (ctx, rows) => rows.map((r) => valuation(appUrl(ctx), r, ctx.money)) };
const FINANCIALS: Nested = { ...NESTED.financials, data: (ctx, rows) => rows.map((r) => financial(r, ctx.money)) };
const HEADCOUNT: Nested = { ...NESTED.headcount, data: (_c, rows) => rows.map(headcount) };
const TRAFFIC: Nested = { ...NESTED.traffic, data: (_c, rows) => rows.map(traffic) };
const PATENTS: Nested = { ...NESTED.patents, data: (_c, rows) => rows.map(patent) };
const TEAM: Nested = {
  ...NESTED.team,
  data: async (ctx, rows) => {
    const classifications = await loadClassifications(ctx.deps.db, rows.map((r) => r.ref!.id));
    return rows.map((r) => teamItem(appUrl(ctx), r, classifications));
  },
};
const ALUMNI: Nested = {
  ...NESTED.alumni,
  data: async (ctx, rows) => {
    const [majors, degrees] = await Promise.all([majorNames(ctx.deps.db, rows), degreeNames(ctx.deps.db)]);
    return rows.map((r) => alumnus(appUrl(ctx), r, degrees, majors));
  },
};
export const ALUMNI_GLANCE = 5;

/** The alumni glance of a university's full record: the first page of its alumni list, with the total. */
export async function alumniGlance(ctx: Ctx<never>, university: EntityRow) {
  const { cfg, db } = ctx.deps;
  const sort = resolveSort(undefined, ALUMNI.sorts, ALUMNI.spec.alias);
  const page = pageRequest({ sort, limit: ALUMNI_GLANCE, cursor: null, includeTotal: true, filter: '', parent: university.uuid, version: ctx.version.date, secret: cfg.cursorSecret, budgetMs: cfg.queryBudgetMs });
  const { rows, page: info } = await listRecords(db, ALUMNI.spec, null, page, ALUMNI.fixed(university));
  return { total: info.total ?? 0, sort: ALUMNI.sorts.default, items: (await ALUMNI.data(ctx, rows as Rows)) as S['AlumnusItem'][] };
}

const fundRows: Nested['data'] = (ctx, rows) => rows.map((r) => fund(appUrl(ctx), r, ctx.money));
const FUNDS_OF: Nested = { ...NESTED.funds, data: fundRows };
const LP_FUNDS: Nested = { ...NESTED.lpFunds, data: fundRows };

export const nestedHandlers: HandlerMap = {
  listCompanyFundingRounds: nested('company', 'Company', FUNDING_ROUNDS),
  listCompanyValuations: nested('company', 'Company', VALUATIONS_OF),
  listCompanyFinancials: nested('company', 'Company', FINANCIALS),
  listCompanyHeadcount: nested('company', 'Company', HEADCOUNT),
  listCompanyWebTraffic: nested('company', 'Company', TRAFFIC),
  listCompanyPatents: nested('company', 'Company', PATENTS),
  listCompanyTeam: nested('company', 'Company', TEAM),
  listInvestorFunds: nested('investor', 'Investor', FUNDS_OF),
  listInvestorLpFunds: nested('investor', 'Investor', LP_FUNDS),
  listInvestorTeam: nested('investor', 'Investor', TEAM),
  listEntityLpFunds: nested(null, 'Entity', LP_FUNDS),
  listUniversityAlumni: nested('university', 'University', ALUMNI),
  listUniversityTeam: nested('university', 'University', TEAM),
  listUniversityPatents: nested('university', 'University', PATENTS),
  listGovNgoTeam: nested('gov_ngo', 'Government body or NGO', TEAM),
  listGovNgoPatents: nested('gov_ngo', 'Government body or NGO', PATENTS),
};
