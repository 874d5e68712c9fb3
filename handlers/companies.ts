/** Companies: the full record. */
import { findEntityByUuid, loadEntities } from '../src/db/entities.js';
import { COMPANY_SORTS, listCompanies } from '../src/db/companies.js';
import { companyDocumentByUuid } from '../src/db/documents.js';
import { assemble, documentLocks } from '../src/documents/read.js';
import { notFound } from '../src/errors.js';
import { ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { organizationSummary } from '../src/serialize/entities.js';
import type { components } from '../generated/api.js';
import { organizationRecord } from '../src/services/organizations.js';
import { keywordList, withScore } from '../src/services/keyword.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';

async function companyPage(ctx: Pick<RequestScope, 'deps' | 'list'>) {
  const list = prepareList(ctx.list, { scope: SCOPES.entity!, sorts: COMPANY_SORTS, alias: 'e' });
  const { rows, page } = await listCompanies(ctx.deps.db, list.where, list.page);
  return { rows, page: pageEnvelope(page, list) };
}

export const companyHandlers: HandlerMap = {
  listCompanies: async (ctx) => {
    const { db, cfg } = ctx.deps;
    const { rows, page } = ctx.query.semantic_keyword === undefined ? await companyPage(ctx) : await keywordList(ctx, ctx.query.semantic_keyword, 'company');
    const entities = await loadEntities(db, rows.map((r) => r.id));
    const data = rows.map((r) => withScore(organizationSummary(cfg.appUrl, entities.get(r.id)!, ctx.money), r) as components['schemas']['CompanySummary']);
    return ok('listCompanies', { data, page, currency: currencyOf(ctx.money) });
  },

  getCompany: async (ctx) => {
    const doc = ctx.deps.cfg.recordDocuments ? await companyDocumentByUuid(ctx.deps.db, ctx.params.id.toLowerCase()) : null;
    if (doc) {
      const a = assemble(doc, ctx.deps.cfg.appUrl, ctx.money);
      const data = a.data as unknown as components['schemas']['CompanyFull'];
      return { ...ok('getCompany', { data, currency: currencyOf(ctx.money) }), locks: documentLocks([a], false) };
    }
    const row = await findEntityByUuid(ctx.deps.db, ctx.params.id.toLowerCase(), 'company');
    if (!row) throw notFound(`Company ${ctx.params.id} not found`);
    const data = await organizationRecord(ctx, row);
    return ok('getCompany', { data: { ...data, subtype: 'company' }, currency: currencyOf(ctx.money) });
  },
};
