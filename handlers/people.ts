/** People: a person's career and education. */
import { findEntityByUuid, type EntityRow } from '../src/db/entities.js';
import { listCareer, listEducation } from '../src/db/people.js';
import { notFound } from '../src/errors.js';
import { ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { careerItem, educationItem } from '../src/serialize/people.js';

export const CAREER_SORTS: SortRegistry = {
  keys: [
    { key: 'start_date', sql: "coalesce(c.start_sort, '')" },
    { key: 'name', sql: '{b}.name_lower' },
    { key: 'id', sql: 'c.id' },
  ],
  default: '-start_date',
  id: 'c.id',
};

export const EDUCATION_SORTS: SortRegistry = {
  keys: [
    { key: 'start_date', sql: "coalesce(ed.start_sort, '')" },
    { key: 'id', sql: 'ed.id' },
  ],
  default: '-start_date',
  id: 'ed.id',
};

export async function findPerson(ctx: Ctx<never>, id: string): Promise<EntityRow> {
  const person = await findEntityByUuid(ctx.deps.db, id.toLowerCase());
  if (!person || person.type !== 'person') throw notFound(`Person ${id} not found`);
  return person;
}

export const peopleHandlers: HandlerMap = {
  listCareer: async (ctx) => {
    const person = await findPerson(ctx as Ctx<never>, ctx.params.id);
    const list = prepareList(ctx as Ctx<never>, { scope: SCOPES.entity!, sorts: CAREER_SORTS, alias: 'e', parent: person.uuid });
    const { rows, page } = await listCareer(ctx.deps.db, person.id, list.where, list.page);
    const data = rows.map((r) => careerItem(ctx.deps.cfg.appUrl, r));
    return ok('listCareer', { data, page: { ...page, ...list.extras }, currency: ctx.money.currency as never });
  },

  listEducation: async (ctx) => {
    const person = await findPerson(ctx as Ctx<never>, ctx.params.id);
    const list = prepareList(ctx as Ctx<never>, { scope: SCOPES.entity!, sorts: EDUCATION_SORTS, alias: 'e', parent: person.uuid });
    const { rows, page } = await listEducation(ctx.deps.db, person.id, list.where, list.page);
    const data = rows.map((r) => educationItem(ctx.deps.cfg.appUrl, r));
    return ok('listEducation', { data, page: { ...page, ...list.extras }, currency: ctx.money.currency as never });
  },
};
