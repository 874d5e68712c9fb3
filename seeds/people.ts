/**
 * Persons: angels, founders and operators (three id blocks, founders and operators ordered by
 * graduation year so that they line up with the launch-ordered companies), with education rows.
 * Their careers are written later by the investor and company phases.
 */
import { addedUpdated, addFlags, addLocations, addTaxonomy, baseEntity, hqColumns, named, nextId, personLinks, personName, type Ctx } from './context.js';
import { zeroFounderFigures } from '../src/db/figures.js';
import { zeroInvestorCounters } from './orgs.js';
import { InvestorPool, launchYearAt, People, type Registry } from './pools.js';
import { clamp, dayOf, partialDate, Rng, round } from './random.js';
import type { City } from './reference.js';

type Kind = 'angel' | 'founder' | 'operator';

const BACHELORS: readonly [string, number][] = [['Bachelor of Science', 5], ['Bachelor of Arts', 2], ['Bachelor of Engineering', 3]];
const GRADUATE: readonly [string, number, number][] = [
  // degree, weight, years
  ['Master of Science', 5, 2], ['Master of Business Administration', 4, 2], ['Doctor of Philosophy', 2, 5], ['Master of Engineering', 1.5, 2],
  ['Master of Arts', 1, 2], ['Doctor of Medicine', 0.4, 4], ['Juris Doctor', 0.4, 3],
];

export function planPeople(ctx: Ctx): People {
  const first = ctx.ids.entity;
  const angels = ctx.plan.angels;
  const founders = Math.round(ctx.plan.people * 0.85);
  const operators = ctx.plan.people - founders;
  return new People(
    { first, count: angels },
    { first: first + angels, count: founders },
    { first: first + angels + founders, count: operators },
  );
}

function addEducation(ctx: Ctx, rng: Rng, reg: Registry, personId: number, city: City, gradYear: number): void {
  if (rng.chance(0.08) || !reg.universitySampler) return;
  const pickUni = () => {
    const local = reg.universitiesByCountry.get(city.country.id);
    return local && rng.chance(0.6) ? rng.pick(local) : reg.universitySampler!.draw(rng).id;
  };
  const majorId = () => rng.int(1, ctx.ref.majors.length);
  const degreeId = (name: string) => ctx.ref.degrees.indexOf(name) + 1;
  const row = (degree: string, start: number, end: number, majors: number[]) => {
    const monthly = rng.chance(0.3);
    const s = partialDate(dayOf(start, 9, 1), monthly ? 'month' : 'year');
    const e = partialDate(dayOf(end, 6, 1), monthly ? 'month' : 'year');
    ctx.w.add('education', {
      id: nextId(ctx, 'education'),
      person_id: personId,
      university_id: pickUni(),
      degree_id: rng.chance(0.95) ? degreeId(degree) : null,
      major_ids: JSON.stringify([...new Set(majors)]),
      start_date: s.text,
      start_sort: s.sort,
      end_date: end > 2026 ? null : e.text,
    });
  };
  row(rng.weighted(BACHELORS), gradYear - 4, gradYear, rng.chance(0.15) ? [majorId(), majorId()] : [majorId()]);
  if (rng.chance(0.45)) {
    const [degree, , years] = rng.weighted(GRADUATE.map((g) => [g, g[1]] as const));
    const start = gradYear + (degree === 'Master of Business Administration' ? rng.int(3, 8) : rng.int(0, 3));
    if (start <= 2026) row(degree, start, start + years, [majorId()]);
  }
  if (rng.chance(0.04) && gradYear + 12 <= 2025) row('Executive Education', gradYear + 12, gradYear + 12, [majorId()]);
}

const TAGLINES: Record<Kind, readonly string[]> = {
  founder: ['Entrepreneur', 'Serial entrepreneur', 'Engineer and founder', 'Product builder', 'Founder and operator', 'Building companies'],
  operator: ['Operator', 'Engineering leader', 'Go-to-market leader', 'Finance executive', 'Product leader', 'People and talent leader'],
  angel: ['Angel investor', 'Early-stage investor', 'Angel investor and advisor', 'Former founder, now investing', 'Investor and board member'],
};

export async function generatePeople(ctx: Ctx, people: People, reg: Registry, pool: InvestorPool): Promise<void> {
  const rng = new Rng(ctx.seed, 'people');
  const total = people.count;
  ctx.progress.begin('people', total);
  const blocks: [Kind, { first: number; count: number }][] = [['angel', people.angels], ['founder', people.founders], ['operator', people.operators]];
  let done = 0;
  for (const [kind, block] of blocks) {
    for (let j = 0; j < block.count; j++) {
      const id = nextId(ctx, 'entity');
      if (id !== block.first + j) throw new Error('seed: person ids out of order');
      const i = people.idx(id);
      const u = (j + 0.5) / block.count;
      const gradYear =
        kind === 'angel' ? rng.int(1972, 2008) : clamp(launchYearAt(u) - (kind === 'founder' ? rng.int(1, 12) : rng.int(-2, 8)), 1970, 2024);
      const city = ctx.ref.citySampler.draw(rng);
      const sector = ctx.ref.sectorSampler.draw(rng);
      people.gradYear[i] = gradYear;
      people.city[i] = city.index;
      people.sector[i] = sector.id;
      const gender = rng.chance(0.03) ? null : rng.chance(kind === 'founder' ? 0.2 : 0.3) ? 'female' : 'male';
      const { first, last } = personName(rng, city, gender);
      const invests = kind === 'angel' || (kind === 'founder' && rng.chance(0.1));
      const roles: string[] = [kind === 'angel' ? 'angel' : kind];
      if (invests) roles.push('angel', 'investor');
      if (kind === 'angel' && rng.chance(0.3)) roles.push('operator');
      const tagline = rng.pick(TAGLINES[kind]) + (invests && kind !== 'angel' ? ' | Angel investor' : '');
      ctx.w.add('entities', {
        ...baseEntity(ctx, id, rng, kind, 0.7),
        ...named(`${first} ${last}`),
        tagline,
        about: rng.chance(0.4) ? `${first} ${last} is based in ${city.name}, ${city.country.name}. ${tagline}.` : null,
        ...personLinks(rng, first, last, id, invests),
        ...addedUpdated(rng, dayOf(Math.min(2025, gradYear + 4), 1, 1)),
        signal_rating: round(clamp(rng.normal() * 15 + (kind === 'operator' ? 30 : kind === 'angel' ? 55 : 45), 0, 100), 1),
        gender,
        is_founder: kind === 'founder',
        ...hqColumns(city),
        is_investor: invests,
        ...(invests
          ? { investor_deal_min_usd: 5_000 * rng.int(1, 10), investor_deal_max_usd: 50_000 * rng.int(2, 20), ...zeroInvestorCounters() }
          : {}),
        ...(kind === 'founder' ? zeroFounderFigures() : {}),
      });
      addLocations(ctx, id, 'home', [city]);
      addFlags(ctx, id, 'role', roles);
      const focus = kind === 'angel' ? [sector.id, ...rng.sample(ctx.ref.sectors, rng.int(0, 2)).map((s) => s.id)] : rng.chance(kind === 'founder' ? 1 : 0.5) ? [sector.id] : [];
      if (kind === 'founder' && rng.chance(0.5)) focus.push(rng.pick(sector.techIds));
      addTaxonomy(ctx, id, focus);
      if (invests) {
        const stages = rng.chance(0.35) ? ['pre_seed', 'seed', 'series_a'] : ['pre_seed', 'seed'];
        ctx.w.add('entity_investor_types', { entity_id: id, investor_type_id: ctx.ref.investorTypeId('angel') });
        for (const s of stages) ctx.w.add('entity_investor_stages', { entity_id: id, stage_id: ctx.ref.stageId(s) });
        const weight = rng.lognormal(kind === 'angel' ? 0.12 : 0.05, 0.9);
        pool.add({ id, year: gradYear + rng.int(6, 14), continentId: city.country.continentId, person: true }, `${first} ${last}`, stages, weight);
        if (kind === 'angel') reg.lps.push(id);
      }
      addEducation(ctx, rng, reg, id, city, gradYear);
      done++;
      if (done % 200 === 0) await ctx.w.maybeFlush();
      ctx.progress.tick(done, ctx.w.totalRows);
    }
  }
  ctx.progress.end(ctx.w.totalRows);
}
