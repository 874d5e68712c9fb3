/**
 * Groups of the matching rounds of the snapshot (src/db/snapshot.ts), figured as the live SQL of
 * aggregate.ts figures them: a group's rows are the combinations of its rounds' labels (one per
 * grouping), `count` counts distinct rounds, the company count distinct companies, and sum, average,
 * minimum, maximum and median run over every row with a value, duplicates included. Distinct counts
 * need no sets: rounds come in (company, id) order, so a group meets each round and each company in
 * one run, and a "last seen" per group is enough. Rows are ordered, cut to `only` and limited as the
 * SQL orders them (requested terms, nulls last, then the labels in byte order).
 */
import type { AggregateRow, OrderTerm } from './aggregate.js';
import type { Labels, Snapshot } from './snapshot.js';

/** A metric the snapshot answers: `count_distinct` only of the company. */
export interface SnapMetric {
  op: 'count' | 'count_distinct' | 'sum' | 'avg' | 'min' | 'max' | 'median';
  field: 'amount' | 'valuation' | 'company' | null;
}

export interface SnapSet {
  groups: readonly Labels[];
  metrics: readonly SnapMetric[];
  order?: readonly OrderTerm[];
  limit?: number;
  only?: { group: number; labels: readonly string[] };
}

/** Slots of the groups met: dense when the label combinations are few, else a map. */
class Slots {
  private readonly dense: Int32Array | null;
  private readonly sparse = new Map<number, number>();
  readonly keys: number[] = [];

  constructor(cells: number) {
    this.dense = cells <= 1 << 20 ? new Int32Array(cells).fill(-1) : null;
  }

  slot(key: number): number {
    if (this.dense) {
      let s = this.dense[key]!;
      if (s < 0) this.dense[key] = s = this.keys.push(key) - 1;
      return s;
    }
    let s = this.sparse.get(key);
    if (s === undefined) this.sparse.set(key, (s = this.keys.push(key) - 1));
    return s;
  }
}

/** Per-slot figures, grown as slots appear. */
class Figures {
  cap = 256;
  roundCount = new Float64Array(this.cap);
  lastRound = new Int32Array(this.cap).fill(-1);
  companyCount = new Float64Array(this.cap);
  lastCompany = new Int32Array(this.cap).fill(-1);
  fields: Record<'amount' | 'valuation', { n: Float64Array; sum: Float64Array; min: Float64Array; max: Float64Array }> = {
    amount: this.field(),
    valuation: this.field(),
  };

  private field() {
    return { n: new Float64Array(this.cap), sum: new Float64Array(this.cap), min: new Float64Array(this.cap).fill(Infinity), max: new Float64Array(this.cap).fill(-Infinity) };
  }

  ensure(slot: number): void {
    if (slot < this.cap) return;
    let cap = this.cap;
    while (cap <= slot) cap *= 2;
    const grow = <T extends Float64Array | Int32Array>(a: T, fill: number): T => {
      const b = new (a.constructor as new (n: number) => T)(cap);
      b.fill(fill);
      b.set(a);
      return b;
    };
    this.roundCount = grow(this.roundCount, 0);
    this.lastRound = grow(this.lastRound, -1);
    this.companyCount = grow(this.companyCount, 0);
    this.lastCompany = grow(this.lastCompany, -1);
    for (const f of Object.values(this.fields)) {
      [f.n, f.sum, f.min, f.max] = [grow(f.n, 0), grow(f.sum, 0), grow(f.min, Infinity), grow(f.max, -Infinity)];
    }
    this.cap = cap;
  }
}

/** Visits every combination of round `r`'s labels over `groups` as a mixed-radix key. */
function forEachKey(groups: readonly Labels[], r: number, visit: (key: number) => void, at = 0, key = 0): void {
  if (at === groups.length) {
    visit(key);
    return;
  }
  const g = groups[at]!;
  const radix = g.labels.length;
  for (let i = g.offsets[r]!; i < g.offsets[r + 1]!; i++) forEachKey(groups, r, visit, at + 1, key * radix + g.codes[i]!);
}

function groupsOf(snap: Snapshot, mask: Uint8Array | null, set: SnapSet): AggregateRow[] {
  const cells = set.groups.reduce((p, g) => p * Math.max(1, g.labels.length), 1);
  const slots = new Slots(cells);
  const f = new Figures();
  const medianFields = [...new Set(set.metrics.filter((m) => m.op === 'median').map((m) => m.field as 'amount' | 'valuation'))];
  const medianPairs = medianFields.map(() => ({ slot: [] as number[], value: [] as number[] }));
  const { company, amount, hasAmount, valuation, hasValuation } = snap;
  for (let r = 0; r < snap.n; r++) {
    if (mask && mask[r] === 0) continue;
    const c = company[r]!;
    forEachKey(set.groups, r, (key) => {
      const s = slots.slot(key);
      f.ensure(s);
      if (f.lastRound[s] !== r) {
        f.lastRound[s] = r;
        f.roundCount[s]!++;
      }
      if (f.lastCompany[s] !== c) {
        f.lastCompany[s] = c;
        f.companyCount[s]!++;
      }
      if (hasAmount[r]) add(f.fields.amount, s, amount[r]!);
      if (hasValuation[r]) add(f.fields.valuation, s, valuation[r]!);
      medianFields.forEach((field, i) => {
        const has = field === 'amount' ? hasAmount[r] : hasValuation[r];
        if (!has) return;
        medianPairs[i]!.slot.push(s);
        medianPairs[i]!.value.push(field === 'amount' ? amount[r]! : valuation[r]!);
      });
    });
  }
  const medians = medianPairs.map((p) => medianPerSlot(p.slot, p.value, slots.keys.length));
  const labelsOf = (key: number): string[] => {
    const out: string[] = [];
    for (let i = set.groups.length - 1; i >= 0; i--) {
      const g = set.groups[i]!;
      out.unshift(g.labels[key % g.labels.length]!);
      key = Math.floor(key / g.labels.length);
    }
    return out;
  };
  let rows = slots.keys.map((key, s) => ({
    labels: labelsOf(key),
    values: set.metrics.map((m): number | null => {
      if (m.op === 'count') return f.roundCount[s]!;
      if (m.op === 'count_distinct') return f.companyCount[s]!;
      const field = m.field as 'amount' | 'valuation';
      if (m.op === 'median') return medians[medianFields.indexOf(field)]![s] ?? null;
      const x = f.fields[field];
      if (x.n[s] === 0) return null;
      return m.op === 'sum' ? x.sum[s]! : m.op === 'avg' ? x.sum[s]! / x.n[s]! : m.op === 'min' ? x.min[s]! : x.max[s]!;
    }),
    totalGroups: 0,
  }));
  // without a grouping, SQL gives one row even over no rounds
  if (set.groups.length === 0 && rows.length === 0) {
    rows.push({ labels: [], values: set.metrics.map((m) => (m.op === 'count' || m.op === 'count_distinct' ? 0 : null)), totalGroups: 0 });
  }
  if (set.only) {
    const keep = new Set(set.only.labels);
    rows = rows.filter((row) => keep.has(row.labels[set.only!.group]!));
  }
  rows.sort(comparator(set.order ?? []));
  for (const row of rows) row.totalGroups = rows.length;
  return set.limit === undefined ? rows : rows.slice(0, set.limit);
}

function add(x: { n: Float64Array; sum: Float64Array; min: Float64Array; max: Float64Array }, s: number, v: number): void {
  x.n[s]!++;
  x.sum[s]! += v;
  if (v < x.min[s]!) x.min[s] = v;
  if (v > x.max[s]!) x.max[s] = v;
}

/** The median of each slot's values: the mean of the middle one or two, as the SQL's row numbers pick them. */
function medianPerSlot(slot: number[], value: number[], slots: number): (number | null)[] {
  const counts = new Int32Array(slots + 1);
  for (const s of slot) counts[s + 1]!++;
  for (let i = 1; i <= slots; i++) counts[i]! += counts[i - 1]!;
  const next = counts.slice(0, slots);
  const sorted = new Float64Array(value.length);
  slot.forEach((s, i) => (sorted[next[s]!++] = value[i]!));
  return Array.from({ length: slots }, (_x, s) => {
    const [lo, hi] = [counts[s]!, counts[s + 1]!];
    const cnt = hi - lo;
    if (cnt === 0) return null;
    const part = sorted.subarray(lo, hi).sort();
    return (part[Math.floor((cnt + 1) / 2) - 1]! + part[Math.floor((cnt + 2) / 2) - 1]!) / 2;
  });
}

/** Byte order of the labels' UTF-8, as `collate "C"` and SQLite's binary collation compare. */
const ASCII = /^[\x00-\x7f]*$/;
const byBytes = (a: string, b: string): number => {
  if (a === b) return 0;
  if (ASCII.test(a) && ASCII.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
};

function comparator(order: readonly OrderTerm[]) {
  return (a: AggregateRow, b: AggregateRow): number => {
    for (const o of order) {
      const i = Number(o.column.slice(1));
      let d: number;
      if (o.column.startsWith('m')) {
        const [x, y] = [a.values[i] ?? null, b.values[i] ?? null];
        if (x === null || y === null) d = x === y ? 0 : x === null ? 1 : -1;
        else d = (o.desc ? -1 : 1) * (x - y);
      } else d = (o.desc ? -1 : 1) * byBytes(a.labels[i]!, b.labels[i]!);
      if (d !== 0) return d;
    }
    for (let i = 0; i < a.labels.length; i++) {
      const d = byBytes(a.labels[i]!, b.labels[i]!);
      if (d !== 0) return d;
    }
    return 0;
  };
}

/** `aggregateSets`' answer over the snapshot's rounds that `mask` keeps (null: all). */
export function snapshotSets(snap: Snapshot, mask: Uint8Array | null, sets: readonly SnapSet[]): AggregateRow[][] {
  return sets.map((set) => groupsOf(snap, mask, set));
}
