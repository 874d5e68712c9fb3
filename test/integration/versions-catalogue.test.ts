/**
 * Retired keys and the version history of openapi.yaml on the catalogue lists: every removed sort or
 * filter key is a 400 naming its replacement from the version that retired it, and still works for
 * clients pinned before; pinned clients get the old field names on every endpoint serving the rows.
 */
import { expect, it } from 'vitest';
import { forEachDatabase } from '../helpers/harness.js';

const pin = (v: string) => ({ 'API-Version': v });
/** The newest pin before 2026-10-09 and the newest before 2026-10-07 (both served at API_NOW). */
const BEFORE_1009 = '2026-10-07';
const BEFORE_1007 = '2026-10-02';

const ids = (r: { body: { data: { id?: number; uuid?: string }[] } }) => r.body.data.map((d) => d.id ?? d.uuid);

/** [list path, retired key, replacement, retiring version] */
const SORTS: [string, string, string, string][] = [
  ['/data/transactions', 'created_at', 'date', '2026-10-09'],
  ['/data/companies', 'created_at', 'added_at', '2026-10-09'],
  ['/data/entities', 'created_at', 'added_at', '2026-10-09'],
  ['/data/investors', 'created_at', 'added_at', '2026-10-09'],
  ['/data/universities', 'created_at', 'added_at', '2026-10-09'],
  ['/data/gov-ngo', 'created_at', 'added_at', '2026-10-09'],
  ['/data/people', 'created_at', 'added_at', '2026-10-09'],
  ['/data/founders', 'created_at', 'added_at', '2026-10-09'],
  ['/data/people', 'launch_date', 'signal_rating', '2026-10-07'],
  ['/data/founders', 'launch_date', 'signal_rating', '2026-10-07'],
  ['/data/jobs', 'date_posted', 'posted_at', '2026-10-09'],
  ['/data/news', 'publish_date', 'published_at', '2026-10-09'],
  ['/data/news?q=a', 'publish_date', 'published_at', '2026-10-09'],
  ['/data/funds', 'fund_date', 'announced_date', '2026-10-09'],
  ['/data/valuations', 'year', 'date', '2026-10-09'],
];

/** [list path, scope, retired filter, its replacement, value, retiring version] */
const FILTERS: [string, string, string, string, string, string][] = [
  ['/data/jobs', 'job', 'date_posted', 'posted_at', '2026', '2026-10-09'],
  ['/data/news', 'news', 'publish_date', 'published_at', '2025', '2026-10-09'],
  ['/data/funds', 'fund', 'fund_date', 'announced_date', '2020', '2026-10-09'],
];

const sep = (path: string) => (path.includes('?') ? '&' : '?');

forEachDatabase(
  'retired sort and filter keys and old field names on the catalogue (API_NOW 2026-10-20)',
  (h) => {
    it('a removed sort key is a 400 naming its replacement; pinned before its version it sorts as the replacement', async () => {
      for (const [path, key, replacement, since] of SORTS) {
        const url = `${path}${sep(path)}limit=5&sort=-${key}`;
        const now = await h().get(url);
        expect(now.status, url).toBe(400);
        expect(now.body.error.code, url).toBe('VALIDATION_ERROR');
        expect(now.body.error.message, url).toBe(`Sort key ${key} was removed in version ${since}; use ${replacement}`);
        const before = since === '2026-10-09' ? BEFORE_1009 : BEFORE_1007;
        const old = await h().get(url, pin(before));
        expect(old.status, `${url} pinned ${before}`).toBe(200);
        expect(old.body.data.length, url).toBeGreaterThan(0);
        // renamed keys sort as their replacement (transactions' created_at and launch_date were columns of their own)
        if (key !== 'launch_date' && path !== '/data/transactions') {
          const current = await h().get(`${path}${sep(path)}limit=5&sort=-${replacement}`);
          expect(ids(old), url).toEqual(ids(current));
        }
      }
      // the version that retired launch_date already refuses it (VALIDATION_ERROR is 422 before 2026-10-09)
      const at = await h().get('/data/people?limit=1&sort=launch_date', pin('2026-10-07'));
      expect(at.status).toBe(422);
      expect(at.body.error.message).toMatch(/use signal_rating/);
    });

    it('a removed filter key is a 400 UNKNOWN_FILTER naming its replacement; pinned before its version it filters as the replacement', async () => {
      for (const [path, scope, key, replacement, value, since] of FILTERS) {
        const f = (k: string) => `${path}?limit=3&include_total=true&filter=${k}[gte]:${value}`;
        const now = await h().get(f(key));
        expect(now.status, f(key)).toBe(400);
        expect(now.body.error).toEqual({
          code: 'UNKNOWN_FILTER',
          message: `Filter key ${key} was removed from scope ${scope} in version ${since}; use ${replacement}`,
          details: { filter: key, replacement },
        });
        const old = await h().get(f(key), pin(BEFORE_1009));
        const current = await h().get(f(replacement));
        expect(old.status, f(key)).toBe(200);
        expect(current.body.page.total, f(key)).toBeGreaterThan(0);
        expect(old.body.page.total, f(key)).toBe(current.body.page.total);
        expect(ids(old)).toEqual(ids(current));
      }
      // nested lists share the scope: an investor's funds
      const investor = (await h().db('funds as f').join('entities as e', 'e.id', 'f.investor_id').first('e.uuid')) as { uuid: string };
      const nested = await h().get(`/data/investors/${investor.uuid}/funds?filter=fund_date[gte]:2000`);
      expect(nested.status).toBe(400);
      expect(nested.body.error.message).toMatch(/use announced_date$/);
      expect((await h().get(`/data/investors/${investor.uuid}/funds?sort=fund_date`)).body.error.message).toMatch(/use announced_date$/);
      expect((await h().get(`/data/investors/${investor.uuid}/funds?filter=fund_date[gte]:2000`, pin(BEFORE_1009))).status).toBe(200);
    });

    it('news sector: taxonomy_id from 2026-10-07 on; sector taxonomy ids before it', async () => {
      const sector = (await h().db('news_taxonomy as nt').join('taxonomy as t', 't.id', 'nt.taxonomy_id').where('t.type', 'sector').first('t.id')) as { id: number };
      const url = `/data/news?limit=5&include_total=true&filter=sector[eq]:${sector.id}`;
      for (const headers of [{}, pin('2026-10-07')]) {
        const r = await h().get(url, headers);
        expect(r.status).toBe(400);
        expect(r.body.error).toEqual({
          code: 'UNKNOWN_FILTER',
          message: 'Filter key sector was removed from scope news in version 2026-10-07; use taxonomy_id',
          details: { filter: 'sector', replacement: 'taxonomy_id' },
        });
      }
      const old = await h().get(url, pin(BEFORE_1007));
      const current = await h().get(`/data/news?limit=5&include_total=true&filter=taxonomy_id[eq]:${sector.id}`);
      expect(old.status).toBe(200);
      expect(current.body.page.total).toBeGreaterThan(0);
      expect(old.body.page.total).toBe(current.body.page.total);
      expect(ids(old)).toEqual(ids(current));
      // the old key took sector ids only: another taxonomy type matches nothing
      const tag = (await h().db('news_taxonomy as nt').join('taxonomy as t', 't.id', 'nt.taxonomy_id').whereNot('t.type', 'sector').first('t.id')) as { id: number } | undefined;
      if (tag) expect((await h().get(`/data/news?limit=1&include_total=true&filter=sector[eq]:${tag.id}`, pin(BEFORE_1007))).body.page.total).toBe(0);
      // `sector` stays a key of the entity scope
      expect((await h().get(`/data/companies?limit=1&filter=sector[eq]:${sector.id}`)).status).toBe(200);
    });

    it('pinned before 2026-10-09: old date fields on jobs, news, funds, valuations and funding rounds, lists, details and nested lists', async () => {
      const company = ((await h().db('valuations as v').join('entities as e', 'e.id', 'v.company_id').first('e.uuid')) as { uuid: string }).uuid;
      const roundCompany = ((await h().db('transactions as t').join('entities as e', 'e.id', 't.company_id').whereNull('t.deleted_at').first('e.uuid')) as { uuid: string }).uuid;
      const investor = ((await h().db('funds as f').join('entities as e', 'e.id', 'f.investor_id').first('e.uuid')) as { uuid: string }).uuid;
      const cases: [string, string, string[]][] = [
        // [path, current field, old fields]
        ['/data/jobs', 'posted_at', ['date_posted']],
        ['/data/news', 'published_at', ['publish_date']],
        ['/data/funds', 'announced_date', ['fund_date']],
        [`/data/investors/${investor}/funds`, 'announced_date', ['fund_date']],
        ['/data/valuations', 'valued_date', ['year', 'month']],
        [`/data/companies/${company}/valuations`, 'valued_date', ['year', 'month']],
        [`/data/companies/${roundCompany}/funding-rounds`, 'announced_date', ['year', 'month', 'created_at']],
      ];
      for (const [path, field, oldFields] of cases) {
        const current = await h().get(`${path}?limit=3`);
        const old = await h().get(`${path}?limit=3`, pin(BEFORE_1009));
        expect(old.status, path).toBe(200);
        expect(old.body.data.length, path).toBeGreaterThan(0);
        expect(ids(old), path).toEqual(ids(current));
        old.body.data.forEach((row: Record<string, unknown>, i: number) => {
          const now = current.body.data[i] as Record<string, unknown>;
          expect(row, path).not.toHaveProperty(field);
          for (const f of oldFields) expect(row, `${path} ${f}`).toHaveProperty(f);
          const date = now[field] as string | null;
          if (oldFields.includes('year')) {
            expect(row.year, path).toBe(date ? Number(date.slice(0, 4)) : null);
            expect(row.month, path).toBe(date && date.length >= 7 ? Number(date.slice(5, 7)) : null);
          } else if (oldFields[0] === 'fund_date') {
            // the fund's day now; its source precision before (from API version 2026-10-09)
            const partial = row.fund_date as string | null;
            expect(date, path).toBe(partial === null ? null : partial.length === 4 ? `${partial}-01-01` : partial.length === 7 ? `${partial}-01` : partial);
          } else expect(row[oldFields[0]!], path).toBe(date);
        });
        // details serve the same shape
        if (!path.includes('/', 6)) {
          const id = current.body.data[0].id as number;
          const detail = await h().get(`${path}/${id}`, pin(BEFORE_1009));
          expect(detail.body.data, path).not.toHaveProperty(field);
          expect(detail.body.data, path).toHaveProperty(oldFields[0]!);
          expect((await h().get(`${path}/${id}`)).body.data, path).toHaveProperty(field);
        }
      }
    });

    it('pinned before 2026-10-07: offset paging on investors, universities, gov-ngo and people lists, with a param_retired notice', async () => {
      for (const path of ['/data/investors', '/data/universities', '/data/gov-ngo', '/data/people?view=summary', '/data/entities']) {
        const first = await h().get(`${path}${sep(path)}limit=4`);
        const off = await h().get(`${path}${sep(path)}limit=2&offset=2`, pin(BEFORE_1007));
        expect(off.status, path).toBe(200);
        expect(ids(off), path).toEqual(ids(first).slice(2));
        expect(off.body.meta.deprecations, path).toEqual([expect.objectContaining({ type: 'param_retired', name: 'offset', replacement: 'cursor' })]);
        expect((await h().get(`${path}${sep(path)}limit=2&offset=2`)).status, path).toBe(400);
      }
    });
  },
  { API_NOW: '2026-10-20T12:00:00Z' },
);
