/**
 * Funds, valuations and news: lists (keyset pages over their own filter scopes) and details by
 * numeric id, from their record documents (src/documents/read.ts) or, without them, from the rows.
 */
import { FUND_SORTS, FUNDS, loadNewsLinks, NEWS, NEWS_SORTS, VALUATION_SORTS, VALUATIONS } from '../src/db/records.js';
import { NEWS_RANKED_SORTS, searchNews } from '../src/db/newsSearch.js';
import { detailFromDocument, documentJoin, listFromDocuments, pageRows } from '../src/documents/read.js';
import { numericId, ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { fund, newsArticle, valuation } from '../src/serialize/records.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { recordById, recordPage, type RecordRow } from '../src/services/records.js';
import { queryText } from '../src/services/text.js';

async function rankedNews(ctx: Pick<RequestScope, 'deps' | 'list'>, raw: string) {
  const q = queryText(raw);
  const list = prepareList(ctx.list, { scope: SCOPES.news!, sorts: NEWS_RANKED_SORTS, alias: 'n', bind: q });
  const { rows, page } = await searchNews(ctx.deps.db, q, list.where, list.page);
  return { rows: rows.map((r): RecordRow => ({ ...r, ref: null })), page: pageEnvelope(page, list) };
}

export const recordHandlers: HandlerMap = {
  listFunds: async (ctx) => {
    const { rows, page } = await recordPage(ctx, FUNDS, 'fund', FUND_SORTS, {}, null, documentJoin(ctx, 'fund'));
    return listFromDocuments(ctx, 'listFunds', 'fund', pageRows(rows), { page, currency: currencyOf(ctx.money) }, () => rows.map((r) => fund(ctx.deps.cfg.appUrl, r, ctx.money)));
  },
  getFund: async (ctx) =>
    detailFromDocument(ctx, 'getFund', 'fund', numericId(ctx.params.id), async () => fund(ctx.deps.cfg.appUrl, await recordById(ctx, FUNDS, ctx.params.id, 'Fund'), ctx.money)),
  listValuations: async (ctx) => {
    const { rows, page } = await recordPage(ctx, VALUATIONS, 'valuation', VALUATION_SORTS, {}, null, documentJoin(ctx, 'valuation'));
    return listFromDocuments(ctx, 'listValuations', 'valuation', pageRows(rows), { page, currency: currencyOf(ctx.money) }, () => rows.map((r) => valuation(ctx.deps.cfg.appUrl, r, ctx.money)));
  },
  getValuation: async (ctx) =>
    detailFromDocument(ctx, 'getValuation', 'valuation', numericId(ctx.params.id), async () => valuation(ctx.deps.cfg.appUrl, await recordById(ctx, VALUATIONS, ctx.params.id, 'Valuation'), ctx.money)),
  listNews: async (ctx) => {
    const { rows, page } = ctx.query.q === undefined ? await recordPage(ctx, NEWS, 'news', NEWS_SORTS, {}, null, documentJoin(ctx, 'news')) : await rankedNews(ctx, ctx.query.q);
    return listFromDocuments(ctx, 'listNews', 'news', pageRows(rows), { page, currency: currencyOf(ctx.money) }, async () => {
      const links = await loadNewsLinks(ctx.deps.db, rows.map((r) => Number(r.id)));
      return rows.map((r) => newsArticle(ctx.deps.cfg.appUrl, r, links));
    });
  },
  getNews: async (ctx) =>
    detailFromDocument(ctx, 'getNews', 'news', numericId(ctx.params.id), async () => {
      const r = await recordById(ctx, NEWS, ctx.params.id, 'News article');
      return newsArticle(ctx.deps.cfg.appUrl, r, await loadNewsLinks(ctx.deps.db, [Number(r.id)]));
    }),
};
