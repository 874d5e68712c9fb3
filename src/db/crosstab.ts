/**
 * In-memory group totals of the analytics rollup (src/db/rollup.ts): the rounds, each dimension's
 * `(round, label)` pairs as read by the dimension's own SQL, and the groups of every dimension, pair
 * of dimensions and the whole set computed from them in one pass per grouping over typed arrays.
 *
 * The figures follow the SQL of the live path (src/db/aggregate.ts) row for row: a group's rows are
 * the combinations of its rounds' pairs, `rounds` counts distinct rounds, `companies` distinct
 * companies, and the amount's count and sum run over every row with an amount, duplicates included;
 * the figures come from those tallies by metrics.ts.
 * Distinct counts need no sets: the rounds are held in (company, id) order, so a group meets each
 * round and each company in one contiguous run, and a "last seen" per group is enough.
 */
import { figureOf, type Tally } from './metrics.js';


/** The tallies the rollup keeps of a group (the metrics that roll up: no least, greatest or median amount). */
export const rollupTally = (rounds: number, companies: number, amounts: number, sum: number): Tally => ({
  rows: rounds,
  distinct: companies,
  n: amounts,
  sum,
  min: NaN,
  max: NaN,
  middle: () => [],
});

/** The rounds, in (company id, id) order. */
export interface Rounds {
  /** Round id → its position. */
  readonly index: Map<number, number>;
  /** Per position: a dense company number (equal companies are adjacent), the amount, whether there is one. */
  readonly company: Int32Array;
  readonly amount: Float64Array;
  readonly hasAmount: Uint8Array;
}

/** A dimension's labels per round, as offsets into `codes` (positions of `labels`). */
export interface Labels {
  readonly labels: readonly string[];
  readonly offsets: Int32Array;
  readonly codes: Int32Array;
}

export interface Crosstab {
  /** The group's label of `a` and of `b`. */
  labels: [string, string];
  rounds: number;
  companies: number;
  amountSum: number | null;
  amountAvg: number | null;
  /** Rows with an amount (the average's divisor). */
  amountCount: number;
}

/** `rows` must come ordered by company id, then id. */
export function roundsOf(rows: readonly { id: number; company: number; amount: number | null }[]): Rounds {
  const index = new Map<number, number>();
  const company = new Int32Array(rows.length);
  const amount = new Float64Array(rows.length);
  const hasAmount = new Uint8Array(rows.length);
  let dense = -1;
  rows.forEach((r, i) => {
    if (i === 0 || r.company !== rows[i - 1]!.company) dense++;
    index.set(r.id, i);
    company[i] = dense;
    if (r.amount !== null) {
      amount[i] = r.amount;
      hasAmount[i] = 1;
    }
  });
  return { index, company, amount, hasAmount };
}

/** Collects `(round id, label)` pairs (in any order; rounds not in `rounds` are ignored) into `Labels`. */
export class LabelsBuilder {
  private readonly codeOf = new Map<string, number>();
  private positions: Int32Array<ArrayBuffer> = new Int32Array(1 << 16);
  private codes: Int32Array<ArrayBuffer> = new Int32Array(1 << 16);
  private n = 0;

  constructor(private readonly rounds: Rounds) {}

  /** `roundIds`: decimal ids separated by commas (one entry per pair, repeats included). */
  addList(label: string, roundIds: string): void {
    const code = this.code(label);
    let id = 0;
    for (let i = 0; i < roundIds.length; i++) {
      const c = roundIds.charCodeAt(i);
      if (c === 44) {
        this.addCode(id, code);
        id = 0;
      } else id = id * 10 + (c - 48);
    }
    if (roundIds.length > 0) this.addCode(id, code);
  }

  private code(label: string): number {
    let code = this.codeOf.get(label);
    if (code === undefined) this.codeOf.set(label, (code = this.codeOf.size));
    return code;
  }

  private addCode(roundId: number, code: number): void {
    const at = this.rounds.index.get(roundId);
    if (at === undefined) return;
    if (this.n === this.codes.length) {
      this.positions = grow(this.positions);
      this.codes = grow(this.codes);
    }
    this.positions[this.n] = at;
    this.codes[this.n++] = code;
  }

  build(): Labels {
    const offsets = new Int32Array(this.rounds.company.length + 1);
    for (let i = 0; i < this.n; i++) offsets[this.positions[i]! + 1]!++;
    for (let p = 1; p < offsets.length; p++) offsets[p]! += offsets[p - 1]!;
    const next = offsets.slice(0, -1);
    const codes = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) codes[next[this.positions[i]!]!++] = this.codes[i]!;
    return { labels: [...this.codeOf.keys()], offsets, codes };
  }
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Every round under one label: the whole set as a dimension. */
export function wholeSet(rounds: Rounds): Labels {
  const n = rounds.company.length;
  return { labels: [''], offsets: Int32Array.from({ length: n + 1 }, (_x, i) => i), codes: new Int32Array(n) };
}

/**
 * The groups of `a` × `b` (a label pair per group); `b` = `wholeSet` for one dimension. A tally per
 * label pair when the rounds' pairs are at least as many, else one per pair met: most of a pair of
 * many-label dimensions' cells stay empty (city × city: 1,959² cells for the 36,330 rounds of the
 * 2013 export, 3.8 million cells of seven typed arrays allocated and scanned for 36,000 pairs).
 */
export function crosstab(rounds: Rounds, a: Labels, b: Labels): Crosstab[] {
  const width = b.labels.length;
  const { company, amount, hasAmount } = rounds;
  let pairs = 0;
  for (let r = 0; r < company.length; r++) pairs += (a.offsets[r + 1]! - a.offsets[r]!) * (b.offsets[r + 1]! - b.offsets[r]!);
  const cells = a.labels.length * width;
  // sparse: the cell (a code × width + b code) of each tally, and the tally of each cell met
  const slotOf = pairs < cells ? new Map<number, number>() : null;
  const size = slotOf ? pairs : cells;
  const cellOf = slotOf ? new Float64Array(size) : null;
  let used = 0;
  const rows = new Float64Array(size);
  const roundCount = new Float64Array(size);
  const companyCount = new Float64Array(size);
  const withAmount = new Float64Array(size);
  const sum = new Float64Array(size);
  const lastRound = new Int32Array(size).fill(-1);
  const lastCompany = new Int32Array(size).fill(-1);
  for (let r = 0; r < company.length; r++) {
    const aEnd = a.offsets[r + 1]!;
    const bStart = b.offsets[r]!;
    const bEnd = b.offsets[r + 1]!;
    if (bStart === bEnd) continue;
    const c = company[r]!;
    const has = hasAmount[r] === 1;
    const amt = amount[r]!;
    for (let i = a.offsets[r]!; i < aEnd; i++) {
      const row = a.codes[i]! * width;
      for (let j = bStart; j < bEnd; j++) {
        let g = row + b.codes[j]!;
        if (slotOf) {
          let s = slotOf.get(g);
          if (s === undefined) {
            slotOf.set(g, (s = used++));
            cellOf![s] = g;
          }
          g = s;
        }
        rows[g]!++;
        if (lastRound[g] !== r) {
          lastRound[g] = r;
          roundCount[g]!++;
        }
        if (lastCompany[g] !== c) {
          lastCompany[g] = c;
          companyCount[g]!++;
        }
        if (has) {
          withAmount[g]!++;
          sum[g]! += amt;
        }
      }
    }
  }
  // in cell order either way
  const order = slotOf ? Array.from({ length: used }, (_x, s) => s).sort((x, y) => cellOf![x]! - cellOf![y]!) : null;
  const out: Crosstab[] = [];
  for (let k = 0; k < (order ? used : cells); k++) {
    const g = order ? order[k]! : k;
    if (rows[g] === 0) continue;
    const cell = cellOf ? cellOf[g]! : g;
    const t = rollupTally(roundCount[g]!, companyCount[g]!, withAmount[g]!, sum[g]!);
    out.push({
      labels: [a.labels[Math.floor(cell / width)]!, b.labels[cell % width]!],
      rounds: figureOf('count', t)!,
      companies: figureOf('count_distinct', t)!,
      amountSum: figureOf('sum', t),
      amountAvg: figureOf('avg', t),
      amountCount: withAmount[g]!,
    });
  }
  return out;
}
