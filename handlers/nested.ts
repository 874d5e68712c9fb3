/**
 * Nested lists (SPEC.md 4.10 "Nested"): the rows of one parent record in keyset pages whose cursors
 * are bound to the parent (SPEC.md 4.11 rule 5). Each is a parent lookup (typed: a UUID of another
 * subtype is 404) plus a record list with the parent as a fixed condition.
 */
import type { Knex } from 'knex';
import type { components, operations } from '../generated/api.js';
import { loadClassifications, type EntityRow } from '../src/db/entities.js';
import { majorNames } from '../src/db/people.js';
import { FUNDS, listRecords, VALUATIONS, type Fixed, type RecordSpec } from '../src/db/records.js';
import type { Ctx, Handler, HandlerMap } from '../src/http/context.js';
import { resolveSort, type SortRegistry } from '../src/query/sort.js';
import { fund, valuation } from '../src/serialize/records.js';
import { alumnus, financial, headcount, patent, teamItem, traffic } from '../src/serialize/nested.js';
import { findTyped } from './organizations.js';
import { FUND_SORTS, recordPage, VALUATION_SORTS } from './records.js';
import { serialize as transactionRows, TRANSACTION_SORTS } from './transactions.js';

type Subtype = NonNullable<EntityRow['subtype']>;
type S = components['schemas'];
type Rows = Awaited<ReturnType<typeof recordPage>>['rows'];

const one = (key: string, sql: string, id = sql): SortRegistry => ({ keys: [{ key, sql }], default: `-${key}`, id });
const withId = (key: string, sql: string, id: string): SortRegistry => ({ keys: [{ key, sql }, { key: 'id', sql: id }], default: `-${key}`, id });

const FINANCIAL_SORTS = one('year', '{b}.year');
const HEADCOUNT_SORTS: SortRegistry = { keys: [{ key: 'count', sql: '{b}.count' }, { key: 'department', sql: '{b}.department' }], default: '-count', id: '{b}.department' };
const TRAFFIC_SORTS = one('month', '{b}.month');
const PATENT_SORTS = withId('filed_date', "coalesce({b}.filed_date, '')", '{b}.id');
const TEAM_SORTS = withId('start_date', "coalesce({b}.start_sort, '')", '{b}.id');

interface Nested {
  spec: RecordSpec;
  scope: string | null;
  sorts: SortRegistry;
  fixed: (parent: EntityRow) => Fixed;
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

const by = (column: string) => (p: EntityRow) => ({ [column]: p.id });
const appUrl = (ctx: Ctx<never>) => ctx.deps.cfg.appUrl;

const FUNDING_ROUNDS: Nested = {
  spec: { table: 'transactions', alias: 't' },
  scope: 'funding',
  sorts: TRANSACTION_SORTS,
  fixed: (p) => (q: Knex.QueryBuilder) => void q.where('t.company_id', p.id).whereNull('t.deleted_at'),
  data: (ctx, rows) => transactionRows(ctx, rows as never),
};
const VALUATIONS_OF: Nested = { spec: VALUATIONS, scope: 'valuation', sorts: VALUATION_SORTS, fixed: by('company_id'), data: (ctx, rows) => rows.map((r) => valuation(appUrl(ctx), r, ctx.money)) };
const FINANCIALS: Nested = { spec: { table: 'financials', alias: 'fi' }, scope: null, sorts: FINANCIAL_SORTS, fixed: by('company_id'), data: (ctx, rows) => rows.map((r) => financial(r, ctx.money)) };
const HEADCOUNT: Nested = { spec: { table: 'headcount_breakdown', alias: 'hb' }, scope: null, sorts: HEADCOUNT_SORTS, fixed: by('company_id'), data: (_c, rows) => rows.map(headcount) };
const TRAFFIC: Nested = { spec: { table: 'web_traffic', alias: 'wt' }, scope: null, sorts: TRAFFIC_SORTS, fixed: by('company_id'), data: (_c, rows) => rows.map(traffic) };
const PATENTS: Nested = { spec: { table: 'patents', alias: 'pt' }, scope: null, sorts: PATENT_SORTS, fixed: by('entity_id'), data: (_c, rows) => rows.map(patent) };
const TEAM: Nested = {
  spec: { table: 'career', alias: 'c', fk: 'person_id' },
  scope: null,
  sorts: TEAM_SORTS,
  fixed: by('org_id'),
  data: async (ctx, rows) => {
    const classifications = await loadClassifications(ctx.deps.db, rows.map((r) => r.ref!.id));
    return rows.map((r) => teamItem(appUrl(ctx), r, classifications));
  },
};
const ALUMNI: Nested = {
  spec: { table: 'education', alias: 'ed', fk: 'person_id' },
  scope: null,
  sorts: TEAM_SORTS,
  fixed: by('university_id'),
  data: async (ctx, rows) => {
    const [majors, degrees] = await Promise.all([majorNames(ctx.deps.db, rows), ctx.deps.db('degrees').select('id', 'name') as Promise<{ id: number; name: string }[]>]);
    const degreeNames = new Map(degrees.map((d) => [d.id, d.name]));
    return rows.map((r) => alumnus(appUrl(ctx), r, degreeNames, majors));
  },
};
export const ALUMNI_GLANCE = 5;

/** The alumni glance of a university's full record: the first page of its alumni list, with the total. */
export async function alumniGlance(ctx: Ctx<never>, university: EntityRow) {
  const { cfg, db } = ctx.deps;
  const sort = resolveSort(undefined, ALUMNI.sorts, ALUMNI.spec.alias);
  const page = { sort, limit: ALUMNI_GLANCE, cursor: null, includeTotal: true, filter: '', parent: university.uuid, version: ctx.version.date, secret: cfg.cursorSecret, budgetMs: cfg.queryBudgetMs };
  const { rows, page: info } = await listRecords(db, ALUMNI.spec, null, page, ALUMNI.fixed(university));
  return { total: info.total ?? 0, sort: ALUMNI.sorts.default, items: (await ALUMNI.data(ctx, rows as Rows)) as S['AlumnusItem'][] };
}

const FUNDS_OF: Nested = { spec: FUNDS, scope: 'fund', sorts: FUND_SORTS, fixed: by('investor_id'), data: (ctx, rows) => rows.map((r) => fund(appUrl(ctx), r, ctx.money)) };
const LP_FUNDS: Nested = {
  ...FUNDS_OF,
  fixed: (p) => (q: Knex.QueryBuilder) => void q.whereExists((s) => s.select(1).from('fund_lps as lp').whereRaw('lp.fund_id = f.id').andWhere('lp.lp_id', p.id)),
};

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
