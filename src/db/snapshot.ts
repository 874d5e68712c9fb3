/**
 * The rounds snapshot (docs/scaling.md, "Filtered analytics read the rounds snapshot"): the
 * non-deleted funding rounds as columns of typed arrays in (company id, id) order, and each fact
 * dimension's values per round (src/db/facts.ts; loaded on first use by src/db/snapshotFacts.ts;
 * groupings of the rounds' own columns in src/db/snapshotLabels.ts), held in memory beside the
 * rollup. A filtered analytics request evaluates its filter over these columns and groups the
 * matching rounds in one pass (src/db/snapshotGroups.ts) instead of joining a million rows in SQL.
 *
 * Compact, since every server process holds one: no object per round, string columns and fact
 * values dictionary-encoded into 16-bit codes (32 bits only when there are more), a missing amount a
 * NaN, a fact dimension with at most one value per round one code per round (no offsets). The
 * rows are read one at a time as they arrive (SQLite: the statement's iterator; PostgreSQL: array
 * rows of a bounded chunk), never a whole result of objects: those outlived the young generation
 * and left the process a hundred megabytes larger after the load.
 *
 * Derived data, as the rollup is: the snapshot belongs to the rollup's build (`stamp` reads the
 * rollup's whole-set row and the change log's position). When that moves, the changes logged since
 * the snapshot's position are applied to it (src/db/snapshotDelta.ts) and it is loaded again only
 * when they are many or the log no longer holds them. Without a rollup there is no snapshot and
 * requests run live, as unfiltered ones then do.
 */
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { dialectOf, eachSqliteRow, type SqliteStatement } from './dialect.js';
import { normalizeRawResult, sqliteFile } from './knex.js';

/** Codes per round (negative: none): 16 bits, 32 past 32,767 codes (`codesFor`). */
export type Codes = Int16Array | Int32Array;
/** Codes laid out by offsets: 16 bits, 32 past 65,535 codes. */
export type Values = Uint16Array | Int32Array;

/**
 * A grouping's labels per round, without a copy of the values: round `r` has the value `single[r]`
 * (negative: none), or the values `values[offsets[r] .. offsets[r+1])`; `map` turns a value into
 * the position of its label in `labels` (-1 or past its end: no label), identity without it.
 */
export interface RoundLabels {
  readonly labels: readonly string[];
  readonly single?: Codes;
  readonly offsets?: Int32Array;
  readonly values?: Values;
  readonly map?: Int32Array;
}

/** A string column: a code per round (-1: null) into `values`. */
export interface Coded {
  readonly values: readonly string[];
  readonly codes: Int16Array;
}

export interface Snapshot {
  readonly stamp: string;
  /** The change log's position the rounds reflect at least (`stampPosition`; NaN: unknown). */
  readonly position: number;
  readonly n: number;
  /** Dense company number per round; equal companies are adjacent. */
  readonly company: Int32Array;
  /** The company id of each dense company number, ascending (the rounds' order). */
  readonly companyIds: Int32Array;
  /** 0: null. */
  readonly year: Int16Array;
  readonly month: Int8Array;
  /** NaN: null. */
  readonly amount: Float64Array;
  /** NaN: null. */
  readonly valuation: Float64Array;
  readonly roundType: Coded;
  readonly roundTypeCode: Coded;
  readonly standardizedRound: Coded;
  /** Investor type code → id (filters name codes, facts hold ids). */
  readonly investorTypeIds: ReadonlyMap<string, number>;
  /** Per fact dimension name, loaded on first use: value codes per round and the labels by name. */
  readonly facts: Map<string, Promise<FactColumn>>;
  /** Round id → position (-1: none). */
  readonly positionOf: Int32Array;
}

export interface FactColumn {
  /** The code of each value id a round has (the dimension's values are dictionary-encoded). */
  codeOf: ReadonlyMap<number, number>;
  /** The value id of each code. */
  idOfCode: readonly number[];
  /** The label (in `named.labels`) of each code; -1: none. */
  labelOfCode: Int32Array;
  /** Value codes per round (no labels: filters read them). */
  ids: RoundLabels;
  /** The dimension's labels (names) per round, as its SQL gives them (distinct per round for investor dimensions); mostly the same arrays as `ids` with a code-to-label map. */
  named: RoundLabels;
}

/**
 * Rows per query while loading: bounds the rows in flight, and on SQLite (whose queries run on the
 * calling thread) how long one blocks the event loop; the load yields between chunks.
 */
export const CHUNK = 20_000;
const yieldLoop = () => new Promise((resolve) => setImmediate(resolve));

// the data version too (the change log's last position, src/db/changes.ts): an import that moves a
// round's year or sector leaves the whole set's count and sum as they were, and every process polls this
// (past the pruned changes when the log was emptied: src/db/changeFeed.ts `latestPosition`)
const stampSql = `select rounds, amount_sum,
    coalesce((select max(seq) from change_log), (select pruned_through from change_feed_state where id = 1)) as version from analytics_rollup
  where dim_a = '' and label_a = '' and dim_b = '' and label_b = ''`;

/** The rollup build the snapshot belongs to; null without a rollup. */
export async function snapshotStamp(db: Knex): Promise<string | null> {
  const row = normalizeRawResult(await db.raw(stampSql))[0];
  return row ? `${row.rounds}:${row.amount_sum}:${row.version ?? 0}` : null;
}

/** The change log's position a stamp read (NaN for a stamp of another form). */
export const stampPosition = (stamp: string): number => (/^[^:]*:[^:]*:\d+$/.test(stamp) ? Number(stamp.slice(stamp.lastIndexOf(':') + 1)) : NaN);

/** Reads rows of the load's queries: `each` visits each row of `sql` as an array as it is read, nothing holds the whole result. */
interface Reader {
  each(sql: string, bindings: readonly (number | string)[], visit: (row: unknown[]) => void): Promise<void>;
  close(): void;
}

/**
 * A SQLite file: a connection of its own with a small page cache, closed after the load: scanning the
 * rounds through the pool's connections filled each one's page cache (16 MB apiece) with pages
 * no request reads again. Otherwise (PostgreSQL, an in-memory SQLite database) the pool.
 */
export async function openReader(db: Knex): Promise<Reader> {
  const file = sqliteFile(db);
  if (file) {
    const conn = new Database(file, { readonly: true, fileMustExist: true });
    conn.pragma('cache_size = -2048');
    return {
      async each(sql, bindings, visit) {
        eachSqliteRow(conn.prepare(sql) as unknown as SqliteStatement, bindings, visit);
        await yieldLoop();
      },
      close: () => conn.close(),
    };
  }
  return {
    async each(sql, bindings, visit) {
      await dialectOf(db).eachRowOnPool(db, sql, bindings, visit);
      await yieldLoop();
    },
    close: () => undefined,
  };
}

/** A dictionary of strings to codes, starting from `values` (their codes stay). */
export function coder(start: readonly string[] = []) {
  const values = [...start];
  const index = new Map(values.map((v, i) => [v, i]));
  return {
    values,
    code(v: unknown): number {
      if (v === null || v === undefined) return -1;
      const s = String(v);
      let c = index.get(s);
      if (c === undefined) {
        c = values.push(s) - 1;
        index.set(s, c);
      }
      return c;
    },
  };
}

/**
 * An array for codes up to `max` (and -1): two bytes, four past 32,767. Not one byte when they are
 * few: the grouping pass reads every grouping's codes at one place in the code, and there one or
 * two kinds of array (as the year column's) run several times faster than many.
 */
export const codesFor = (max: number, n: number): Codes => (max < 32768 ? new Int16Array(n) : new Int32Array(n));
export const valuesFor = (max: number, n: number): Values => (max < 65536 ? new Uint16Array(n) : new Int32Array(n));

export const num = (v: unknown) => (v === null || v === undefined ? NaN : Number(v));

/** The columns of `transactions` a snapshot holds, in the order a load and a delta read them. */
export const ROUND_COLUMNS = 'id, company_id, year, month, amount_usd, valuation_usd, round_type, round_type_code, standardized_round';

/** Loads the rounds' columns (the fact dimensions load on first use, `factColumn`). */
export async function loadSnapshot(db: Knex, stamp: string): Promise<Snapshot> {
  const live = 'from transactions where deleted_at is null';
  const bounds = normalizeRawResult(await db.raw(`select count(*) as n, max(id) as hi, min(company_id) as c0, max(company_id) as c1 ${live}`))[0]!;
  const count = Number(bounds.n);
  const hi = count === 0 ? -1 : Number(bounds.hi);
  const [c0, c1] = [Number(bounds.c0 ?? 0), Number(bounds.c1 ?? -1)];
  // read straight into the columns in (company, id) order, in ranges of company ids of about CHUNK rounds
  const s = roundColumns(count);
  const positionOf = new Int32Array(hi + 1).fill(-1);
  let companyIds = new Int32Array(count);
  const [rt, rtc, sr] = [coder(), coder(), coder()];
  const width = Math.max(1, Math.ceil(((c1 - c0 + 1) * CHUNK) / Math.max(1, count)));
  let [n, dense, last] = [0, -1, NaN];
  const sql = `select ${ROUND_COLUMNS}
    ${live} and company_id >= ? and company_id < ? order by company_id, id`;
  const reader = await openReader(db);
  try {
    for (let from = c0; from <= c1; from += width) {
      await reader.each(sql, [from, from + width], (r) => {
        const id = Number(r[0]);
        // rounds written since the count wait for the next build
        if (n === count || id > hi) return;
        const company = Number(r[1]);
        if (company !== last) {
          [dense, last] = [dense + 1, company];
          companyIds[dense] = company;
        }
        positionOf[id] = n;
        s.company[n] = dense;
        s.year[n] = r[2] === null ? 0 : Number(r[2]);
        s.month[n] = r[3] === null ? 0 : Number(r[3]);
        s.amount[n] = num(r[4]);
        s.valuation[n] = num(r[5]);
        [s.rt[n], s.rtc[n], s.sr[n]] = [rt.code(r[6]), rtc.code(r[7]), sr.code(r[8])];
        n++;
      });
    }
  } finally {
    reader.close();
  }
  if (n < count) for (const k of Object.keys(s) as (keyof typeof s)[]) (s as Record<string, unknown>)[k] = s[k].slice(0, n);
  companyIds = companyIds.slice(0, dense + 1);
  return assembled(stamp, n, s, { rt: rt.values, rtc: rtc.values, sr: sr.values }, companyIds, positionOf, await investorTypeIds(db));
}

/** The round columns a load or a delta fills, `n` rounds each. */
export const roundColumns = (n: number) => ({
  company: new Int32Array(n), year: new Int16Array(n), month: new Int8Array(n), amount: new Float64Array(n), valuation: new Float64Array(n),
  rt: new Int16Array(n), rtc: new Int16Array(n), sr: new Int16Array(n),
});

/** A snapshot of filled round columns and the strings of their codes. */
export function assembled(
  stamp: string, n: number, c: ReturnType<typeof roundColumns>, values: Record<'rt' | 'rtc' | 'sr', string[]>,
  companyIds: Int32Array, positionOf: Int32Array, investorTypeIds: ReadonlyMap<string, number>,
): Snapshot {
  return {
    stamp,
    position: stampPosition(stamp),
    n,
    company: c.company,
    companyIds,
    year: c.year,
    month: c.month,
    amount: c.amount,
    valuation: c.valuation,
    roundType: { values: values.rt, codes: c.rt },
    roundTypeCode: sharedCodes({ values: values.rt, codes: c.rt }, { values: values.rtc, codes: c.rtc }),
    standardizedRound: { values: values.sr, codes: c.sr },
    investorTypeIds,
    facts: new Map(),
    positionOf,
  };
}

/**
 * `b` on the codes of `a` when each value of one names exactly one value of the other and both are
 * null together (a round's type and its code): the same answers from one array of codes fewer.
 */
export function sharedCodes(a: Coded, b: Coded): Coded {
  const to = new Int32Array(a.values.length).fill(-1);
  const from = new Int32Array(b.values.length).fill(-1);
  for (let r = 0; r < a.codes.length; r++) {
    const [x, y] = [a.codes[r]!, b.codes[r]!];
    if (x < 0 || y < 0) {
      if (x !== y) return b;
      continue;
    }
    if ((to[x]! >= 0 && to[x] !== y) || (from[y]! >= 0 && from[y] !== x)) return b;
    [to[x], from[y]] = [y, x];
  }
  if (to.some((y) => y < 0)) return b;
  return { values: Array.from(to, (y) => b.values[y]!), codes: a.codes };
}

/** Investor type code → id. */
export async function investorTypeIds(db: Knex): Promise<Map<string, number>> {
  const types = normalizeRawResult(await db.raw('select id, code from investor_types'));
  return new Map(types.map((t) => [String(t.code).toLowerCase(), Number(t.id)]));
}

/** Codes per round: one or none each, or any number by offsets. */
export type Layout = { single: Codes } | { offsets: Int32Array; values: Values };

/** Pairs `(position, code)` collected, then laid out per round. */
export class PairsBuilder {
  private positions = new Int32Array(1 << 16);
  private codes = new Int32Array(1 << 16);
  private size = 0;

  add(position: number, code: number): void {
    if (this.size === this.codes.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.positions = grow(this.positions);
      this.codes = grow(this.codes);
    }
    this.positions[this.size] = position;
    this.codes[this.size++] = code;
  }

  /** The codes (below `codes`) per round: one code per round when no round has two, else by offsets. */
  build(n: number, codes: number): Layout {
    const offsets = new Int32Array(n + 1);
    let most = 0;
    for (let i = 0; i < this.size; i++) most = Math.max(most, ++offsets[this.positions[i]! + 1]!);
    if (most <= 1) {
      const single = codesFor(codes - 1, n).fill(-1);
      for (let i = 0; i < this.size; i++) single[this.positions[i]!] = this.codes[i]!;
      return { single };
    }
    for (let p = 1; p <= n; p++) offsets[p]! += offsets[p - 1]!;
    const next = offsets.slice(0, n);
    const values = valuesFor(codes - 1, this.size);
    for (let i = 0; i < this.size; i++) values[next[this.positions[i]!]!++] = this.codes[i]!;
    return { offsets, values };
  }
}
