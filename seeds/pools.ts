/**
 * State shared between generation phases, kept compact so that the large scale streams: the
 * launch-date curve, the person pools (typed arrays per person), the investor pool that syndicates
 * draw from (weighted per stage and continent), and a few id lists.
 */
import { dayOf, Rng, Sampler } from './random.js';
import type { IdBlock } from './context.js';

/** Relative number of companies launched per year (the curve the ids follow: older companies first). */
const LAUNCH_WEIGHTS: readonly [number, number][] = [
  [1998, 1], [1999, 2], [2000, 2.5], [2001, 1.5], [2002, 1.2], [2003, 1.3], [2004, 1.6], [2005, 2], [2006, 2.4], [2007, 2.8],
  [2008, 3], [2009, 3.2], [2010, 3.8], [2011, 4.6], [2012, 5.4], [2013, 6], [2014, 6.6], [2015, 7], [2016, 6.8], [2017, 6.6],
  [2018, 6.5], [2019, 6.4], [2020, 6.2], [2021, 6.8], [2022, 5.5], [2023, 4.2], [2024, 3.4], [2025, 2.6],
];
const LAUNCH_TOTAL = LAUNCH_WEIGHTS.reduce((a, [, w]) => a + w, 0);

/** The launch day at quantile u in [0, 1) of the launch curve (monotonic in u). */
export function launchDayAt(u: number): number {
  let x = u * LAUNCH_TOTAL;
  for (const [year, wgt] of LAUNCH_WEIGHTS) {
    if (x < wgt) return dayOf(year, 1, 1) + Math.floor((x / wgt) * 365);
    x -= wgt;
  }
  return dayOf(2025, 12, 31);
}

export function launchYearAt(u: number): number {
  return new Date(launchDayAt(u) * 86_400_000).getUTCFullYear();
}

/** Persons: angels, founders and operators in three consecutive id blocks, with per-person facts. */
export class People {
  readonly gradYear: Uint16Array;
  readonly city: Uint16Array;
  readonly sector: Uint16Array;
  /** Year until which the person is busy (founder or employee); 0 = free. */
  readonly busyUntil: Uint16Array;
  /** 1 once the founder's earlier career was written. */
  readonly started: Uint8Array;

  constructor(
    readonly angels: IdBlock,
    readonly founders: IdBlock,
    readonly operators: IdBlock,
  ) {
    const n = angels.count + founders.count + operators.count;
    this.gradYear = new Uint16Array(n);
    this.city = new Uint16Array(n);
    this.sector = new Uint16Array(n);
    this.busyUntil = new Uint16Array(n);
    this.started = new Uint8Array(n);
  }

  get first(): number {
    return this.angels.first;
  }

  get count(): number {
    return this.gradYear.length;
  }

  idx(id: number): number {
    return id - this.angels.first;
  }

  isPerson(id: number): boolean {
    return id >= this.first && id < this.first + this.count;
  }
}

/**
 * Hands out persons of one block for slots that arrive in launch order: mostly the next unused
 * person (the blocks are ordered by graduation year), sometimes an earlier one who is free again,
 * so that every person of the block gets used once the expected number of slots has passed.
 */
export class Cursor {
  private next = 0;
  private slotsLeft: number;

  constructor(
    private readonly block: IdBlock,
    expectedSlots: number,
  ) {
    this.slotsLeft = Math.max(1, expectedSlots);
  }

  take(rng: Rng, people: People, year: number, exclude: readonly number[]): number | null {
    const remaining = this.block.count - this.next;
    const pNew = remaining <= 0 ? 0 : Math.min(1, remaining / Math.max(1, this.slotsLeft));
    this.slotsLeft = Math.max(1, this.slotsLeft - 1);
    if (this.next > 0 && !rng.chance(pNew)) {
      for (let tries = 0; tries < 6; tries++) {
        const id = this.block.first + rng.int(0, this.next - 1);
        const i = people.idx(id);
        if (!exclude.includes(id) && people.busyUntil[i]! <= year && people.gradYear[i]! <= year) return id;
      }
    }
    if (remaining > 0) return this.block.first + this.next++;
    for (let tries = 0; tries < 6; tries++) {
      const id = this.block.first + rng.int(0, this.block.count - 1);
      if (!exclude.includes(id)) return id;
    }
    return null;
  }
}

export interface InvestorInfo {
  id: number;
  /** First year it invests. */
  year: number;
  continentId: number;
  person: boolean;
}

/** Investors by stage code, sampled by popularity, optionally within a continent. */
export class InvestorPool {
  private readonly pending = new Map<string, { items: InvestorInfo[]; weights: number[] }>();
  private samplers = new Map<string, Sampler<InvestorInfo>>();
  readonly names = new Map<number, string>();

  add(info: InvestorInfo, name: string, stages: readonly string[], weight: number): void {
    this.names.set(info.id, name);
    for (const s of stages) {
      for (const key of [s, `${s}@${info.continentId}`]) {
        let p = this.pending.get(key);
        if (!p) this.pending.set(key, (p = { items: [], weights: [] }));
        p.items.push(info);
        p.weights.push(weight);
      }
    }
  }

  /** Freezes the added investors into samplers (call once all investors exist). */
  build(): void {
    this.samplers = new Map([...this.pending].map(([k, p]) => [k, new Sampler(p.items, p.weights)]));
  }

  /** An investor of the stage active in `year`, preferring the company's continent; null when none fits. */
  draw(rng: Rng, stage: string, continentId: number, year: number, exclude: readonly number[]): InvestorInfo | null {
    const local = this.samplers.get(`${stage}@${continentId}`);
    const global = this.samplers.get(stage);
    for (let tries = 0; tries < 8; tries++) {
      const s = local && rng.chance(0.55) ? local : global;
      if (!s) return null;
      const inv = s.draw(rng);
      if (inv.year <= year && !exclude.includes(inv.id)) return inv;
    }
    return null;
  }
}

/** Ids that later phases pick from: universities by country, grant makers, fund LPs, corporates. */
export interface Registry {
  universities: { id: number; countryId: number }[];
  universitySampler: Sampler<{ id: number; countryId: number }> | null;
  universitiesByCountry: Map<number, number[]>;
  /** Organizations and persons that can be limited partners of funds. */
  lps: number[];
  investorOrgs: { id: number; year: number }[];
  /** Companies that invest (corporate venture), in id order, with the first year they invest. */
  corporates: { id: number; year: number }[];
  /** Universities and government / non-profit bodies, whose teams are staffed once persons exist. */
  teamOrgs: TeamOrg[];
}

export interface TeamOrg {
  id: number;
  kind: 'university' | 'government' | 'nonprofit';
  founded: number;
  countryId: number;
  /** A real institution (larger team). */
  real: boolean;
}

export function emptyRegistry(): Registry {
  return { universities: [], universitySampler: null, universitiesByCountry: new Map(), lps: [], investorOrgs: [], corporates: [], teamOrgs: [] };
}
