/** People: a person's career and education. */
import { findEntityByUuid, type EntityRow } from '../src/db/entities.js';
import { CAREER_SORTS, EDUCATION_SORTS, listCareer, listEducation } from '../src/db/people.js';
import { notFound } from '../src/errors.js';
import type { Db, SortRegistry } from '../src/db/listing.js';
import type { PageInfo } from '../src/db/paging.js';
import { ok, type Ctx, type Handler, type HandlerMap } from '../src/http/context.js';
import { prepareList, type PreparedList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { careerItem, educationItem } from '../src/serialize/people.js';

export async function findPerson(ctx: Ctx<never>, id: string): Promise<EntityRow> {
  const person = await findEntityByUuid(ctx.deps.db, id.toLowerCase());
  if (!person || person.type !== 'person') throw notFound(`Person ${id} not found`);
  return person;
}

/** A list of one person's rows: the person must exist; filters, sort and cursor bound to them. */
function personList<R, Op extends 'listCareer' | 'listEducation'>(
  op: Op,
  sorts: SortRegistry,
  load: (db: Db, personId: number, where: PreparedList['where'], page: PreparedList['page']) => Promise<{ rows: R[]; page: PageInfo }>,
  item: (appUrl: string, row: R) => unknown,
): Handler<Op> {
  return async (typed) => {
    const ctx = typed as unknown as Ctx<never>;
    const person = await findPerson(ctx, (ctx.params as { id: string }).id);
    const list = prepareList(ctx, { scope: SCOPES.entity!, sorts, alias: 'e', parent: person.uuid });
    const { rows, page } = await load(ctx.deps.db, person.id, list.where, list.page);
    const data = rows.map((r) => item(ctx.deps.cfg.appUrl, r));
    return ok(op, { data, page: { ...page, ...list.extras }, currency: ctx.money.currency } as never);
  };
}

export const peopleHandlers: HandlerMap = {
  listCareer: personList('listCareer', CAREER_SORTS, listCareer, careerItem),
  listEducation: personList('listEducation', EDUCATION_SORTS, listEducation, educationItem),
};
