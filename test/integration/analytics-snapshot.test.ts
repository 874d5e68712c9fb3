/**
 * The rounds snapshot (src/db/snapshot.ts, src/analytics/snapshot.ts) must answer every grouping
 * set it takes exactly as the live SQL does (aggregate.ts): the same groups, figures, order, limit
 * and group count, for every heatmap metric and the aggregate metrics, under filters on each key it
 * holds, their negations and combinations, on both databases; it must decline what it does not
 * hold (null: the request runs live) and follow a rebuilt rollup.
 */
import { expect, it } from 'vitest';
import { DIMENSIONS, FUNNEL_BUCKETS } from '../../src/db/dimensions.js';
import { snapshotAnswer, type AnalyticsFilter } from '../../src/analytics/snapshot.js';
import { factColumn, loadSnapshot } from '../../src/db/snapshot.js';
import { FUNDING_ROUNDS, parseMetric } from '../../src/analytics/sources.js';
import { aggregate, periodGrouping, type AggregateRow, type GroupingSet } from '../../src/db/aggregate.js';
import { heatmapMetric, HEATMAP_SOURCE, type Metric } from '../../src/db/analytics.js';
import { filterEnums } from '../../src/db/refCache.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { parseFilter } from '../../src/query/filter.js';
import { SCOPES } from '../../src/query/registry.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';

const BUDGET = 60_000;
const SLOW = 300_000;
const EUR = new Money('EUR', 0.9);
const USD = new Money('USD', 1);

const compile = async (h: Harness, f: string | null, money = USD): Promise<AnalyticsFilter | null> => {
  if (f === null) return null;
  const ast = parseFilter(f);
  const where = compileFilter(ast, SCOPES.funding!, { alias: 't', money, enums: await filterEnums(h.db) });
  return where && { ...where, ast };
};

async function filters(h: Harness): Promise<string[]> {
  const top = async (column: string) =>
    ((await h.db('transactions as t').join('entities as e', 'e.id', 't.company_id').whereNotNull(`e.${column}`).groupBy(`e.${column}`).orderByRaw('count(*) desc').first({ id: `e.${column}` })) as { id: number }).id;
  const sector = (await h.db('entity_taxonomy as et').join('taxonomy as tx', 'tx.id', 'et.taxonomy_id').where('tx.type', 'sector').first('tx.id')) as { id: number };
  const [country, continent] = [await top('hq_country_id'), await top('hq_continent_id')];
  const vc = (await h.db('investor_types').where('code', 'venture_capital').first('name')) as { name: string };
  return [
    'and(year[gte]:2015,year[lte]:2020)',
    'year[in_any]:[2012,2019]',
    'year[neq]:2018',
    `company.country[eq]:${country}`,
    `company.continent[neq]:${continent}`,
    `company.sector[eq]:${sector.id}`,
    `company.sector[nin_any]:[${sector.id}]`,
    'round_type[in_any]:[seed,series_a]',
    'round_type[neq]:Seed',
    'standardized_round[in_any]:[seed,series_a,series_b]',
    'and(amount[gte]:1000000,amount[lt]:50000000)',
    'amount[eq]:5000000',
    'valuation[gt]:100000000',
    'investor.type[eq]:venture_capital',
    // an enum value by its display name, upper-cased: matched as compile.ts matches it (src/query/definition.ts)
    `investor.type[in_any]:[${vc.name.toUpperCase()},angel]`,
    `and(year[gte]:2015,company.continent[eq]:${continent})`,
    `or(company.sector[eq]:${sector.id},amount[gte]:10000000)`,
    `and(investor.type[in_any]:[venture_capital,angel],company.country[eq]:${country})`,
  ];
}

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
    const source = FUNDING_ROUNDS;
    const metrics = ['count', 'sum_amount', 'median_amount', 'avg_valuation', 'min_amount', 'max_valuation'].map((m) => parseMetric(source, m, 'metrics'));
    const stages = FUNNEL_BUCKETS.map((b) => b.label);
    const stage = { sql: `select b.id as tid, b.standardized_round as label from base b where b.standardized_round in (${stages.map(() => '?').join(', ')})`, bindings: stages, snap: { stages } };
    const sets: GroupingSet[] = [
      ...(['count', 'company_count', 'total_amount', 'avg_amount', 'median_amount'] as Metric[]).flatMap((m, i) => {
        const [x, y] = [['round_year', 'sector'], ['investor_type', 'country'], ['industry_tags', 'industry_tags'], ['standardized_round', 'investor_continent'], ['round_quarter', 'city']][i]! as [string, string];
        const [xd, yd] = [DIMENSIONS[x]!, DIMENSIONS[y]!];
        return [{ groups: [yd, xd], metrics: [heatmapMetric(m)] }, { groups: [xd], metrics: [heatmapMetric(m)] }, { groups: [], metrics: [heatmapMetric(m), heatmapMetric('count')] }];
      }),
      { groups: [DIMENSIONS.country!, stage], metrics: [heatmapMetric('count')] },
      { groups: [DIMENSIONS.sector!, DIMENSIONS.country!], metrics, order: [{ column: 'm1', desc: true }], limit: 7 },
      { groups: [], metrics },
      { groups: [periodGrouping('year', 2000, 2026)], metrics: [metrics[2]!] },
      { groups: [periodGrouping('quarter', 20101, 20254, true), DIMENSIONS.investor_type!], metrics: [metrics[1]!], order: [{ column: 'm0', desc: true }], limit: 3 },
      { groups: [periodGrouping('month', 201001, 202512), DIMENSIONS.continent!], metrics: [metrics[0]!, metrics[2]!], only: { group: 1, labels: ['Europe', 'Asia', 'Nowhere'] } },
      { groups: [DIMENSIONS.round_type!, DIMENSIONS.region!, DIMENSIONS.business_model!], metrics, order: [{ column: 'g0', desc: true }, { column: 'm3', desc: false }] },
    ];
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
