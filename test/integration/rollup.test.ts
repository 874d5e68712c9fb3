/**
 * The analytics rollup is grouped in memory (src/db/crosstab.ts); every one of its rows must
 * hold what the live GROUP BY (src/db/aggregate.ts) gives for the same grouping, and no group may be
 * missing or extra.
 */
import { expect, it } from 'vitest';
import { DIMENSIONS } from '../../src/db/dimensions.js';
import { aggregate } from '../../src/db/aggregate.js';
import { heatmapMetric, HEATMAP_SOURCE } from '../../src/db/analytics.js';
import { forEachDatabase } from '../helpers/harness.js';

const METRICS = (['count', 'company_count', 'total_amount', 'avg_amount'] as const).map(heatmapMetric);

forEachDatabase('analytics rollup', (h) => {
  it('holds, for the whole set, every dimension and every pair, the groups and figures of the live SQL', async () => {
    const stored = (await h().db('analytics_rollup').whereNot('dim_b', '*').select('*')) as Record<string, string | number | null>[];
    const key = (dims: string[], labels: string[]) => JSON.stringify([dims[0] ?? '', labels[0] ?? '', dims[1] ?? '', labels[1] ?? '']);
    const rollup = new Map(stored.map((r) => [key([String(r.dim_a), String(r.dim_b)], [String(r.label_a), String(r.label_b)]), r]));
    const names = Object.keys(DIMENSIONS).sort();
    const groupings: string[][] = [[], ...names.flatMap((a, i) => [[a], ...names.slice(i).map((b) => [a, b])])];
    let compared = 0;
    for (const dims of groupings) {
      const live = await aggregate(h().db, { source: HEATMAP_SOURCE, where: null, groups: dims.map((d) => DIMENSIONS[d]!), metrics: METRICS, budgetMs: 60_000 });
      for (const g of live) {
        const k = key(dims, g.labels);
        const row = rollup.get(k);
        expect(row, k).toBeDefined();
        rollup.delete(k);
        const [rounds, companies, sum, avg] = g.values;
        expect([Number(row!.rounds), Number(row!.companies), row!.amount_sum === null ? null : Number(row!.amount_sum)], k).toEqual([rounds, companies, sum]);
        // PostgreSQL's avg of a bigint is a numeric of 16 significant digits: the last bit may differ
        if (avg === null) expect(row!.amount_avg, k).toBeNull();
        else expect(Math.abs(Number(row!.amount_avg) - avg!) / avg!, k).toBeLessThan(1e-14);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect([...rollup.keys()]).toEqual([]);
  });
});
