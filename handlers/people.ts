/** People: a person's career and education. */
import { CAREER_SORTS, EDUCATION_SORTS, listCareer, listEducation } from '../src/db/people.js';
import type { Db, SortRegistry } from '../src/db/listing.js';
import type { PageInfo } from '../src/db/paging.js';
import { ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { prepareList, type PreparedList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { careerItem, educationItem } from '../src/serialize/people.js';
import { findTyped } from '../src/services/entities.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';

/** A list of one person's rows: the person must exist; filters, sort and cursor bound to them. */
async function personList<R>(
  ctx: Pick<RequestScope, 'deps' | 'list'>,
  id: string,
  sorts: SortRegistry,
  load: (db: Db, personId: number, where: PreparedList['where'], page: PreparedList['page']) => Promise<{ rows: R[]; page: PageInfo }>,
) {
  const person = await findTyped(ctx, id, 'person', 'Person');
  const list = prepareList(ctx.list, { scope: SCOPES.entity!, sorts, alias: 'e', parent: person.uuid });
  const { rows, page } = await load(ctx.deps.db, person.id, list.where, list.page);
  return { rows, page: pageEnvelope(page, list) };
}

export const peopleHandlers: HandlerMap = {
  listCareer: async (ctx) => {
    const { rows, page } = await personList(ctx, ctx.params.id, CAREER_SORTS, listCareer);
    return ok('listCareer', { data: rows.map((r) => careerItem(ctx.deps.cfg.appUrl, r)), page, currency: currencyOf(ctx.money) });
  },
  listEducation: async (ctx) => {
    const { rows, page } = await personList(ctx, ctx.params.id, EDUCATION_SORTS, listEducation);
    return ok('listEducation', { data: rows.map((r) => educationItem(ctx.deps.cfg.appUrl, r)), page, currency: currencyOf(ctx.money) });
  },
};
