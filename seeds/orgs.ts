/** Universities and government / non-profit bodies (real names first, synthetic beyond them). */
import { addCareer, addedUpdated, addFlags, addLocations, addTaxonomy, baseEntity, hqColumns, named, nextId, orgLinks, uniqueDomain, type Ctx } from './context.js';
import { addPatents } from './extras.js';
import { InvestorPool, People, type Registry, type TeamOrg } from './pools.js';
import { dayOf, NOW_DAY, partialDate, Rng, round, Sampler } from './random.js';
import { CULTURES, GOV_NGO, GOV_PATTERNS, UNIVERSITIES, UNIVERSITY_PATTERNS } from './ref-names.js';
import type { City } from './reference.js';
import { zeroInvestorCounters } from '../src/db/figures.js';

/** A name from a pattern with {city}, {country} and {last}, unique within `used`. */
function patternName(rng: Rng, pattern: string, city: City, used: Set<string>): string | null {
  const last = rng.pick(CULTURES[city.country.culture]?.last ?? CULTURES.anglo!.last);
  const name = pattern.replace('{city}', city.name).replace('{country}', city.country.name).replace('{last}', last);
  if (used.has(name)) return null;
  used.add(name);
  return name;
}

function eduTld(city: City): string {
  const iso = city.country.iso2;
  if (iso === 'US') return 'edu';
  if (iso === 'GB') return 'ac.uk';
  return city.country.tld.replace(/^com\./, 'edu.');
}

export async function generateUniversities(ctx: Ctx, reg: Registry): Promise<void> {
  const rng = new Rng(ctx.seed, 'universities');
  const n = ctx.plan.universities;
  ctx.progress.begin('universities', n);
  const used = new Set<string>();
  const weights: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = nextId(ctx, 'entity');
    const real = UNIVERSITIES[i];
    let name: string;
    let city: City;
    let domain: string;
    let founded: number;
    if (real) {
      [name] = real;
      city = ctx.ref.cityByName(real[1], real[2]);
      domain = real[3];
      ctx.domains.add(domain);
      founded = real[4];
      used.add(name);
    } else {
      city = ctx.ref.citySampler.draw(rng);
      let candidate: string | null = null;
      for (let t = 0; t < 20 && !candidate; t++) candidate = patternName(rng, rng.pick(UNIVERSITY_PATTERNS), city, used);
      name = candidate ?? `${city.name} University ${i}`;
      domain = uniqueDomain(ctx, rng, name, eduTld(city));
      founded = rng.int(1850, 2010);
    }
    const launch = partialDate(dayOf(founded, 1, 1), 'year');
    ctx.w.add('entities', {
      ...baseEntity(ctx, id, rng, 'university', 0.9),
      ...named(name),
      subtype: 'university',
      domain,
      tagline: rng.pick(['Research university', 'Public research university', 'Private research university', 'University of science and technology']) + ` in ${city.name}`,
      about: `${name} is a university in ${city.name}, ${city.country.name}, founded in ${founded}.`,
      ...orgLinks(rng, name, domain, false),
      link_angellist: null,
      launch_date: launch.text,
      launch_date_sort: launch.sort,
      employees_count: Math.round(rng.lognormal(real ? 9000 : 2500, 0.6)),
      employee_count_1y_growth: round(rng.normal() * 0.03 + 0.01, 3),
      ...addedUpdated(rng, dayOf(2018, 1, 1)),
      status: 'operating',
      signal_rating: round(real ? rng.float(70, 98) : rng.float(25, 75), 1),
      ...hqColumns(city),
      patents_count: addPatents(ctx, rng, id, real ? rng.int(5, 40) : rng.geometric(0.3, 20), Math.max(1995, founded), null),
    });
    addLocations(ctx, id, 'hq', [city]);
    addFlags(ctx, id, 'role', ['university']);
    reg.universities.push({ id, countryId: city.country.id });
    reg.teamOrgs.push({ id, kind: 'university', founded, countryId: city.country.id, real: Boolean(real) });
    reg.lps.push(id);
    weights.push(real ? 12 : 1);
    const list = reg.universitiesByCountry.get(city.country.id) ?? [];
    list.push(id);
    reg.universitiesByCountry.set(city.country.id, list);
    if (i % 200 === 0) await ctx.w.maybeFlush();
    ctx.progress.tick(i + 1, ctx.w.totalRows);
  }
  reg.universitySampler = new Sampler(reg.universities, weights);
  ctx.progress.end(ctx.w.totalRows);
}

export async function generateGovNgo(ctx: Ctx, reg: Registry, pool: InvestorPool): Promise<void> {
  const rng = new Rng(ctx.seed, 'gov_ngo');
  const n = ctx.plan.govNgo;
  ctx.progress.begin('gov_ngo', n);
  const used = new Set<string>();
  for (let i = 0; i < n; i++) {
    const id = nextId(ctx, 'entity');
    const real = GOV_NGO[i];
    let name: string;
    let city: City;
    let domain: string;
    let kind: 'government' | 'nonprofit';
    if (real) {
      [name] = real;
      city = ctx.ref.cityByName(real[1], real[2]);
      domain = real[3];
      ctx.domains.add(domain);
      kind = real[4];
      used.add(name);
    } else {
      city = ctx.ref.citySampler.draw(rng);
      const [pattern, k] = rng.pick(GOV_PATTERNS);
      kind = k;
      name = patternName(rng, pattern, city, used) ?? `${city.name} ${kind === 'government' ? 'Development Agency' : 'Foundation'} ${i}`;
      domain = uniqueDomain(ctx, rng, name, kind === 'government' ? (city.country.iso2 === 'US' ? 'gov' : city.country.tld) : 'org');
    }
    const founded = rng.int(1950, 2018);
    const launch = partialDate(dayOf(founded, rng.int(1, 12), 1), rng.chance(0.5) ? 'year' : 'month');
    const grants = rng.chance(0.75);
    const sectors = rng.sample(ctx.ref.sectors.filter((s) => s.deepTech >= 0.2), rng.int(1, 3)).map((s) => s.id);
    ctx.w.add('entities', {
      ...baseEntity(ctx, id, rng, 'gov_ngo', 0.8),
      ...named(name),
      subtype: 'gov_ngo',
      domain,
      tagline: kind === 'government' ? `Public agency funding innovation in ${city.country.name}` : 'Foundation supporting research and social impact',
      about: `${name} is a ${kind === 'government' ? 'public body' : 'non-profit organization'} based in ${city.name}.${grants ? ' It awards grants to startups and research projects.' : ''}`,
      ...orgLinks(rng, name, domain, false),
      link_angellist: null,
      launch_date: launch.text,
      launch_date_sort: launch.sort,
      employees_count: Math.round(rng.lognormal(120, 1)),
      ...addedUpdated(rng, dayOf(2018, 1, 1)),
      status: 'operating',
      signal_rating: round(rng.float(30, 85), 1),
      ...hqColumns(city),
      is_investor: grants,
      ...(grants ? { investor_deal_min_usd: 25_000 * rng.int(1, 4), investor_deal_max_usd: 500_000 * rng.int(1, 6), ...zeroInvestorCounters() } : {}),
      patents_count: addPatents(ctx, rng, id, rng.chance(0.1) ? rng.int(1, 5) : 0, 2000, null),
    });
    addLocations(ctx, id, 'hq', [city]);
    addFlags(ctx, id, 'role', grants ? [kind, 'investor'] : [kind]);
    addTaxonomy(ctx, id, sectors);
    if (grants) {
      ctx.w.add('entity_investor_types', { entity_id: id, investor_type_id: ctx.ref.investorTypeId('government') });
      ctx.w.add('entity_investor_stages', { entity_id: id, stage_id: ctx.ref.stageId('grant') });
      pool.add({ id, year: Math.max(founded, 2000), continentId: city.country.continentId, person: false }, name, ['grant'], rng.lognormal(1, 0.6));
    }
    reg.lps.push(id);
    reg.teamOrgs.push({ id, kind, founded, countryId: city.country.id, real: Boolean(real) });
    if (i % 200 === 0) await ctx.w.maybeFlush();
    ctx.progress.tick(i + 1, ctx.w.totalRows);
  }
  ctx.progress.end(ctx.w.totalRows);
}

/** The head of each kind of body, then the other roles (title, executive). */
const TEAM_ROLES: Record<TeamOrg['kind'], { head: string; roles: readonly (readonly [string, boolean])[] }> = {
  university: {
    head: 'President',
    roles: [
      ['Provost', true], ['Vice President for Research', true], ['Dean of Engineering', true], ['Dean, School of Business', true],
      ['Chief Financial Officer', true], ['Director of Technology Transfer', false], ['Director, Entrepreneurship Center', false],
      ['Professor of Computer Science', false], ['Professor of Bioengineering', false], ['Professor of Economics', false], ['Trustee', false],
    ],
  },
  government: {
    head: 'Director General',
    roles: [
      ['Deputy Director General', true], ['Chief Economist', true], ['Head of Innovation Programs', false],
      ['Program Manager, Startup Grants', false], ['Senior Policy Advisor', false], ['Head of International Partnerships', false],
    ],
  },
  nonprofit: {
    head: 'Executive Director',
    roles: [
      ['Chief Operating Officer', true], ['Program Director', true], ['Director of Grants', false], ['Head of Partnerships', false],
      ['Board Member', false], ['Research Fellow', false],
    ],
  },
};

/**
 * Teams of universities and government / non-profit bodies (`/team`): a current head and a few
 * other roles, held by angels and operators (mostly from the body's country) old enough for them;
 * about a quarter of the other roles are past. Runs once persons exist, on its own random stream,
 * after every other career row, so the rest of the data does not change.
 */
export async function generateOrgTeams(ctx: Ctx, people: People, reg: Registry): Promise<void> {
  const rng = new Rng(ctx.seed, 'org_teams');
  const staff = [people.angels, people.operators].flatMap((b) => Array.from({ length: b.count }, (_, j) => b.first + j));
  const byCountry = new Map<number, number[]>();
  for (const id of staff) {
    const country = ctx.ref.cities[people.city[people.idx(id)]!]!.country.id;
    const list = byCountry.get(country) ?? [];
    list.push(id);
    byCountry.set(country, list);
  }
  ctx.progress.begin('org teams', reg.teamOrgs.length);
  for (const [i, org] of reg.teamOrgs.entries()) {
    const { head, roles } = TEAM_ROLES[org.kind];
    const size = org.kind === 'university' ? (org.real ? rng.int(4, 8) : rng.int(2, 5)) : rng.int(1, 4);
    const titles: (readonly [string, boolean])[] = [[head, true], ...rng.sample(roles, size - 1)];
    const local = byCountry.get(org.countryId);
    const chosen = new Set<number>();
    titles.forEach(([title, exec], k) => {
      // the role starts at least 10 years after graduation and not before the body was founded
      const earliest = (id: number) => Math.max(org.founded, people.gradYear[people.idx(id)]! + 10);
      let person: number | null = null;
      for (let t = 0; t < (k === 0 ? 64 : 8) && person === null; t++) {
        const id = local && rng.chance(0.7) ? rng.pick(local) : rng.pick(staff);
        if (!chosen.has(id) && earliest(id) <= 2025) person = id;
      }
      if (person === null) return;
      chosen.add(person);
      const from = earliest(person);
      const startYear = rng.int(from, Math.min(2025, Math.max(from, people.gradYear[people.idx(person)]! + 35)));
      const start = partialDate(Math.min(NOW_DAY - 1, dayOf(startYear, rng.int(1, 12), 1)), rng.chance(0.6) ? 'year' : 'month');
      const past = k > 0 && startYear <= 2024 && rng.chance(0.25);
      const end = past ? partialDate(dayOf(rng.int(startYear + 1, 2025), rng.int(1, 12), 1), 'month').text : null;
      addCareer(ctx, { person, org: org.id, titles: [title], exec, start, end });
    });
    if (i % 200 === 0) await ctx.w.maybeFlush();
    ctx.progress.tick(i + 1, ctx.w.totalRows);
  }
  ctx.progress.end(ctx.w.totalRows);
}

/** Investor profile counters start at zero (src/db/figures.ts); the final pass computes them from the rounds. */
export { zeroInvestorCounters };
