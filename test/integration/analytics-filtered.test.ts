/**
 * Filtered analytics run one statement per request on SQLite (aggregateSets: the filter and each
 * dimension's pairs once; PostgreSQL runs one per grouping at once) and read the organization and investor dimensions from the fact table; every figure
 * must equal what one `aggregate` statement per grouping gives (the live path as it ran before),
 * for every heatmap metric, the funnel, aggregates and timeseries groupings, under several filters,
 * on both databases, and the fact table must hold exactly the pairs the joins define.
 */
import { expect, it } from 'vitest';
import { DIMENSIONS, FUNNEL_BUCKETS, ROUND_DIMENSIONS_BY_JOIN, type Dimension } from '../../src/db/dimensions.js';
import { FUNDING_ROUNDS, parseMetric } from '../../src/analytics/sources.js';
import { aggregate, aggregateInOneStatement, aggregateSets, baseCte, periodGrouping, type GroupingSet } from '../../src/db/aggregate.js';
import { filterEnums } from '../../src/db/refCache.js';
import { rebuildFacts } from '../../src/db/rollup.js';
import { heatmapMetric, HEATMAP_SOURCE, heatmapGroups, heatmapSets, stageGroups, stageSets, type Group, type Metric } from '../../src/db/analytics.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter, type CompiledFilter } from '../../src/query/compile.js';
import { parseFilter } from '../../src/query/filter.js';
import { SCOPES } from '../../src/query/registry.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';

const BUDGET = 60_000;
/** Hundreds of statements per test on a shared machine. */
const SLOW = 300_000;
const METRICS: Metric[] = ['count', 'company_count', 'total_amount', 'avg_amount', 'median_amount'];
const PAIRS: [string, string][] = [
  ['round_year', 'sector'],
  ['investor_type', 'country'],
  ['industry_tags', 'industry_tags'],
  ['standardized_round', 'investor_continent'],
];

/** The filter compiled as a request compiles it, with the enum values read from the database. */
const compile = async (h: Harness, f: string | null): Promise<CompiledFilter | null> =>
  f === null ? null : compileFilter(parseFilter(f), SCOPES.funding!, { alias: 't', money: new Money('USD', 1), enums: await filterEnums(h.db) });

/** Filters on the common analytics keys, with ids of the seed's most used country, continent and sector. */
async function filters(h: Harness): Promise<string[]> {
  const top = async (column: string) =>
    ((await h.db('transactions as t').join('entities as e', 'e.id', 't.company_id').whereNotNull(`e.${column}`).groupBy(`e.${column}`).orderByRaw('count(*) desc').first({ id: `e.${column}` })) as { id: number }).id;
  const sector = (await h.db('entity_taxonomy as et').join('taxonomy as tx', 'tx.id', 'et.taxonomy_id').where('tx.type', 'sector').first('tx.id')) as { id: number };
  const country = await top('hq_country_id');
  const continent = await top('hq_continent_id');
  return [
    'and(year[gte]:2015,year[lte]:2020)',
    `company.country[eq]:${country}`,
    `company.continent[eq]:${continent}`,
    `company.sector[eq]:${sector.id}`,
    'round_type[in_any]:[seed,series_a]',
    'standardized_round[in_any]:[seed,series_a,series_b]',
    'and(amount[gte]:1000000,amount[lt]:50000000)',
    'investor.type[eq]:venture_capital',
    `and(year[gte]:2015,company.continent[eq]:${continent})`,
    `or(company.sector[eq]:${sector.id},amount[gte]:10000000)`,
  ];
}

/** A dimension as defined before the fact table: by joins to the companies, taxonomy and investors. */
const byJoin = (d: Dimension): Dimension => Object.values(ROUND_DIMENSIONS_BY_JOIN).find((j) => DIMENSIONS[j.name] === d) ?? d;

/** One `aggregate` statement per grouping over the dimensions' joins, as the live heatmap ran. */
async function oneByOne(db: Harness['db'], where: CompiledFilter | null, groups: Dimension[], metric: Metric): Promise<Group[]> {
  const rows = await aggregate(db, { source: HEATMAP_SOURCE, where, groups: groups.map(byJoin), metrics: [heatmapMetric(metric)], budgetMs: BUDGET });
  return rows.map((r) => ({ labels: r.labels, value: r.values[0] ?? 0 }));
}

const sorted = (gs: Group[]) => [...gs].sort((a, b) => (JSON.stringify(a.labels) < JSON.stringify(b.labels) ? -1 : 1));

forEachDatabase('filtered analytics in one statement', (h) => {
  it('gives every heatmap metric the groups and figures of one statement per grouping', async () => {
    let compared = 0;
    for (const [i, f] of (await filters(h())).entries()) {
      const where = await compile(h(), f);
      for (const metric of METRICS) {
        // every pair under every metric, over the filters in turn
        for (const [x, y] of [PAIRS[0]!, PAIRS[1 + (i % (PAIRS.length - 1))]!]) {
          const [xd, yd] = [DIMENSIONS[x]!, DIMENSIONS[y]!];
          const got = heatmapGroups(await aggregateSets(h().db, { source: HEATMAP_SOURCE, where, sets: heatmapSets(xd, yd, metric), budgetMs: BUDGET }));
          const label = `${f} ${metric} ${x} x ${y}`;
          expect(sorted(got.cells), label).toEqual(sorted(await oneByOne(h().db, where, [yd, xd], metric)));
          expect(sorted(got.xs), label).toEqual(sorted(await oneByOne(h().db, where, [xd], metric)));
          expect(sorted(got.ys), label).toEqual(sorted(await oneByOne(h().db, where, [yd], metric)));
          expect(got.grand, label).toEqual(await oneByOne(h().db, where, [], metric));
          expect(got.total, label).toBe((await oneByOne(h().db, where, [], 'count'))[0]!.value);
          compared += got.cells.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  }, SLOW);

  it('counts the funnel stages as the per-stage statements did', async () => {
    const stages = FUNNEL_BUCKETS.map((b) => b.label);
    // the funnel's SQL before it ran in one statement
    const before = async (where: CompiledFilter | null, dim: Dimension | null) => {
      const join = dim ? `join (${dim.sql}) d on d.tid = b.id` : '';
      const sql = `with base as not materialized (select t.id, t.company_id, t.amount_usd, t.year, t.month, t.round_type, t.standardized_round
                   from transactions t where t.deleted_at is null${where ? ` and ${where.sql}` : ''})
        select ${dim ? 'd.label' : 'null'} as label, b.standardized_round as stage, count(distinct b.id) as n from base b ${join}
        where b.standardized_round in (${stages.map(() => '?').join(', ')}) group by ${dim ? 'd.label, ' : ''}b.standardized_round`;
      const rows = (await h().db.raw(sql, [...(where?.bindings ?? []), ...stages])) as unknown;
      const list = (Array.isArray(rows) ? rows : (rows as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
      return list.map((r) => ({ label: r.label === null ? null : String(r.label), stage: String(r.stage), n: Number(r.n) })).sort((a, b) => (`${a.label}|${a.stage}` < `${b.label}|${b.stage}` ? -1 : 1));
    };
    const byKey = <T extends { label: string | null; stage: string }>(xs: T[]) => [...xs].sort((a, b) => (`${a.label}|${a.stage}` < `${b.label}|${b.stage}` ? -1 : 1));
    for (const f of [null, ...(await filters(h()))]) {
      const where = await compile(h(), f);
      for (const dim of ['country', 'investor_type', 'sector', 'continent']) {
        const [perLabel, perStage] = stageGroups(await aggregateSets(h().db, { source: HEATMAP_SOURCE, where, sets: stageSets(DIMENSIONS[dim]!, stages), budgetMs: BUDGET }));
        expect(byKey(perLabel), `${f} ${dim}`).toEqual(await before(where, byJoin(DIMENSIONS[dim]!)));
        expect(byKey(perStage), `${f}`).toEqual(await before(where, null));
      }
    }
  }, SLOW);

  it('gives each set of aggregates and timeseries the rows of its own statement, order, limit and label list included', async () => {
    const source = FUNDING_ROUNDS;
    const metrics = ['count', 'sum_amount', 'median_amount', 'avg_valuation', 'min_amount', 'max_valuation'].map((m) => parseMetric(source, m, 'metrics'));
    const byYear = periodGrouping('year', 2000, 2026);
    const byQuarter = periodGrouping('quarter', 20101, 20254);
    const whole = periodGrouping('quarter', 20101, 20254, true);
    const sets: GroupingSet[] = [
      { groups: [DIMENSIONS.sector!, DIMENSIONS.country!], metrics, order: [{ column: 'm1', desc: true }], limit: 7 },
      { groups: [], metrics },
      { groups: [byYear], metrics: [metrics[2]!] },
      { groups: [whole, DIMENSIONS.investor_type!], metrics: [metrics[1]!], order: [{ column: 'm0', desc: true }], limit: 3 },
      { groups: [byQuarter, DIMENSIONS.continent!], metrics: [metrics[0]!, metrics[2]!], only: { group: 1, labels: ['Europe', 'Asia', 'Nowhere'] } },
      { groups: [DIMENSIONS.round_type!], metrics, order: [{ column: 'g0', desc: true }] },
    ];
    for (const f of [null, ...(await filters(h()))]) {
      const where = await compile(h(), f);
      const together = await aggregateSets(h().db, { source, where, sets, budgetMs: BUDGET });
      // SQLite runs the one statement; PostgreSQL one per set, but the one statement must hold there too
      const inOne = await aggregateInOneStatement(h().db, { source, where, sets, budgetMs: BUDGET });
      for (const [i, set] of sets.entries()) {
        const alone = await aggregate(h().db, { source, where, ...set, budgetMs: BUDGET });
        expect(together[i], `${f} set ${i}`).toEqual(alone);
        expect(inOne[i], `${f} set ${i}, one statement`).toEqual(alone);
      }
    }
  }, SLOW);

  it('holds in the fact table exactly the pairs of each dimension defined by joins, after the migration and after a rebuild', async () => {
    const pairs = async (dim: Dimension) => {
      const rows = (await h().db.raw(`with ${baseCte(HEATMAP_SOURCE, null)} select d.tid, d.label from (${dim.sql}) d`)) as unknown;
      const list = (Array.isArray(rows) ? rows : (rows as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
      return list.map((r) => `${r.tid}\u0000${r.label}`).sort();
    };
    const check = async () => {
      for (const [name, byJoin] of Object.entries(ROUND_DIMENSIONS_BY_JOIN)) {
        const want = await pairs(byJoin);
        expect(want.length, name).toBeGreaterThan(0);
        expect(await pairs(DIMENSIONS[name]!), name).toEqual(want);
      }
    };
    await check();
    const before = Number(((await h().db('analytics_facts').count({ n: '*' })) as { n: number | string }[])[0]!.n);
    await rebuildFacts(h().db);
    expect(Number(((await h().db('analytics_facts').count({ n: '*' })) as { n: number | string }[])[0]!.n)).toBe(before);
    await check();
  }, SLOW);

  it('answers the filtered endpoints over HTTP with those figures', async () => {
    const [f] = await filters(h());
    const where = await compile(h(), f!);
    const r = await h().get(`/analytics/funding-analytics/heatmap?x=round_year&y=sector&metric=median_amount&top_n_x=50&top_n_y=50&filter=${encodeURIComponent(f!)}`);
    expect(r.status).toBe(200);
    const [grand] = await oneByOne(h().db, where, [], 'median_amount');
    expect(r.body.grand_total).toBe(Math.round(grand!.value));
    expect(r.body.query_info.total_rows).toBe((await oneByOne(h().db, where, [], 'count'))[0]!.value);
    for (const p of [
      `/analytics/funding-analytics/funnel?dimension=country&filter=${encodeURIComponent(f!)}`,
      `/analytics/aggregate/funding-rounds?group_by=sector&metric=sum_amount&filter=${encodeURIComponent(f!)}`,
      `/analytics/timeseries?metric=sum_amount&interval=year&from=2000&to=2025&group_by=sector&filter=${encodeURIComponent(f!)}`,
    ]) {
      const res = await h().get(p);
      expect(res.status, `${p} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
