/**
 * Relations: a company's investors, an investor's portfolio (from the rounds they share) and the
 * ranked `similar` lists of companies and investors (documented scores; first 1,000 results).
 * Cursors are bound to the parent.
 */
import type { EntityRow } from '../src/db/entities.js';
import type { Db, SortRegistry } from '../src/db/listing.js';
import { NO_FILTER } from '../src/db/listing.js';
import type { PageRequest } from '../src/db/paging.js';
import { PARTICIPATION_SORTS, participationPage, SIMILAR_SORTS, similarPage, type RelationRow } from '../src/db/relations.js';
import type { Ctx, Handler, HandlerMap } from '../src/http/context.js';
import type { operations } from '../generated/api.js';
import { prepareList } from '../src/query/list.js';
import { entityRef } from '../src/serialize/entities.js';
import { findTyped } from './organizations.js';

type Kind = 'company' | 'investor';
type Load = (db: Db, parent: EntityRow, page: PageRequest) => Promise<{ page: object; rows: object[] }>;

function relation<Op extends keyof operations>(kind: Kind, sorts: SortRegistry, load: Load, item: (appUrl: string, r: never) => unknown): Handler<Op> {
  return async (typed) => {
    const ctx = typed as unknown as Ctx<never>;
    const parent = await findTyped(ctx, (ctx.params as { id: string }).id, kind, kind === 'company' ? 'Company' : 'Investor');
    const list = prepareList(ctx, { scope: NO_FILTER, sorts, alias: 'x', parent: parent.uuid });
    const { rows, page } = await load(ctx.deps.db, parent, list.page);
    const data = rows.map((r) => item(ctx.deps.cfg.appUrl, r as never));
    return { status: 200, body: { data, page: { ...page, ...list.extras }, currency: ctx.money.currency } };
  };
}

const lastDate = (r: RelationRow) => {
  const d = r.last_round.slice(r.last_round.indexOf('|') + 1);
  return d === '' ? null : d;
};
const participation = (role: 'investor' | 'company') => (appUrl: string, r: RelationRow) => ({
  is_lead: Number(r.is_lead) === 1,
  rounds_count: Number(r.rounds_count),
  last_round_date: lastDate(r),
  [role]: entityRef(appUrl, r.ref),
});

const similar = (role: Kind) => (appUrl: string, r: Record<string, unknown> & { ref: EntityRow }) => ({
  score: Number(r.score),
  ...(role === 'company'
    ? { shared_taxonomy: Number(r.shared_taxonomy), shared_investors: Number(r.shared_investors) }
    : { shared_portfolio: Number(r.shared_portfolio), shared_types: Number(r.shared_types) }),
  same_country: Number(r.same_country) === 1,
  [role]: entityRef(appUrl, r.ref),
});

export const relationHandlers: HandlerMap = {
  listCompanyInvestors: relation('company', PARTICIPATION_SORTS, (db, p, page) => participationPage(db, 'company', p.id, page), participation('investor') as never),
  listInvestorPortfolio: relation('investor', PARTICIPATION_SORTS, (db, p, page) => participationPage(db, 'investor', p.id, page), participation('company') as never),
  listSimilarCompanies: relation('company', SIMILAR_SORTS, (db, p, page) => similarPage(db, 'company', p as never, page), similar('company') as never),
  listSimilarInvestors: relation('investor', SIMILAR_SORTS, (db, p, page) => similarPage(db, 'investor', p as never, page), similar('investor') as never),
};
