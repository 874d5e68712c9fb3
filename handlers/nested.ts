/**
 * Nested lists (SPEC.md 4.10 "Nested"): the rows of one parent record in keyset pages whose cursors
 * are bound to the parent (SPEC.md 4.11 rule 5). Each is a parent lookup (typed: a UUID of another
 * subtype is 404) plus a record list with the parent as a fixed condition.
 */
import type { Knex } from 'knex';
import type { EntityRow } from '../src/db/entities.js';
import type { TransactionRow } from '../src/db/transactions.js';
import { loadClassifications } from '../src/db/entities.js';
import { FUNDS, VALUATIONS, type Fixed, type RecordSpec } from '../src/db/records.js';
import { ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import type { SortRegistry } from '../src/query/sort.js';
import { fund, valuation } from '../src/serialize/records.js';
import { financial, headcount, patent, teamItem, traffic } from '../src/serialize/nested.js';
import { ALUMNI_SPEC, alumniOf, alumniRecords, TEAM_SORTS } from '../src/services/alumni.js';
import { findTyped, type Subtype } from '../src/services/entities.js';
import { currencyOf } from '../src/services/page.js';
import { recordPage, type RecordRow } from '../src/services/records.js';
import { transactionRecords } from '../src/services/transactions.js';
import { FUND_SORTS, VALUATION_SORTS } from './records.js';
import { TRANSACTION_SORTS } from './transactions.js';

type Scope = Pick<RequestScope, 'deps' | 'money' | 'list'>;

const one = (key: string, sql: string, id = sql): SortRegistry => ({ keys: [{ key, sql }], default: `-${key}`, id });
const withId = (key: string, sql: string, id: string): SortRegistry => ({ keys: [{ key, sql }, { key: 'id', sql: id }], default: `-${key}`, id });

const FINANCIAL_SORTS = one('year', '{b}.year');
const HEADCOUNT_SORTS: SortRegistry = { keys: [{ key: 'count', sql: '{b}.count' }, { key: 'department', sql: '{b}.department' }], default: '-count', id: '{b}.department' };
const TRAFFIC_SORTS = one('month', '{b}.month');
const PATENT_SORTS = withId('filed_date', "coalesce({b}.filed_date, '')", '{b}.id');

interface Nested<T> {
  spec: RecordSpec;
  scope: string | null;
  sorts: SortRegistry;
  fixed: (parent: EntityRow) => Fixed;
  data: (r: Scope, rows: RecordRow[]) => Promise<T[]> | T[];
}

/** A nested list: the parent of `parentKind` by the path UUID (404 otherwise), then a page of its rows. */
async function nestedPage<T>(r: Scope, id: string, parentKind: Subtype | null, noun: string, n: Nested<T>) {
  const parent = await findTyped(r, id, parentKind, noun);
  const { rows, page } = await recordPage(r, n.spec, n.scope, n.sorts, n.fixed(parent), parent.uuid);
  return { data: await n.data(r, rows), page, currency: currencyOf(r.money) };
}

/** A nested list's definition, its row type inferred from `data`. */
const nested = <T>(n: Nested<T>): Nested<T> => n;
const by = (column: string) => (p: EntityRow) => ({ [column]: p.id });
const appUrl = (r: Scope) => r.deps.cfg.appUrl;

const FUNDING_ROUNDS = nested({
  spec: { table: 'transactions', alias: 't' },
  scope: 'funding',
  sorts: TRANSACTION_SORTS,
  fixed: (p) => (q: Knex.QueryBuilder) => void q.where('t.company_id', p.id).whereNull('t.deleted_at'),
  data: (r, rows) => transactionRecords(r, rows as unknown as TransactionRow[]),
});
const VALUATIONS_OF = nested({ spec: VALUATIONS, scope: 'valuation', sorts: VALUATION_SORTS, fixed: by('company_id'), data: (s: Scope, rows: RecordRow[]) => rows.map((r) => valuation(appUrl(s), r, s.money)) });
const FINANCIALS = nested({ spec: { table: 'financials', alias: 'fi' }, scope: null, sorts: FINANCIAL_SORTS, fixed: by('company_id'), data: (s: Scope, rows: RecordRow[]) => rows.map((r) => financial(r, s.money)) });
const HEADCOUNT = nested({ spec: { table: 'headcount_breakdown', alias: 'hb' }, scope: null, sorts: HEADCOUNT_SORTS, fixed: by('company_id'), data: (_s: Scope, rows: RecordRow[]) => rows.map(headcount) });
const TRAFFIC = nested({ spec: { table: 'web_traffic', alias: 'wt' }, scope: null, sorts: TRAFFIC_SORTS, fixed: by('company_id'), data: (_s: Scope, rows: RecordRow[]) => rows.map(traffic) });
const PATENTS = nested({ spec: { table: 'patents', alias: 'pt' }, scope: null, sorts: PATENT_SORTS, fixed: by('entity_id'), data: (_s: Scope, rows: RecordRow[]) => rows.map(patent) });
const TEAM = nested({
  spec: { table: 'career', alias: 'c', fk: 'person_id' },
  scope: null,
  sorts: TEAM_SORTS,
  fixed: by('org_id'),
  data: async (s: Scope, rows: RecordRow[]) => {
    const classifications = await loadClassifications(s.deps.db, rows.map((r) => r.ref!.id));
    return rows.map((r) => teamItem(appUrl(s), r, classifications));
  },
});
const ALUMNI = nested({ spec: ALUMNI_SPEC, scope: null, sorts: TEAM_SORTS, fixed: alumniOf, data: alumniRecords });

const FUNDS_OF = nested({ spec: FUNDS, scope: 'fund', sorts: FUND_SORTS, fixed: by('investor_id'), data: (s: Scope, rows: RecordRow[]) => rows.map((r) => fund(appUrl(s), r, s.money)) });
const LP_FUNDS = nested({
  ...FUNDS_OF,
  fixed: (p) => (q: Knex.QueryBuilder) => void q.whereExists((s) => s.select(1).from('fund_lps as lp').whereRaw('lp.fund_id = f.id').andWhere('lp.lp_id', p.id)),
});

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
