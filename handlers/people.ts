/** People: a person's career and education. */
import { findEntityByUuid, type EntityRow } from '../src/db/entities.js';
import { listCareer, listEducation } from '../src/db/people.js';
import { notFound } from '../src/errors.js';
import type { Knex } from 'knex';
import type { PageInfo } from '../src/db/paging.js';
import { ok, type Ctx, type Handler, type HandlerMap } from '../src/http/context.js';
import { prepareList, type PreparedList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { careerItem, educationItem } from '../src/serialize/people.js';

/** Career rows (also the founded-companies list, which reads the same rows). */
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

/** A list of one person's rows: the person must exist; filters, sort and cursor bound to them. */
function personList<R, Op extends 'listCareer' | 'listEducation'>(
  op: Op,
  sorts: SortRegistry,
  load: (db: Knex, personId: number, where: PreparedList['where'], page: PreparedList['page']) => Promise<{ rows: R[]; page: PageInfo }>,
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
