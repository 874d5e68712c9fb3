/** Funds, valuations and news: lists (keyset pages over their own filter scopes) and details by numeric id. */
import { findRecord, FUNDS, listRecords, loadNewsLinks, NEWS, VALUATIONS, type Fixed, type RecordSpec, type WithRef } from '../src/db/records.js';
import { searchNews } from '../src/db/newsSearch.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { fund, newsArticle, valuation } from '../src/serialize/records.js';
import { queryText } from './search.js';

export const FUND_SORTS: SortRegistry = {
  keys: [
    { key: 'announced_date', sql: "coalesce({b}.announced_sort, '')" },
    { key: 'amount', sql: 'coalesce({b}.amount_usd, -1)' },
    { key: 'updated_at', sql: '{b}.updated_at' },
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
    { key: 'updated_at', sql: '{b}.updated_at' },
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
    { key: 'updated_at', sql: '{b}.updated_at' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-published_at',
  id: '{b}.id',
  retired: { publish_date: { replacement: 'published_at', since: '2026-10-09', sql: '{b}.published_at' } },
};

type Row = Parameters<typeof fund>[1];

export const NO_FILTER = { name: 'none', description: 'No filter keys', keys: [] };

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
