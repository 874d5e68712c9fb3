/** Funds, valuations and news: lists (keyset pages over their own filter scopes) and details by numeric id. */
import { FUNDS, loadNewsLinks, NEWS, VALUATIONS } from '../src/db/records.js';
import { searchNews } from '../src/db/newsSearch.js';
import { ok, type HandlerMap, type RequestScope } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { fund, newsArticle, valuation } from '../src/serialize/records.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { recordById, recordPage, type RecordRow } from '../src/services/records.js';
import { queryText } from '../src/services/text.js';

export const FUND_SORTS: SortRegistry = {
  keys: [
    { key: 'announced_date', sql: "coalesce({b}.announced_sort, '')" },
    { key: 'amount', sql: 'coalesce({b}.amount_usd, -1)' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-announced_date',
  id: '{b}.id',
  retired: { fund_date: { replacement: 'announced_date', since: '2026-10-09', sql: "coalesce({b}.announced_sort, '')" } },
};

export const VALUATION_SORTS: SortRegistry = {
  keys: [
    { key: 'date', sql: '{b}.date_sort' },
    { key: 'value', sql: '{b}.value_usd', field: 'valuation' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-date',
  id: '{b}.id',
  retired: {
    year: { replacement: 'date', since: '2026-10-09', sql: '{b}.date_sort' },
    month: { replacement: 'date', since: '2026-10-09', sql: '{b}.date_sort' },
  },
};

export const NEWS_SORTS: SortRegistry = {
  keys: [
    { key: 'published_at', sql: '{b}.published_at' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-published_at',
  id: '{b}.id',
  retired: { publish_date: { replacement: 'published_at', since: '2026-10-09', sql: '{b}.published_at' } },
};

/** With `q`: articles whose title (or a later word of it) starts with `q`, ranked; the first 1,000 only. */
export const NEWS_RANKED_SORTS: SortRegistry = {
  keys: [
    { key: 'match', sql: 'x.best' },
    { key: 'published_at', sql: 'x.published' },
  ],
  default: 'match,-published_at',
  id: 'x.news_id',
  retired: { publish_date: { replacement: 'published_at', since: '2026-10-09', sql: 'x.published' } },
};

async function rankedNews(ctx: Pick<RequestScope, 'deps' | 'list'>, raw: string) {
  const q = queryText(raw);
  const list = prepareList(ctx.list, { scope: SCOPES.news!, sorts: NEWS_RANKED_SORTS, alias: 'n', core: true, bind: q });
  const { rows, page } = await searchNews(ctx.deps.db, q, list.where, list.page);
  return { rows: rows.map((r): RecordRow => ({ ...r, ref: null })), page: pageEnvelope(page, list) };
}

export const recordHandlers: HandlerMap = {
  listFunds: async (ctx) => {
    const { rows, page } = await recordPage(ctx, FUNDS, 'fund', FUND_SORTS);
    return ok('listFunds', { data: rows.map((r) => fund(ctx.deps.cfg.appUrl, r, ctx.money)), page, currency: currencyOf(ctx.money) });
  },
  getFund: async (ctx) => {
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
