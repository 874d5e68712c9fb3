/** Companies: the full record. */
import { findEntityByUuid, loadEntities } from '../src/db/entities.js';
import { organizationRecord } from './organizations.js';
import { listCompanies } from '../src/db/companies.js';
import { notFound } from '../src/errors.js';
import { ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { organizationSummary } from '../src/serialize/entities.js';
import type { components } from '../generated/api.js';

export const COMPANY_SORTS: SortRegistry = {
  keys: [
    { key: 'signal_rating', sql: 'coalesce({b}.signal_rating, -1)' },
    { key: 'name', sql: '{b}.name_lower' },
    { key: 'funding_total', sql: 'coalesce({b}.funding_total_usd, -1)' },
    { key: 'launch_date', sql: "coalesce({b}.launch_date_sort, '')" },
    { key: 'employees_count', sql: 'coalesce({b}.employees_count, -1)', field: 'employees' },
    { key: 'added_at', sql: '{b}.added_at' },
    { key: 'updated_at', sql: '{b}.updated_at' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-signal_rating',
  id: '{b}.id',
  retired: { created_at: { replacement: 'added_at', since: '2026-10-09', sql: '{b}.added_at' } },
};

export const FOUNDERS_GLANCE = 5;
export const PORTFOLIO_GLANCE = 10;

export const companyHandlers: HandlerMap = {
  listCompanies: async (ctx) => {
    const { db, cfg } = ctx.deps;
    const list = prepareList(ctx as Ctx<never>, { scope: SCOPES.entity!, sorts: COMPANY_SORTS, alias: 'e', core: true });
    const { rows, page } = await listCompanies(db, list.where, list.page);
    const entities = await loadEntities(db, rows.map((r) => r.id));
    const data = rows.map((r) => organizationSummary(cfg.appUrl, entities.get(r.id)!, ctx.money) as components['schemas']['CompanySummary']);
    return ok('listCompanies', { data, page: { ...page, ...list.extras }, currency: ctx.money.currency as never });
  },

  getCompany: async (ctx) => {
    const row = await findEntityByUuid(ctx.deps.db, ctx.params.id.toLowerCase(), 'company');
    if (!row) throw notFound(`Company ${ctx.params.id} not found`);
    const data = await organizationRecord(ctx as Ctx<never>, row);
    return ok('getCompany', { data: { ...data, subtype: 'company' }, currency: ctx.money.currency as never });
  },
};
