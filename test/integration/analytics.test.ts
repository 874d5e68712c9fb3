/** Heatmap and funnel numbers against an independent computation over the tiny seed. */
import { expect, it } from 'vitest';
import { rebuildRollup } from '../../src/db/rollup.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';

interface Round {
  id: number;
  company_id: number;
  amount_usd: number | null;
  year: number | null;
  standardized_round: string | null;
}

const rounds = async (h: Harness): Promise<Round[]> =>
  ((await h.db('transactions').whereNull('deleted_at').select('id', 'company_id', 'amount_usd', 'year', 'standardized_round')) as Round[]).map((r) => ({
    ...r,
    amount_usd: r.amount_usd === null ? null : Number(r.amount_usd),
  }));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const m = Math.floor((s.length - 1) / 2);
  return s.length % 2 ? s[m]! : (s[m]! + s[m + 1]!) / 2;
}

forEachDatabase('funding analytics', (h) => {
  it('heatmap count by round_year x standardized_round matches a plain computation', async () => {
    const rs = await rounds(h());
    const r = await h().get('/analytics/funding-analytics/heatmap?x=round_year&y=standardized_round&top_n_x=50&top_n_y=50');
    expect(r.status).toBe(200);
    const { x_labels, y_labels, cells, x_totals, grand_total, query_info } = r.body;
    expect(query_info).toMatchObject({ metric: 'count', x_dimension: 'round_year', y_dimension: 'standardized_round', total_rows: rs.length });
    expect(grand_total).toBe(rs.length);
    expect([...x_labels].sort()).toEqual(x_labels);
    y_labels.forEach((yl: string, i: number) =>
      x_labels.forEach((xl: string, j: number) => {
        const n = rs.filter((t) => String(t.year) === xl && t.standardized_round === yl).length;
        expect(cells[i][j], `${yl}/${xl}`).toBe(n);
      }),
    );
    x_labels.forEach((xl: string, j: number) => expect(x_totals[j]).toBe(rs.filter((t) => String(t.year) === xl).length));
  });

  it('computes the median and money metrics in the request currency', async () => {
    const rs = await rounds(h());
    const eur = Number(((await h().db('fx_rates').where('currency', 'EUR').first('per_usd')) as { per_usd: number }).per_usd);
    const r = await h().get('/analytics/funding-analytics/heatmap?x=standardized_round&y=round_year&metric=median_amount&top_n_x=50&top_n_y=50&currency=EUR');
    expect(r.status).toBe(200);
    expect(r.body.currency).toBe('EUR');
    const all = rs.filter((t) => t.amount_usd !== null).map((t) => t.amount_usd!);
    expect(r.body.grand_total).toBe(Math.round(median(all) * eur));
    const xl = r.body.x_labels[0] as string;
    const col = rs.filter((t) => t.standardized_round === xl && t.amount_usd !== null).map((t) => t.amount_usd!);
    expect(r.body.x_totals[0]).toBe(Math.round(median(col) * eur));
    const total = await h().get('/analytics/funding-analytics/heatmap?x=standardized_round&y=round_year&metric=total_amount&currency=EUR');
    expect(total.body.grand_total).toBe(Math.round(all.reduce((a, b) => a + b, 0) * eur));
    const companies = await h().get('/analytics/funding-analytics/heatmap?x=standardized_round&y=round_year&metric=company_count');
    expect(companies.body.grand_total).toBe(new Set(rs.map((t) => t.company_id)).size);
  });

  it('keeps top_n categories per axis and applies filters', async () => {
    const r = await h().get('/analytics/funding-analytics/heatmap?x=sector&y=country&top_n_x=3&top_n_y=2&filter=year[gte]:2018');
    expect(r.status).toBe(200);
    expect(r.body.x_labels).toHaveLength(3);
    expect(r.body.y_labels.length).toBeLessThanOrEqual(2);
    const rs = (await rounds(h())).filter((t) => (t.year ?? 0) >= 2018);
    expect(r.body.query_info.total_rows).toBe(rs.length);
    expect((await h().get('/analytics/funding-analytics/heatmap?x=sector&y=nope')).status).toBe(400);
    expect((await h().get('/analytics/funding-analytics/heatmap?x=sector&y=country&top_n_x=51')).status).toBe(400);
  });

  it('funnel buckets count rounds per capital phase for the top categories', async () => {
    const r = await h().get('/analytics/funding-analytics/funnel?dimension=country&top_n=5');
    expect(r.status).toBe(200);
    const { rows, bucket_labels, bucket_group_labels, total_per_bucket, grand_total, query_info } = r.body;
    expect(bucket_labels[0]).toBe('Pre-Seed');
    expect(bucket_group_labels).toHaveLength(bucket_labels.length);
    expect(rows.length).toBeLessThanOrEqual(5);
    const rs = await rounds(h());
    bucket_labels.forEach((b: string, i: number) => expect(total_per_bucket[i]).toBe(rs.filter((t) => t.standardized_round === b).length));
    expect(grand_total).toBe(total_per_bucket.reduce((a: number, b: number) => a + b, 0));
    expect(query_info).toMatchObject({ dimension: 'country', top_n: 5 });
    const country = rows[0].label as string;
    const ids = new Set(
      ((await h()
        .db('transactions as t')
        .join('entities as e', 'e.id', 't.company_id')
        .join('places as p', 'p.id', 'e.hq_country_id')
        .whereNull('t.deleted_at')
        .andWhere('p.name', country)
        .andWhere('t.standardized_round', 'Seed')
        .select('t.id')) as { id: number }[]).map((x) => x.id),
    );
    expect(rows[0].buckets[bucket_labels.indexOf('Seed')]).toBe(ids.size);
  });

  // An unfiltered request reads the rollup; with the rollup emptied the same request runs live.
  it('unfiltered heatmaps and funnels read the rollup, and give what the live SQL gives', async () => {
    const rollupRows = async () => Number(((await h().db('analytics_rollup').count({ n: '*' })) as { n: number | string }[])[0]!.n);
    expect(await rollupRows()).toBeGreaterThan(0);
    const paths = [
      'heatmap?x=round_year&y=sector&metric=total_amount',
      'heatmap?x=sector&y=round_year&metric=count',
      'heatmap?x=investor_type&y=country&metric=company_count&currency=EUR',
      'heatmap?x=industry_tags&y=industry_tags&metric=avg_amount',
      'heatmap?x=standardized_round&y=investor_continent&metric=total_amount&top_n_x=50&top_n_y=50',
      'heatmap?x=round_quarter&y=city&metric=median_amount',
      ...['country', 'investor_type', 'continent', 'sector'].map((d) => `funnel?dimension=${d}&top_n=50`),
    ];
    const answers = async () => {
      const out: unknown[] = [];
      for (const p of paths) {
        const r = await h().get(`/analytics/funding-analytics/${p}`);
        expect(r.status, p).toBe(200);
        const { query_info, ...body } = r.body;
        out.push({ ...body, query_info: { ...query_info, timing_ms: undefined } });
      }
      return out;
    };
    const rolled = await answers();
    await h().db('analytics_rollup').delete();
    try {
      expect(await answers()).toEqual(rolled);
    } finally {
      await rebuildRollup(h().db);
    }
    expect(await rollupRows()).toBeGreaterThan(0);
    // and the unfiltered answer does come from the rollup
    const whole = () => h().db('analytics_rollup').where({ dim_a: '', dim_b: '' });
    const before = (await h().get('/analytics/funding-analytics/heatmap?x=sector&y=country')).body.query_info.total_rows as number;
    await whole().increment('rounds', 1000);
    try {
      expect((await h().get('/analytics/funding-analytics/heatmap?x=sector&y=country')).body.query_info.total_rows).toBe(before + 1000);
    } finally {
      await whole().decrement('rounds', 1000);
    }
  });
});
