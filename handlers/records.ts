/** Funds, valuations and news: lists (keyset pages over their own filter scopes) and details by numeric id. */
import { FUND_SORTS, FUNDS, loadNewsLinks, NEWS, NEWS_SORTS, VALUATION_SORTS, VALUATIONS } from '../src/db/records.js';
import { NEWS_RANKED_SORTS, searchNews } from '../src/db/newsSearch.js';
import type { components } from '../generated/api.js';
import { pageFromDocuments, recordFromDocument } from '../src/documents/read.js';
import { numericId, ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { fund, newsArticle, valuation } from '../src/serialize/records.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { recordById, recordPage, type RecordRow } from '../src/services/records.js';
import { queryText } from '../src/services/text.js';

type Schemas = components['schemas'];

async function rankedNews(ctx: Pick<RequestScope, 'deps' | 'list'>, raw: string) {
  const q = queryText(raw);
  const list = prepareList(ctx.list, { scope: SCOPES.news!, sorts: NEWS_RANKED_SORTS, alias: 'n', bind: q });
  const { rows, page } = await searchNews(ctx.deps.db, q, list.where, list.page);
  return { rows: rows.map((r): RecordRow => ({ ...r, ref: null })), page: pageEnvelope(page, list) };
}

export const recordHandlers: HandlerMap = {
  listFunds: async (ctx) => {
    const { rows, page } = await recordPage(ctx, FUNDS, 'fund', FUND_SORTS);
    const fromDocuments = await pageFromDocuments(ctx, 'listFunds', 'fund', rows.map((r) => ({ id: Number(r.id), updated_at: r.updated_at as string })));
    if (fromDocuments) return { ...ok('listFunds', { data: fromDocuments.data as Schemas['Fund'][], page, currency: currencyOf(ctx.money) }), locks: fromDocuments.locks };
    return ok('listFunds', { data: rows.map((r) => fund(ctx.deps.cfg.appUrl, r, ctx.money)), page, currency: currencyOf(ctx.money) });
  },
  getFund: async (ctx) => {
    const doc = await recordFromDocument(ctx, 'getFund', 'fund', numericId(ctx.params.id));
    if (doc) return { ...ok('getFund', { data: doc.data as unknown as Schemas['Fund'], currency: currencyOf(ctx.money) }), locks: doc.locks, atVersion: doc.atVersion };
    const r = await recordById(ctx, FUNDS, ctx.params.id, 'Fund');
    return ok('getFund', { data: fund(ctx.deps.cfg.appUrl, r, ctx.money), currency: currencyOf(ctx.money) });
  },
  listValuations: async (ctx) => {
    const { rows, page } = await recordPage(ctx, VALUATIONS, 'valuation', VALUATION_SORTS);
    return ok('listValuations', { data: rows.map((r) => valuation(ctx.deps.cfg.appUrl, r, ctx.money)), page, currency: currencyOf(ctx.money) });
  },
  getValuation: async (ctx) => {
    const r = await recordById(ctx, VALUATIONS, ctx.params.id, 'Valuation');
    return ok('getValuation', { data: valuation(ctx.deps.cfg.appUrl, r, ctx.money), currency: currencyOf(ctx.money) });
  },
  listNews: async (ctx) => {
    const { rows, page } = ctx.query.q === undefined ? await recordPage(ctx, NEWS, 'news', NEWS_SORTS) : await rankedNews(ctx, ctx.query.q);
    const links = await loadNewsLinks(ctx.deps.db, rows.map((r) => Number(r.id)));
    return ok('listNews', { data: rows.map((r) => newsArticle(ctx.deps.cfg.appUrl, r, links)), page, currency: currencyOf(ctx.money) });
  },
  getNews: async (ctx) => {
    const r = await recordById(ctx, NEWS, ctx.params.id, 'News article');
    const links = await loadNewsLinks(ctx.deps.db, [Number(r.id)]);
    return ok('getNews', { data: newsArticle(ctx.deps.cfg.appUrl, r, links), currency: currencyOf(ctx.money) });
  },
};
