/**
 * Deterministic randomness for the seed generator: a small-state PRNG (sfc32) seeded per stream
 * from the seed number, the distributions the generator needs, weighted samplers, date helpers
 * and hash-derived v4-shaped UUIDs. Nothing here reads the clock or Math.random.
 */

/** murmur3's 32-bit finaliser: a bijection on 32-bit integers. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a string (FNV-1a then finalised). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix32(h >>> 0);
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | null = null;

  /** One independent stream per (seed, stream name). */
  constructor(seed: number, stream: string) {
    const s = hashString(stream);
    this.a = fmix32((seed ^ 0x9e3779b9) >>> 0);
    this.b = fmix32((s + 0x7f4a7c15) >>> 0);
    this.c = fmix32((seed * 31 + s) >>> 0);
    this.d = 1;
    for (let i = 0; i < 15; i++) this.u32();
  }

  /** sfc32: one uniformly distributed 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Integer in [lo, hi] inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  float(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by parallel weights (small lists; use Sampler for large ones). */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let x = this.next() * total;
    for (const [v, w] of items) {
      x -= w;
      if (x < 0) return v;
    }
    return items[items.length - 1]![0];
  }

  /** k distinct items of a list (k clamped to its length), in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** Up to k distinct items picked by index (cheap on long lists; k small). */
  distinct<T>(items: readonly T[], k: number): T[] {
    const out = new Set<T>();
    for (let tries = 0; tries < k * 3 && out.size < Math.min(k, items.length); tries++) out.add(this.pick(items));
    return [...out];
  }

  /** Standard normal (Box-Muller, caching the second value). */
  normal(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    let u = this.next();
    while (u <= 1e-12) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Lognormal with the given median and log-space sigma. */
  lognormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Number of failures before the first success, capped. */
  geometric(p: number, cap = 1000): number {
    let n = 0;
    while (n < cap && !this.chance(p)) n++;
    return n;
  }

  /** Poisson (Knuth; for small means). */
  poisson(mean: number): number {
    const l = Math.exp(-mean);
    let k = 0;
    let p = 1;
    do {
      k++;
      p *= this.next();
    } while (p > l);
    return k - 1;
  }

  hex(n: number): string {
    let s = '';
    while (s.length < n) s += this.u32().toString(16).padStart(8, '0');
    return s.slice(0, n);
  }
}

/** Weighted sampling over a fixed set by cumulative weights and binary search. */
export class Sampler<T> {
  private readonly cum: Float64Array;
  readonly total: number;

  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    this.cum = new Float64Array(items.length);
    let acc = 0;
    for (let i = 0; i < items.length; i++) {
      acc += Math.max(0, weights[i] ?? 0);
      this.cum[i] = acc;
    }
    this.total = acc;
  }

  get size(): number {
    return this.items.length;
  }

  draw(rng: Rng): T {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cum[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}

/**
 * A v4-shaped UUID derived from (seed, kind, id). The first 32 bits are a bijection of the id
 * mixed with the seed and kind, so distinct ids of one kind never collide.
 */
export function uuidFor(seed: number, kind: number, id: number): string {
  const salt = fmix32((seed * 0x27d4eb2d + kind * 0x165667b1) >>> 0);
  const w0 = fmix32((id ^ salt) >>> 0);
  const w1 = fmix32((w0 + 0x9e3779b9 + kind) >>> 0);
  const w2 = fmix32((w1 ^ salt ^ 0x85ebca6b) >>> 0);
  const w3 = fmix32((w2 + id * 0xc2b2ae35) >>> 0);
  const h = [w0, w1, w2, w3].map((w) => w.toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// ---- dates: whole days since 1970-01-01 (UTC) ----

const DAY_MS = 86_400_000;

/** The fixed "now" of generated data. */
export const NOW_ISO = '2026-11-01T00:00:00.000Z';
export const NOW_DAY = Date.UTC(2026, 10, 1) / DAY_MS;

export function dayOf(year: number, month = 1, day = 1): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/**
 * The civil date of a day number (proleptic Gregorian, as Date's UTC fields), by integer arithmetic:
 * a Date per call was a hot spot of the generation.
 */
export function ymd(day: number): { y: number; m: number; d: number } {
  if (!Number.isInteger(day)) {
    const t = new Date(day * DAY_MS);
    return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
  }
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

export function yearOf(day: number): number {
  return ymd(day).y;
}

const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

export type Precision = 'year' | 'month' | 'day';

/** A PartialDate at the given precision and its sortable form (unknown parts = 01). */
export function partialDate(day: number, precision: Precision): { text: string; sort: string } {
  const { y, m, d } = ymd(day);
  const text = precision === 'year' ? `${y}` : precision === 'month' ? `${y}-${pad(m)}` : `${y}-${pad(m)}-${pad(d)}`;
  return { text, sort: sortOf(text) };
}

/** The sortable YYYY-MM-DD of a PartialDate. */
export function sortOf(text: string): string {
  if (text.length === 4) return `${text}-01-01`;
  if (text.length === 7) return `${text}-01`;
  return text;
}

/** An ISO instant on the given day at a time drawn from the stream (Date#toISOString's form, years 0-9999). */
export function instant(day: number, rng: Rng): string {
  const sec = rng.int(0, DAY_MS / 1000 - 1);
  const ms = rng.int(0, 999);
  if (!Number.isInteger(day)) return new Date(day * DAY_MS + sec * 1000 + ms).toISOString();
  const { y, m, d } = ymd(day);
  const hh = Math.floor(sec / 3600);
  const mm = Math.floor(sec / 60) % 60;
  return `${y}-${pad(m)}-${pad(d)}T${pad(hh)}:${pad(mm)}:${pad(sec % 60)}.${pad3(ms)}Z`;
}

export function precisionOf(rng: Rng, pDay: number, pMonth: number): Precision {
  const x = rng.next();
  return x < pDay ? 'day' : x < pDay + pMonth ? 'month' : 'year';
}

/** Rounds to a "reported" figure with 2 or 3 significant digits. */
export function niceRound(x: number, digits: number): number {
  if (x <= 0) return 0;
  const mag = Math.pow(10, Math.floor(Math.log10(x)) - digits + 1);
  return Math.max(mag, Math.round(x / mag) * mag);
}

export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

export function round(x: number, decimals: number): number {
  const f = Math.pow(10, decimals);
  return Math.round(x * f) / f;
}

export function slugify(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
