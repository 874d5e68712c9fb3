/** People: a person's career and education. */
import { listCareer, listEducation } from '../src/db/people.js';
import type { Knex } from 'knex';
import type { PageInfo } from '../src/db/paging.js';
import { ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { prepareList, type PreparedList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { careerItem, educationItem } from '../src/serialize/people.js';
import { findTyped } from '../src/services/entities.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';

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

/** A list of one person's rows: the person must exist; filters, sort and cursor bound to them. */
async function personList<R>(
  ctx: Pick<RequestScope, 'deps' | 'list'>,
  id: string,
  sorts: SortRegistry,
  load: (db: Knex, personId: number, where: PreparedList['where'], page: PreparedList['page']) => Promise<{ rows: R[]; page: PageInfo }>,
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
