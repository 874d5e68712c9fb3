/**
 * Companies, generated in launch order (entity ids follow launch dates), each with everything
 * that hangs off it: founders and executives (career rows), funding (funding.ts), exits, unicorn
 * and thoroughbred dates, corporate investing, locations, taxonomy, flags, jobs, financials,
 * headcount, web traffic, patents and news. Denormalised columns come from the rows written here.
 */
import { addCareer, addedUpdated, addFlags, addLocations, addTaxonomy, baseEntity, hqColumns, named, nextId, officeCities, orgLinks, uniqueDomain, type Ctx } from './context.js';
import { writeFirstNote } from './platform.js';
import { addFinancials, addHeadcount, addJobs, addNews, addPatents, addTraffic } from './extras.js';
import { writeFunding, type FundingResult } from './funding.js';
import { zeroInvestorCounters } from './orgs.js';
import { Cursor, InvestorPool, launchDayAt, People, type Registry } from './pools.js';
import { clamp, dayOf, NOW_DAY, partialDate, precisionOf, Rng, round, yearOf } from './random.js';
import { NAME_ADJ, NAME_HEADS, NAME_NOUN, NAME_TAILS } from './ref-names.js';
import { OPERATOR_TITLES } from './ref-taxonomy.js';
import type { City, Sector } from './reference.js';
import { CONTINENT_FACTOR, planFunding, type FundingPlan } from './rounds.js';

const CLIENT_WORDS: Record<string, string> = {
  B2B: 'businesses', B2C: 'consumers', B2B2C: 'platforms and their customers', B2G: 'public agencies', SMB: 'small businesses',
  'Mid-Market': 'mid-market companies', Enterprise: 'large enterprises', Developers: 'developers', Consumers: 'everyday consumers',
  'Healthcare Providers': 'hospitals and clinics', 'Financial Institutions': 'banks and lenders', Retailers: 'retailers',
  Governments: 'governments', Students: 'students', Creators: 'creators',
};

const CONSUMER_SECTORS = new Set(['E-commerce', 'Gaming', 'Media & Entertainment', 'Fashion', 'Wellness & Fitness', 'Food & Beverage', 'Travel & Hospitality']);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function companyName(rng: Rng, sector: Sector): string {
  const word = () => cap(rng.pick(NAME_HEADS).toLowerCase() + rng.pick(NAME_TAILS));
  const style = rng.weighted([[0, 40], [1, 20], [2, 15], [3, 15], [4, 10]] as const);
  switch (style) {
    case 0:
      return word();
    case 1:
      return `${word()} ${rng.pick(sector.suffixes)}`;
    case 2:
      return `${rng.pick(NAME_ADJ)} ${rng.pick(NAME_NOUN)}`;
    case 3:
      return `${rng.pick(NAME_HEADS)}${rng.pick(sector.suffixes).replace(/\s/g, '')}`;
    default:
      return `${rng.pick(NAME_NOUN)} ${rng.pick(sector.suffixes)}`;
  }
}

function tldFor(rng: Rng, city: City, sector: Sector): string {
  if (sector.tech.includes('Artificial Intelligence') && rng.chance(0.2)) return 'ai';
  if (rng.chance(0.12)) return 'io';
  if (city.country.iso2 !== 'US' && rng.chance(0.3)) return city.country.tld;
  return rng.chance(0.08) ? 'co' : 'com';
}

const FOUNDER_TITLES: readonly string[][] = [['Co-Founder', 'CEO'], ['Co-Founder', 'CTO'], ['Co-Founder', 'COO'], ['Co-Founder']];
const EARLY_TITLES: readonly string[] = ['Software Engineer', 'Product Manager', 'Consultant', 'Business Analyst', 'Data Scientist', 'Sales Manager', 'Research Associate'];

interface State {
  ctx: Ctx;
  people: People;
  reg: Registry;
  pool: InvestorPool;
  founders: Cursor;
  operators: Cursor;
  firstCompanyId: number;
  launchYear: Uint16Array;
}

const yearDate = (rng: Rng, year: number) => partialDate(dayOf(year, rng.int(1, 12), rng.int(1, 28)), rng.chance(0.6) ? 'year' : 'month');

/** A founder's jobs before their first company, at older companies or investors. */
function earlierCareer(s: State, rng: Rng, person: number, companyId: number, launchYear: number): void {
  const i = s.people.idx(person);
  if (s.people.started[i]) return;
  s.people.started[i] = 1;
  let year = s.people.gradYear[i]! + rng.int(0, 2);
  for (let k = rng.int(0, 2); k > 0 && year < launchYear; k--) {
    const end = Math.min(launchYear, year + rng.int(1, 5));
    let org: number | null = null;
    let title = rng.pick(EARLY_TITLES);
    if (companyId > s.firstCompanyId && rng.chance(0.7)) {
      const cand = s.firstCompanyId + rng.int(0, companyId - 1 - s.firstCompanyId);
      if (s.launchYear[cand - s.firstCompanyId]! <= year) org = cand;
    } else if (s.reg.investorOrgs.length) {
      const inv = rng.pick(s.reg.investorOrgs);
      if (inv.year <= year) [org, title] = [inv.id, rng.pick(['Associate', 'Analyst', 'Principal'])];
    }
    if (org !== null) addCareer(s.ctx, { person, org, titles: [title], founder: false, exec: false, start: yearDate(rng, year), end: yearDate(rng, end).text });
    year = end;
  }
}

function addFounders(s: State, rng: Rng, companyId: number, founders: number[], launch: { text: string; sort: string }, launchYear: number, plan: FundingPlan): void {
  founders.forEach((person, k) => {
    earlierCareer(s, rng, person, companyId, launchYear);
    const titles = k === 0 ? (founders.length === 1 ? ['Founder', 'CEO'] : ['Co-Founder', 'CEO']) : FOUNDER_TITLES[Math.min(k, 3)]!;
    let endDay: number | null = null;
    if (plan.status === 'closed') endDay = plan.closeDay;
    else if (plan.status === 'acquired' && plan.exitDay !== null && rng.chance(0.7)) endDay = plan.exitDay + rng.int(30, 900);
    else if (rng.chance(0.12)) endDay = dayOf(launchYear + rng.int(2, 8), rng.int(1, 12), 1);
    if (endDay !== null && endDay >= NOW_DAY) endDay = null;
    addCareer(s.ctx, {
      person, org: companyId, titles, founder: true, exec: titles.length > 1, start: launch,
      end: endDay === null ? null : partialDate(endDay, rng.chance(0.5) ? 'year' : 'month').text,
    });
    s.people.busyUntil[s.people.idx(person)] = endDay === null ? 9999 : yearOf(endDay);
  });
}

/** Executives and early employees from the operator pool; may announce a hire. */
function addOperators(s: State, rng: Rng, c: { id: number; name: string; taxonomyIds: number[] }, launchYear: number, plan: FundingPlan): void {
  const n = plan.rung >= 2 ? rng.int(0, 3) : plan.rung >= 0 && rng.chance(0.3) ? 1 : rng.chance(0.08) ? 1 : 0;
  const taken: number[] = [];
  const stopYear = plan.status === 'closed' && plan.closeDay ? yearOf(plan.closeDay) : plan.status === 'acquired' && plan.exitDay ? yearOf(plan.exitDay) + 1 : 2026;
  for (let k = 0; k < n; k++) {
    const person = s.operators.take(rng, s.people, launchYear + 1, taken);
    if (person === null) break;
    taken.push(person);
    const i = s.people.idx(person);
    const busy = s.people.busyUntil[i]!;
    const start = Math.max(launchYear + rng.int(0, 3), s.people.gradYear[i]! + 1, busy < 9999 ? busy : 0);
    if (start > Math.min(2026, stopYear)) continue;
    const [title, exec] = rng.pick(OPERATOR_TITLES);
    let end: number | null = rng.chance(0.45) ? start + rng.int(1, 5) : null;
    if (stopYear < 2026) end = Math.min(end ?? stopYear, stopYear);
    if (end !== null && end > 2026) end = null;
    addCareer(s.ctx, { person, org: c.id, titles: [title], founder: false, exec, start: yearDate(rng, start), end: end === null ? null : yearDate(rng, end).text });
    s.people.busyUntil[i] = end === null ? 9999 : end;
    if (exec && start >= 2012 && rng.chance(0.15)) {
      addNews(s.ctx, rng, {
        title: `${c.name} appoints new ${title}`, type: 'people', summary: `${c.name} has hired a ${title} to lead its next phase of growth.`,
        day: Math.min(NOW_DAY - 1, dayOf(start, rng.int(1, 12), rng.int(1, 28))), entityIds: [c.id, person], taxonomyIds: c.taxonomyIds.slice(0, 1),
      });
    }
  }
}

function taxonomyFor(s: State, rng: Rng, sector: Sector): number[] {
  const ref = s.ctx.ref;
  const ids = [sector.id];
  if (rng.chance(0.15)) ids.push(ref.sectorSampler.draw(rng).id);
  for (const t of rng.sample(sector.techIds, rng.int(0, 2))) ids.push(t);
  for (const t of rng.sample(sector.tagIds, rng.int(0, 2))) ids.push(t);
  if (rng.chance(0.6)) ids.push(rng.pick(ref.taxIds('business_model')));
  if (rng.chance(0.5)) ids.push(rng.pick(ref.taxIds('income_stream')));
  if (rng.chance(0.7)) ids.push(rng.pick(sector.clientIds));
  return [...new Set(ids)].slice(0, 5);
}

function unicornType(f: FundingResult): string | null {
  if (f.maxValuation < 1e9) return null;
  if ((f.valuation?.value ?? 0) < 1e9) return 'ex_unicorn';
  return f.maxValuation >= 1e11 ? 'hectocorn' : f.maxValuation >= 1e10 ? 'decacorn' : 'unicorn';
}

/** Founders first: the lead founder's home city and sector usually become the company's. */
function foundersAndPlace(s: State, rng: Rng, launchYear: number): { founders: number[]; city: City; sector: Sector } {
  const { ctx, people } = s;
  const n = rng.weighted([[0, 35], [1, 38], [2, 19], [3, 6], [4, 2]] as const);
  const founders: number[] = [];
  for (let k = 0; k < n; k++) {
    const f = s.founders.take(rng, people, launchYear, founders);
    if (f !== null) founders.push(f);
  }
  const lead = founders.length ? people.idx(founders[0]!) : -1;
  const city = lead >= 0 && rng.chance(0.75) ? ctx.ref.cities[people.city[lead]!]! : ctx.ref.citySampler.draw(rng);
  const fromFounder = lead >= 0 && rng.chance(0.7) ? ctx.ref.sectorById.get(people.sector[lead]!) : undefined;
  return { founders, city, sector: fromFounder ?? ctx.ref.sectorSampler.draw(rng) };
}

/** Head count (heavy-tailed by stage reached), its growth and the signal rating. */
function sizeAndSignal(rng: Rng, plan: FundingPlan, f: FundingResult, unicorn: string | null) {
  const median = [5, 12, 40, 110, 280, 650, 1200, 2000][Math.max(0, plan.rung)]! * (plan.rung < 0 ? 0.6 : 1) * (plan.status === 'ipo' ? 2.5 : 1);
  const unknown = (plan.status === 'closed' && rng.chance(0.5)) || rng.chance(0.05);
  const employees = unknown ? null : Math.max(1, Math.round(rng.lognormal(median, 0.5)));
  const growth = plan.status === 'closed' || employees === null ? null : round(clamp(rng.normal() * 0.25 + 0.15, -0.6, 2.5), 3);
  const recent = f.lastSort !== null && f.lastSort >= '2024-11-01';
  const raw =
    15 + 9 * Math.log10(1 + (f.total ?? 0) / 1e5) + (recent ? 15 : 0) + (growth ?? 0) * 20 + (unicorn && unicorn !== 'ex_unicorn' ? 15 : 0) + rng.normal() * 6;
  return { employees, growth, signal: round(clamp(raw * (plan.status === 'closed' ? 0.3 : 1), 0, 100), 1) };
}

function companyFact(plan: FundingPlan, f: FundingResult, exit: string | undefined, closing: string | undefined, launchYear: number): string {
  if (plan.status === 'ipo') return `went public in ${exit?.slice(0, 4)}`;
  if (plan.status === 'acquired') return `was acquired in ${exit?.slice(0, 4)}`;
  if (plan.status === 'closed') return `shut down in ${closing?.slice(0, 4)}`;
  if (f.count === 0) return 'is bootstrapped';
  return `has raised ${f.count} round${f.count > 1 ? 's' : ''}, most recently in ${f.lastSort ? f.lastSort.slice(0, 4) : launchYear}`;
}

function generateCompany(s: State, rng: Rng, i: number): void {
  const { ctx, people } = s;
  const id = nextId(ctx, 'entity');
  const launchDay = launchDayAt(Math.min(0.999999, (i + rng.next()) / ctx.plan.companies));
  const launchYear = yearOf(launchDay);
  s.launchYear[id - s.firstCompanyId] = launchYear;
  const { founders, city, sector } = foundersAndPlace(s, rng, launchYear);
  const plan = planFunding(rng, { launchDay, z: rng.normal(), regionFactor: CONTINENT_FACTOR[city.country.continent] ?? 1, deepTech: sector.deepTech });
  const name = companyName(rng, sector);
  const domain = uniqueDomain(ctx, rng, name, tldFor(rng, city, sector));
  const taxonomyIds = taxonomyFor(s, rng, sector);
  const ref = { id, name, domain, cityName: city.name, continentId: city.country.continentId, sectorName: sector.name, taxonomyIds };
  const f = writeFunding(ctx, rng, ref, plan, s.pool, people, s.reg);
  const unicorn = unicornType(f);
  const { employees, growth, signal } = sizeAndSignal(rng, plan, f, unicorn);

  const launch = partialDate(launchDay, precisionOf(rng, 0.25, 0.35));
  const stealth = launchYear >= 2024 && f.count === 0 && rng.chance(0.3);
  const product = rng.pick(sector.products);
  const clients = CLIENT_WORDS[ctx.ref.taxonomy[rng.pick(sector.clientIds) - 1]?.name ?? 'B2B'] ?? 'businesses';
  const offering = product.includes(' for ') ? product : `${product} for ${clients}`;
  const corporate = plan.rung >= 3 && (plan.status === 'operating' || plan.status === 'ipo') && rng.chance(0.12);
  const size = employees ?? 0;
  const org = { id, name, domain, cities: officeCities(ctx, rng, city, size > 200 ? rng.int(1, 3) : size > 50 && rng.chance(0.4) ? 1 : 0), employees: size || 1 };

  // detail rows and what the entity row denormalises from them
  const hiring = plan.status === 'operating' && launchYear >= 2010 && employees !== null && rng.chance(0.25 + 0.08 * Math.max(0, plan.rung));
  const jobsOpen = hiring ? addJobs(ctx, rng, org, Math.min(40, 1 + rng.geometric(0.3) + Math.floor(size / 150))) : 0;
  const reports = employees !== null && plan.status !== 'closed' && launchYear <= 2022 && rng.chance(plan.status === 'ipo' ? 0.6 : 0.15);
  const fin = reports ? addFinancials(ctx, rng, id, Math.max(launchYear + 1, 2019), size, f.valuationAt) : null;
  if (employees !== null && employees >= 8 && rng.chance(0.35)) addHeadcount(ctx, rng, id, employees);
  const traffic = employees !== null && plan.status !== 'closed' && rng.chance(0.3) ? addTraffic(ctx, rng, id, employees) : null;
  const patentCount = rng.chance(sector.deepTech * 0.6 + 0.03) ? Math.min(40, 1 + rng.geometric(0.25)) : 0;
  const patents = addPatents(ctx, rng, id, patentCount, Math.max(launchYear, 1995), sector.tech[0] ?? null);
  const exit = plan.status === 'acquired' || plan.status === 'ipo' ? f.exitDate : null;
  const closing = plan.status === 'closed' && plan.closeDay !== null ? partialDate(plan.closeDay, precisionOf(rng, 0.3, 0.4)) : null;
  const where = `Founded in ${launchYear} and headquartered in ${city.name}, ${city.country.name}`;

  ctx.w.add('entities', {
    ...baseEntity(ctx, id, rng, 'company', stealth ? 0.2 : 0.85),
    ...named(name),
    subtype: 'company',
    domain,
    tagline: stealth ? `Stealth-mode ${sector.name.toLowerCase()} startup` : cap(offering),
    about: rng.chance(0.85) ? `${name} builds ${offering}. ${where}, the company ${companyFact(plan, f, exit?.text, closing?.text, launchYear)}.` : null,
    ...orgLinks(rng, name, stealth ? null : domain, CONSUMER_SECTORS.has(sector.name)),
    launch_date: launch.text,
    launch_date_sort: launch.sort,
    closing_date: closing?.text ?? null,
    closing_date_sort: closing?.sort ?? null,
    became_unicorn_date: f.unicornDate?.text ?? null,
    became_unicorn_date_sort: f.unicornDate?.sort ?? null,
    became_thoroughbred_date: f.thoroughbredDate?.text ?? null,
    became_thoroughbred_date_sort: f.thoroughbredDate?.sort ?? null,
    exit_date: exit?.text ?? null,
    exit_date_sort: exit?.sort ?? null,
    employees_count: employees,
    employee_count_1y_growth: growth,
    ...addedUpdated(rng, launchDay),
    status: plan.status,
    signal_rating: signal,
    unicorn_type: unicorn,
    ...hqColumns(city),
    funding_total_usd: f.total,
    funding_total_vc_usd: f.totalVc,
    funding_rounds_count: f.count,
    last_round_date_sort: f.lastSort,
    valuation_usd: f.valuation?.value ?? null,
    valuation_year: f.valuation ? Number(f.valuation.text.slice(0, 4)) : null,
    valuation_month: f.valuation && f.valuation.text.length >= 7 ? Number(f.valuation.text.slice(5, 7)) : null,
    jobs_open_count: jobsOpen,
    revenue_usd: fin?.revenue ?? null,
    revenue_year: fin?.year ?? null,
    traffic_monthly_visits: traffic?.visits ?? null,
    traffic_growth_3m: traffic?.growth ?? null,
    patents_count: patents,
    is_investor: corporate,
    ...(corporate ? { investor_deal_min_usd: 1_000_000, investor_deal_max_usd: 25_000_000 * rng.int(1, 4), ...zeroInvestorCounters() } : {}),
  });
  ctx.figures.addFunding(id, f.total);
  addLocations(ctx, id, 'hq', org.cities);
  addFlags(ctx, id, 'role', corporate ? ['company', 'investor'] : ['company']);
  addFlags(ctx, id, 'classification', [...(unicorn && unicorn !== 'ex_unicorn' ? ['unicorn'] : []), ...(stealth ? ['stealth'] : [])]);
  addTaxonomy(ctx, id, taxonomyIds);
  addFounders(s, rng, id, founders, launch, launchYear, plan);
  addOperators(s, rng, { id, name, taxonomyIds }, launchYear, plan);
  companyNews(s, rng, { id, name, product, launchDay, taxonomyIds, plan });
  if (corporate) {
    ctx.w.add('entity_investor_types', { entity_id: id, investor_type_id: ctx.ref.investorTypeId('corporate_venture_capital') });
    for (const st of ['series_a', 'series_b', 'series_c', 'late_stage']) ctx.w.add('entity_investor_stages', { entity_id: id, stage_id: ctx.ref.stageId(st) });
    s.reg.corporates.push({ id, year: Math.max(launchYear + 5, 2010) });
    s.pool.names.set(id, name);
  }
}

interface NewsSubject {
  id: number;
  name: string;
  product: string;
  launchDay: number;
  taxonomyIds: number[];
  plan: FundingPlan;
}

/** Product launches, partnerships with corporates and acquisition announcements. */
function companyNews(s: State, rng: Rng, c: NewsSubject): void {
  const { ctx } = s;
  const from = Math.max(c.launchDay, dayOf(2012, 1, 1));
  const someDay = () => from + rng.int(0, Math.max(0, NOW_DAY - 2 - from));
  const tax = c.taxonomyIds.slice(0, 2);
  if (from < NOW_DAY - 2 && rng.chance(0.2)) {
    const summary = `${c.name} released ${c.product}.`;
    addNews(ctx, rng, { title: `${c.name} launches ${c.product}`, type: 'product', summary, day: someDay(), entityIds: [c.id], taxonomyIds: tax });
  }
  if (from < NOW_DAY - 2 && s.reg.corporates.length && rng.chance(0.1)) {
    const partner = rng.pick(s.reg.corporates);
    const other = s.pool.names.get(partner.id) ?? 'a corporate partner';
    addNews(ctx, rng, {
      title: `${c.name} partners with ${other}`, type: 'partnership', summary: `${c.name} and ${other} announced a commercial partnership.`,
      day: someDay(), entityIds: [c.id, partner.id], taxonomyIds: tax,
    });
  }
  if (c.plan.status === 'acquired' && c.plan.exitDay !== null) {
    const buyer = s.reg.corporates.length && rng.chance(0.6) ? rng.pick(s.reg.corporates).id : null;
    const buyerName = buyer !== null ? s.pool.names.get(buyer) : undefined;
    addNews(ctx, rng, {
      title: buyerName ? `${buyerName} acquires ${c.name}` : `${c.name} acquired`,
      type: 'acquisition',
      summary: `${c.name} has been acquired${buyerName ? ` by ${buyerName}` : ''}; terms were ${rng.chance(0.5) ? 'not disclosed' : 'partially disclosed'}.`,
      day: c.plan.exitDay,
      entityIds: buyer !== null ? [c.id, buyer] : [c.id],
      taxonomyIds: tax,
    });
  }
}

export async function generateCompanies(ctx: Ctx, people: People, reg: Registry, pool: InvestorPool): Promise<void> {
  const rng = new Rng(ctx.seed, 'companies');
  const n = ctx.plan.companies;
  const s: State = {
    ctx, people, reg, pool,
    // expected slots are slightly under the true means so that every founder is used by the end
    founders: new Cursor(people.founders, Math.round(n * 0.85)),
    operators: new Cursor(people.operators, Math.round(n * 0.6)),
    firstCompanyId: ctx.ids.entity,
    launchYear: new Uint16Array(n),
  };
  ctx.progress.begin('companies', n);
  for (let i = 0; i < n; i++) {
    generateCompany(s, rng, i);
    if (i === 0) writeFirstNote(ctx, s.firstCompanyId);
    await ctx.w.maybeFlush();
    if ((i & 63) === 0 || i === n - 1) ctx.progress.tick(i + 1, ctx.w.totalRows);
  }
  ctx.progress.end(ctx.w.totalRows);
}
