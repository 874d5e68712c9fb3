/** Funds, valuations and news: lists (keyset pages over their own filter scopes) and details by numeric id. */
import { NO_FILTER, type SortRegistry } from '../src/db/listing.js';
import { findRecord, FUND_SORTS, FUNDS, listRecords, loadNewsLinks, NEWS, NEWS_SORTS, VALUATION_SORTS, VALUATIONS, type Fixed, type RecordSpec, type WithRef } from '../src/db/records.js';
import { NEWS_RANKED_SORTS, searchNews } from '../src/db/newsSearch.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { fund, newsArticle, valuation } from '../src/serialize/records.js';
import { queryText } from './search.js';

type Row = Parameters<typeof fund>[1];

/**
 * A page of records of one kind, in the request's filter (scope null: the list takes no filter),
 * sort and cursor; a nested list passes its parent's UUID, which binds its cursors.
 */
export async function recordPage(ctx: Ctx<never>, spec: RecordSpec, scope: string | null, sorts: SortRegistry, fixed: Fixed = {}, parent: string | null = null) {
  const core = parent === null && scope !== null && ['valuation', 'news'].includes(scope);
  const list = prepareList(ctx, { scope: scope ? SCOPES[scope]! : NO_FILTER, sorts, alias: spec.alias, core, parent });
  const { rows, page } = await listRecords(ctx.deps.db, spec, list.where, list.page, fixed);
  return { rows: rows as Row[], page: { ...page, ...list.extras } };
}

/** One record by the path id, or 404. */
export async function recordById(ctx: Ctx<never>, spec: RecordSpec, noun: string, fixed: Fixed = {}): Promise<WithRef & Row> {
  const raw = (ctx.params as { id: string }).id;
  const id = numericId(raw);
  const row = id === null ? null : await findRecord(ctx.deps.db, spec, id, fixed);
  if (!row) throw notFound(`${noun} ${raw} not found`);
  return row as Row;
}

async function rankedNews(ctx: Ctx<never>, raw: string) {
  const q = queryText(raw);
  const list = prepareList(ctx, { scope: SCOPES.news!, sorts: NEWS_RANKED_SORTS, alias: 'n', core: true, bind: q });
  const { rows, page } = await searchNews(ctx.deps.db, q, list.where, list.page);
  return { rows: rows.map((r) => ({ ...r, ref: null })) as Row[], page: { ...page, ...list.extras } };
}

const currency = (ctx: { money: { currency: string } }) => ctx.money.currency as never;

export const recordHandlers: HandlerMap = {
  listFunds: async (ctx) => {
    const { rows, page } = await recordPage(ctx as Ctx<never>, FUNDS, 'fund', FUND_SORTS);
    return ok('listFunds', { data: rows.map((r) => fund(ctx.deps.cfg.appUrl, r, ctx.money)), page, currency: currency(ctx) });
  },
  getFund: async (ctx) => {
    const r = await recordById(ctx as Ctx<never>, FUNDS, 'Fund');
    return ok('getFund', { data: fund(ctx.deps.cfg.appUrl, r, ctx.money), currency: currency(ctx) });
  },
  listValuations: async (ctx) => {
    const { rows, page } = await recordPage(ctx as Ctx<never>, VALUATIONS, 'valuation', VALUATION_SORTS);
    return ok('listValuations', { data: rows.map((r) => valuation(ctx.deps.cfg.appUrl, r, ctx.money)), page, currency: currency(ctx) });
  },
  getValuation: async (ctx) => {
    const r = await recordById(ctx as Ctx<never>, VALUATIONS, 'Valuation');
    return ok('getValuation', { data: valuation(ctx.deps.cfg.appUrl, r, ctx.money), currency: currency(ctx) });
  },
  listNews: async (ctx) => {
    const { rows, page } = ctx.query.q === undefined ? await recordPage(ctx as Ctx<never>, NEWS, 'news', NEWS_SORTS) : await rankedNews(ctx as Ctx<never>, ctx.query.q);
    const links = await loadNewsLinks(ctx.deps.db, rows.map((r) => Number(r.id)));
    return ok('listNews', { data: rows.map((r) => newsArticle(ctx.deps.cfg.appUrl, r, links)), page, currency: currency(ctx) });
  },
  getNews: async (ctx) => {
    const r = await recordById(ctx as Ctx<never>, NEWS, 'News article');
    const links = await loadNewsLinks(ctx.deps.db, [Number(r.id)]);
    return ok('getNews', { data: newsArticle(ctx.deps.cfg.appUrl, r, links), currency: currency(ctx) });
  },
};
