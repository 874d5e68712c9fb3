/**
 * Groupings of the rounds snapshot's rounds by their own columns (src/db/snapshot.ts): periods, the
 * round dimensions, and the few derived values a request's neighbours ask for again, kept per
 * snapshot.
 */
import { codesFor, type Coded, type RoundLabels, type Snapshot } from './snapshot.js';

/**
 * One label or none per round from an integer key of the round's own columns: `keyOf` gives a key
 * in `[0, keys)` or -1 (none), `labelOf` names a key; labels are numbered in the order rounds meet them.
 */
export function keyedLabels(snap: Snapshot, keys: number, keyOf: (r: number) => number, labelOf: (key: number) => string): RoundLabels {
  const codeOfKey = new Int32Array(keys).fill(-1);
  const single = codesFor(keys - 1, snap.n);
  const labels: string[] = [];
  for (let r = 0; r < snap.n; r++) {
    const key = keyOf(r);
    if (key < 0) {
      single[r] = -1;
      continue;
    }
    let c = codeOfKey[key]!;
    if (c < 0) codeOfKey[key] = c = labels.push(labelOf(key)) - 1;
    single[r] = c;
  }
  return { labels, single: single instanceof Int32Array && labels.length < 32768 ? Int16Array.from(single) : single };
}

/** A coded column's values as labels, only those `keep` accepts (all by default): the column itself, no copy. */
export function codedLabels(column: Coded, keep: (value: string) => boolean = () => true): RoundLabels {
  return { labels: column.values, single: column.codes, map: Int32Array.from(column.values, (v, i) => (keep(v) ? i : -1)) };
}

const recent = new WeakMap<Snapshot, Map<string, unknown>>();

/**
 * A value derived from the snapshot for one request (a filter's mask, a period grouping), kept for
 * the next few requests that ask for the same: a timeseries asks twice, a dashboard repeats its filter.
 */
export function memo<T>(snap: Snapshot, key: string, build: () => T): T {
  const held = recall<T>(snap, key);
  if (held !== undefined) return held;
  const v = build();
  remember(snap, key, v);
  return v;
}

/** What `remember` kept under `key` (undefined: nothing). */
export function recall<T>(snap: Snapshot, key: string): T | undefined {
  const held = recent.get(snap);
  if (!held?.has(key)) return undefined;
  const v = held.get(key) as T;
  held.delete(key);
  held.set(key, v);
  return v;
}

/** The bytes of a remembered value's arrays (positions, a grouping's labels per round). */
function bytesOf(v: unknown): number {
  if (ArrayBuffer.isView(v)) return v.byteLength;
  if (typeof v !== 'object' || v === null) return 0;
  const { single, offsets, values } = v as RoundLabels;
  return (single?.byteLength ?? 0) + (offsets?.byteLength ?? 0) + (values?.byteLength ?? 0);
}

/**
 * Keeps `v` for the next requests: the latest `keep`, and of them no more bytes than 8 a round (two
 * filters that keep every round), so the remembered arrays stay a fraction of the snapshot they
 * derive from (eight filters' positions were up to 32 bytes a round, 32 MB on `large`).
 */
export function remember(snap: Snapshot, key: string, v: unknown, keep = 8): void {
  let held = recent.get(snap);
  if (!held) recent.set(snap, (held = new Map()));
  held.delete(key);
  held.set(key, v);
  let bytes = 0;
  for (const x of held.values()) bytes += bytesOf(x);
  while (held.size > 1 && (held.size > keep || bytes > 8 * snap.n)) {
    const oldest = held.keys().next().value!;
    bytes -= bytesOf(held.get(oldest));
    held.delete(oldest);
  }
}

const PER_YEAR = { month: 12, quarter: 4, year: 1 } as const;

/** The periods grouping of aggregate.ts (`periodGrouping`) over the snapshot: keys `YYYYMM`, `YYYYQ` or `YYYY` from `from` to `to`. */
export function periodLabels(snap: Snapshot, p: { period: 'month' | 'quarter' | 'year'; from: number; to: number; whole: boolean }): RoundLabels {
  return memo(snap, `period:${p.period}:${p.from}:${p.to}:${p.whole}`, () => buildPeriodLabels(snap, p));
}

function buildPeriodLabels(snap: Snapshot, p: { period: 'month' | 'quarter' | 'year'; from: number; to: number; whole: boolean }): RoundLabels {
  const per = PER_YEAR[p.period];
  const split = (key: number): [number, number] => (per === 1 ? [key, 1] : [Math.floor(key / (per === 12 ? 100 : 10)), key % (per === 12 ? 100 : 10)]);
  // a period as an index counted from year 0, and back
  const index = (y: number, part: number) => y * per + part - 1;
  const [fy, fp] = split(p.from);
  const [ty, tp] = split(p.to);
  const first = index(fy, fp);
  const count = Math.max(0, index(ty, tp) - first + 1);
  const partOf = (m: number) => (per === 12 ? m : per === 4 ? Math.floor((m + 2) / 3) : 1);
  const label = (i: number) => {
    const [y, part] = [Math.floor((first + i) / per), ((first + i) % per) + 1];
    return per === 1 ? String(y) : per === 4 ? `${y}-Q${part}` : `${y}-${part < 10 ? '0' : ''}${part}`;
  };
  const { year, month } = snap;
  return keyedLabels(
    snap,
    p.whole ? 1 : count,
    (r) => {
      const y = year[r]!;
      const m = month[r]!;
      if (y === 0 || (per !== 1 && m === 0)) return -1;
      const i = index(y, partOf(m)) - first;
      return i < 0 || i >= count ? -1 : p.whole ? 0 : i;
    },
    (i) => (p.whole ? 'all' : label(i)),
  );
}

const roundLabelCache = new WeakMap<Snapshot, Map<string, RoundLabels>>();

/** The round dimensions of src/db/dimensions.ts read from the round's own columns; null for others. */
export function roundDimensionLabels(snap: Snapshot, name: string): RoundLabels | null {
  const { year, month } = snap;
  const build: Record<string, () => RoundLabels> = {
    round_year: () => {
      // the year column itself, years mapped to labels
      const map = new Int32Array(1 << 15).fill(-1);
      const labels: string[] = [];
      for (let r = 0; r < snap.n; r++) if (year[r]! > 0 && map[year[r]!]! < 0) map[year[r]!] = labels.push(String(year[r])) - 1;
      return { labels, single: year, map };
    },
    round_quarter: () =>
      keyedLabels(snap, 1 << 17, (r) => (year[r] === 0 || month[r] === 0 ? -1 : year[r]! * 4 + Math.floor((month[r]! - 1) / 3)), (k) => `${Math.floor(k / 4)}-Q${(k % 4) + 1}`),
    round_type: () => codedLabels(snap.roundType),
    standardized_round: () => codedLabels(snap.standardizedRound),
  };
  if (!build[name]) return null;
  let cache = roundLabelCache.get(snap);
  if (!cache) roundLabelCache.set(snap, (cache = new Map()));
  let labels = cache.get(name);
  if (!labels) cache.set(name, (labels = build[name]()));
  return labels;
}
