/** Funds, valuations, news articles and notes -> their API shapes (typed by generated/api.ts). */
import type { components } from '../../generated/api.js';
import type { NewsLinks, WithRef } from '../db/records.js';
import type { Money } from '../money/fx.js';
import { entityRef } from './entities.js';

type S = components['schemas'];
type Row = WithRef;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function fund(appUrl: string, r: Row, m: Money): S['Fund'] {
  const source = num(r.amount_source);
  return {
    id: Number(r.id),
    name: r.name as string,
    investor: entityRef(appUrl, r.ref!),
    amount: m.out(num(r.amount_usd)),
    amount_source: source === null || !r.currency_source ? null : { amount: source, currency: r.currency_source as S['CurrencyCode'] },
    // a calendar day (from API version 2026-10-09): the first day of the period when the source gives only a month or year
    announced_date: (r.announced_sort as string | null) ?? null,
    vintage_year: num(r.vintage_year),
    fund_type: (r.fund_type as S['Fund']['fund_type']) ?? null,
    status: (r.status as S['Fund']['status']) ?? null,
    updated_at: r.updated_at as string,
  };
}

export function valuation(appUrl: string, r: Row, m: Money): S['Valuation'] {
  return {
    id: Number(r.id),
    company: entityRef(appUrl, r.ref!),
    value: m.out(Number(r.value_usd)) ?? 0,
    valued_date: r.valued_date as string,
    source: (r.source as S['Valuation']['source']) ?? null,
    transaction_id: num(r.transaction_id),
    updated_at: r.updated_at as string,
  };
}

export function newsArticle(appUrl: string, r: Row, links: NewsLinks): S['NewsArticle'] {
  const id = Number(r.id);
  return {
    id,
    title: r.title as string,
    url: r.url as string,
    source: (r.source as string | null) ?? null,
    article_type: (r.article_type as S['NewsArticle']['article_type']) ?? null,
    summary: (r.summary as string | null) ?? null,
    published_at: r.published_at as string,
    entities: (links.entities.get(id) ?? []).map((e) => entityRef(appUrl, e)),
    taxonomy: (links.taxonomy.get(id) ?? []) as S['TaxonomyItem'][],
    updated_at: r.updated_at as string,
  };
}

export function note(appUrl: string, r: Row): S['Note'] {
  return {
    id: Number(r.id),
    entity: entityRef(appUrl, r.ref!),
    body: r.body as string,
    created_by: r.created_by as string,
    created_at: r.created_at as string,
    updated_at: r.updated_at as string,
  };
}
