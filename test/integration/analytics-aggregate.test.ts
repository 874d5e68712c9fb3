/** Aggregates by source and the funding timeseries against an independent computation over the tiny seed. */
import { expect, it } from 'vitest';
import { forEachDatabase, QUERY_TIMEOUT_MESSAGE, type Harness } from '../helpers/harness.js';

interface Round {
  id: number;
  company_id: number;
  amount_usd: number | null;
  year: number | null;
  month: number | null;
  standardized_round: string | null;
}

const rounds = async (h: Harness): Promise<Round[]> =>
  ((await h.db('transactions').whereNull('deleted_at').select('id', 'company_id', 'amount_usd', 'year', 'month', 'standardized_round')) as Round[]).map((r) => ({
    ...r,
    amount_usd: r.amount_usd === null ? null : Number(r.amount_usd),
  }));

const rate = async (h: Harness, currency: string) =>
  Number(((await h.db('fx_rates').where('currency', currency).first('per_usd')) as { per_usd: number }).per_usd);

function median(xs: number[]): number | null {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = Math.floor((s.length - 1) / 2);
  return s.length % 2 ? s[m]! : (s[m]! + s[m + 1]!) / 2;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const amounts = (rs: Round[]) => rs.filter((r) => r.amount_usd !== null).map((r) => r.amount_usd!);
/** Whole units of a currency, as the API rounds money. */
const inCurrency = (usd: number | null, perUsd: number) => (usd === null ? null : Math.round(usd * perUsd));

forEachDatabase('aggregates and timeseries', (h) => {
  it('groups funding rounds with several metrics, money in the request currency', async () => {
    const rs = await rounds(h());
    const eur = await rate(h(), 'EUR');
    const r = await h().get('/analytics/aggregate/funding-rounds/multi-metric?group_by=standardized_round&metrics=count,sum_amount,median_amount,min_amount,max_amount&currency=EUR&limit=500');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-credits-used')).toBe('1');
    expect(r.body).toMatchObject({ source: 'funding-rounds', group_by: ['standardized_round'], currency: 'EUR', sort: '-value', limit: 500 });
    const stages = [...new Set(rs.map((t) => t.standardized_round).filter((s) => s !== null))];
    expect(r.body.total_groups).toBe(stages.length);
    expect(r.body.data).toHaveLength(stages.length);
    for (const row of r.body.data) {
      const group = rs.filter((t) => t.standardized_round === row.group.standardized_round);
      const a = amounts(group);
      expect(row.values, row.group.standardized_round).toEqual([
        group.length,
        a.length ? inCurrency(sum(a), eur) : null,
        inCurrency(median(a), eur),
        a.length ? inCurrency(Math.min(...a), eur) : null,
        a.length ? inCurrency(Math.max(...a), eur) : null,
      ]);
    }
    const counts = r.body.data.map((row: { values: number[] }) => row.values[0]);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const all = amounts(rs);
    expect(r.body.totals).toEqual([rs.length, inCurrency(sum(all), eur), inCurrency(median(all), eur), inCurrency(Math.min(...all), eur), inCurrency(Math.max(...all), eur)]);
  });

  it('groups by two dimensions, sorts by a dimension, limits and filters', async () => {
    const rs = (await rounds(h())).filter((t) => (t.year ?? 0) >= 2018);
    const r = await h().get('/analytics/aggregate/funding-rounds?group_by=round_year,standardized_round&metric=median_amount&sort=round_year,-value&limit=7&filter=year[gte]:2018');
    expect(r.status).toBe(200);
    const combos = new Set(rs.filter((t) => t.year !== null && t.standardized_round !== null).map((t) => `${t.year}|${t.standardized_round}`));
    expect(r.body.total_groups).toBe(combos.size);
    expect(r.body.data).toHaveLength(7);
    const years = r.body.data.map((row: { group: { round_year: string } }) => row.group.round_year);
    expect(years).toEqual([...years].sort());
    for (const row of r.body.data) {
      const g = rs.filter((t) => String(t.year) === row.group.round_year && t.standardized_round === row.group.standardized_round);
      expect(row.value).toBe(inCurrency(median(amounts(g)), 1));
    }
    expect(r.body.total).toBe(inCurrency(median(amounts(rs)), 1));
  });

  it('aggregates entity sources with their own scope and fields', async () => {
    const unis = (await h()
      .db('entities as e')
      .join('places as p', 'p.id', 'e.hq_country_id')
      .where('e.subtype', 'university')
      .select('p.name as country', 'e.employees_count')) as { country: string; employees_count: number | null }[];
    const r = await h().get('/analytics/aggregate/universities/multi-metric?group_by=country&metrics=count,avg_employees_count&sort=country&limit=500');
    expect(r.status).toBe(200);
    const countries = [...new Set(unis.map((u) => u.country))].sort();
    expect(r.body.data.map((row: { group: { country: string } }) => row.group.country)).toEqual(countries);
    for (const row of r.body.data) {
      const g = unis.filter((u) => u.country === row.group.country);
      const emp = g.filter((u) => u.employees_count !== null).map((u) => Number(u.employees_count));
      expect(row.values[0]).toBe(g.length);
      if (emp.length) expect(row.values[1]).toBeCloseTo(sum(emp) / emp.length, 2);
      else expect(row.values[1]).toBeNull();
    }
    const founders = (await h().db('entities').where({ type: 'person', is_founder: true }).select('gender')) as { gender: string | null }[];
    const byGender = await h().get('/analytics/aggregate/founders?group_by=gender');
    expect(byGender.status).toBe(200);
    expect(byGender.body.total).toBe(founders.length);
    for (const row of byGender.body.data) expect(row.value).toBe(founders.filter((f) => f.gender === row.group.gender).length);
    const filtered = await h().get('/analytics/aggregate/gov-ngo?group_by=status&filter=employees_count[gte]:100');
    expect(filtered.status).toBe(200);
    const gov = (await h().db('entities').where('subtype', 'gov_ngo').andWhere('employees_count', '>=', 100).count({ n: '*' }).first()) as { n: number | string };
    expect(filtered.body.total).toBe(Number(gov.n));
  });

  it('refuses more than 4 dimensions, unknown sources, dimensions and fields a source lacks', async () => {
    const five = await h().get('/analytics/aggregate/funding-rounds?group_by=round_year,country,sector,round_type,city');
    expect(five.status).toBe(400);
    expect(five.body.error.code).toBe('VALIDATION_ERROR');
    expect(five.body.error.message).toMatch(/more than 4/);
    expect((await h().get('/analytics/aggregate/fundraisers?group_by=country')).status).toBe(400);
    const dim = await h().get('/analytics/aggregate/universities?group_by=round_year');
    expect(dim.status).toBe(400);
    expect(dim.body.error.message).toMatch(/not a dimension of universities/);
    const field = await h().get('/analytics/aggregate/universities/multi-metric?group_by=country&metrics=count,sum_amount');
    expect(field.status).toBe(400);
    expect(field.body.error.details[0].path).toBe('query.metrics');
    expect((await h().get('/analytics/aggregate/entities?group_by=country&sort=-nope')).status).toBe(400);
    expect((await h().get('/analytics/aggregate/entities?group_by=country&limit=501')).status).toBe(400);
    expect((await h().get('/analytics/aggregate/entities?group_by=country&filter=amount[gt]:5')).body.error.code).toBe('UNKNOWN_FILTER');
  });

  it('answers hostile parameter values with a 400, never a 5xx', async () => {
    const hostile = ["'; drop table entities; --", '%00', '\u202e', 'x'.repeat(300), '-', 'value;select 1', '[]', '{}'];
    const urls = (v: string) => [
      `/analytics/aggregate/funding-rounds?group_by=${encodeURIComponent(v)}`,
      `/analytics/aggregate/funding-rounds/multi-metric?group_by=country&metrics=${encodeURIComponent(v)}`,
      `/analytics/aggregate/entities?group_by=country&sort=${encodeURIComponent(v)}`,
      `/analytics/timeseries?from=${encodeURIComponent(v)}&to=2024`,
      `/analytics/timeseries?from=2020&to=2024&group_by=${encodeURIComponent(v)}`,
    ];
    for (const v of hostile) {
      for (const url of urls(v)) {
        const r = await h().get(url);
        expect(r.status, url).toBe(400);
      }
    }
    expect((await h().get('/analytics/aggregate/entities?group_by=country,country')).status).toBe(400);
    expect((await h().get('/analytics/aggregate/entities?group_by=country,,')).status).toBe(400);
    // empty sort keys are allowed by the sort pattern of every list (openapi.yaml `Sort`) and ignored
    expect((await h().get('/analytics/aggregate/entities?group_by=country&sort=country,,')).status).toBe(200);
  });

  it('redirects the renamed fundings source with 308, query string kept, nothing charged', async () => {
    const r = await h().get('/analytics/aggregate/fundings?group_by=country&metric=sum_amount', { Authorization: null, 'X-Client-Id': null });
    expect(r.status).toBe(308);
    expect(r.headers.get('location')).toBe('/analytics/aggregate/funding-rounds?group_by=country&metric=sum_amount');
    expect(r.headers.get('sunset')).toBe('Wed, 07 Apr 2027 00:00:00 GMT');
    const multi = await h().get('/analytics/aggregate/fundings/multi-metric?group_by=country&metrics=count');
    expect(multi.status).toBe(308);
    expect(multi.headers.get('location')).toBe('/analytics/aggregate/funding-rounds/multi-metric?group_by=country&metrics=count');
    expect(multi.headers.get('x-credits-used')).toBeNull();
    const followed = await h().get(multi.headers.get('location')!);
    expect(followed.status).toBe(200);
  });

  it('timeseries counts rounds per year, quarter and month', async () => {
    const rs = await rounds(h());
    const years = await h().get('/analytics/timeseries?interval=year&from=2015&to=2024');
    expect(years.status).toBe(200);
    expect(years.body.periods).toEqual(Array.from({ length: 10 }, (_x, i) => String(2015 + i)));
    expect(years.body.values).toEqual(years.body.periods.map((y: string) => rs.filter((t) => String(t.year) === y).length));
    expect(years.body.series).toEqual([]);
    const quarters = await h().get('/analytics/timeseries?interval=quarter&from=2022-05-17&to=2023&metric=sum_amount');
    expect(quarters.body.periods[0]).toBe('2022-Q2');
    expect(quarters.body.periods.at(-1)).toBe('2023-Q4');
    quarters.body.periods.forEach((p: string, i: number) => {
      const [y, q] = p.split('-Q').map(Number);
      const a = amounts(rs.filter((t) => t.year === y && t.month !== null && Math.ceil(t.month / 3) === q));
      expect(quarters.body.values[i], p).toBe(a.length ? sum(a) : null);
    });
    const months = await h().get('/analytics/timeseries?interval=month&from=2021-01&to=2023-12&group_by=standardized_round&top_n=3');
    expect(months.body.periods).toHaveLength(36);
    expect(months.body.series.length).toBeLessThanOrEqual(3);
    const inRange = rs.filter((t) => t.year !== null && t.month !== null && t.year >= 2021 && t.year <= 2023);
    for (const s of months.body.series) {
      const g = inRange.filter((t) => t.standardized_round === s.label);
      expect(s.total).toBe(g.length);
      months.body.periods.forEach((p: string, i: number) => expect(s.values[i]).toBe(g.filter((t) => `${t.year}-${String(t.month).padStart(2, '0')}` === p).length));
    }
    const totals = months.body.series.map((s: { total: number }) => s.total);
    expect(totals).toEqual([...totals].sort((x, y) => y - x));
  });

  it('timeseries money filters are read in the request currency and converted', async () => {
    const rs = await rounds(h());
    const gbp = await rate(h(), 'GBP');
    const r = await h().get('/analytics/timeseries?interval=year&from=2010&to=2025&metric=avg_amount&currency=GBP&filter=amount[gte]:2000000');
    expect(r.status).toBe(200);
    expect(r.body.currency).toBe('GBP');
    const threshold = Math.ceil(Math.round((2_000_000 / gbp) * 1e6) / 1e6);
    r.body.periods.forEach((p: string, i: number) => {
      const a = amounts(rs.filter((t) => String(t.year) === p && t.amount_usd !== null && t.amount_usd >= threshold));
      expect(r.body.values[i], p).toBe(a.length ? Math.round((sum(a) / a.length) * gbp) : null);
    });
    expect((await h().get('/analytics/timeseries?from=2024&to=2023')).status).toBe(400);
    expect((await h().get('/analytics/timeseries?interval=month&from=1900&to=2024')).status).toBe(400);
    expect((await h().get('/analytics/timeseries?from=2020&to=2021&metric=sum_employees_count')).status).toBe(400);
  });
});

forEachDatabase(
  'fundings source after its sunset',
  (h) => {
    it('answers 404 PATH_RENAMED naming the new path', async () => {
      const r = await h().get('/analytics/aggregate/fundings?group_by=country');
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'PATH_RENAMED', details: { path: '/analytics/aggregate/funding-rounds' } });
    });
  },
  { API_NOW: '2027-04-07T00:00:00Z' },
);

forEachDatabase(
  'aggregates under the execution budget (1 ms)',
  (h) => {
    it('answers 504 QUERY_TIMEOUT and charges nothing', async () => {
      const heavy = '/analytics/aggregate/funding-rounds/multi-metric?group_by=investor_country,industry_tags,round_quarter,city&metrics=median_amount,median_valuation,count&limit=500';
      const r = await h().get(heavy);
      expect(r.status).toBe(504);
      expect(r.body.error).toEqual({ code: 'QUERY_TIMEOUT', message: QUERY_TIMEOUT_MESSAGE, details: null });
      expect(r.headers.get('x-credits-used')).toBe('0');
      // a filter key the rounds snapshot does not hold: the live SQL, which cannot finish in 1 ms (the
      // snapshot answers this series on the tiny seed within the millisecond, and then rightly answers 200)
      const ts = await h().get('/analytics/timeseries?interval=month&from=1990&to=2026&group_by=investor_country&metric=median_amount&top_n=50&filter=company.employees_count[gte]:0');
      expect(ts.status).toBe(504);
      expect(ts.body.error.message).toBe(QUERY_TIMEOUT_MESSAGE);
    });
  },
  { QUERY_BUDGET_MS: '1' },
);
