/**
 * The cost curve of a filtered heatmap over the rounds snapshot (src/db/snapshot.ts) as the rounds
 * grow: the snapshot of the bench seed's SQLite database (`large` by default) is cut to its first
 * tenth (about `demo`), kept whole, and generated at 3x (the rounds and their fact values copied
 * twice more as new rounds of new companies, in memory: nothing is seeded or committed). Each size
 * times `heatmap?x=round_year&y=sector&metric=<m>&filter=year 2015-2020` (the filter's mask and the
 * four groupings) and a company filter: median wall and CPU ms over `--runs` (7), and the
 * snapshot's bytes.
 *
 *   tsx bench/snapshot-scale.ts [--runs N] [--out FILE]
 */
import path from 'node:path';
import { snapshotAnswer, type AnalyticsFilter } from '../src/analytics/snapshot.js';
import { DIMENSIONS } from '../src/db/dimensions.js';
import { heatmapMetric, HEATMAP_SOURCE, type Metric } from '../src/db/analytics.js';
import { createDb } from '../src/db/knex.js';
import { filterEnums } from '../src/db/refCache.js';
import { loadSnapshot, snapshotStamp, type FactColumn, type RoundLabels, type Snapshot } from '../src/db/snapshot.js';
import { factColumn } from '../src/db/snapshotFacts.js';
import { Money } from '../src/money/fx.js';
import { compileFilter } from '../src/query/compile.js';
import { parseFilter } from '../src/query/filter.js';
import { SCOPES } from '../src/query/registry.js';
import { machineNote, median, round, ROOT, SCALE, SEED, target, writeJson } from './lib.js';

type Column = Int8Array | Int16Array | Int32Array | Uint8Array | Uint16Array | Float64Array;

/** The first `n` rounds of a column, or the column `times` over (`shift` adds to copy i: i * shift). */
function resize<T extends Column>(a: T, n: number, times = 1, shift = 0): T {
  const out = new (a.constructor as new (k: number) => T)(n * times);
  for (let i = 0; i < times; i++) for (let r = 0; r < n; r++) out[i * n + r] = a[r]! + i * shift;
  return out;
}

/** A column's values per round (one code per round, or offsets and values), cut or repeated as the rounds are. */
function resizeValues(col: RoundLabels, n: number, times: number): RoundLabels {
  if (col.single) return { ...col, single: resize(col.single, n, times) };
  const [offsets, values] = [col.offsets!, col.values!];
  const per = offsets[n]!;
  const o = new Int32Array(n * times + 1);
  const v = new (values.constructor as new (k: number) => typeof values)(per * times);
  for (let i = 0; i < times; i++) {
    for (let r = 0; r < n; r++) o[i * n + r + 1] = offsets[r + 1]! + i * per;
    v.set(values.subarray(0, per), i * per);
  }
  return { ...col, offsets: o, values: v };
}

function scaled(snap: Snapshot, facts: Record<string, FactColumn>, n: number, times: number): Snapshot {
  const companies = snap.company[n - 1]! + 1;
  const coded = (c: Snapshot['roundType']) => ({ values: c.values, codes: resize(c.codes, n, times) });
  const out: Snapshot = {
    ...snap,
    stamp: `${snap.stamp}:${n}x${times}`,
    n: n * times,
    company: resize(snap.company, n, times, companies),
    year: resize(snap.year, n, times),
    month: resize(snap.month, n, times),
    amount: resize(snap.amount, n, times),
    valuation: resize(snap.valuation, n, times),
    roundType: coded(snap.roundType),
    roundTypeCode: coded(snap.roundTypeCode),
    standardizedRound: coded(snap.standardizedRound),
    facts: new Map(),
    positionOf: new Int32Array(0),
  };
  for (const [name, f] of Object.entries(facts)) {
    const ids = resizeValues(f.ids, n, times);
    const named = f.named.single === f.ids.single && f.named.offsets === f.ids.offsets ? { ...f.named, ...ids, labels: f.named.labels, map: f.named.map } : resizeValues(f.named, n, times);
    out.facts.set(name, Promise.resolve({ ...f, ids, named }));
  }
  return out;
}

const columnBytes = (c: RoundLabels) => [c.single, c.offsets, c.values].reduce((a, x) => a + (x?.byteLength ?? 0), 0);
const bytes = (s: Snapshot, facts: FactColumn[]) =>
  [s.company, s.year, s.month, s.amount, s.valuation, s.roundType.codes, s.roundTypeCode.codes, s.standardizedRound.codes].reduce((a, x) => a + x.byteLength, 0) +
  facts.reduce((a, f) => a + columnBytes(f.ids) + (f.named.single === f.ids.single && f.named.offsets === f.ids.offsets ? 0 : columnBytes(f.named)), 0);

async function main() {
  const args = process.argv.slice(2);
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 7;
  const out = args.includes('--out') ? path.resolve(args[args.indexOf('--out') + 1]!) : path.join(ROOT, 'bench', 'results', `snapshot-scale-${new Date().toISOString().slice(0, 10)}.json`);
  const t = target('sqlite', null);
  const db = createDb({ dbClient: 'sqlite', sqliteFile: t.sqliteFile, databaseUrl: '', dbPoolMax: 4 });
  const money = new Money('USD', 1);
  const started = performance.now();
  const base = await loadSnapshot(db, (await snapshotStamp(db)) ?? 'none');
  const facts: Record<string, FactColumn> = {};
  for (const d of ['sector', 'continent']) facts[d] = await factColumn(db, base, d);
  const loadMs = performance.now() - started;
  const europe = (await db('places').where({ name: 'Europe' }).first('id')) as { id: number };
  const filters = { 'year range': 'and(year[gte]:2015,year[lte]:2020)', 'year + continent': `and(year[gte]:2015,company.continent[eq]:${europe.id})` };
  const enums = await filterEnums(db);
  const results = [];
  for (const [label, n, times] of [
    ['0.1x (about demo)', Math.floor(base.n / 10), 1],
    ['1x', base.n, 1],
    ['3x (generated)', base.n, 3],
  ] as [string, number, number][]) {
    const snap = scaled(base, facts, n, times);
    for (const [fname, f] of Object.entries(filters)) {
      const ast = parseFilter(f);
      const where: AnalyticsFilter = { ...compileFilter(ast, SCOPES.funding!, { alias: 't', money, enums })!, ast };
      for (const metric of ['total_amount', 'median_amount'] as Metric[]) {
        const m = heatmapMetric(metric);
        const [xd, yd] = [DIMENSIONS.round_year!, DIMENSIONS.sector!];
        const sets = [{ groups: [yd, xd], metrics: [m] }, { groups: [xd], metrics: [m] }, { groups: [yd], metrics: [m] }, { groups: [], metrics: [m, { ...m, op: 'count' as const, field: null }] }];
        const wall: number[] = [];
        const cpu: number[] = [];
        // each run on a new filter text, so the mask is computed every time as for a new request
        for (let i = 0; i <= runs; i++) {
          const fresh = { ...where, sql: `${where.sql} /* ${i} */` };
          const [t0, c0] = [performance.now(), process.cpuUsage()];
          const answer = await snapshotAnswerOn(snap, db, fresh, money, sets);
          const c = process.cpuUsage(c0);
          if (i > 0) [wall[i - 1], cpu[i - 1]] = [performance.now() - t0, (c.user + c.system) / 1000];
          if (!answer) throw new Error('the snapshot declined');
        }
        const row = { size: label, rounds: snap.n, filter: fname, metric, medianMs: round(median(wall), 1), cpuMs: round(median(cpu), 1), snapshotMb: round(bytes(snap, await Promise.all([...snap.facts.values()])) / 1e6, 1) };
        results.push(row);
        console.log(JSON.stringify(row));
      }
    }
  }
  writeJson(out, { scale: SCALE, seed: SEED, machine: machineNote(), runs, loadSeconds: round(loadMs / 1000, 1), results });
  await db.destroy();
}

/** `snapshotAnswer` over a given snapshot (the scaled ones are not the database's current one). */
async function snapshotAnswerOn(snap: Snapshot, db: ReturnType<typeof createDb>, where: AnalyticsFilter, money: Money, sets: Parameters<typeof snapshotAnswer>[4]) {
  return snapshotAnswer(db, HEATMAP_SOURCE, where, money, sets, Infinity, snap);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
