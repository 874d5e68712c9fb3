/**
 * The rounds snapshot (src/db/snapshot.ts, src/analytics/snapshot.ts) must answer every grouping
 * set it takes exactly as the live SQL does (aggregate.ts): the same groups, figures, order, limit
 * and group count, for every heatmap metric and the aggregate metrics, under filters on each key it
 * holds, their negations and combinations, on both databases; it must decline what it does not
 * hold (null: the request runs live) and follow a rebuilt rollup.
 */
import { expect, it } from 'vitest';
import { DIMENSIONS } from '../../src/db/dimensions.js';
import { snapshotAnswer } from '../../src/analytics/snapshot.js';
import { loadSnapshot } from '../../src/db/snapshot.js';
import { factColumn } from '../../src/db/snapshotFacts.js';
import { FUNDING_ROUNDS, parseMetric } from '../../src/analytics/sources.js';
import { aggregate, type AggregateRow, type GroupingSet } from '../../src/db/aggregate.js';
import { heatmapMetric, HEATMAP_SOURCE, type Metric } from '../../src/db/analytics.js';
import { analyticsSets, compile, EUR, filters, USD } from '../helpers/analyticsSets.js';
import { forEachDatabase } from '../helpers/harness.js';
import type { Money } from '../../src/money/fx.js';

const BUDGET = 60_000;
const SLOW = 300_000;

/** Figures equal to the last few bits (PostgreSQL averages in numeric, the snapshot in doubles). */
function expectSame(got: AggregateRow[], want: AggregateRow[], label: string) {
  expect(got.map((r) => [r.labels, r.totalGroups]), label).toEqual(want.map((r) => [r.labels, r.totalGroups]));
  got.forEach((r, i) =>
    r.values.forEach((v, j) => {
      const w = want[i]!.values[j]!;
      if (v === null || w === null) expect(v, label).toBe(w);
      else expect(Math.abs(v - w), `${label} row ${i} value ${j}`).toBeLessThanOrEqual(Math.abs(w) * 1e-9 + 1e-6);
    }),
  );
}

forEachDatabase('analytics from the rounds snapshot', (h) => {
  it('answers heatmap, funnel, aggregate and timeseries sets as the live SQL does, under every filter it holds', async () => {
    const sets = analyticsSets();
    let compared = 0;
    for (const [f, money] of [[null, USD], ...(await filters(h())).map((f) => [f, USD]), ['and(amount[gte]:1000000,amount[lt]:50000000)', EUR]] as [string | null, Money][]) {
      const where = await compile(h(), f, money);
      const got = await snapshotAnswer(h().db, HEATMAP_SOURCE, where, money, sets);
      expect(got, `${f} answered`).not.toBeNull();
      for (const [i, set] of sets.entries()) {
        const live = await aggregate(h().db, { source: HEATMAP_SOURCE, where, ...set, budgetMs: BUDGET });
        expectSame(got![i]!, live, `${f} set ${i}`);
        compared += live.length;
      }
    }
    expect(compared).toBeGreaterThan(5000);
  }, SLOW);

  it('declines what it does not hold, and follows a rebuilt rollup', async () => {
    const sets: GroupingSet[] = [{ groups: [DIMENSIONS.sector!], metrics: [heatmapMetric('count')] }];
    for (const f of ['company.name[eq]:acme', 'company.sector[in_all]:[1,2]', 'is_exit[eq]:true', 'date[gte]:2015']) {
      expect(await snapshotAnswer(h().db, HEATMAP_SOURCE, await compile(h(), f), USD, sets), f).toBeNull();
    }
    const entities = parseMetric(FUNDING_ROUNDS, 'count', 'metric');
    expect(await snapshotAnswer(h().db, { ...FUNDING_ROUNDS, name: 'companies' }, null, USD, [{ groups: [], metrics: [entities] }])).toBeNull();
    // a round deleted, the rollup rebuilt: the snapshot follows
    const where = await compile(h(), 'year[gte]:2000');
    const before = (await snapshotAnswer(h().db, HEATMAP_SOURCE, where, USD, [{ groups: [], metrics: [heatmapMetric('count')] }]))![0]![0]!.values[0]!;
    const victim = (await h().db('transactions').whereNull('deleted_at').where('year', '>=', 2000).first('id')) as { id: number };
    const { rebuildRollup } = await import('../../src/db/rollup.js');
    await h().db('transactions').where('id', victim.id).update({ deleted_at: '2026-01-01T00:00:00Z' });
    try {
      await rebuildRollup(h().db);
      const after = (await snapshotAnswer(h().db, HEATMAP_SOURCE, where, USD, [{ groups: [], metrics: [heatmapMetric('count')] }]))![0]![0]!.values[0]!;
      expect(after).toBe(before - 1);
    } finally {
      await h().db('transactions').where('id', victim.id).update({ deleted_at: null });
      await rebuildRollup(h().db);
    }
    // without a rollup there is no snapshot
    await h().db('analytics_rollup').delete();
    try {
      expect(await snapshotAnswer(h().db, HEATMAP_SOURCE, where, USD, sets)).toBeNull();
    } finally {
      await rebuildRollup(h().db);
    }
  }, SLOW);

  it('counts a label a round has twice as the SQL does: the round once, each value in the sums (two sectors of one name, two investor countries of one name)', async () => {
    const db = h().db;
    const round = (await db('transaction_investors as ti')
      .join('transactions as t', 't.id', 'ti.transaction_id')
      .whereNull('t.deleted_at')
      .whereNotNull('t.amount_usd')
      .groupBy('ti.transaction_id', 't.company_id')
      .havingRaw('count(distinct ti.investor_id) >= 2')
      .first({ id: 'ti.transaction_id', company: 't.company_id', a: db.raw('min(ti.investor_id)'), b: db.raw('max(ti.investor_id)') })) as { id: number; company: number; a: number; b: number };
    const investors = (await db('entities').whereIn('id', [round.a, round.b]).select('id', 'hq_country_id')) as { id: number; hq_country_id: number | null }[];
    const next = async (table: string) => Number(((await db(table).max({ m: 'id' })) as { m: number }[])[0]!.m) + 1;
    const [place, tax] = [await next('places'), await next('taxonomy')];
    const { rebuildFacts } = await import('../../src/db/rollup.js');
    await db('places').insert([place, place + 1].map((id) => ({ id, kind: 'country', name: 'Twinland' })));
    await db('taxonomy').insert([tax, tax + 1].map((id) => ({ id, name: 'Twin sector', type: 'sector' })));
    try {
      await db('entities').where('id', round.a).update({ hq_country_id: place });
      await db('entities').where('id', round.b).update({ hq_country_id: place + 1 });
      await db('entity_taxonomy').insert([tax, tax + 1].map((id) => ({ entity_id: round.company, taxonomy_id: id })));
      await rebuildFacts(db);
      const snap = await loadSnapshot(db, 'twins');
      // the investor countries need a copy without the repeat; the sectors count it through "last round seen"
      const col = await factColumn(db, snap, 'investor_country');
      expect(col.named.values).not.toBe(col.ids.values);
      const metrics = (['count', 'company_count', 'total_amount', 'median_amount'] as Metric[]).map(heatmapMetric);
      const sets: GroupingSet[] = [
        { groups: [DIMENSIONS.sector!], metrics },
        { groups: [DIMENSIONS.investor_country!], metrics },
        { groups: [DIMENSIONS.sector!, DIMENSIONS.investor_country!], metrics: metrics.slice(0, 3) },
        { groups: [DIMENSIONS.round_year!, DIMENSIONS.sector!], metrics: metrics.slice(0, 3) },
      ];
      for (const f of [null, `company.sector[eq]:${tax}`, `or(company.sector[eq]:${tax},year[gte]:2015)`]) {
        const where = await compile(h(), f);
        const got = await snapshotAnswer(db, HEATMAP_SOURCE, where, USD, sets, Infinity, snap);
        expect(got, `${f} answered`).not.toBeNull();
        for (const [i, set] of sets.entries()) {
          const live = await aggregate(db, { source: HEATMAP_SOURCE, where, ...set, budgetMs: BUDGET });
          expect(live.some((r) => r.labels.includes('Twinland') || r.labels.includes('Twin sector')), `${f} set ${i} has the twins`).toBe(true);
          expectSame(got![i]!, live, `${f} set ${i}`);
        }
      }
    } finally {
      for (const inv of investors) await db('entities').where('id', inv.id).update({ hq_country_id: inv.hq_country_id });
      await db('entity_taxonomy').whereIn('taxonomy_id', [tax, tax + 1]).delete();
      await db('taxonomy').whereIn('id', [tax, tax + 1]).delete();
      await db('places').whereIn('id', [place, place + 1]).delete();
      await rebuildFacts(db);
    }
  }, SLOW);
});
