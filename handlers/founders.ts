/** Founders: the founders list and the companies a person founded. */
import { loadEntities, portfolioGlances, withBlocks, type EntityRow } from '../src/db/entities.js';
import { CAREER_SORTS, findPerson } from './people.js';
import { careerGlances, educationGlances, listFoundedCompanies, listPersons } from '../src/db/people.js';
import { ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { founderFull, founderSummary, foundedCompanyItem } from '../src/serialize/people.js';
import { bool } from '../src/serialize/entities.js';

const GLANCE = 5;
const PORTFOLIO_GLANCE = 10;

export const FOUNDER_SORTS: SortRegistry = {
  keys: [
    { key: 'signal_rating', sql: 'coalesce({b}.signal_rating, -1)' },
    { key: 'name', sql: '{b}.name_lower' },
    { key: 'added_at', sql: '{b}.added_at' },
    { key: 'updated_at', sql: '{b}.updated_at' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-signal_rating',
  id: '{b}.id',
  retired: {
    launch_date: { replacement: 'signal_rating', since: '2026-10-07', sql: "coalesce({b}.launch_date_sort, '')" },
    created_at: { replacement: 'added_at', since: '2026-10-09', sql: '{b}.added_at' },
  },
};

/**
 * Person rows of a page in the founder row shape (SPEC.md 2.4) from whole entity rows: blocks and
 * glances loaded for the page at once.
 */
export async function personRows(ctx: Ctx<never>, rows: readonly EntityRow[], view: 'full' | 'summary') {
  const { db, cfg } = ctx.deps;
  const ids = rows.map((r) => r.id);
  const investorIds = rows.filter((r) => bool(r.is_investor)).map((r) => r.id);
  const [entities, career, education, portfolio] = await Promise.all([
    withBlocks(db, rows),
    view === 'full' ? careerGlances(db, ids, GLANCE) : null,
    view === 'full' ? educationGlances(db, ids, GLANCE) : null,
    view === 'full' ? portfolioGlances(db, investorIds, PORTFOLIO_GLANCE) : null,
  ]);
  return rows.map((r) => {
    const e = entities.get(r.id)!;
    if (view === 'summary' || !career || !education || !portfolio) return founderSummary(cfg.appUrl, e, ctx.money);
    return founderFull(cfg.appUrl, e, ctx.money, {
      career: career.get(r.id)!,
      education: education.get(r.id)!,
      portfolio: portfolio.get(r.id) ?? null,
    });
  });
}

export const founderHandlers: HandlerMap = {
  listFounders: async (ctx) => {
    const list = prepareList(ctx as Ctx<never>, { scope: SCOPES.entity!, sorts: FOUNDER_SORTS, alias: 'e', core: true });
    const { rows, page } = await listPersons(ctx.deps.db, 'founders', list.where, list.page);
    const view = ctx.query.view ?? 'full';
    const data = await personRows(ctx as Ctx<never>, rows, view);
    return ok('listFounders', { view, data, page: { ...page, ...list.extras }, currency: ctx.money.currency as never });
  },

  listFoundedCompanies: async (ctx) => {
    const { db, cfg } = ctx.deps;
    const person = await findPerson(ctx as Ctx<never>, ctx.params.id);
    const list = prepareList(ctx as Ctx<never>, { scope: SCOPES.entity!, sorts: CAREER_SORTS, alias: 'e', parent: person.uuid });
    const { rows, page } = await listFoundedCompanies(db, person.id, list.where, list.page);
    const orgs = await loadEntities(db, rows.map((r) => r.org_id));
    const data = rows.map((r) => foundedCompanyItem(cfg.appUrl, r, orgs.get(r.org_id)!, ctx.money));
    return ok('listFoundedCompanies', { data, page: { ...page, ...list.extras }, currency: ctx.money.currency as never });
  },
};
