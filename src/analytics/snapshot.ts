/**
 * Funding-rounds analytics over the rounds snapshot (src/db/snapshot.ts) when it can answer: the
 * request's filter is an and/or of conditions on keys the snapshot holds (year, amount, valuation,
 * round type, standardized round, the company's country, continent, city and taxonomy, the
 * investors' type), every grouping is a round dimension, a fact dimension, a period or the funnel's
 * stages, and every metric a count, company count or amount/valuation figure. Anything else returns
 * null and runs live in SQL (aggregate.ts), with the same answers (test/integration/analytics-snapshot.test.ts).
 *
 * A condition means here what compile.ts makes of it in SQL: a column condition never holds for a
 * null column (negated or not); a related key (`company.*`, `investor.type`) is an EXISTS, so its
 * negation holds for rounds without any value. The filter was compiled (and so validated) first.
 */
import type { Knex } from 'knex';
import { aggregateSets, type AggregateRow, type GroupingSet } from '../db/aggregate.js';
import { FACT_DIMENSIONS } from '../db/facts.js';
import { factColumn, loadSnapshot, periodLabels, roundDimensionLabels, singleLabels, snapshotStamp, type Labels, type Snapshot } from '../db/snapshot.js';
import { snapshotSets, type SnapMetric, type SnapSet } from '../db/snapshotGroups.js';
import type { Money } from '../money/fx.js';
import type { CompiledFilter } from '../query/compile.js';
import type { FilterNode } from '../query/filter.js';
import { ROUND_TYPES, STANDARDIZED_ROUND_VALUES, type EnumValue } from '../query/registry.js';
import type { Source } from './sources.js';

/** A compiled filter and the tree it was compiled from. */
export type AnalyticsFilter = CompiledFilter & { ast?: FilterNode };

type Cond = Extract<FilterNode, { kind: 'cond' }>;

const loaded = new WeakMap<Knex, { stamp: string; snap: Promise<Snapshot> }>();

/** The snapshot of the rollup's build, loaded on first use and again when the rollup changes; null without a rollup. */
async function currentSnapshot(db: Knex): Promise<Snapshot | null> {
  const stamp = await snapshotStamp(db);
  if (stamp === null) return null;
  let held = loaded.get(db);
  if (!held || held.stamp !== stamp) {
    held = { stamp, snap: loadSnapshot(db, stamp) };
    loaded.set(db, held);
    held.snap.catch(() => loaded.delete(db));
  }
  return held.snap;
}

/** Starts loading the snapshot (at startup), so the first filtered request need not. */
export function preloadSnapshot(db: Knex): void {
  currentSnapshot(db).catch(() => undefined);
}

const RELATED: Record<string, string> = {
  'company.country': 'country',
  'company.continent': 'continent',
  'company.city': 'city',
  'company.sector': 'sector',
  'company.technology': 'technology',
  'company.industry_tags': 'industry_tags',
  'company.business_model': 'business_model',
  'investor.type': 'investor_type',
};

const enumValue = (values: readonly EnumValue[], raw: string, stores: 'code' | 'name'): string | undefined => {
  const low = raw.trim().toLowerCase();
  const hit = values.find((e) => e.code.toLowerCase() === low || e.name.toLowerCase() === low);
  return hit && (stores === 'name' ? hit.name : hit.code);
};

type Test = (r: number) => boolean;

/** A money bound in whole USD as compile.ts rounds it. */
function moneyTest(values: Float64Array, has: Uint8Array, op: string, raw: string, money: Money): Test | null {
  const usd = Math.round(money.toUsd(Number(raw.trim())) * 1e6) / 1e6;
  const [lo, hi] = [Math.ceil(usd), Math.floor(usd)];
  const ok = (r: number) => has[r] === 1;
  switch (op) {
    case 'gt':
      return (r) => ok(r) && values[r]! > hi;
    case 'gte':
      return (r) => ok(r) && values[r]! >= lo;
    case 'lt':
      return (r) => ok(r) && values[r]! < lo;
    case 'lte':
      return (r) => ok(r) && values[r]! <= hi;
    case 'eq':
      return (r) => ok(r) && values[r]! >= lo && values[r]! <= hi;
    case 'neq':
      return (r) => ok(r) && !(values[r]! >= lo && values[r]! <= hi);
    default:
      return null;
  }
}

/** A condition on a coded string column (null never matches). */
function codedTest(codes: Int16Array, columnValues: readonly string[], op: string, wanted: (string | undefined)[]): Test | null {
  if (wanted.some((w) => w === undefined)) return null;
  const set = new Set(wanted.map((w) => columnValues.indexOf(w!)).filter((c) => c >= 0));
  if (op === 'eq' || op === 'in_any') return (r) => set.has(codes[r]!);
  if (op === 'neq' || op === 'nin_any') return (r) => codes[r]! >= 0 && !set.has(codes[r]!);
  return null;
}

async function condTest(db: Knex, snap: Snapshot, c: Cond, money: Money): Promise<Test | null> {
  const op = c.op;
  if (c.key === 'year') {
    const v = c.values.map((x) => Number(x.trim()));
    const y = snap.year;
    const cmp: Record<string, Test> = {
      eq: (r) => y[r] !== 0 && y[r] === v[0],
      neq: (r) => y[r] !== 0 && y[r] !== v[0],
      gt: (r) => y[r] !== 0 && y[r]! > v[0]!,
      gte: (r) => y[r] !== 0 && y[r]! >= v[0]!,
      lt: (r) => y[r] !== 0 && y[r]! < v[0]!,
      lte: (r) => y[r] !== 0 && y[r]! <= v[0]!,
      in_any: (r) => y[r] !== 0 && v.includes(y[r]!),
      nin_any: (r) => y[r] !== 0 && !v.includes(y[r]!),
    };
    return cmp[op] ?? null;
  }
  if (c.key === 'amount') return moneyTest(snap.amount, snap.hasAmount, op, c.values[0]!, money);
  if (c.key === 'valuation') return moneyTest(snap.valuation, snap.hasValuation, op, c.values[0]!, money);
  if (c.key === 'round_type') return codedTest(snap.roundTypeCode.codes, snap.roundTypeCode.values, op, c.values.map((v) => enumValue(ROUND_TYPES, v, 'code')));
  if (c.key === 'standardized_round') {
    return codedTest(snap.standardizedRound.codes, snap.standardizedRound.values, op, c.values.map((v) => enumValue(STANDARDIZED_ROUND_VALUES, v, 'name')));
  }
  const dim = RELATED[c.key];
  if (!dim || !['eq', 'in_any', 'neq', 'nin_any'].includes(op)) return null;
  let ids: number[];
  if (dim === 'investor_type') {
    const found = c.values.map((v) => snap.investorTypeIds.get(v.trim().toLowerCase()));
    if (found.some((x) => x === undefined)) return null;
    ids = found as number[];
  } else ids = c.values.map((v) => Number(v.trim()));
  const wanted = new Set(ids);
  const { offsets, codes } = (await factColumn(db, snap, dim)).ids;
  const any = (r: number) => {
    for (let i = offsets[r]!; i < offsets[r + 1]!; i++) if (wanted.has(codes[i]!)) return true;
    return false;
  };
  return op === 'eq' || op === 'in_any' ? any : (r) => !any(r);
}

async function nodeTest(db: Knex, snap: Snapshot, n: FilterNode, money: Money): Promise<Test | null> {
  if (n.kind === 'cond') return condTest(db, snap, n, money);
  const parts: Test[] = [];
  for (const ch of n.children) {
    const t = await nodeTest(db, snap, ch, money);
    if (!t) return null;
    parts.push(t);
  }
  return n.kind === 'and' ? (r) => parts.every((t) => t(r)) : (r) => parts.some((t) => t(r));
}

/** The grouping's labels per round over the snapshot; null when the snapshot does not hold it. */
async function groupLabels(db: Knex, snap: Snapshot, g: GroupingSet['groups'][number]): Promise<Labels | null> {
  if (g.snap) return 'stages' in g.snap ? stageLabels(snap, g.snap.stages) : periodLabels(snap, g.snap);
  const name = (g as { name?: string }).name;
  if (!name) return null;
  const own = roundDimensionLabels(snap, name);
  if (own) return own;
  return FACT_DIMENSIONS[name] ? (await factColumn(db, snap, name)).named : null;
}

function stageLabels(snap: Snapshot, stages: readonly string[]): Labels {
  const { codes, values } = snap.standardizedRound;
  const keep = new Set(stages);
  return singleLabels(snap, (r) => (codes[r]! >= 0 && keep.has(values[codes[r]!]!) ? values[codes[r]!]! : null));
}

const FIELDS = new Set(['amount', 'valuation']);

function snapMetric(m: GroupingSet['metrics'][number]): SnapMetric | null {
  if (m.op === 'count') return { op: 'count', field: null };
  if (m.op === 'count_distinct') return m.field === 'company' ? { op: 'count_distinct', field: 'company' } : null;
  return m.field && FIELDS.has(m.field) ? { op: m.op, field: m.field as 'amount' | 'valuation' } : null;
}

/**
 * `aggregateSets`' answer from the snapshot, or null when it cannot give it (another source, a
 * filter key, operator, grouping or metric it does not hold, or no rollup).
 */
export async function snapshotAnswer(db: Knex, source: Source, where: AnalyticsFilter | null, money: Money, sets: readonly GroupingSet[]): Promise<AggregateRow[][] | null> {
  if (source.name !== 'funding-rounds' || (where !== null && !where.ast)) return null;
  const metrics = sets.map((s) => s.metrics.map(snapMetric));
  if (metrics.some((ms) => ms.some((m) => m === null))) return null;
  const snap = await currentSnapshot(db);
  if (!snap) return null;
  const snapSets: SnapSet[] = [];
  for (const [i, set] of sets.entries()) {
    const groups: Labels[] = [];
    for (const g of set.groups) {
      const labels = await groupLabels(db, snap, g);
      if (!labels) return null;
      groups.push(labels);
    }
    snapSets.push({ groups, metrics: metrics[i] as SnapMetric[], order: set.order, limit: set.limit, only: set.only });
  }
  let mask: Uint8Array | null = null;
  if (where) {
    const test = await nodeTest(db, snap, where.ast!, money);
    if (!test) return null;
    mask = new Uint8Array(snap.n);
    for (let r = 0; r < snap.n; r++) if (test(r)) mask[r] = 1;
  }
  return snapshotSets(snap, mask, snapSets);
}

/** `aggregateSets` from the snapshot when it can answer, else live in SQL. */
export async function analyticsSets(
  db: Knex,
  q: { source: Source; where: AnalyticsFilter | null; money: Money; sets: readonly GroupingSet[]; budgetMs: number },
): Promise<AggregateRow[][]> {
  return (await snapshotAnswer(db, q.source, q.where, q.money, q.sets)) ?? aggregateSets(db, q);
}
