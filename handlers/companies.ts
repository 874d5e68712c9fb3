/** Companies: the full record. */
import { COMPANY_SORTS, listCompanies } from '../src/db/companies.js';
import { documentJoin, pageFromRows } from '../src/documents/read.js';
import { ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { components } from '../generated/api.js';
import { entitySummaries } from '../src/services/entities.js';
import { organizationAnswer } from '../src/services/organizations.js';
import { keywordList, withScore } from '../src/services/keyword.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';

type CompanySummary = components['schemas']['CompanySummary'];

async function companyPage(ctx: Pick<RequestScope, 'deps' | 'list'>) {
  const list = prepareList(ctx.list, { scope: SCOPES.entity!, sorts: COMPANY_SORTS, alias: 'e' });
  const { rows, page } = await listCompanies(ctx.deps.db, list.where, list.page, documentJoin(ctx, 'company_row'));
  return { rows, page: pageEnvelope(page, list) };
}

export const companyHandlers: HandlerMap = {
  listCompanies: async (ctx) => {
    const { rows, page } = ctx.query.semantic_keyword === undefined ? await companyPage(ctx) : await keywordList(ctx, ctx.query.semantic_keyword, 'company');
    const fromDocuments = await pageFromRows(ctx, 'listCompanies', 'company_row', rows);
    if (fromDocuments) return { ...ok('listCompanies', { data: fromDocuments.data as CompanySummary[], page, currency: currencyOf(ctx.money) }), locks: fromDocuments.locks };
    const summaries = await entitySummaries(ctx, rows.map((r) => r.id));
    const data = rows.map((r) => withScore(summaries.get(r.id)!, r) as CompanySummary);
    return ok('listCompanies', { data, page, currency: currencyOf(ctx.money) });
  },

  getCompany: async (ctx) => {
    const { data, locks, atVersion } = await organizationAnswer(ctx, 'getCompany', ctx.params.id, 'company', 'Company');
    return { ...ok('getCompany', { data: data as components['schemas']['CompanyFull'], currency: currencyOf(ctx.money) }), locks, atVersion };
  },
};
