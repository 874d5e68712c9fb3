/**
 * Writes one company's funding plan: transactions (with soft-deleted duplicates and removals),
 * syndicates with exactly one lead at position 0, funding news, valuation rows (rounds, public
 * market, estimates), and returns the aggregates its entity row denormalises.
 */
import { nextId, type Ctx } from './context.js';
import { addNews, money } from './extras.js';
import { InvestorPool, People, type Registry } from './pools.js';
import { dayOf, instant, niceRound, NOW_DAY, partialDate, precisionOf, Rng, slugify, yearOf, ymd, type Precision } from './random.js';
import { LADDER, STAGE_OF, syndicateSize, type FundingPlan, type RoundSpec } from './rounds.js';
import { OUTLETS } from './ref-names.js';

export interface CompanyRef {
  id: number;
  name: string;
  domain: string;
  cityName: string;
  continentId: number;
  sectorName: string;
  taxonomyIds: number[];
}

export interface FundingResult {
  total: number | null;
  totalVc: number | null;
  count: number;
  lastSort: string | null;
  valuation: { value: number; text: string; sort: string } | null;
  maxValuation: number;
  unicornDate: { text: string; sort: string } | null;
  thoroughbredDate: { text: string; sort: string } | null;
  exitDate: { text: string; sort: string } | null;
  investors: number[];
  /** Valuation known at the end of a year (for financials). */
  valuationAt: (year: number) => number | null;
}

interface Valued {
  value: number;
  text: string;
  sort: string;
}

const isLadder = (r: RoundSpec) => (LADDER as readonly string[]).includes(r.std);

function pickSyndicate(rng: Rng, r: RoundSpec, c: CompanyRef, prev: number[], pool: InvestorPool, people: People, reg: Registry): number[] {
  const size = syndicateSize(rng, r);
  if (size === 0) return [];
  const year = yearOf(r.day);
  if (r.std === 'Bridge' && prev.length) return rng.distinct(prev, size);
  const stage = r.std === 'Bridge' ? 'seed' : r.std === 'Other' ? 'series_b' : STAGE_OF[r.std];
  if (!stage) return [];
  const out: number[] = [];
  const corporate = () => {
    for (let t = 0; t < 4 && reg.corporates.length; t++) {
      const cand = rng.pick(reg.corporates);
      if (cand.year <= year && cand.id !== c.id && !out.includes(cand.id)) return cand.id;
    }
    return null;
  };
  if (r.roundType === 'CORPORATE ROUND') {
    const id = corporate();
    if (id !== null) out.push(id);
  }
  const insiders = stage !== 'debt' && stage !== 'grant';
  for (let attempts = 0; out.length < size && attempts < size * 3; attempts++) {
    if (insiders && prev.length && rng.chance(out.length === 0 ? 0.3 : 0.35)) {
      const p = rng.pick(prev);
      if (!out.includes(p)) out.push(p);
      continue;
    }
    if (isLadder(r) && r.std !== 'Pre-Seed' && r.std !== 'Seed' && rng.chance(0.06)) {
      const id = corporate();
      if (id !== null) {
        out.push(id);
        continue;
      }
    }
    const inv = pool.draw(rng, stage, c.continentId, year, out);
    if (inv) out.push(inv.id);
  }
  // the lead (position 0) is an organization whenever one takes part
  if (out.length > 1 && people.isPerson(out[0]!)) {
    const k = out.findIndex((id) => !people.isPerson(id));
    if (k > 0) [out[0], out[k]] = [out[k]!, out[0]!];
  }
  return out;
}

function label(r: RoundSpec): string {
  if (isLadder(r)) return `${r.std === 'Pre-Seed' || r.std === 'Seed' ? r.std.toLowerCase() : r.std} round`;
  if (r.std === 'Growth') return 'growth round';
  if (r.std === 'Bridge') return 'bridge round';
  if (r.std === 'Debt') return 'debt financing';
  if (r.std === 'Grant') return 'grant';
  if (r.std === 'IPO') return 'IPO';
  return 'strategic round';
}

/** Writes the plan's rows; `company` is written by the caller afterwards. */
export function writeFunding(ctx: Ctx, rng: Rng, c: CompanyRef, plan: FundingPlan, pool: InvestorPool, people: People, reg: Registry): FundingResult {
  const prev: number[] = [];
  const valued: Valued[] = [];
  let total = 0;
  let totalVc = 0;
  let anyAmount = false;
  let anyVc = false;
  let count = 0;
  let lastSort: string | null = null;
  let thoroughbred: FundingResult['thoroughbredDate'] = null;
  let exitDate: FundingResult['exitDate'] = null;
  let prevDay = -1;

  const addValuation = (value: number, date: { text: string; sort: string }, source: string, transactionId: number | null) => {
    ctx.w.add('valuations', {
      id: nextId(ctx, 'valuation'), company_id: c.id, value_usd: value, valued_date: date.text, date_sort: date.sort, source, transaction_id: transactionId,
      updated_at: `${date.sort}T00:00:00.000Z`,
    });
    valued.push({ value, ...date });
  };

  for (const r of plan.rounds) {
    const { y, m } = ymd(r.day);
    const prevYm = prevDay >= 0 ? ymd(prevDay) : null;
    let precision: Precision = precisionOf(rng, 0.85, 0.11);
    if (precision === 'year' && prevYm && prevYm.y === y) precision = 'month';
    if (precision === 'month' && prevYm && prevYm.y === y && prevYm.m === m) precision = 'day';
    prevDay = r.day;
    const date = partialDate(r.day, precision);
    const removed = !r.isExit && rng.chance(0.01);
    const investors = pickSyndicate(rng, r, c, prev, pool, people, reg);
    for (const inv of investors) if (!prev.includes(inv)) prev.push(inv);
    const id = nextId(ctx, 'transaction');
    let sourceUrl: string | null = null;
    if (!removed && r.amount !== null && r.std !== 'Secondary' && r.roundType !== 'ACQUISITION' && rng.chance(0.45)) {
      const lead = investors.length ? pool.names.get(investors[0]!) : undefined;
      const verb = r.std === 'Grant' ? 'is awarded' : r.std === 'Debt' ? 'secures' : 'raises';
      const title = `${c.name} ${verb} ${money(r.amount)} ${r.std === 'IPO' ? 'in its IPO' : label(r)}${lead && r.std !== 'IPO' ? `${r.std === 'Grant' ? ' from' : ' led by'} ${lead}` : ''}`;
      sourceUrl = addNews(ctx, rng, {
        title,
        type: 'funding',
        summary: `${c.name}, the ${c.cityName}-based ${c.sectorName.toLowerCase()} company, announced a ${money(r.amount)} ${label(r)}.`,
        day: r.day,
        entityIds: [c.id, ...investors.slice(0, 3)],
        taxonomyIds: c.taxonomyIds.slice(0, 2),
      });
    } else if (rng.chance(0.8)) {
      const [, host] = rng.pick(OUTLETS);
      sourceUrl = `https://${host}/${y}/${String(m).padStart(2, '0')}/${slugify(c.name)}-${r.code.replace(/_/g, '-')}-${id}`;
    }
    const createdDay = Math.min(NOW_DAY - 1, Math.max(r.day + rng.int(0, 20), dayOf(2016, 3, 1) + rng.int(0, 400)));
    const row = {
      id, company_id: c.id, amount_usd: r.amount, announced_date: date.text, date_sort: date.sort, year: y, month: precision === 'year' ? null : m,
      round_type: r.roundType, round_type_code: r.code, standardized_round: r.std, valuation_usd: r.valuation,
      is_verified: rng.chance(0.05) ? null : rng.chance(0.74), is_vc_round: r.isVc, is_exit: r.isExit, source_url: sourceUrl,
      created_at: instant(createdDay, rng), deleted_at: removed ? instant(createdDay + rng.int(0, NOW_DAY - 1 - createdDay), rng) : null,
    };
    // the last change of a seeded round: its soft delete, or else its creation
    ctx.w.add('transactions', { ...row, updated_at: row.deleted_at ?? row.created_at });
    investors.forEach((inv, pos) => ctx.w.add('transaction_investors', { transaction_id: id, investor_id: inv, is_lead: pos === 0, position: pos }));
    if (!removed && rng.chance(0.015)) {
      // a duplicate report of the same round, soft-deleted by the service
      const dupId = nextId(ctx, 'transaction');
      const dupCreated = Math.min(NOW_DAY - 1, createdDay + rng.int(1, 60));
      const dupCreatedAt = instant(dupCreated, rng);
      const dupDeleted = instant(dupCreated + rng.int(0, NOW_DAY - 1 - dupCreated), rng);
      ctx.w.add('transactions', {
        ...row, id: dupId, source_url: null, is_verified: false, created_at: dupCreatedAt, deleted_at: dupDeleted, updated_at: dupDeleted,
      });
      investors.forEach((inv, pos) => ctx.w.add('transaction_investors', { transaction_id: dupId, investor_id: inv, is_lead: pos === 0, position: pos }));
    }
    if (removed) continue;
    ctx.figures.addRound(row, investors);
    if (r.valuation !== null) addValuation(r.valuation, date, r.std === 'Secondary' ? 'secondary' : 'funding_round', id);
    if (r.isExit) exitDate = date;
    if (!r.counted) continue;
    count++;
    if (lastSort === null || date.sort > lastSort) lastSort = date.sort;
    if (r.amount !== null) {
      anyAmount = true;
      total += r.amount;
      if (r.isVc) {
        anyVc = true;
        totalVc += r.amount;
      }
      if (thoroughbred === null && total >= 100e6) thoroughbred = date;
    }
  }

  // public-market marks after an IPO, and estimates for companies that never disclosed one
  if (plan.status === 'ipo' && plan.exitDay !== null) {
    let value = valued.length ? valued[valued.length - 1]!.value : niceRound(Math.max(total, 1e8) * rng.float(3, 8), 2);
    for (let k = 1; k <= 3; k++) {
      const d = plan.exitDay + k * 365 + rng.int(-30, 30);
      if (d >= NOW_DAY) break;
      value = niceRound(value * rng.lognormal(1.05, 0.35), 3);
      addValuation(value, partialDate(d, 'day'), 'public_market', null);
    }
  } else if (valued.length === 0 && total >= 1e6 && rng.chance(0.12)) {
    const d = Math.min(NOW_DAY - 1, (plan.rounds.at(-1)?.day ?? NOW_DAY - 1) + rng.int(90, 360));
    addValuation(niceRound(total * rng.float(3, 8), 2), partialDate(d, 'month'), 'estimate', null);
  }

  const sorted = valued.map((v, i) => ({ ...v, i })).sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : a.i - b.i));
  const latest = sorted.at(-1) ?? null;
  const firstUnicorn = sorted.find((v) => v.value >= 1e9) ?? null;
  return {
    total: count > 0 ? (anyAmount ? total : 0) : null,
    totalVc: count > 0 ? (anyVc ? totalVc : 0) : null,
    count,
    lastSort,
    valuation: latest ? { value: latest.value, text: latest.text, sort: latest.sort } : null,
    maxValuation: sorted.reduce((a, v) => Math.max(a, v.value), 0),
    unicornDate: firstUnicorn ? { text: firstUnicorn.text, sort: firstUnicorn.sort } : null,
    thoroughbredDate: thoroughbred,
    exitDate,
    investors: prev,
    valuationAt: (year) => {
      const cut = `${year}-12-31`;
      let v: number | null = null;
      for (const s of sorted) if (s.sort <= cut) v = s.value;
      return v;
    },
  };
}
