/** Founders: the founders list and the companies a person founded. */
import { loadEntities } from '../src/db/entities.js';
import { CAREER_SORTS } from './people.js';
import { listFoundedCompanies, listPersons } from '../src/db/people.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { foundedCompanyItem } from '../src/serialize/people.js';
import { findTyped } from '../src/services/entities.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { personRecords } from '../src/services/people.js';

export const FOUNDER_SORTS: SortRegistry = {
  keys: [
    { key: 'signal_rating', sql: 'coalesce({b}.signal_rating, -1)' },
    { key: 'name', sql: '{b}.name_lower' },
    { key: 'added_at', sql: '{b}.added_at' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-signal_rating',
  id: '{b}.id',
  retired: {
    launch_date: { replacement: 'signal_rating', since: '2026-10-07', sql: "coalesce({b}.launch_date_sort, '')" },
    created_at: { replacement: 'added_at', since: '2026-10-09', sql: '{b}.added_at' },
  },
};

export const founderHandlers: HandlerMap = {
  listFounders: async (ctx) => {
    const list = prepareList(ctx.list, { scope: SCOPES.entity!, sorts: FOUNDER_SORTS, alias: 'e', core: true });
    const { rows, page } = await listPersons(ctx.deps.db, 'founders', list.where, list.page);
    const view = ctx.query.view ?? 'full';
    const data = await personRecords(ctx, rows, view);
    return ok('listFounders', { view, data, page: pageEnvelope(page, list), currency: currencyOf(ctx.money) });
  },

  listFoundedCompanies: async (ctx) => {
    const { db, cfg } = ctx.deps;
    const person = await findTyped(ctx, ctx.params.id, 'person', 'Person');
    const list = prepareList(ctx.list, { scope: SCOPES.entity!, sorts: CAREER_SORTS, alias: 'e', parent: person.uuid });
    const { rows, page } = await listFoundedCompanies(db, person.id, list.where, list.page);
    const orgs = await loadEntities(db, rows.map((r) => r.org_id));
    const data = rows.map((r) => foundedCompanyItem(cfg.appUrl, r, orgs.get(r.org_id)!, ctx.money));
    return ok('listFoundedCompanies', { data, page: pageEnvelope(page, list), currency: currencyOf(ctx.money) });
  },
};
