/**
 * Groups of the matching rounds of the snapshot (src/db/snapshot.ts), tallied as the live SQL of
 * aggregate.ts groups them: a group's rows are the combinations of its rounds' labels (one per
 * grouping); the tallies (distinct rounds, distinct companies, count, sum, least, greatest and middle
 * values over every row with a value, duplicates included) become figures by metrics.ts. Distinct counts
 * need no sets: rounds come in (company, id) order, so a group meets each round and each company in
 * one run, and a "last seen" per group is enough. Rows are ordered, cut to `only` and limited as the
 * SQL orders them (requested terms, nulls last, then the labels in byte order).
 */
import type { AggregateRow, OrderTerm } from './aggregate.js';
import { emptyFigure, figureOf, medianRanks, type MetricOp, type Tally } from './metrics.js';
import type { RoundLabels, Snapshot } from './snapshot.js';

/** A metric the snapshot answers: `count_distinct` only of the company. */
export interface SnapMetric {
  op: MetricOp;
  field: 'amount' | 'valuation' | 'company' | null;
}

export interface SnapSet {
  groups: readonly RoundLabels[];
  metrics: readonly SnapMetric[];
  order?: readonly OrderTerm[];
  limit?: number;
  only?: { group: number; labels: readonly string[] };
}

/**
 * Slots of the groups met: the key itself when the label combinations are few (no lookup), else a
 * dense table or a map from key to slot.
 */
class Slots {
  readonly direct: boolean;
  private readonly dense: Int32Array | null;
  private readonly sparse = new Map<number, number>();
  private readonly met: number[] = [];
  private readonly seen: Uint8Array | null;

  constructor(readonly cells: number) {
    this.direct = cells <= 1 << 16;
    this.seen = this.direct ? new Uint8Array(cells) : null;
    this.dense = !this.direct && cells <= 1 << 20 ? new Int32Array(cells).fill(-1) : null;
  }

  slot(key: number): number {
    if (this.seen) {
      this.seen[key] = 1;
      return key;
    }
    if (this.dense) {
      let s = this.dense[key]!;
      if (s < 0) this.dense[key] = s = this.met.push(key) - 1;
      return s;
    }
    let s = this.sparse.get(key);
    if (s === undefined) this.sparse.set(key, (s = this.met.push(key) - 1));
    return s;
  }

  /** Slots are numbered below this. */
  get size(): number {
    return this.seen ? this.cells : this.met.length;
  }

  /** The (key, slot) of every group met. */
  entries(): [number, number][] {
    if (!this.seen) return this.met.map((key, s) => [key, s]);
    const out: [number, number][] = [];
    for (let key = 0; key < this.cells; key++) if (this.seen[key]) out.push([key, key]);
    return out;
  }
}

/** Per-slot figures, grown as slots appear. */
class Figures {
  cap: number;
  roundCount: Float64Array;
  lastRound: Int32Array;
  companyCount: Float64Array;
  lastCompany: Int32Array;
  fields: Record<'amount' | 'valuation', { n: Float64Array; sum: Float64Array; min: Float64Array; max: Float64Array }>;

  constructor(cap: number) {
    this.cap = cap;
    this.roundCount = new Float64Array(cap);
    this.lastRound = new Int32Array(cap).fill(-1);
    this.companyCount = new Float64Array(cap);
    this.lastCompany = new Int32Array(cap).fill(-1);
    this.fields = { amount: this.field(), valuation: this.field() };
  }

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

/** The mixed-radix keys of round `r`'s label combinations over `groups`, written into a reusable buffer. */
class KeyBuffer {
  keys = new Float64Array(64);
  private spare = new Float64Array(64);

  private codes = new Int32Array(64);

  /** Fills `keys` and returns how many (0: the round is in no group). */
  fill(groups: readonly RoundLabels[], r: number): number {
    let count = 1;
    this.keys[0] = 0;
    for (let j = 0; j < groups.length; j++) {
      const g = groups[j]!;
      const radix = g.labels.length;
      const map = g.map;
      if (g.single) {
        const v = g.single[r]!;
        const c = v < 0 ? -1 : map ? (map[v] ?? -1) : v;
        if (c < 0) return 0;
        for (let k = 0; k < count; k++) this.keys[k] = this.keys[k]! * radix + c;
        continue;
      }
      const { offsets, values } = g as Required<Pick<RoundLabels, 'offsets' | 'values'>>;
      const end = offsets[r + 1]!;
      if (end - offsets[r]! > this.codes.length) this.codes = new Int32Array((end - offsets[r]!) * 2);
      let m = 0;
      for (let i = offsets[r]!; i < end; i++) {
        const c = map ? (map[values[i]!] ?? -1) : values[i]!;
        if (c >= 0) this.codes[m++] = c;
      }
      if (m === 0) return 0;
      if (m === 1) {
        const c = this.codes[0]!;
        for (let k = 0; k < count; k++) this.keys[k] = this.keys[k]! * radix + c;
        continue;
      }
      if (count * m > this.spare.length) {
        this.spare = new Float64Array(count * m * 2);
        const keys = new Float64Array(count * m * 2);
        keys.set(this.keys.subarray(0, count));
        this.keys = keys;
      }
      let n = 0;
      for (let k = 0; k < count; k++) for (let i = 0; i < m; i++) this.spare[n++] = this.keys[k]! * radix + this.codes[i]!;
      [this.keys, this.spare] = [this.spare, this.keys];
      count = n;
    }
    return count;
  }
}

type Field = 'amount' | 'valuation';

function groupsOf(snap: Snapshot, positions: Int32Array, set: SnapSet, check: () => void): AggregateRow[] {
  const { groups } = set;
  const cells = groups.reduce((p, g) => p * Math.max(1, g.labels.length), 1);
  const slots = new Slots(cells);
  const f = new Figures(slots.direct ? cells : 256);
  const needs = new Set(set.metrics.map((m) => m.field));
  const [wantAmount, wantValuation, wantCompanies] = [needs.has('amount'), needs.has('valuation'), needs.has('company')];
  const { company, amount, valuation } = snap;
  const buffer = new KeyBuffer();
  if (keyedDirectly(slots, groups)) {
    const { roundCount, lastRound, lastCompany, companyCount } = f;
    directKeys(
      positions,
      groups,
      (key, r) => {
        slots.slot(key);
        if (lastRound[key] !== r) {
          lastRound[key] = r;
          roundCount[key]!++;
        }
        if (wantCompanies && lastCompany[key] !== company[r]) {
          lastCompany[key] = company[r]!;
          companyCount[key]!++;
        }
        // NaN: no value
        if (wantAmount && amount[r] === amount[r]) add(f.fields.amount, key, amount[r]!);
        if (wantValuation && valuation[r] === valuation[r]) add(f.fields.valuation, key, valuation[r]!);
      },
      check,
    );
  } else {
    for (let p = 0; p < positions.length; p++) {
      const r = positions[p]!;
      if ((p & 0xffff) === 0xffff) check();
      const count = buffer.fill(groups, r);
      const c = company[r]!;
      const keys = buffer.keys;
      for (let k = 0; k < count; k++) {
        const s = slots.slot(keys[k]!);
        f.ensure(s);
        if (f.lastRound[s] !== r) {
          f.lastRound[s] = r;
          f.roundCount[s]!++;
        }
        if (wantCompanies && f.lastCompany[s] !== c) {
          f.lastCompany[s] = c;
          f.companyCount[s]!++;
        }
        // NaN: no value
        if (wantAmount && amount[r] === amount[r]) add(f.fields.amount, s, amount[r]!);
        if (wantValuation && valuation[r] === valuation[r]) add(f.fields.valuation, s, valuation[r]!);
      }
    }
  }
  const medians: Partial<Record<Field, Middles>> = {};
  for (const field of new Set(set.metrics.filter((m) => m.op === 'median').map((m) => m.field as Field))) {
    medians[field] = medianPerSlot(snap, positions, set, slots, f.fields[field].n, field, buffer);
  }
  const labelsOf = (key: number): string[] => {
    const out: string[] = [];
    for (let i = groups.length - 1; i >= 0; i--) {
      const g = groups[i]!;
      out.unshift(g.labels[key % g.labels.length]!);
      key = Math.floor(key / g.labels.length);
    }
    return out;
  };
  let rows = slots.entries().map(([key, s]) => ({
    labels: labelsOf(key),
    values: set.metrics.map((m) => figureOf(m.op, tallyOf(f, medians, s, m.field))),
    totalGroups: 0,
  }));
  // without a grouping, SQL gives one row even over no rounds
  if (groups.length === 0 && rows.length === 0) {
    rows.push({ labels: [], values: set.metrics.map((m) => emptyFigure(m.op)), totalGroups: 0 });
  }
  if (set.only) {
    const keep = new Set(set.only.labels);
    rows = rows.filter((row) => keep.has(row.labels[set.only!.group]!));
  }
  rows.sort(comparator(set.order ?? []));
  for (const row of rows) row.totalGroups = rows.length;
  return set.limit === undefined ? rows : rows.slice(0, set.limit);
}

const NO_FIELD = { n: [0], sum: [0], min: [0], max: [0] };

/** Slot `s`'s tallies of `field` (none for `count`: its figure reads the rounds). */
/** Per slot, the values at the median's two ranks. */
interface Middles {
  low: Float64Array;
  high: Float64Array;
}

function tallyOf(f: Figures, medians: Partial<Record<Field, Middles>>, s: number, field: SnapMetric['field']): Tally {
  const x = field === 'amount' || field === 'valuation' ? f.fields[field] : null;
  const [i, v] = x ? [s, x] : [0, NO_FIELD];
  return {
    rows: f.roundCount[s]!,
    distinct: f.companyCount[s]!,
    n: v.n[i]!,
    sum: v.sum[i]!,
    min: v.min[i]!,
    max: v.max[i]!,
    middle: () => [medians[field as Field]!.low[s]!, medians[field as Field]!.high[s]!],
  };
}

/** Whether `directKeys` can key the rounds of these groupings: few label combinations, at most one grouping with several labels per round. */
const keyedDirectly = (slots: Slots, groups: readonly RoundLabels[]) => slots.direct && groups.filter((g) => !g.single).length <= 1;

/**
 * Visits each (key, round) of the matching rounds when `keyedDirectly`: a round's key is the
 * weighted sum of its single labels (a key is its figures' index), plus each label of the one
 * multi-valued grouping in turn; no per-round key buffer or slot lookup. The arrays read here are
 * of one or two kinds each, so the reads stay fast.
 */
function directKeys(positions: Int32Array, groups: readonly RoundLabels[], visit: (key: number, r: number) => void, check: () => void): void {
  const m = groups.findIndex((g) => !g.single);
  const singles = groups.filter((g) => g.single);
  const codes = singles.map((g) => g.single!);
  const maps = singles.map((g) => g.map ?? null);
  // a grouping's weight in the key: the product of the label counts of those after it
  const weight = new Int32Array(groups.length);
  for (let j = groups.length - 1, w = 1; j >= 0; j--) [weight[j], w] = [w, w * groups[j]!.labels.length];
  const weights = Int32Array.from(groups.flatMap((g, j) => (g.single ? [weight[j]!] : [])));
  const multi = m < 0 ? null : groups[m]!;
  const [offsets, values, multiMap, multiWeight] = [multi?.offsets ?? new Int32Array(1), multi?.values ?? new Uint16Array(0), multi?.map ?? null, m < 0 ? 0 : weight[m]!];
  const k = codes.length;
  for (let p = 0; p < positions.length; p++) {
    const r = positions[p]!;
    if ((p & 0xffff) === 0xffff) check();
    let key = 0;
    let j = 0;
    for (; j < k; j++) {
      const v = codes[j]![r]!;
      if (v < 0) break;
      const map = maps[j]!;
      const c = map === null ? v : v < map.length ? map[v]! : -1;
      if (c < 0) break;
      key += c * weights[j]!;
    }
    if (j < k) continue;
    if (multi === null) {
      visit(key, r);
      continue;
    }
    for (let i = offsets[r]!; i < offsets[r + 1]!; i++) {
      const v = values[i]!;
      const c = multiMap === null ? v : v < multiMap.length ? multiMap[v]! : -1;
      if (c >= 0) visit(key + c * multiWeight, r);
    }
  }
}

function add(x: { n: Float64Array; sum: Float64Array; min: Float64Array; max: Float64Array }, s: number, v: number): void {
  x.n[s]!++;
  x.sum[s]! += v;
  if (v < x.min[s]!) x.min[s] = v;
  if (v > x.max[s]!) x.max[s] = v;
}

/** The k-th smallest (0-based) of `a[lo..hi)`, partially reordering it (quickselect). */
function select(a: Float64Array, lo: number, hi: number, k: number): number {
  let [l, r] = [lo, hi - 1];
  while (l < r) {
    const pivot = a[(l + r) >> 1]!;
    let [i, j] = [l, r];
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    if (k <= j) r = j;
    else if (k >= i) l = i;
    else return a[k]!;
  }
  return a[k]!;
}

/**
 * Each slot's values of `field` at the median's ranks (`MEDIAN`, metrics.ts: the same ones the
 * SQL's row numbers pick): the lower and the higher, equal for an odd count. The values are laid out per slot (the counts are known from the first pass) and the
 * middle ones selected in linear time, not sorted.
 */
function medianPerSlot(snap: Snapshot, positions: Int32Array, set: SnapSet, slots: Slots, counts: Float64Array, field: Field, buffer: KeyBuffer): Middles {
  const size = slots.size;
  const start = new Float64Array(size + 1);
  for (let s = 0; s < size; s++) start[s + 1] = start[s]! + counts[s]!;
  const next = start.slice(0, size);
  const laid = new Float64Array(start[size]!);
  const values = field === 'amount' ? snap.amount : snap.valuation;
  if (keyedDirectly(slots, set.groups)) {
    // NaN: no value; a key is its slot
    directKeys(
      positions,
      set.groups,
      (key, r) => {
        if (values[r] === values[r]) laid[next[key]!++] = values[r]!;
      },
      () => undefined,
    );
  } else {
    for (let p = 0; p < positions.length; p++) {
      const r = positions[p]!;
      const v = values[r]!;
      if (v !== v) continue;
      const count = buffer.fill(set.groups, r);
      for (let k = 0; k < count; k++) laid[next[slots.slot(buffer.keys[k]!)]!++] = v;
    }
  }
  const out = { low: new Float64Array(size), high: new Float64Array(size) };
  for (let s = 0; s < size; s++) {
    const [lo, cnt] = [start[s]!, counts[s]!];
    if (cnt === 0) continue;
    const [a, b] = medianRanks(cnt).map((rank) => rank - 1) as [number, number];
    const x = select(laid, lo, lo + cnt, lo + a);
    // after the selection everything right of a is at least x: the next rank is the least of them
    let y = x;
    if (b !== a) {
      y = Infinity;
      for (let i = lo + a + 1; i < lo + cnt; i++) if (laid[i]! < y) y = laid[i]!;
    }
    [out.low[s], out.high[s]] = [x, y];
  }
  return out;
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

/** The positions a mask keeps, ascending. */
export function positionsOf(mask: Uint8Array): Int32Array {
  let n = 0;
  for (let r = 0; r < mask.length; r++) n += mask[r]!;
  const positions = new Int32Array(n);
  for (let r = 0, i = 0; r < mask.length; r++) if (mask[r]) positions[i++] = r;
  return positions;
}

/** `aggregateSets`' answer over the snapshot's rounds at `positions` (ascending; null: all). */
/** `check` runs between sets and every 64 Ki rounds within one (it throws past the request's budget). */
export function snapshotSets(snap: Snapshot, positions: Int32Array | null, sets: readonly SnapSet[], check: () => void = () => undefined): AggregateRow[][] {
  let at = positions;
  if (!at) {
    at = new Int32Array(snap.n);
    for (let r = 0; r < snap.n; r++) at[r] = r;
  }
  return sets.map((set) => {
    check();
    return groupsOf(snap, at, set, check);
  });
}
