/**
 * Filters as openapi.yaml `Filter` and `ApiError` describe them: enum filters case-insensitive by display name or
 * code (unknown: 400 FILTER_VALIDATION_ERROR), `preferred_round`, the bracket form named for a list
 * written without brackets, and retired keys naming their replacement.
 */
import { expect, it } from 'vitest';
import { forEachDatabase, type Harness } from '../helpers/harness.js';

async function total(h: Harness, url: string, filter: string): Promise<number> {
  const r = await h.get(`${url}${url.includes('?') ? '&' : '?'}limit=5&include_total=true&filter=${encodeURIComponent(filter)}`);
  expect(r.status, `${url} ${filter}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.page.total as number;
}

async function refused(h: Harness, url: string, filter: string) {
  const r = await h.get(`${url}?filter=${encodeURIComponent(filter)}`);
  expect(r.status, `${url} ${filter}`).toBe(400);
  return r.body.error as { code: string; message: string; details: Record<string, unknown> };
}

/** [list, key, spellings that must all mean the same value]. */
const SPELLINGS: [string, string, string[]][] = [
  ['/data/investors', 'investor_type', ['venture_capital', 'Venture Capital', 'VENTURE_CAPITAL', 'venture capital']],
  ['/data/transactions', 'investor.type', ['venture_capital', 'Venture Capital', 'VENTURE_CAPITAL']],
  ['/data/transactions', 'round_type', ['series_a', 'SERIES A', 'Series A', 'SERIES_A']],
  ['/data/transactions', 'standardized_round', ['series_a', 'Series A', 'SERIES A', 'SERIES_A']],
  ['/data/news', 'article_type', ['funding', 'Funding', 'FUNDING']],
  ['/data/companies', 'status', ['operating', 'OPERATING', 'Operating']],
  ['/data/jobs', 'job_type', ['full_time', 'FULL_TIME', 'Full_Time']],
  ['/data/funds', 'fund_type', ['venture', 'VENTURE']],
  ['/data/funds', 'status', ['active', 'ACTIVE']],
  ['/data/valuations', 'source', ['funding_round', 'FUNDING_ROUND']],
  ['/data/people', 'gender', ['female', 'FEMALE']],
  ['/data/investors', 'preferred_round', ['series_a', 'Series A', 'SERIES A']],
];

forEachDatabase('enum filters and filter messages', (h) => {
  it('accepts the display name or the code of every enum filter, in any case, and refuses unknown values', async () => {
    for (const [url, key, spellings] of SPELLINGS) {
      const totals = [];
      for (const v of spellings) totals.push(await total(h(), url, `${key}[eq]:${v}`));
      expect(totals[0], `${key} matches rows`).toBeGreaterThan(0);
      expect(new Set(totals).size, `${key}: ${spellings.join(' / ')} -> ${totals.join(' / ')}`).toBe(1);
      const err = await refused(h(), url, `${key}[eq]:nonsense`);
      expect(err.code).toBe('FILTER_VALIDATION_ERROR');
      expect(err.details).toEqual({ filter: key });
      expect((await refused(h(), url, `${key}[in_any]:[${spellings[0]},nonsense]`)).code).toBe('FILTER_VALIDATION_ERROR');
    }
  });

  it('filters investors by preferred_round', async () => {
    const r = await h().get(`/data/investors?limit=50&filter=${encodeURIComponent('preferred_round[in_any]:[Seed,series_a]')}`);
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const row of r.body.data) expect(['Seed', 'Series A']).toContain(row.investor.investments.preferred_round);
    const ref = await h().get('/reference/filters/preferred_round/values?scope=entity');
    expect(ref.status).toBe(200);
    expect(ref.body.data).toContainEqual({ value: 'series_a', name: 'Series A' });
  });

  it('shows the bracket form when a list is written without brackets', async () => {
    const err = await refused(h(), '/data/transactions', 'year[in_any]:2021,2022');
    expect(err.code).toBe('FILTER_PARSE_ERROR');
    expect(err.message).toContain('year[in_any]:[2021,2022]');
    expect(err.details).toMatchObject({ position: 17 });
    expect((await refused(h(), '/data/transactions', 'round_type[eq]:seed, series_a')).message).toContain('round_type[in_any]:[seed,series_a]');
    // a comparison takes one value: no list form to suggest
    expect((await refused(h(), '/data/transactions', 'year[gt]:2021,2022')).message).not.toContain('[2021');
  });

  it('answers a removed filter key with 400 naming its replacement', async () => {
    const tx = await refused(h(), '/data/transactions', 'created_at[gte]:2020');
    expect(tx.code).toBe('UNKNOWN_FILTER');
    expect(tx.message).toContain('use date');
    expect(tx.details).toEqual({ filter: 'created_at', replacement: 'date' });
    const co = await refused(h(), '/data/companies', 'created_at[gte]:2020');
    expect(co.message).toContain('use added_at');
    expect(co.details).toEqual({ filter: 'created_at', replacement: 'added_at' });
    const added = await total(h(), '/data/companies', 'added_at[gte]:2020');
    expect(added).toBeGreaterThan(0);
  });
});
