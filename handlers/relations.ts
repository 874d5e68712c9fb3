/**
 * Relations: a company's investors, an investor's portfolio (from the rounds they share) and the
 * ranked `similar` lists of companies and investors (documented scores; first 1,000 results).
 * Cursors are bound to the parent.
 */
import type { Db, SortRegistry } from '../src/db/listing.js';
import type { operations } from '../generated/api.js';
import type { EntityRow } from '../src/db/entities.js';
import type { PageInfo, PageRequest } from '../src/db/paging.js';
import { PARTICIPATION_SORTS, participationPage, type RelationRow, SIMILAR_SORTS, similarPage, type SimilarRow } from '../src/db/relations.js';
import { ok, type HandlerMap, type RequestScope, type ResponseBody } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { entityRef } from '../src/serialize/entities.js';
import { findTyped } from '../src/services/entities.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { NO_FILTER } from '../src/db/listing.js';

type Kind = 'company' | 'investor';

/** A page of the parent's related rows; the parent (of `kind`, by path UUID) must exist and binds the cursors. */
async function relationPage<R>(
  ctx: Pick<RequestScope, 'deps' | 'list'>,
  id: string,
  kind: Kind,
  sorts: SortRegistry,
  load: (db: Db, parent: EntityRow, page: PageRequest) => Promise<{ page: PageInfo; rows: R[] }>,
) {
  const parent = await findTyped(ctx, id, kind, kind === 'company' ? 'Company' : 'Investor');
  const list = prepareList(ctx.list, { scope: NO_FILTER, sorts, alias: 'x', parent: parent.uuid });
  const { rows, page } = await load(ctx.deps.db, parent, list.page);
  return { rows, page: pageEnvelope(page, list) };
}

const lastDate = (r: RelationRow) => {
  const d = r.last_round.slice(r.last_round.indexOf('|') + 1);
  return d === '' ? null : d;
};
const participation = (r: RelationRow) => ({ is_lead: Number(r.is_lead) === 1, rounds_count: Number(r.rounds_count), last_round_date: lastDate(r) });

const similarity = (kind: Kind, r: SimilarRow) => ({
  score: Number(r.score),
  ...(kind === 'company'
    ? { shared_taxonomy: Number(r.shared_taxonomy), shared_investors: Number(r.shared_investors) }
    : { shared_portfolio: Number(r.shared_portfolio), shared_types: Number(r.shared_types) }),
  same_country: Number(r.same_country) === 1,
});

/** The parent's country for the `same_country` score (every entity row has the column). */
const similarParent = (p: EntityRow) => ({ id: p.id, hq_country_id: (p as EntityRow & { hq_country_id?: number | null }).hq_country_id ?? null });

type Data<Op extends keyof operations> = ResponseBody<Op, 200> extends { data: infer D } ? D : never;

export const relationHandlers: HandlerMap = {
  listCompanyInvestors: async (ctx) => {
    const { rows, page } = await relationPage(ctx, ctx.params.id, 'company', PARTICIPATION_SORTS, (db, p, pg) => participationPage(db, 'company', p.id, pg));
    const data: Data<'listCompanyInvestors'> = rows.map((r) => ({ ...participation(r), investor: entityRef(ctx.deps.cfg.appUrl, r.ref) }));
    return ok('listCompanyInvestors', { data, page, currency: currencyOf(ctx.money) });
  },
  listInvestorPortfolio: async (ctx) => {
    const { rows, page } = await relationPage(ctx, ctx.params.id, 'investor', PARTICIPATION_SORTS, (db, p, pg) => participationPage(db, 'investor', p.id, pg));
    const data: Data<'listInvestorPortfolio'> = rows.map((r) => ({ ...participation(r), company: entityRef(ctx.deps.cfg.appUrl, r.ref) }));
    return ok('listInvestorPortfolio', { data, page, currency: currencyOf(ctx.money) });
  },
  listSimilarCompanies: async (ctx) => {
    const { rows, page } = await relationPage(ctx, ctx.params.id, 'company', SIMILAR_SORTS, (db, p, pg) => similarPage(db, 'company', similarParent(p), pg));
    const data = rows.map((r) => ({ ...similarity('company', r), company: entityRef(ctx.deps.cfg.appUrl, r.ref) })) as Data<'listSimilarCompanies'>;
    return ok('listSimilarCompanies', { data, page, currency: currencyOf(ctx.money) });
  },
  listSimilarInvestors: async (ctx) => {
    const { rows, page } = await relationPage(ctx, ctx.params.id, 'investor', SIMILAR_SORTS, (db, p, pg) => similarPage(db, 'investor', similarParent(p), pg));
    const data = rows.map((r) => ({ ...similarity('investor', r), investor: entityRef(ctx.deps.cfg.appUrl, r.ref) })) as Data<'listSimilarInvestors'>;
    return ok('listSimilarInvestors', { data, page, currency: currencyOf(ctx.money) });
  },
};
