/**
 * Investor organizations: type, stages, deal sizes, sector focus, offices, partners (career rows
 * of angels and operators) and their funds with limited partners. Their portfolio figures are
 * computed from the rounds at the end (finalize.ts).
 */
import { addCareer, addedUpdated, addFlags, addLocations, addTaxonomy, baseEntity, hqColumns, named, nextId, officeCities, orgLinks, uniqueDomain, type Ctx } from './context.js';
import { zeroInvestorCounters } from './orgs.js';
import { InvestorPool, People, type Registry } from './pools.js';
import { clamp, dayOf, niceRound, NOW_DAY, partialDate, precisionOf, Rng, round } from './random.js';
import { INVESTOR_SUFFIX, INVESTOR_WORDS, NAME_NOUN } from './ref-names.js';
import { STAGES } from './ref-taxonomy.js';

interface TypeProfile {
  weight: number;
  stages: (rng: Rng) => string[];
  /** Typical fund size (USD) and cheque range. */
  fund: number;
  cheque: [number, number];
  fundType: string;
}

const ladder = STAGES.map(([code]) => code).slice(0, 6); // pre_seed .. late_stage
const window = (rng: Rng, from: number, to: number, min: number, max: number) => {
  const start = rng.int(from, to);
  return ladder.slice(start, Math.min(ladder.length, start + rng.int(min, max)));
};

const PROFILES: Record<string, TypeProfile> = {
  venture_capital: { weight: 45, stages: (r) => window(r, 0, 3, 2, 4), fund: 250e6, cheque: [500e3, 30e6], fundType: 'venture' },
  micro_vc: { weight: 12, stages: (r) => (r.chance(0.5) ? ['pre_seed', 'seed'] : ['pre_seed', 'seed', 'series_a']), fund: 40e6, cheque: [100e3, 2e6], fundType: 'seed' },
  corporate_venture_capital: { weight: 7, stages: () => ['series_a', 'series_b', 'series_c', 'late_stage'], fund: 150e6, cheque: [2e6, 40e6], fundType: 'corporate' },
  private_equity: { weight: 5, stages: () => ['late_stage', 'growth', 'secondary'], fund: 2e9, cheque: [50e6, 500e6], fundType: 'buyout' },
  growth_equity: { weight: 6, stages: () => ['series_c', 'late_stage', 'growth', 'secondary'], fund: 800e6, cheque: [20e6, 250e6], fundType: 'growth' },
  accelerator: { weight: 8, stages: (r) => (r.chance(0.6) ? ['pre_seed'] : ['pre_seed', 'seed']), fund: 15e6, cheque: [20e3, 250e3], fundType: 'accelerator' },
  angel_group: { weight: 4, stages: () => ['pre_seed', 'seed'], fund: 5e6, cheque: [25e3, 500e3], fundType: 'syndicate' },
  family_office: { weight: 5, stages: (r) => [...window(r, 1, 4, 2, 3), 'secondary'], fund: 100e6, cheque: [250e3, 20e6], fundType: 'evergreen' },
  venture_debt: { weight: 4, stages: () => ['debt'], fund: 300e6, cheque: [2e6, 50e6], fundType: 'debt' },
  sovereign_wealth_fund: { weight: 1.5, stages: () => ['late_stage', 'growth', 'secondary'], fund: 5e9, cheque: [100e6, 1e9], fundType: 'sovereign' },
};

const PARTNER_TITLES: readonly [string[], boolean][] = [
  [['Managing Partner'], true], [['General Partner'], true], [['Partner'], false], [['Principal'], false], [['Venture Partner'], false],
  [['Founding Partner', 'Managing Partner'], true],
];

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'];

function investorName(rng: Rng, type: string, used: Set<string>, city: string): string {
  const suffix = rng.pick(INVESTOR_SUFFIX[type] ?? ['Capital']);
  const candidates = [`${rng.pick(INVESTOR_WORDS)} ${suffix}`, `${rng.pick(INVESTOR_WORDS)} ${rng.pick(NAME_NOUN)} ${suffix}`, `${rng.pick(INVESTOR_WORDS)} ${suffix} ${city}`];
  for (const c of candidates) {
    if (!used.has(c)) {
      used.add(c);
      return c;
    }
  }
  const name = `${rng.pick(INVESTOR_WORDS)} ${rng.pick(NAME_NOUN)} ${suffix} ${used.size}`;
  used.add(name);
  return name;
}

export async function generateInvestors(ctx: Ctx, people: People, reg: Registry, pool: InvestorPool): Promise<void> {
  const rng = new Rng(ctx.seed, 'investors');
  const n = ctx.plan.investorOrgs;
  ctx.progress.begin('investors', n);
  const types = Object.entries(PROFILES).map(([code, p]) => [code, p.weight] as const);
  const used = new Set<string>();
  const everyone = { first: people.angels.first, count: people.count };
  for (let i = 0; i < n; i++) {
    const id = nextId(ctx, 'entity');
    const type = rng.weighted(types);
    const profile = PROFILES[type]!;
    const city = ctx.ref.citySampler.draw(rng);
    const founded = type === 'private_equity' || type === 'sovereign_wealth_fund' ? rng.int(1975, 2015) : clamp(Math.round(rng.normal() * 7 + 2011), 1978, 2024);
    const name = investorName(rng, type, used, city.name);
    const domain = uniqueDomain(ctx, rng, name, rng.chance(0.7) ? 'com' : rng.pick(['vc', 'capital', 'io', city.country.tld]));
    const stages = profile.stages(rng);
    const size = rng.lognormal(1, 0.9);
    const minCheque = niceRound(profile.cheque[0] * rng.lognormal(1, 0.3), 1);
    const maxCheque = Math.max(minCheque * 2, niceRound(profile.cheque[1] * rng.lognormal(1, 0.3), 1));
    const offices = size > 2 ? rng.int(1, 3) : rng.chance(0.15) ? 1 : 0;
    const launch = partialDate(dayOf(founded, rng.int(1, 12), rng.int(1, 28)), precisionOf(rng, 0.2, 0.3));
    const sectors = rng.sample(ctx.ref.sectors, rng.int(1, 4)).map((s) => s.id);
    const stageNames = stages.map((s) => STAGES.find(([c]) => c === s)![1]);
    ctx.w.add('entities', {
      ...baseEntity(ctx, id, rng, 'investor', 0.92),
      ...named(name),
      subtype: 'investor',
      domain,
      tagline: `${stageNames.join(', ')} investor based in ${city.name}`,
      about: `${name} is a ${type.replace(/_/g, ' ')} firm founded in ${founded}, headquartered in ${city.name}, ${city.country.name}, writing cheques of ${Math.round(minCheque / 1e3)}K to ${Math.round(maxCheque / 1e3)}K USD.`,
      ...orgLinks(rng, name, domain, false),
      launch_date: launch.text,
      launch_date_sort: launch.sort,
      employees_count: Math.max(2, Math.round(rng.lognormal(12, 0.9) * Math.sqrt(size))),
      employee_count_1y_growth: round(rng.normal() * 0.1 + 0.05, 3),
      ...addedUpdated(rng, dayOf(2018, 1, 1)),
      status: 'operating',
      signal_rating: round(clamp(40 + 15 * Math.log(size) + rng.normal() * 10, 0, 100), 1),
      ...hqColumns(city),
      is_investor: true,
      investor_deal_min_usd: minCheque,
      investor_deal_max_usd: maxCheque,
      ...zeroInvestorCounters(),
    });
    addLocations(ctx, id, 'hq', officeCities(ctx, rng, city, offices));
    addFlags(ctx, id, 'role', ['investor']);
    addTaxonomy(ctx, id, [...sectors, ...(rng.chance(0.4) ? [rng.pick(ctx.ref.sectorById.get(sectors[0]!)!.techIds)] : [])]);
    ctx.w.add('entity_investor_types', { entity_id: id, investor_type_id: ctx.ref.investorTypeId(type) });
    for (const s of stages) ctx.w.add('entity_investor_stages', { entity_id: id, stage_id: ctx.ref.stageId(s) });
    pool.add({ id, year: founded, continentId: city.country.continentId, person: false }, name, stages, size * (type === 'accelerator' ? 1.5 : 1));

    addPartners(ctx, rng, people, rng.chance(0.7) ? people.angels : everyone, id, founded);
    addFunds(ctx, rng, reg, id, name, type, profile, founded, size, city.country.fxCurrency);
    reg.investorOrgs.push({ id, year: founded });
    if (['family_office', 'sovereign_wealth_fund', 'private_equity'].includes(type)) reg.lps.push(id);
    if (i % 100 === 0) await ctx.w.maybeFlush();
    ctx.progress.tick(i + 1, ctx.w.totalRows);
  }
  ctx.progress.end(ctx.w.totalRows);
}

function addPartners(ctx: Ctx, rng: Rng, people: People, block: { first: number; count: number }, orgId: number, founded: number): void {
  const chosen = new Set<number>();
  const n = rng.int(1, 4);
  for (let k = 0; k < n && block.count > 0; k++) {
    const personId = block.first + rng.int(0, block.count - 1);
    if (chosen.has(personId)) continue;
    chosen.add(personId);
    const grad = people.gradYear[people.idx(personId)]!;
    const startYear = Math.min(2026, Math.max(founded, grad + rng.int(4, 15)));
    const [titles, exec] = k === 0 ? PARTNER_TITLES[rng.int(0, 1)]! : rng.pick(PARTNER_TITLES);
    const past = rng.chance(0.2) && startYear < 2023;
    const start = partialDate(dayOf(startYear, rng.int(1, 12), 1), rng.chance(0.6) ? 'year' : 'month');
    const end = past ? partialDate(dayOf(rng.int(startYear + 1, 2025), 1, 1), 'year').text : null;
    addCareer(ctx, { person: personId, org: orgId, titles, exec, partner: true, start, end });
  }
}

function addFunds(
  ctx: Ctx, rng: Rng, reg: Registry, investorId: number, name: string, type: string, profile: TypeProfile, founded: number, size: number, currency: string,
): void {
  if (['accelerator', 'angel_group'].includes(type) && rng.chance(0.6)) return;
  const count = clamp(Math.floor((2026 - founded) / rng.int(3, 5)), 0, 6);
  let vintage = founded + rng.int(0, 2);
  for (let k = 0; k < count && vintage <= 2026; k++) {
    const id = nextId(ctx, 'fund');
    const opportunity = k > 1 && rng.chance(0.15);
    const base = / Seed( Fund)?$/.test(name) ? name.replace(/ Fund$/, '') : `${name}${profile.fundType === 'seed' ? ' Seed' : ''}`;
    const label = opportunity ? `${name} Opportunity Fund${k > 3 ? ' II' : ''}` : `${base} Fund ${ROMAN[k]}`;
    const usd = Math.min(2e10, profile.fund * size * Math.pow(1.35, k) * rng.lognormal(1, 0.35) * (opportunity ? 1.5 : 1));
    const cur = rng.chance(0.7) ? currency : 'USD';
    const rate = ctx.ref.fx.get(cur) ?? 1;
    const amountSource = niceRound(usd * rate, 2);
    const disclosed = rng.chance(0.9);
    const day = Math.min(NOW_DAY - 1, dayOf(vintage, rng.int(1, 12), rng.int(1, 28)));
    const announced = partialDate(day, precisionOf(rng, 0.55, 0.3));
    ctx.w.add('funds', {
      id,
      investor_id: investorId,
      name: label,
      amount_usd: disclosed ? Math.round(amountSource / rate) : null,
      amount_source: disclosed ? amountSource : null,
      currency_source: disclosed ? cur : null,
      announced_date: announced.text,
      announced_sort: announced.sort,
      vintage_year: vintage,
      fund_type: opportunity ? 'opportunity' : profile.fundType,
      status: vintage >= 2025 ? 'fundraising' : vintage >= 2018 ? 'active' : 'closed',
      updated_at: `${announced.sort}T00:00:00.000Z`,
    });
    const lps = reg.lps.length ? rng.distinct(reg.lps, rng.int(0, 5)) : [];
    for (const lp of lps) if (lp !== investorId) ctx.w.add('fund_lps', { fund_id: id, lp_id: lp });
    vintage += rng.int(2, 5);
  }
}
