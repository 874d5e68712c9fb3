/**
 * The profile figures of investors and founders, counted while the rows are generated instead of
 * read back with SQL after the load (six aggregate statements over the participations took 12 s of
 * seeding `large` on SQLite). test/unit/seed.test.ts holds the SQL that defines each figure and
 * checks these against it. Over non-deleted rounds:
 *
 * - investments: rounds taken part in, and the sum of the investor's even shares of their amounts
 *   (the integer quotient amount / participants, as both engines divide bigints);
 * - preferred round: the most frequent standardized round (a tie goes to the first in code order);
 * - last round: the announced date of the latest round (date_sort, then transaction id);
 * - exits: of the distinct companies backed, how many have an exit round, the sum of those exits'
 *   values (a company's largest valuation or amount among its exit rounds) and the percentage;
 * - sector match: backed companies sharing a taxonomy term with the investor, and the shares in them;
 * - founders: companies founded (founder career rows) and the sum of their funding totals.
 *
 * Each figure is written only for the entities it has a value for (`rows`), as the SQL did.
 */

/** A transaction row as the seed writes it (the columns the figures read). */
export interface RoundRow {
  id: number;
  company_id: number;
  amount_usd: number | null;
  valuation_usd: number | null;
  standardized_round: string | null;
  announced_date: string;
  date_sort: string | null;
  is_exit: boolean;
}

/**
 * One UPDATE of figures: entity columns (with their SQL types) and the rows `[entity id, ...values]`;
 * in a column marked `keep`, null leaves the entity's value (the figure has none for that entity).
 */
export interface FigureRows {
  name: string;
  columns: readonly (readonly [column: string, type: 'bigint' | 'varchar' | 'double precision', keep?: 'keep'])[];
  rows: (number | string | null)[][];
}

/** Numbers by index (an entity id, an investor's slot), in a typed array that grows as it is written. */
class Column<A extends Int32Array | Float64Array> {
  constructor(
    private a: A,
    private readonly make: (n: number) => A,
  ) {}

  static ints(): Column<Int32Array> {
    return new Column(new Int32Array(1 << 16), (n) => new Int32Array(n));
  }

  static floats(): Column<Float64Array> {
    return new Column(new Float64Array(1 << 16), (n) => new Float64Array(n));
  }

  get(id: number): number {
    return id < this.a.length ? this.a[id]! : 0;
  }

  add(id: number, v: number): void {
    this.set(id, this.get(id) + v);
  }

  set(id: number, v: number): void {
    if (id >= this.a.length) {
      const b = this.make(Math.max(id + 1, this.a.length * 2));
      b.set(this.a);
      this.a = b;
    }
    this.a[id] = v;
  }
}

/** A company's rounds as they come: the investor slot and share of each participation, and its exit value. */
function openCompany(company: number): { company: number; investors: number[]; shares: number[]; exit: number | null } {
  return { company, investors: [], shares: [], exit: null };
}

/** Room for the standardized rounds in an (investor, round) key. */
const STD_KEY = 64;

/**
 * Counts as the rows come: a round's investors at once; a company's distinct investors (exits,
 * sector match) when its rounds are complete, that is when the next company's first round or the end
 * comes (a company's rounds are generated together, after its investors' taxonomy and before its
 * own is added, which completes before the next company's rounds).
 */
export class FigureCounter {
  /** Investor -> 1 + its slot in the per-investor figures below (0: no rounds yet). */
  private readonly slotOf = Column.ints();
  /** The investors counted, by slot. */
  private readonly investors: number[] = [];
  private readonly count = Column.ints();
  private readonly invested = Column.floats();
  /** Rounds per slot * STD_KEY + standardized round. */
  private readonly byRound = Column.ints();
  private readonly stds: string[] = [];
  private readonly stdIndex = new Map<string, number>();
  /** The latest round with a date_sort per slot: date_sort, transaction id, announced date. */
  private readonly lastSort: (string | null)[] = [];
  private readonly lastId = Column.ints();
  private readonly lastDate: string[] = [];
  private readonly companies = Column.ints();
  private readonly exits = Column.ints();
  private readonly exitSum = Column.floats();
  private readonly matchCompanies = Column.ints();
  private readonly matchInvested = Column.floats();
  /** 1 + where an entity's taxonomy ids start in `taxFlat` (as [count, ...ids]); 0 = none. */
  private readonly taxStart = Column.ints();
  private readonly taxFlat: number[] = [];
  /** Organization -> funding_total_usd + 1 (0 = null). */
  private readonly funding = Column.floats();
  private readonly founded = Column.ints();
  private readonly foundedFunding = Column.floats();
  /** The founders counted, in the order they first came. */
  private readonly founders: number[] = [];
  /** The company whose rounds came last: its participations (investor slot, share) and exit value. */
  private current = openCompany(0);

  /** A written, non-deleted transaction and its investors. */
  addRound(t: RoundRow, investors: readonly number[]): void {
    if (investors.length === 0 && !t.is_exit) return;
    if (t.company_id !== this.current.company) {
      this.closeCompany();
      this.current = openCompany(t.company_id);
    }
    if (t.is_exit) {
      const v = t.valuation_usd ?? t.amount_usd ?? 0;
      if (this.current.exit === null || v > this.current.exit) this.current.exit = v;
    }
    // the even share: the integer quotient, as both engines divide bigints (NaN: no amount)
    const share = t.amount_usd === null ? NaN : Math.trunc(t.amount_usd / investors.length);
    let std = -1;
    if (t.standardized_round !== null) {
      const known = this.stdIndex.get(t.standardized_round);
      if (known !== undefined) std = known;
      else {
        if (this.stds.length === STD_KEY) throw new Error('seed: more standardized rounds than the figures count');
        this.stdIndex.set(t.standardized_round, (std = this.stds.push(t.standardized_round) - 1));
      }
    }
    for (const inv of investors) {
      const slot = this.slot(inv);
      this.count.add(slot, 1);
      if (!Number.isNaN(share)) this.invested.add(slot, share);
      if (std >= 0) this.byRound.add(slot * STD_KEY + std, 1);
      if (t.date_sort !== null) {
        const was = this.lastSort[slot]!;
        if (was === null || t.date_sort > was || (t.date_sort === was && t.id > this.lastId.get(slot))) {
          this.lastSort[slot] = t.date_sort;
          this.lastId.set(slot, t.id);
          this.lastDate[slot] = t.announced_date;
        }
      }
      this.current.investors.push(slot);
      this.current.shares.push(share);
    }
  }

  private slot(inv: number): number {
    const known = this.slotOf.get(inv);
    if (known !== 0) return known - 1;
    this.slotOf.set(inv, this.investors.push(inv));
    this.lastSort.push(null);
    this.lastDate.push('');
    return this.investors.length - 1;
  }

  /** An entity's taxonomy ids (distinct; given once per entity). */
  addTaxonomy(entity: number, ids: readonly number[]): void {
    if (this.taxStart.get(entity) !== 0) throw new Error(`seed: taxonomy of entity ${entity} given twice`);
    this.taxStart.set(entity, this.taxFlat.length + 1);
    this.taxFlat.push(ids.length, ...ids);
  }

  /** An organization's funding_total_usd (before its founders). */
  addFunding(org: number, total: number | null): void {
    if (total !== null) this.funding.set(org, total + 1);
  }

  /** A founder career row (after its organization's funding). */
  addFounder(person: number, org: number): void {
    if (this.founded.get(person) === 0) this.founders.push(person);
    this.founded.add(person, 1);
    const f = this.funding.get(org);
    if (f !== 0) this.foundedFunding.add(person, f - 1);
  }

  /** Every figure's rows (after the last row). */
  rows(): FigureRows[] {
    this.closeCompany();
    this.current = openCompany(0);
    // an investor's figures in one row, so that each investor row is updated once (PostgreSQL writes a
    // new version of the whole row, and its unique index entries, per UPDATE of it)
    const investors: FigureRows = {
      name: 'investors',
      columns: [
        ['investor_investments_count', 'bigint'], ['investor_total_invested_usd', 'bigint'], ['investor_preferred_round', 'varchar', 'keep'],
        ['investor_last_round_date', 'varchar', 'keep'], ['investor_exits_count', 'bigint'], ['investor_exits_total_value_usd', 'bigint'],
        ['investor_exits_pct', 'double precision'], ['investor_match_companies_count', 'bigint', 'keep'], ['investor_match_invested_usd', 'bigint', 'keep'],
      ],
      rows: [],
    };
    const founders: FigureRows = { name: 'founders', columns: [['founded_companies_count', 'bigint'], ['founded_companies_total_funding_usd', 'bigint']], rows: [] };
    this.investors.forEach((inv, slot) => {
      // the most frequent standardized round; a tie goes to the first in code order
      let preferred: string | null = null;
      let most = 0;
      for (let k = 0; k < this.stds.length; k++) {
        const n = this.byRound.get(slot * STD_KEY + k);
        if (n > most || (n === most && n > 0 && this.stds[k]! < preferred!)) [preferred, most] = [this.stds[k]!, n];
      }
      const last = this.lastSort[slot] !== null ? this.lastDate[slot]! : null;
      const exits = this.exits.get(slot);
      // round(exits * 100.0 / companies, 1) of both engines, exactly (half away from zero)
      const pct = Math.round((exits * 1000) / this.companies.get(slot)) / 10;
      const matched = this.matchCompanies.get(slot);
      investors.rows.push([
        inv, this.count.get(slot), this.invested.get(slot), preferred, last, exits, this.exitSum.get(slot), pct,
        matched > 0 ? matched : null, matched > 0 ? this.matchInvested.get(slot) : null,
      ]);
    });
    for (const person of this.founders) founders.rows.push([person, this.founded.get(person), this.foundedFunding.get(person)]);
    return [investors, founders];
  }

  /** The distinct investors of the company whose rounds came last: companies, exits, sector match. */
  private closeCompany(): void {
    const { company, investors, shares, exit } = this.current;
    const seen = new Map<number, boolean>(); // slot -> the investor shares a taxonomy term with the company
    for (let i = 0; i < investors.length; i++) {
      const slot = investors[i]!;
      let match = seen.get(slot);
      if (match === undefined) {
        match = this.shareTaxonomy(this.investors[slot]!, company);
        seen.set(slot, match);
        this.companies.add(slot, 1);
        if (exit !== null) {
          this.exits.add(slot, 1);
          this.exitSum.add(slot, exit);
        }
        if (match) this.matchCompanies.add(slot, 1);
      }
      if (match && !Number.isNaN(shares[i]!)) this.matchInvested.add(slot, shares[i]!);
    }
  }

  private shareTaxonomy(a: number, b: number): boolean {
    const sa = this.taxStart.get(a);
    const sb = this.taxStart.get(b);
    if (sa === 0 || sb === 0) return false;
    const f = this.taxFlat;
    for (let i = sa; i < sa + f[sa - 1]!; i++) for (let j = sb; j < sb + f[sb - 1]!; j++) if (f[i] === f[j]) return true;
    return false;
  }
}
