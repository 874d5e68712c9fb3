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
import { queryTimeout } from '../errors.js';
import { budgetLeft } from '../db/cancel.js';
import { aggregateSets, type AggregateRow, type GroupingSet } from '../db/aggregate.js';
import { FACT_DIMENSIONS } from '../db/facts.js';
import { filterEnums } from '../db/refCache.js';
import { codedLabels, factColumn, loadSnapshot, periodLabels, recall, remember, roundDimensionLabels, snapshotStamp, type Coded, type RoundLabels, type Snapshot } from '../db/snapshot.js';
import { positionsOf, snapshotSets, type SnapMetric, type SnapSet } from '../db/snapshotGroups.js';
import type { CompiledFilter } from '../db/listing.js';
import type { SqlSource } from '../db/sources.js';
import type { Money } from '../money/fx.js';
import type { FilterNode } from '../query/filter.js';
import { placeId } from '../query/compile.js';
import { ROUND_TYPES, SCOPES, scopeKey, STANDARDIZED_ROUND_VALUES, type EnumValue } from '../query/registry.js';

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

/** The rounds a test keeps, as a mask. */
function maskOf(n: number, test: Test): Uint8Array {
  const mask = new Uint8Array(n);
  for (let r = 0; r < n; r++) if (test(r)) mask[r] = 1;
  return mask;
}

/** A money bound in whole USD as compile.ts rounds it (NaN, a null column, never matches). */
function moneyTest(values: Float64Array, op: string, raw: string, money: Money): Test | null {
  const usd = Math.round(money.toUsd(Number(raw.trim())) * 1e6) / 1e6;
  const [lo, hi] = [Math.ceil(usd), Math.floor(usd)];
  switch (op) {
    case 'gt':
      return (r) => values[r]! > hi;
    case 'gte':
      return (r) => values[r]! >= lo;
    case 'lt':
      return (r) => values[r]! < lo;
    case 'lte':
      return (r) => values[r]! <= hi;
    case 'eq':
      return (r) => values[r]! >= lo && values[r]! <= hi;
    case 'neq':
      return (r) => values[r]! < lo || values[r]! > hi;
    default:
      return null;
  }
}

/** A condition on a coded string column (null never matches). */
function codedTest(codes: Coded['codes'], columnValues: readonly string[], op: string, wanted: (string | undefined)[]): Test | null {
  if (wanted.some((w) => w === undefined)) return null;
  const keep = new Uint8Array(columnValues.length);
  for (const w of wanted) if (columnValues.includes(w!)) keep[columnValues.indexOf(w!)] = 1;
  if (op === 'eq' || op === 'in_any') return (r) => codes[r]! >= 0 && keep[codes[r]!] === 1;
  if (op === 'neq' || op === 'nin_any') return (r) => codes[r]! >= 0 && keep[codes[r]!] === 0;
  return null;
}

function yearTest(y: Int16Array, op: string, v: number[]): Test | null {
  const x = v[0]!;
  const cmp: Record<string, Test> = {
    eq: (r) => y[r] !== 0 && y[r] === x,
    neq: (r) => y[r] !== 0 && y[r] !== x,
    gt: (r) => y[r] !== 0 && y[r]! > x,
    gte: (r) => y[r] !== 0 && y[r]! >= x,
    lt: (r) => y[r] !== 0 && y[r]! < x,
    lte: (r) => y[r] !== 0 && y[r]! <= x,
    in_any: (r) => y[r] !== 0 && v.includes(y[r]!),
    nin_any: (r) => y[r] !== 0 && !v.includes(y[r]!),
  };
  return cmp[op] ?? null;
}

async function condMask(db: Knex, snap: Snapshot, c: Cond, money: Money): Promise<Uint8Array | null> {
  const op = c.op;
  let test: Test | null = null;
  if (c.key === 'year') test = yearTest(snap.year, op, c.values.map((x) => Number(x.trim())));
  else if (c.key === 'amount') test = moneyTest(snap.amount, op, c.values[0]!, money);
  else if (c.key === 'valuation') test = moneyTest(snap.valuation, op, c.values[0]!, money);
  else if (c.key === 'round_type') test = codedTest(snap.roundTypeCode.codes, snap.roundTypeCode.values, op, c.values.map((v) => enumValue(ROUND_TYPES, v, 'code')));
  else if (c.key === 'standardized_round') {
    test = codedTest(snap.standardizedRound.codes, snap.standardizedRound.values, op, c.values.map((v) => enumValue(STANDARDIZED_ROUND_VALUES, v, 'name')));
  } else return relatedMask(db, snap, c);
  return test && maskOf(snap.n, test);
}

/** `company.*` and `investor.type`: an EXISTS over the round's values of a fact dimension. */
async function relatedMask(db: Knex, snap: Snapshot, c: Cond): Promise<Uint8Array | null> {
  const dim = RELATED[c.key];
  if (!dim || !['eq', 'in_any', 'neq', 'nin_any'].includes(c.op)) return null;
  let ids: number[];
  if (dim === 'investor_type') {
    const found = c.values.map((v) => snap.investorTypeIds.get(v.trim().toLowerCase()));
    if (found.some((x) => x === undefined)) return null;
    ids = found as number[];
  } else {
    // a country or continent may be named by code or name: the id it stands for, as the SQL reads it
    const key = scopeKey(SCOPES.funding!, c.key);
    const named = key?.type === 'place' && c.values.some((v) => !/^\s*-?\d+\s*$/.test(v));
    const enums = named ? await filterEnums(db) : undefined;
    ids = c.values.map((v) => (key?.type === 'place' ? placeId(key, v, enums) : Number(v.trim())));
  }
  const column = await factColumn(db, snap, dim);
  // the wanted values' codes (a value no round has matches none)
  const keep = new Uint8Array(column.codeOf.size);
  for (const id of ids) {
    const code = column.codeOf.get(id);
    if (code !== undefined) keep[code] = 1;
  }
  const positive = c.op === 'eq' || c.op === 'in_any';
  const mask = new Uint8Array(snap.n);
  const { single, offsets, values } = column.ids;
  for (let r = 0; r < snap.n; r++) {
    let any = false;
    if (single) any = single[r]! >= 0 && keep[single[r]!] === 1;
    else for (let i = offsets![r]!; i < offsets![r + 1]! && !any; i++) any = keep[values![i]!] === 1;
    if (any === positive) mask[r] = 1;
  }
  return mask;
}

async function nodeMask(db: Knex, snap: Snapshot, n: FilterNode, money: Money): Promise<Uint8Array | null> {
  if (n.kind === 'cond') return condMask(db, snap, n, money);
  let out: Uint8Array | null = null;
  for (const ch of n.children) {
    const m = await nodeMask(db, snap, ch, money);
    if (!m) return null;
    if (!out) out = m;
    else if (n.kind === 'and') for (let r = 0; r < snap.n; r++) out[r]! &= m[r]!;
    else for (let r = 0; r < snap.n; r++) out[r]! |= m[r]!;
  }
  return out;
}

/** The positions of the rounds the filter keeps, ascending (null: the snapshot cannot evaluate it), kept for the next requests with the same filter. */
async function memoPositions(db: Knex, snap: Snapshot, where: AnalyticsFilter, money: Money): Promise<Int32Array | null> {
  const key = `positions:${where.sql}:${JSON.stringify(where.bindings)}`;
  const held = recall<Int32Array | null>(snap, key);
  if (held !== undefined) return held;
  const mask = await nodeMask(db, snap, where.ast!, money);
  const positions = mask && positionsOf(mask);
  remember(snap, key, positions);
  return positions;
}

/** The grouping's labels per round over the snapshot; null when the snapshot does not hold it. */
async function groupLabels(db: Knex, snap: Snapshot, g: GroupingSet['groups'][number]): Promise<RoundLabels | null> {
  if (g.snap) return 'stages' in g.snap ? stageLabels(snap, g.snap.stages) : periodLabels(snap, g.snap);
  const name = (g as { name?: string }).name;
  if (!name) return null;
  const own = roundDimensionLabels(snap, name);
  if (own) return own;
  return FACT_DIMENSIONS[name] ? (await factColumn(db, snap, name)).named : null;
}

const stageLabels = (snap: Snapshot, stages: readonly string[]): RoundLabels => codedLabels(snap.standardizedRound, (v) => stages.includes(v));

const FIELDS = new Set(['amount', 'valuation']);

function snapMetric(m: GroupingSet['metrics'][number]): SnapMetric | null {
  if (m.op === 'count') return { op: 'count', field: null };
  if (m.op === 'count_distinct') return m.field === 'company' ? { op: 'count_distinct', field: 'company' } : null;
  return m.field && FIELDS.has(m.field) ? { op: m.op, field: m.field as 'amount' | 'valuation' } : null;
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
  const metrics = sets.map((s) => s.metrics.map(snapMetric));
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

/** `aggregateSets` from the snapshot when it can answer, else live in SQL. */
export async function analyticsSets(
  db: Knex,
  q: { source: SqlSource; where: AnalyticsFilter | null; money: Money; sets: readonly GroupingSet[]; budgetMs: number },
): Promise<AggregateRow[][]> {
  const started = performance.now();
  const answer = await snapshotAnswer(db, q.source, q.where, q.money, q.sets, q.budgetMs);
  return answer ?? aggregateSets(db, { ...q, budgetMs: Math.max(1, q.budgetMs - (performance.now() - started)) });
}
