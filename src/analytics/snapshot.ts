/**
 * The engine of funding-rounds analytics: `groupingSets` answers grouping sets (each a list of
 * groupings and metrics, src/db/aggregate.ts `GroupingSet`) from the rounds snapshot
 * (src/db/snapshot.ts, figured by src/db/snapshotGroups.ts) when it can, else in SQL
 * (`aggregateSets`), with the same answers (test/integration/analytics-snapshot.test.ts). The
 * snapshot answers when the source is the funding rounds, the filter is an and/or of conditions on
 * keys whose definition names where the snapshot holds them (snapshotFilter.ts), every grouping is a
 * round dimension, a fact dimension, a period or the funnel's stages, and every metric reads a field
 * the snapshot holds (`SqlField.snapshot`). docs/analytics.md says which engine answers what.
 */
import type { Knex } from 'knex';
import { queryTimeout } from '../errors.js';
import { budgetLeft } from '../db/cancel.js';
import { aggregateSets, type AggregateRow, type GroupingSet } from '../db/aggregate.js';
import { loadSnapshot, snapshotStamp, type RoundLabels, type Snapshot } from '../db/snapshot.js';
import { factColumn } from '../db/snapshotFacts.js';
import { codedLabels, periodLabels, recall, remember, roundDimensionLabels } from '../db/snapshotLabels.js';
import { positionsOf, snapshotSets, type SnapMetric, type SnapSet } from '../db/snapshotGroups.js';
import { patchSnapshot, type Reload } from '../db/snapshotDelta.js';
import type { CompiledFilter } from '../db/listing.js';
import type { SqlSource } from '../db/sources.js';
import type { Money } from '../money/fx.js';
import type { FilterNode } from '../query/filter.js';
import { filterMask } from './snapshotFilter.js';

/** A compiled filter and the tree it was compiled from. */
export type AnalyticsFilter = CompiledFilter & { ast?: FilterNode };

const loaded = new WeakMap<Knex, { stamp: string; snap: Promise<Snapshot> }>();

/** How the snapshot of each database last followed its stamp: the changes applied, or loaded (and why). */
const followed = new WeakMap<Knex, 'patched' | 'loaded' | Reload>();

/** How the database's snapshot last followed a change: `patched` by the logged changes, else loaded (first use, or the reason). */
export const lastSnapshotChange = (db: Knex) => followed.get(db);

/**
 * The snapshot of the rollup's build, loaded on first use; when the stamp moves, the one held (once
 * loaded) with the changes logged since applied, or loaded again when they cannot be (snapshotDelta.ts).
 * Null without a rollup.
 */
async function currentSnapshot(db: Knex): Promise<Snapshot | null> {
  const stamp = await snapshotStamp(db);
  if (stamp === null) return null;
  let held = loaded.get(db);
  if (!held || held.stamp !== stamp) {
    held = { stamp, snap: nextSnapshot(db, held?.snap, stamp) };
    loaded.set(db, held);
    held.snap.catch(() => loaded.delete(db));
  }
  return held.snap;
}

async function nextSnapshot(db: Knex, before: Promise<Snapshot> | undefined, stamp: string): Promise<Snapshot> {
  const old = before && (await before.catch(() => null));
  // a failed delta (the database busy, say) is a load, as it was before there were deltas
  const patched = old ? await patchSnapshot(db, old, stamp).catch(() => 'failed' as const) : null;
  if (patched !== null && typeof patched !== 'string') {
    followed.set(db, 'patched');
    return patched;
  }
  followed.set(db, patched === null || patched === 'failed' ? 'loaded' : patched);
  return loadSnapshot(db, stamp);
}

/** Starts loading the snapshot (at startup), so the first filtered request need not; settles when the load has ended. */
export function preloadSnapshot(db: Knex): Promise<void> {
  return currentSnapshot(db).then(
    () => undefined,
    () => undefined,
  );
}

/** The positions of the rounds the filter keeps, ascending (null: the snapshot cannot evaluate it), kept for the next requests with the same filter. */
async function memoPositions(db: Knex, snap: Snapshot, where: AnalyticsFilter, money: Money): Promise<Int32Array | null> {
  const key = `positions:${where.sql}:${JSON.stringify(where.bindings)}`;
  const held = recall<Int32Array | null>(snap, key);
  if (held !== undefined) return held;
  const mask = await filterMask(db, snap, where.ast!, money);
  const positions = mask && positionsOf(mask);
  remember(snap, key, positions);
  return positions;
}

/** The grouping's labels per round over the snapshot, as its definition says the snapshot holds them; null when it does not. */
async function groupLabels(db: Knex, snap: Snapshot, g: GroupingSet['groups'][number]): Promise<RoundLabels | null> {
  const held = g.snap;
  if (!held) return null;
  if ('stages' in held) return stageLabels(snap, held.stages);
  if ('period' in held) return periodLabels(snap, held);
  if ('round' in held) return roundDimensionLabels(snap, held.round);
  return (await factColumn(db, snap, held.fact)).named;
}

const stageLabels = (snap: Snapshot, stages: readonly string[]): RoundLabels => codedLabels(snap.standardizedRound, (v) => stages.includes(v));

/** A metric as the snapshot figures it, read off the source's field definition (null: a field it does not hold). */
function snapMetric(source: SqlSource, m: GroupingSet['metrics'][number]): SnapMetric | null {
  if (m.op === 'count') return { op: 'count', field: null };
  const held = m.field === null ? undefined : source.fields[m.field]?.snapshot;
  if (held === undefined) return null;
  if (m.op === 'count_distinct') return held === 'company' ? { op: 'count_distinct', field: 'company' } : null;
  return held === 'company' ? null : { op: m.op, field: held };
}

/** The snapshot, waited for until the deadline while it loads (504 QUERY_TIMEOUT past it: the load goes on). */
async function snapshotBy(db: Knex, deadline: number): Promise<Snapshot | null> {
  if (deadline === Infinity) return currentSnapshot(db);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - performance.now()))));
  try {
    const snap = await Promise.race([currentSnapshot(db), late]);
    if (snap === 'late') throw queryTimeout();
    return snap;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `aggregateSets`' answer from the snapshot, or null when it cannot give it (another source, a
 * filter key, operator, grouping or metric it does not hold, or no rollup). Under the same budget as
 * the SQL: 504 QUERY_TIMEOUT once `budgetMs` has passed.
 */
export async function snapshotAnswer(
  db: Knex,
  source: SqlSource,
  where: AnalyticsFilter | null,
  money: Money,
  sets: readonly GroupingSet[],
  budgetMs = Infinity,
  /** A snapshot to answer from instead of the database's current one (bench/snapshot-scale.ts). */
  given?: Snapshot,
): Promise<AggregateRow[][] | null> {
  const deadline = performance.now() + budgetLeft(budgetMs);
  if (source.name !== 'funding-rounds' || (where !== null && !where.ast)) return null;
  const metrics = sets.map((s) => s.metrics.map((m) => snapMetric(source, m)));
  if (metrics.some((ms) => ms.some((m) => m === null))) return null;
  const snap = given ?? (await snapshotBy(db, deadline));
  if (!snap) return null;
  const snapSets: SnapSet[] = [];
  for (const [i, set] of sets.entries()) {
    const groups: RoundLabels[] = [];
    for (const g of set.groups) {
      const labels = await groupLabels(db, snap, g);
      if (!labels) return null;
      groups.push(labels);
    }
    snapSets.push({ groups, metrics: metrics[i] as SnapMetric[], order: set.order, limit: set.limit, only: set.only });
  }
  // the same filter (as compiled, in the request's currency) keeps the same rounds
  const positions = where ? await memoPositions(db, snap, where, money) : null;
  if (where && !positions) return null;
  if (performance.now() > deadline) throw queryTimeout();
  return snapshotSets(snap, positions, snapSets, () => {
    if (performance.now() > deadline) throw queryTimeout();
  });
}

/**
 * The grouping-set interface of funding analytics (heatmap, funnel, aggregate, timeseries): each
 * set's rows from the snapshot when it can answer them, else live in SQL (`aggregateSets`), under
 * one budget.
 */
export async function groupingSets(
  db: Knex,
  q: { source: SqlSource; where: AnalyticsFilter | null; money: Money; sets: readonly GroupingSet[]; budgetMs: number },
): Promise<AggregateRow[][]> {
  const started = performance.now();
  const answer = await snapshotAnswer(db, q.source, q.where, q.money, q.sets, q.budgetMs);
  return answer ?? aggregateSets(db, { ...q, budgetMs: Math.max(1, q.budgetMs - (performance.now() - started)) });
}
