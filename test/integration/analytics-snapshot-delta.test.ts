/**
 * The rounds snapshot follows an import by the changes it logged (src/db/snapshotDelta.ts): after
 * each import (rounds created, changed, moved to another company, withdrawn; companies created,
 * moved and given other sectors; an investor moved; seeded rounds changed through `updateRecords`)
 * the snapshot patched from the one before holds the same rounds in the same order with the same
 * fact values as a snapshot loaded afresh, and answers every heatmap, funnel, aggregate and
 * timeseries set under every filter it holds exactly as the fresh one does, on both databases. The
 * serving path patches; a pruned log, a stamp moved without the log, or too many rounds load again.
 */
import { expect, it } from 'vitest';
import { lastSnapshotChange, snapshotAnswer } from '../../src/analytics/snapshot.js';
import { HEATMAP_SOURCE } from '../../src/db/analytics.js';
import { pruneChanges } from '../../src/db/changeFeed.js';
import { FACT_DIMENSIONS } from '../../src/db/facts.js';
import { rebuildRollup, refreshFacts } from '../../src/db/rollup.js';
import { loadSnapshot, snapshotStamp, type RoundLabels, type Snapshot } from '../../src/db/snapshot.js';
import { factColumn, heldFactColumns } from '../../src/db/snapshotFacts.js';
import { patchSnapshot } from '../../src/db/snapshotDelta.js';
import { updateRecords } from '../../src/documents/writes.js';
import { runImport, type ImportOptions } from '../../src/import/engine.js';
import { analyticsSets, compile, EUR, filters, USD } from '../helpers/analyticsSets.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import type { Money } from '../../src/money/fx.js';

const SLOW = 300_000;
const OPTS: ImportOptions = { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'delta' };

async function importLines(h: Harness, lines: unknown[]): Promise<void> {
  const text = lines.map((l) => JSON.stringify(l)).join('\n');
  const report = await runImport(h.db, [{ name: 'delta.ndjson', size: Buffer.byteLength(text), open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> }], OPTS);
  expect(report.committed).toBe(true);
  expect(report.rejections).toEqual([]);
}

/** A snapshot with every fact column loaded (a patch carries the columns it holds). */
async function withFacts(h: Harness, snap: Snapshot): Promise<Snapshot> {
  for (const name of Object.keys(FACT_DIMENSIONS)) await factColumn(h.db, snap, name);
  return snap;
}

/** A round's values of a column, decoded: labels, sorted (the codes' numbers may differ). */
function decoded(col: RoundLabels, n: number): string[][] {
  const label = (v: number) => (col.map ? (col.map[v]! >= 0 ? col.labels[col.map[v]!]! : '-') : col.labels.length ? col.labels[v]! : String(v));
  return Array.from({ length: n }, (_v, r) => {
    if (col.single) return col.single[r]! < 0 ? [] : [label(col.single[r]!)];
    return Array.from(col.values!.subarray(col.offsets![r]!, col.offsets![r + 1]!), label).sort();
  });
}

async function expectSameSnapshot(h: Harness, patched: Snapshot, fresh: Snapshot, step: string): Promise<void> {
  expect(patched.n, step).toBe(fresh.n);
  for (const k of ['company', 'companyIds', 'year', 'month', 'amount', 'valuation'] as const) expect(Array.from(patched[k]), `${step}: ${k}`).toEqual(Array.from(fresh[k]));
  for (const k of ['roundType', 'roundTypeCode', 'standardizedRound'] as const) {
    const values = (s: Snapshot) => Array.from(s[k].codes, (c) => (c < 0 ? null : s[k].values[c]));
    expect(values(patched), `${step}: ${k}`).toEqual(values(fresh));
  }
  const ids = (s: Snapshot) => Array.from(s.positionOf).flatMap((p, id) => (p >= 0 ? [[id, p]] : []));
  expect(ids(patched), `${step}: positions`).toEqual(ids(fresh));
  for (const name of Object.keys(FACT_DIMENSIONS)) {
    const [a, b] = [await factColumn(h.db, patched, name), await factColumn(h.db, fresh, name)];
    const valueIds = (c: typeof a) => decoded({ ...c.ids, labels: c.idOfCode.map(String) }, patched.n);
    expect(valueIds(a), `${step}: ${name} values`).toEqual(valueIds(b));
    expect(decoded(a.named, patched.n), `${step}: ${name} labels`).toEqual(decoded(b.named, fresh.n));
  }
  // every answer, exactly (the same rounds in the same order give the same doubles)
  const sets = analyticsSets();
  for (const [f, money] of [[null, USD], ...(await filters(h)).map((f) => [f, USD]), ['and(amount[gte]:1000000,amount[lt]:50000000)', EUR]] as [string | null, Money][]) {
    const where = await compile(h, f, money);
    const got = await snapshotAnswer(h.db, HEATMAP_SOURCE, where, money, sets, Infinity, patched);
    expect(got, `${step}: ${f}`).not.toBeNull();
    expect(got, `${step}: ${f}`).toEqual(await snapshotAnswer(h.db, HEATMAP_SOURCE, where, money, sets, Infinity, fresh));
  }
}

/** What the rounds say in a few numbers: their count, amounts and years, and each fact column's values. */
const signature = (s: Snapshot) => [
  s.n, Array.from(s.amount).reduce((a, x) => a + (x === x ? x : 0), 0), Array.from(s.year).reduce((a, x) => a + x, 0),
  ...[...s.facts.keys()].sort().map((k) => decoded(heldFactColumns(s).get(k)!.named, s.n).join('|')),
];

forEachDatabase('the rounds snapshot follows imports by their changes', (h) => {
  it('a snapshot patched by each import holds and answers what a fresh load does', async () => {
    const db = h().db;
    const company = (key: string, country: string, city: string, categories: string[]) => ({ type: 'company', key, data: { name: `Delta ${key}`, country, city, categories } });
    const round = (key: string, co: string, type: string, on: string, amount: number | null) => ({ type: 'round', key, data: { company: co, round_type: type, announced_on: on, amount_usd: amount } });
    // an investor with rounds, and seeded rounds to change
    const investor = (await db('transaction_investors as ti').join('entities as e', 'e.id', 'ti.investor_id').whereNotNull('e.hq_country_id')
      .groupBy('ti.investor_id', 'e.hq_country_id').orderByRaw('count(*) desc').first({ id: 'ti.investor_id', country: 'e.hq_country_id' })) as { id: number; country: number };
    const other = (await db('places').where('kind', 'country').whereNot('id', investor.country).first('id', 'continent_id')) as { id: number; continent_id: number };
    const seeded = ((await db('transactions').whereNull('deleted_at').orderBy('id').limit(3).select('id')) as { id: number }[]).map((r) => Number(r.id));
    const steps: [string, () => Promise<void>][] = [
      ['companies and rounds created (a new city and sector)', () => importLines(h(), [
        company('a', 'DEU', 'Jena', ['space', 'hardware']), company('b', 'FRA', 'Deltaville', ['web']), company('c', 'USA', 'Boston', []),
        round('a1', 'a', 'seed', '2016-03', 1_500_000), round('a2', 'a', 'series_a', '2018-07-02', 12_000_000), round('b1', 'b', 'angel', '2019', null),
        round('c1', 'c', 'series_b', '2021-11-30', 40_000_000), round('c2', 'c', 'venture', '2022', 7_000_000),
      ])],
      ['rounds changed, moved to another company and withdrawn; a company moved with other sectors', () => importLines(h(), [
        round('a2', 'a', 'series_a', '2017-01', 13_000_000), round('b1', 'c', 'angel', '2019', 250_000), { type: 'round', key: 'c2', delete: true },
        company('a', 'GBR', 'London', ['mobile']),
      ])],
      ['seeded rounds changed and one withdrawn; an investor moved', async () => {
        await updateRecords(db, 'transactions', seeded.slice(0, 2), { year: 2011, amount_usd: 3_000_000, round_type: 'SERIES C', round_type_code: 'series_c' }, new Date());
        await updateRecords(db, 'transactions', seeded.slice(2), { deleted_at: new Date().toISOString() }, new Date());
        await updateRecords(db, 'entities', [investor.id], { hq_country_id: other.id, hq_continent_id: other.continent_id }, new Date());
        // the facts as an import refreshes them
        const rounds = ((await db('transaction_investors').where('investor_id', investor.id).select('transaction_id')) as { transaction_id: number }[]).map((r) => Number(r.transaction_id));
        await refreshFacts(db, [...rounds, ...seeded]);
      }],
    ];
    let snap = await withFacts(h(), await loadSnapshot(db, (await snapshotStamp(db))!));
    for (const [step, run] of steps) {
      await run();
      const stamp = (await snapshotStamp(db))!;
      const patched = await patchSnapshot(db, snap, stamp);
      expect(typeof patched, `${step}: patched, not ${String(patched)}`).toBe('object');
      const fresh = await withFacts(h(), await loadSnapshot(db, stamp));
      await expectSameSnapshot(h(), patched as Snapshot, fresh, step);
      // the step changed what the snapshot holds
      expect(signature(fresh), step).not.toEqual(signature(snap));
      snap = patched as Snapshot;
    }
  }, SLOW);

  it('the serving path applies the changes; a pruned log, a stamp moved without the log and too many rounds load again', async () => {
    const db = h().db;
    const sets = [analyticsSets()[0]!];
    const ask = async () => (await snapshotAnswer(db, HEATMAP_SOURCE, await compile(h(), 'year[gte]:2000'), USD, sets))![0]!;
    await ask();
    await importLines(h(), [{ type: 'company', key: 'served', data: { name: 'Served', country: 'DEU', city: 'Jena', categories: ['web'] } }, { type: 'round', key: 'served-1', data: { company: 'served', round_type: 'seed', announced_on: '2020', amount_usd: 1000 } }]);
    const served = await ask();
    expect(lastSnapshotChange(db)).toBe('patched');
    const fresh = await loadSnapshot(db, (await snapshotStamp(db))!);
    expect(served).toEqual((await snapshotAnswer(db, HEATMAP_SOURCE, await compile(h(), 'year[gte]:2000'), USD, sets, Infinity, fresh))![0]!);
    // the log pruned past the snapshot's position
    await importLines(h(), [{ type: 'round', key: 'served-1', data: { company: 'served', round_type: 'seed', announced_on: '2021', amount_usd: 1000 } }]);
    await pruneChanges(db, new Date(Date.now() + 60_000));
    await ask();
    expect(lastSnapshotChange(db)).toBe('log pruned');
    // the rollup rebuilt after a write the log does not name
    const victim = (await db('transactions').whereNull('deleted_at').where('year', '>=', 2000).first('id')) as { id: number };
    await db('transactions').where('id', victim.id).update({ deleted_at: '2026-01-01T00:00:00Z' });
    await rebuildRollup(db);
    await ask();
    expect(lastSnapshotChange(db)).toBe('stamp without changes');
    // more rounds than a delta reads
    const snap = await loadSnapshot(db, (await snapshotStamp(db))!);
    await importLines(h(), [{ type: 'round', key: 'served-2', data: { company: 'served', round_type: 'seed', announced_on: '2022', amount_usd: 5 } }, { type: 'round', key: 'served-3', data: { company: 'served', round_type: 'seed', announced_on: '2023', amount_usd: 6 } }]);
    expect(await patchSnapshot(db, snap, (await snapshotStamp(db))!, 1)).toBe('too many rounds');
    expect(typeof (await patchSnapshot(db, snap, (await snapshotStamp(db))!, 10))).toBe('object');
  }, SLOW);
});
