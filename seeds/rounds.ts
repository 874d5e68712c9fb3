/**
 * The funding history of one company: a progression up the stage ladder (Pre-Seed -> Seed ->
 * Series A ...) with increasing dates, extra rounds (bridge, debt, grants, secondaries, corporate
 * rounds), an exit (IPO or acquisition) or a closure, heavy-tailed amounts by stage, year and
 * region, and post-money valuations on some rounds.
 */
import { ROUND_TYPES, STANDARDIZED_ROUNDS } from '../src/db/filterKeys.js';
import { clamp, NOW_DAY, niceRound, Rng, yearOf } from './random.js';

export type Std = (typeof STANDARDIZED_ROUNDS)[number];

export const LADDER: readonly Std[] = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D', 'Series E', 'Series F+'];

/** Investor stage code that syndicates of a standardized round are drawn from. */
export const STAGE_OF: Partial<Record<Std, string>> = {
  'Pre-Seed': 'pre_seed', Seed: 'seed', 'Series A': 'series_a', 'Series B': 'series_b', 'Series C': 'series_c', 'Series D': 'late_stage',
  'Series E': 'late_stage', 'Series F+': 'late_stage', Growth: 'growth', Debt: 'debt', Grant: 'grant', Secondary: 'secondary',
};

/** Median amount (USD, 2020 level) and log-space spread per kind of round. */
const AMOUNT: Record<Std | 'Acquisition', [number, number]> = {
  'Pre-Seed': [320e3, 0.75], Seed: [2.2e6, 0.8], 'Series A': [11e6, 0.65], 'Series B': [28e6, 0.65], 'Series C': [50e6, 0.7],
  'Series D': [85e6, 0.7], 'Series E': [130e6, 0.75], 'Series F+': [200e6, 0.8], Growth: [180e6, 1], Bridge: [3e6, 1], Debt: [12e6, 1.2],
  Grant: [400e3, 1.1], IPO: [150e6, 0.9], Secondary: [40e6, 1.1], Other: [6e6, 1.2], Acquisition: [60e6, 1.6],
};

/** Share of each round's post-money that it buys (for valuations): [min, max]. */
const DILUTION: Partial<Record<Std, [number, number]>> = {
  'Pre-Seed': [0.08, 0.2], Seed: [0.12, 0.25], 'Series A': [0.15, 0.25], 'Series B': [0.12, 0.22], 'Series C': [0.12, 0.22],
  'Series D': [0.1, 0.2], 'Series E': [0.08, 0.18], 'Series F+': [0.07, 0.15], Growth: [0.07, 0.15], IPO: [0.1, 0.25], Secondary: [0.03, 0.1],
};

const VALUED_SHARE: Partial<Record<Std, number>> = {
  'Pre-Seed': 0.08, Seed: 0.2, 'Series A': 0.3, 'Series B': 0.4, 'Series C': 0.5, 'Series D': 0.55, 'Series E': 0.6, 'Series F+': 0.6,
  Growth: 0.5, IPO: 1, Secondary: 0.5,
};

/** Reported round types (display names of the filter registry) per standardized round. */
const TYPES: Record<Std, readonly [string, number][]> = {
  'Pre-Seed': [['PRE-SEED', 80], ['ANGEL', 12], ['CROWDFUNDING', 8]],
  Seed: [['SEED', 78], ['ANGEL', 10], ['EARLY VC', 7], ['CONVERTIBLE NOTE', 5]],
  'Series A': [['SERIES A', 85], ['EARLY VC', 15]],
  'Series B': [['SERIES B', 88], ['EARLY VC', 5], ['LATE VC', 7]],
  'Series C': [['SERIES C', 85], ['LATE VC', 15]],
  'Series D': [['SERIES D', 85], ['LATE VC', 15]],
  'Series E': [['SERIES E', 85], ['LATE VC', 15]],
  'Series F+': [['SERIES F', 60], ['SERIES G', 25], ['LATE VC', 15]],
  Growth: [['GROWTH EQUITY', 60], ['PRIVATE EQUITY', 30], ['LATE VC', 10]],
  Bridge: [['BRIDGE', 60], ['CONVERTIBLE NOTE', 40]],
  Debt: [['DEBT FINANCING', 1]],
  Grant: [['GRANT', 1]],
  IPO: [['IPO', 1]],
  Secondary: [['SECONDARY', 1]],
  Other: [['CORPORATE ROUND', 60], ['UNDISCLOSED', 40]],
};

const CODE = new Map(ROUND_TYPES.map((t) => [t.name, t.code]));
function codeOf(name: string): string {
  const c = CODE.get(name);
  if (!c) throw new Error(`seed: round type ${name} is not in the filter registry`);
  return c;
}

export interface RoundSpec {
  day: number;
  std: Std;
  roundType: string;
  code: string;
  amount: number | null;
  valuation: number | null;
  isVc: boolean | null;
  isExit: boolean;
  /** Counts toward the company's funding totals (not an acquisition or a secondary sale). */
  counted: boolean;
}

export interface FundingPlan {
  rounds: RoundSpec[];
  status: 'operating' | 'acquired' | 'ipo' | 'closed';
  exitDay: number | null;
  closeDay: number | null;
  /** Highest ladder index reached (-1 when none). */
  rung: number;
}

const YEAR_BUMP: Record<number, number> = { 2021: 1.35, 2022: 1.1, 2023: 0.85, 2024: 0.92 };
/** Market climate: how likely companies were to raise their next round in a year. */
const CLIMATE: Record<number, number> = { 2001: 0.75, 2002: 0.8, 2008: 0.9, 2009: 0.8, 2020: 1.05, 2021: 1.3, 2022: 1, 2023: 0.75, 2024: 0.85, 2025: 0.95 };

export function yearFactor(year: number): number {
  return Math.exp(0.055 * (year - 2020)) * (YEAR_BUMP[year] ?? 1);
}

export const CONTINENT_FACTOR: Record<string, number> = { NA: 1.15, EU: 0.8, AS: 0.95, SA: 0.6, AF: 0.45, OC: 0.75, AN: 1 };

export interface CompanyTraits {
  launchDay: number;
  /** Latent quality, standard normal: drives progression, amounts and exits. */
  z: number;
  regionFactor: number;
  deepTech: number;
}

function amountFor(rng: Rng, kind: Std | 'Acquisition', day: number, t: CompanyTraits, scale = 1): number {
  const [median, sigma] = AMOUNT[kind];
  const x = rng.lognormal(median * yearFactor(yearOf(day)) * t.regionFactor * Math.exp(0.25 * t.z) * scale, sigma);
  return niceRound(Math.max(5_000, x), rng.chance(0.6) ? 2 : 3);
}

function makeRound(rng: Rng, std: Std, day: number, t: CompanyTraits, forcedType?: string): RoundSpec {
  const roundType = forcedType ?? rng.weighted(TYPES[std]);
  const exit = std === 'IPO' || roundType === 'ACQUISITION';
  const nullShare = roundType === 'UNDISCLOSED' ? 0.45 : roundType === 'ACQUISITION' ? 0.45 : std === 'Pre-Seed' ? 0.15 : 0.06;
  const amount = rng.chance(nullShare) ? null : amountFor(rng, roundType === 'ACQUISITION' ? 'Acquisition' : std, day, t);
  let valuation: number | null = null;
  const dil = DILUTION[std];
  if (amount !== null && dil && rng.chance(VALUED_SHARE[std] ?? 0)) valuation = niceRound(amount / rng.float(dil[0], dil[1]), 2);
  const vc = std === 'Debt' || std === 'Grant' || std === 'IPO' || std === 'Secondary' ? false : roundType === 'UNDISCLOSED' ? null : roundType !== 'ACQUISITION' && roundType !== 'POST-IPO EQUITY';
  return {
    day, std, roundType, code: codeOf(roundType), amount, valuation, isVc: vc, isExit: exit,
    counted: roundType !== 'ACQUISITION' && std !== 'Secondary',
  };
}

const CONTINUE = [0.75, 0.52, 0.5, 0.42, 0.34, 0.33, 0.3, 0.3];
/** Chance of a second round at the same stage (an extension) before moving on. */
const EXTEND = [0.3, 0.42, 0.22, 0.15, 0.12, 0.1, 0.1, 0.1];

const months = (rng: Rng, median: number, min: number) => Math.max(min, rng.lognormal(median, 0.35)) * 30.44;

/** The whole funding history of a company up to the seed's "now". */
export function planFunding(rng: Rng, t: CompanyTraits): FundingPlan {
  const rounds: RoundSpec[] = [];
  const push = (r: RoundSpec) => {
    if (r.day < NOW_DAY) rounds.push(r);
  };
  let day = t.launchDay + Math.round(months(rng, 8, 1));
  let rung = -1;
  if (rng.chance(clamp(0.9 + 0.04 * t.z, 0.7, 0.98))) {
    rung = rng.weighted([[0, 50], [1, 40], [2, 8], [3, 2]]);
    if (rng.chance(0.05 + 0.3 * t.deepTech)) push(makeRound(rng, 'Grant', Math.max(t.launchDay, day - Math.round(months(rng, 4, 1))), t));
    for (;;) {
      if (day >= NOW_DAY) break;
      const std = rung >= 5 && rng.chance(0.25) ? 'Growth' : LADDER[Math.min(rung, 7)]!;
      push(makeRound(rng, std, day, t));
      if (std !== 'Growth' && rng.chance(EXTEND[Math.min(rung, 7)]!)) push(makeRound(rng, std, (day += Math.round(months(rng, 9, 4))), t));
      if (rng.chance(0.15)) push(makeRound(rng, 'Bridge', (day += Math.round(months(rng, 7, 3))), t));
      if (rung >= 2 && rng.chance(0.15)) push(makeRound(rng, 'Debt', (day += Math.round(months(rng, 6, 2))), t));
      if (rung >= 4 && rng.chance(0.08)) push(makeRound(rng, 'Secondary', (day += Math.round(months(rng, 6, 2))), t));
      if (rng.chance(0.03)) push(makeRound(rng, 'Other', (day += Math.round(months(rng, 5, 2))), t));
      if (rng.chance(0.04 + 0.2 * t.deepTech)) push(makeRound(rng, 'Grant', (day += Math.round(months(rng, 5, 2))), t));
      day += Math.round(months(rng, 17 + 2 * Math.min(rung, 6), 5)) + rng.int(-10, 10);
      if (!rng.chance(clamp(CONTINUE[Math.min(rung, 7)]! * Math.exp(0.35 * t.z) * (CLIMATE[yearOf(day)] ?? 1), 0.03, 0.95))) break;
      rung = Math.min(rung + 1, 7);
    }
  } else if (rng.chance(0.2 + t.deepTech)) {
    push(makeRound(rng, 'Grant', day, t));
  }
  const equity = rounds.filter((r) => !r.isExit);
  const lastDay = equity.length ? equity[equity.length - 1]!.day : t.launchDay;
  let status: FundingPlan['status'] = 'operating';
  let exitDay: number | null = null;
  let closeDay: number | null = null;
  if (rung >= 4 && rng.chance(clamp(0.12 + 0.06 * t.z, 0.03, 0.4))) {
    const d = lastDay + Math.round(months(rng, 18, 6));
    if (d < NOW_DAY) {
      push(makeRound(rng, 'IPO', d, t));
      status = 'ipo';
      exitDay = d;
      if (rng.chance(0.15)) push(makeRound(rng, 'Other', d + Math.round(months(rng, 14, 4)), t, 'POST-IPO EQUITY'));
    }
  }
  if (status === 'operating' && rounds.length > 0 && rng.chance(0.08 + 0.025 * Math.max(0, rung))) {
    const d = lastDay + Math.round(months(rng, 16, 4));
    if (d < NOW_DAY) {
      const acq = makeRound(rng, 'Other', d, t, 'ACQUISITION');
      const raised = rounds.reduce((a, r) => a + (r.counted && r.amount ? r.amount : 0), 0);
      if (acq.amount !== null) acq.amount = niceRound(Math.max(acq.amount, raised * rng.float(0.6, 4)), 2);
      push(acq);
      status = 'acquired';
      exitDay = d;
    }
  }
  if (status === 'operating' && lastDay < NOW_DAY - 4 * 365 && rng.chance(clamp(0.35 - 0.05 * rung - 0.1 * t.z, 0.05, 0.6))) {
    const d = lastDay + Math.round(months(rng, 24, 8));
    if (d < NOW_DAY) {
      status = 'closed';
      closeDay = d;
    }
  }
  rounds.sort((a, b) => a.day - b.day);
  for (let i = 1; i < rounds.length; i++) if (rounds[i]!.day <= rounds[i - 1]!.day) rounds[i]!.day = rounds[i - 1]!.day + 1;
  return { rounds: rounds.filter((r) => r.day < NOW_DAY), status, exitDay, closeDay, rung };
}

/** How many investors a round of this kind has (before availability limits). */
export function syndicateSize(rng: Rng, r: RoundSpec): number {
  switch (r.std) {
    case 'Pre-Seed':
      return rng.weighted([[0, 25], [1, 35], [2, 25], [3, 15]]);
    case 'Seed':
      return Math.min(6, 1 + rng.poisson(1.3));
    case 'Series A':
      return Math.min(7, 1 + rng.poisson(2));
    case 'Series B':
    case 'Series C':
      return Math.min(8, 2 + rng.poisson(2));
    case 'Series D':
    case 'Series E':
    case 'Series F+':
      return Math.min(8, 2 + rng.poisson(2.5));
    case 'Growth':
      return Math.min(5, 1 + rng.poisson(1.2));
    case 'Bridge':
      return rng.int(0, 3);
    case 'Debt':
    case 'Grant':
      return rng.chance(0.85) ? 1 : 0;
    case 'Secondary':
      return Math.min(3, 1 + rng.poisson(0.7));
    case 'Other':
      return r.roundType === 'CORPORATE ROUND' ? 1 + rng.poisson(0.5) : r.roundType === 'UNDISCLOSED' ? rng.poisson(0.8) : 0;
    default:
      return 0;
  }
}
