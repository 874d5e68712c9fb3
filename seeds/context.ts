/**
 * What every generator shares: the scale plan, id allocation, the writer and progress bar, and
 * helpers for the parts of entity rows that all kinds have (uuid, image, instants, names,
 * unique domains, links, locations, flags).
 */
import type { Knex } from 'knex';
import { FigureCounter } from './figures.js';
import { TERMS } from './terms.js';
import { CULTURES } from './ref-names.js';
import { type City, type Reference } from './reference.js';
import { dayOf, instant, NOW_DAY, Rng, slugify, uuidFor } from './random.js';
import { BulkWriter, insertTarget, Progress, TABLES, type Row } from './writer.js';

/** `none`: the reference tables, the development key and the demo users only (an operator imports their own data). */
export type ScaleName = 'none' | 'tiny' | 'demo' | 'large';

export interface Plan {
  companies: number;
  investorOrgs: number;
  angels: number;
  people: number;
  universities: number;
  govNgo: number;
}

const FACTOR: Record<ScaleName, number> = { none: 0, tiny: 1, demo: 100, large: 1000 };

export function planFor(scale: ScaleName): Plan {
  const k = FACTOR[scale];
  return { companies: 300 * k, investorOrgs: 60 * k, angels: 40 * k, people: 250 * k, universities: 15 * k, govNgo: 10 * k };
}

/** A contiguous block of entity ids. */
export interface IdBlock {
  first: number;
  count: number;
}

export const inBlock = (b: IdBlock, id: number) => id >= b.first && id < b.first + b.count;

/**
 * The series an entity's uuid is numbered in, with its code in the uuid derivation. Entity ids are
 * assigned in blocks whose sizes depend on the scale (id 1 000 is a person in tiny and a university
 * in demo), so the uuid is derived from the entity's rank within its series instead: the n-th company,
 * investor, founder ... has the same uuid at every scale, and the first of each series exists on
 * every seeded install (the path id examples of openapi.yaml are these, test/integration/seed-examples.test.ts).
 * Universities keep code 1 and, being the first block, the uuids they had when the id was the rank.
 */
export const UUID_SERIES = { university: 1, gov_ngo: 2, angel: 3, founder: 4, operator: 5, investor: 6, company: 7 } as const;
export type UuidSeries = keyof typeof UUID_SERIES;

/** The uuid of the `rank`-th (from 1) entity of a series in the data seeded with `seed`. */
export const seededUuid = (seed: number, series: UuidSeries, rank: number): string => uuidFor(seed, UUID_SERIES[series], rank);

export interface Ctx {
  seed: number;
  plan: Plan;
  ref: Reference;
  w: BulkWriter;
  progress: Progress;
  /** Next ids of the tables whose ids the seed assigns. */
  ids: Record<'entity' | 'transaction' | 'career' | 'education' | 'job' | 'fund' | 'valuation' | 'patent' | 'news', number>;
  domains: Set<string>;
  /** Entities generated so far per uuid series. */
  ranks: Record<UuidSeries, number>;
  /** The investor and founder figures, counted as the rows are generated. */
  figures: FigureCounter;
}

export function createCtx(
  db: Knex,
  seed: number,
  scale: ScaleName,
  ref: Reference,
  progress: boolean,
  onPhase?: (phase: string) => void,
): Ctx {
  return {
    seed,
    plan: planFor(scale),
    ref,
    // generated rows are written by a thread of their own (but in a SQLite database in memory); the typeahead terms come with them
    w: new BulkWriter(db, TABLES, insertTarget(db), TERMS),
    progress: new Progress(progress, onPhase),
    ids: { entity: 1, transaction: 1, career: 1, education: 1, job: 1, fund: 1, valuation: 1, patent: 1, news: 1 },
    domains: new Set(),
    ranks: { university: 0, gov_ngo: 0, angel: 0, founder: 0, operator: 0, investor: 0, company: 0 },
    figures: new FigureCounter(),
  };
}

export function nextId(ctx: Ctx, kind: keyof Ctx['ids']): number {
  return ctx.ids[kind]++;
}

/** The columns every entity row needs (NOT NULL ones included), with an entity's uuid (the next of its series) and image. */
export function baseEntity(ctx: Ctx, id: number, rng: Rng, series: UuidSeries, imageShare: number): Row {
  const uuid = seededUuid(ctx.seed, series, ++ctx.ranks[series]);
  const kind = series === 'angel' || series === 'founder' || series === 'operator' ? 'person' : 'organization';
  const folder = kind === 'person' ? 'people' : 'logos';
  return {
    id,
    uuid,
    type: kind,
    image: rng.chance(imageShare) ? `https://img.fundingdata.example/${folder}/${uuid}.${kind === 'person' ? 'jpg' : 'png'}` : null,
    is_founder: false,
    is_investor: false,
    funding_rounds_count: 0,
    jobs_open_count: 0,
    patents_count: 0,
  };
}

/** added_at / updated_at: added on or after `fromDay` (not before 2018), updated later, both before now. */
export function addedUpdated(rng: Rng, fromDay: number): { added_at: string; updated_at: string } {
  const start = Math.max(fromDay, dayOf(2018, 1, 1));
  const added = Math.min(NOW_DAY - 2, start + rng.int(0, Math.max(0, NOW_DAY - 2 - start)));
  const updated = added + rng.int(0, Math.max(0, NOW_DAY - 1 - added));
  return { added_at: instant(added, rng), updated_at: instant(updated, rng) };
}

export function named(name: string): Row {
  return { name, name_lower: name.toLowerCase() };
}

/** A person name drawn from the culture of the home country (mostly). */
export function personName(rng: Rng, city: City, gender: string | null): { first: string; last: string } {
  const cultures = Object.keys(CULTURES);
  const culture = CULTURES[rng.chance(0.8) ? city.country.culture : rng.pick(cultures)] ?? CULTURES.anglo!;
  const female = gender === 'female' || (gender === null && rng.chance(0.4));
  return { first: rng.pick(female ? culture.female : culture.male), last: rng.pick(culture.last) };
}

/** Registers a unique domain for a name: `name.tld`, then common variants. */
export function uniqueDomain(ctx: Ctx, rng: Rng, name: string, tld: string): string {
  const base = slugify(name).replace(/-/g, '') || 'company';
  const variants = [`${base}.${tld}`, `get${base}.${tld}`, `${base}hq.${tld}`, `${base}app.${tld}`, `try${base}.${tld}`, `${base}.io`, `${base}.co`];
  for (const d of variants) {
    if (!ctx.domains.has(d)) {
      ctx.domains.add(d);
      return d;
    }
  }
  for (;;) {
    const d = `${base}${rng.int(2, 9999)}.${tld}`;
    if (!ctx.domains.has(d)) {
      ctx.domains.add(d);
      return d;
    }
  }
}

/** Organization links derived from its name and domain; each present with its own likelihood. */
export function orgLinks(rng: Rng, name: string, domain: string | null, consumer: boolean): Row {
  const slug = slugify(name);
  const handle = slug.replace(/-/g, '').slice(0, 15);
  return {
    link_website: domain && rng.chance(0.97) ? `https://www.${domain}` : null,
    link_linkedin: rng.chance(0.9) ? `https://www.linkedin.com/company/${slug}` : null,
    link_twitter: rng.chance(0.6) ? `https://x.com/${handle}` : null,
    link_instagram: rng.chance(consumer ? 0.5 : 0.1) ? `https://www.instagram.com/${handle}` : null,
    link_angellist: rng.chance(0.3) ? `https://wellfound.com/company/${slug}` : null,
    link_crunchbase: rng.chance(0.7) ? `https://www.crunchbase.com/organization/${slug}` : null,
  };
}

export function personLinks(rng: Rng, first: string, last: string, id: number, investor: boolean): Row {
  const slug = slugify(`${first} ${last}`);
  return {
    link_linkedin: rng.chance(0.92) ? `https://www.linkedin.com/in/${slug}-${id.toString(36)}` : null,
    link_twitter: rng.chance(investor ? 0.7 : 0.35) ? `https://x.com/${slug.replace(/-/g, '').slice(0, 12)}${id % 100}` : null,
    link_angellist: rng.chance(investor ? 0.6 : 0.15) ? `https://wellfound.com/u/${slug}-${id.toString(36)}` : null,
    link_crunchbase: rng.chance(0.5) ? `https://www.crunchbase.com/person/${slug}-${id.toString(36)}` : null,
  };
}

/** The denormalised headquarters columns of a city. */
export function hqColumns(city: City): Row {
  return { hq_city_id: city.id, hq_country_id: city.country.id, hq_continent_id: city.country.continentId };
}

/** entity_locations rows: the first city with `firstRole`, the others as offices. */
export function addLocations(ctx: Ctx, entityId: number, firstRole: 'hq' | 'home', cities: readonly City[]): void {
  const seen = new Set<number>();
  cities.forEach((c) => {
    if (seen.has(c.id)) return;
    ctx.w.add('entity_locations', { entity_id: entityId, role: seen.size === 0 ? firstRole : 'office', city_id: c.id, position: seen.size });
    seen.add(c.id);
  });
}

export function addFlags(ctx: Ctx, entityId: number, kind: 'role' | 'classification', values: readonly string[]): void {
  for (const value of new Set(values)) ctx.w.add('entity_flags', { entity_id: entityId, kind, value });
}

export function addTaxonomy(ctx: Ctx, entityId: number, taxonomyIds: readonly number[]): void {
  const ids = [...new Set(taxonomyIds)];
  for (const t of ids) ctx.w.add('entity_taxonomy', { entity_id: entityId, taxonomy_id: t });
  ctx.figures.addTaxonomy(entityId, ids);
}

/** A person's role at an organization (a `career` row); past when it has an end date. */
export function addCareer(ctx: Ctx, r: {
  person: number; org: number; titles: readonly string[]; founder?: boolean; exec: boolean; partner?: boolean; start: { text: string; sort: string }; end: string | null;
}): void {
  ctx.w.add('career', {
    id: nextId(ctx, 'career'), person_id: r.person, org_id: r.org, raw_title: r.titles.join(' & '), titles: JSON.stringify(r.titles),
    is_founder: r.founder ?? false, is_executive: r.exec, is_partner: r.partner ?? false, is_past: r.end !== null, start_date: r.start.text,
    start_sort: r.start.sort, end_date: r.end,
  });
  if (r.founder) ctx.figures.addFounder(r.person, r.org);
}

/** A few more cities for offices: mostly other hubs, sometimes in the same country. */
export function officeCities(ctx: Ctx, rng: Rng, hq: City, n: number): City[] {
  const out: City[] = [hq];
  for (let i = 0; i < n; i++) {
    const sameCountry = ctx.ref.cities.filter((c) => c.country.id === hq.country.id && c.id !== hq.id);
    out.push(sameCountry.length && rng.chance(0.3) ? rng.pick(sameCountry) : ctx.ref.citySampler.draw(rng));
  }
  return out;
}
