/** Founders: the founders list and the companies a person founded. */
import { loadEntities } from '../src/db/entities.js';
import { CAREER_SORTS, FOUNDER_SORTS, listFoundedCompanies, listPersons } from '../src/db/people.js';
import type { components } from '../generated/api.js';
import { documentJoin, wrappedPageFromDocuments } from '../src/documents/read.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { careerFields } from '../src/serialize/entities.js';
import { foundedCompanyItem } from '../src/serialize/people.js';
import { findTyped } from '../src/services/entities.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { personKind, personPage } from '../src/services/people.js';

type FoundedCompanyItem = components['schemas']['FoundedCompanyItem'];

export const founderHandlers: HandlerMap = {
  listFounders: async (ctx) => {
    const list = prepareList(ctx.list, { scope: SCOPES.entity!, sorts: FOUNDER_SORTS, alias: 'e' });
    const view = ctx.query.view ?? 'full';
    const { rows, page } = await listPersons(ctx.deps.db, 'founders', list.where, list.page, documentJoin(ctx, personKind(view)));
    const { data, locks } = await personPage(ctx, 'listFounders', rows, view);
    return { ...ok('listFounders', { view, data, page: pageEnvelope(page, list), currency: currencyOf(ctx.money) }), locks };
  },

  listFoundedCompanies: async (ctx) => {
    const { db, cfg } = ctx.deps;
    const person = await findTyped(ctx, ctx.params.id, 'person', 'Person');
    const list = prepareList(ctx.list, { scope: SCOPES.entity!, sorts: CAREER_SORTS, alias: 'e', parent: person.uuid });
    const { rows, page } = await listFoundedCompanies(db, person.id, list.where, list.page);
    // a founded company is its career fields and the company's list row (a document; another subtype has none)
    const found = await wrappedPageFromDocuments(ctx, 'listFoundedCompanies', 'company_row', 'company', rows.map((r) => ({ id: r.org_id, members: careerFields(r) })));
    if (found) return { ...ok('listFoundedCompanies', { data: found.data as FoundedCompanyItem[], page: pageEnvelope(page, list), currency: currencyOf(ctx.money) }), locks: found.locks, atVersion: found.atVersion };
    const orgs = await loadEntities(db, rows.map((r) => r.org_id));
    const data = rows.map((r) => foundedCompanyItem(cfg.appUrl, r, orgs.get(r.org_id)!, ctx.money));
    return ok('listFoundedCompanies', { data, page: pageEnvelope(page, list), currency: currencyOf(ctx.money) });
  },
};
