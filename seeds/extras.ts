/**
 * Per-organization detail rows: patents, job openings, yearly financials, headcount breakdown,
 * monthly web traffic and news articles. Each function writes its rows and returns what the
 * entity row denormalises (counts, latest values).
 */
import { nextId, type Ctx } from './context.js';
import { instant, NOW_DAY, partialDate, Rng, round, Sampler, slugify, ymd } from './random.js';
import { OUTLETS } from './ref-names.js';
import { DEPARTMENTS, PATENT_TOPICS } from './ref-taxonomy.js';
import type { City } from './reference.js';

const PATENT_OFFICES: readonly [string, string, number][] = [['US', 'B2', 5], ['EP', 'B1', 2], ['WO', 'A1', 2], ['CN', 'A', 1], ['JP', 'B2', 0.7], ['KR', 'B1', 0.5], ['GB', 'B', 0.4]];

/** `count` patents filed from `fromYear` on; returns the count. */
export function addPatents(ctx: Ctx, rng: Rng, entityId: number, count: number, fromYear: number, tech: string | null): number {
  const start = Math.min(NOW_DAY - 400, Date.UTC(fromYear, 0, 1) / 86_400_000);
  for (let i = 0; i < count; i++) {
    const id = nextId(ctx, 'patent');
    const [office, kind] = rng.weighted(PATENT_OFFICES.map(([o, k, wt]) => [[o, k] as const, wt] as const));
    const filed = start + rng.int(0, NOW_DAY - 30 - start);
    const grantDay = filed + rng.int(500, 1500);
    const topic = rng.pick(PATENT_TOPICS);
    const title = rng.pick([
      `System and method for ${topic}`,
      `Method of ${topic}${tech ? ` using ${tech.toLowerCase()}` : ''}`,
      `Apparatus for ${topic}`,
      `Techniques for improved ${topic}`,
    ]);
    ctx.w.add('patents', {
      id,
      entity_id: entityId,
      number: `${office}${10_000_000 + ((id * 7919) % 89_999_999)}${kind}`,
      title,
      filed_date: partialDate(filed, 'day').text,
      granted_date: grantDay < NOW_DAY && rng.chance(0.8) ? partialDate(grantDay, 'day').text : null,
    });
  }
  return count;
}

export interface OrgFacts {
  id: number;
  name: string;
  domain: string | null;
  cities: City[];
  employees: number;
}

const deptSampler = new Sampler(DEPARTMENTS, DEPARTMENTS.map((d) => d.share));

function costFactor(city: City): number {
  const iso = city.country.iso2;
  if (iso === 'US') return 1;
  if (iso === 'CH') return 1.05;
  if (iso === 'IL') return 0.85;
  const byRegion: Record<string, number> = {
    'Northern America': 0.78, 'Northern Europe': 0.72, 'Western Europe': 0.7, 'Southern Europe': 0.5, 'Eastern Europe': 0.4,
    'Western Asia': 0.6, 'Eastern Asia': 0.55, 'South-eastern Asia': 0.32, 'Southern Asia': 0.22, 'Central Asia': 0.25,
    'Australia and New Zealand': 0.75, 'Central America': 0.3, 'South America': 0.3,
  };
  return byRegion[city.country.region] ?? 0.22;
}

const SOURCES: readonly [string, number][] = [['company_website', 4], ['linkedin', 3], ['greenhouse', 2], ['lever', 1.5], ['workable', 1], ['indeed', 1]];
const JOB_TYPES: readonly [string, number][] = [['full_time', 85], ['part_time', 5], ['contract', 6], ['internship', 4]];

function jobUrl(rng: Rng, source: string, org: OrgFacts, title: string, id: number): string {
  const slug = slugify(org.name);
  switch (source) {
    case 'company_website':
      return org.domain ? `https://www.${org.domain}/careers/${slugify(title)}-${id}` : `https://jobs.fundingdata.example/${slug}/${id}`;
    case 'linkedin':
      return `https://www.linkedin.com/jobs/view/${3_000_000_000 + id}`;
    case 'greenhouse':
      return `https://boards.greenhouse.io/${slug.replace(/-/g, '')}/jobs/${4_000_000 + id}`;
    case 'lever':
      return `https://jobs.lever.co/${slug}/${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`;
    case 'workable':
      return `https://apply.workable.com/${slug}/j/${rng.hex(10).toUpperCase()}`;
    default:
      return `https://www.indeed.com/viewjob?jk=${rng.hex(16)}`;
  }
}

/** Job openings of a hiring organization (about 20 % inactive); returns the number of active ones. */
export function addJobs(ctx: Ctx, rng: Rng, org: OrgFacts, n: number): number {
  let active = 0;
  for (let i = 0; i < n; i++) {
    const id = nextId(ctx, 'job');
    const dept = deptSampler.draw(rng);
    const [title, level] = rng.pick(dept.titles);
    const city = rng.chance(0.75) ? org.cities[0]! : rng.pick(org.cities);
    const isActive = rng.chance(0.8);
    const posted = isActive ? NOW_DAY - rng.int(1, 90) : NOW_DAY - rng.int(91, 720);
    const jobType = rng.weighted(JOB_TYPES);
    const source = rng.weighted(SOURCES);
    const disclosed = rng.chance(0.7);
    const currency = city.country.fxCurrency;
    const rate = ctx.ref.fx.get(currency) ?? 1;
    const base = [0, 55_000, 95_000, 150_000][level]! * costFactor(city) * (jobType === 'internship' ? 0.35 : 1);
    const salaryMin = Math.max(1000, Math.round((base * rate * rng.float(0.85, 1.05)) / 1000) * 1000);
    if (isActive) active++;
    const job = {
      id,
      entity_id: org.id,
      title: jobType === 'internship' ? `${title} Intern` : title,
      url: jobUrl(rng, source, org, title, id),
      source,
      job_type: jobType,
      formatted_location: [city.name, city.stateName !== city.name ? city.stateName : null, city.country.name].filter(Boolean).join(', '),
      post_language: city.country.lang === 'en' || rng.chance(0.6) ? 'en' : city.country.lang,
      latitude: city.lat,
      longitude: city.lon,
      posted_at: instant(posted, rng),
      city_id: city.id,
      state_id: city.stateId,
      country_id: city.country.id,
      continent_id: city.country.continentId,
      city_region_ids: JSON.stringify([city.country.regionId]),
      salary_min: disclosed ? salaryMin : null,
      salary_max: disclosed ? Math.round((salaryMin * rng.float(1.15, 1.45)) / 1000) * 1000 : null,
      salary_currency: disclosed ? currency : null,
      department: dept.name,
      contract_type: jobType === 'contract' ? 'freelance' : jobType === 'internship' || rng.chance(0.08) ? 'fixed_term' : 'permanent',
      is_active: isActive,
    };
    ctx.w.add('jobs', { ...job, updated_at: job.posted_at });
  }
  return active;
}

/** Yearly financials from `fromYear` to 2025; returns the latest revenue. */
export function addFinancials(
  ctx: Ctx,
  rng: Rng,
  companyId: number,
  fromYear: number,
  employees: number,
  valuationAt: (year: number) => number | null,
): { revenue: number; year: number } | null {
  const last = 2025;
  if (fromYear > last) return null;
  const growth = rng.float(0.15, 0.9);
  const margin = rng.float(-0.6, 0.25);
  const revenues: number[] = [];
  let r = Math.max(50_000, employees * rng.lognormal(140_000, 0.5));
  for (let y = last; y >= fromYear; y--) {
    revenues.push(r);
    r /= 1 + growth * rng.float(0.7, 1.3);
  }
  const k = (x: number) => Math.round(x / 1000) * 1000;
  for (let i = revenues.length - 1; i >= 0; i--) {
    const y = last - i;
    const rev = k(revenues[i]!);
    const m = margin + rng.normal() * 0.05 - i * 0.03;
    ctx.w.add('financials', {
      company_id: companyId,
      year: y,
      revenue_usd: rev,
      ebitda_usd: k(rev * m),
      profit_usd: k(rev * (m - rng.float(0.02, 0.08))),
      rnd_usd: k(rev * rng.float(0.08, 0.35)),
      valuation_usd: valuationAt(y),
      employees: Math.max(1, Math.round(employees * Math.pow(revenues[i]! / revenues[0]!, 0.7))),
    });
  }
  return { revenue: k(revenues[0]!), year: last };
}

/** Headcount by department summing to `employees` (largest remainder), percentages to one decimal. */
export function addHeadcount(ctx: Ctx, rng: Rng, companyId: number, employees: number): void {
  const shares = DEPARTMENTS.map((d) => d.share * rng.lognormal(1, 0.45));
  const total = shares.reduce((a, b) => a + b, 0);
  const exact = shares.map((s) => (s / total) * employees);
  const counts = exact.map(Math.floor);
  let left = employees - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    counts[i]!++;
    left--;
  }
  DEPARTMENTS.forEach((d, i) => {
    const count = counts[i]!;
    if (count > 0) ctx.w.add('headcount_breakdown', { company_id: companyId, department: d.name, count, percentage: round((count / employees) * 100, 1) });
  });
}

/** 24 months of visits up to 2026-10 (a few unknown); returns the latest visits and 3-month growth. */
export function addTraffic(ctx: Ctx, rng: Rng, companyId: number, employees: number): { visits: number | null; growth: number | null } {
  let visits = Math.max(200, employees * rng.lognormal(1500, 1.1));
  const trend = rng.normal() * 0.04 + 0.01;
  const series: (number | null)[] = [];
  for (let i = 0; i < 24; i++) {
    const year = 2024 + Math.floor((10 + i) / 12);
    const month = ((10 + i) % 12) + 1;
    visits *= Math.exp(trend + rng.normal() * 0.12);
    const v = rng.chance(0.05) ? null : Math.round(visits);
    series.push(v);
    ctx.w.add('web_traffic', { company_id: companyId, month: `${year}-${String(month).padStart(2, '0')}`, visits: v });
  }
  let lastIdx = series.length - 1;
  while (lastIdx >= 0 && series[lastIdx] === null) lastIdx--;
  const latest = lastIdx >= 0 ? series[lastIdx]! : null;
  const before = lastIdx >= 3 ? series[lastIdx - 3] : null;
  return { visits: latest, growth: latest !== null && before ? round(latest / before - 1, 4) : null };
}

export interface NewsItem {
  title: string;
  type: 'funding' | 'acquisition' | 'product' | 'partnership' | 'people';
  summary: string;
  day: number;
  entityIds: readonly number[];
  taxonomyIds: readonly number[];
}

/** One news article with its entities and taxonomy; returns its URL. */
export function addNews(ctx: Ctx, rng: Rng, n: NewsItem): string {
  const id = nextId(ctx, 'news');
  const [source, host] = rng.pick(OUTLETS);
  const { y, m } = ymd(n.day);
  const url = `https://${host}/${y}/${String(m).padStart(2, '0')}/${slugify(n.title).slice(0, 70).replace(/-$/, '')}-${id}`;
  const day = Math.min(n.day + rng.int(0, 2), NOW_DAY - 1);
  const publishedAt = instant(day, rng);
  ctx.w.add('news', { id, title: n.title, url, source, article_type: n.type, summary: n.summary, published_at: publishedAt, updated_at: publishedAt });
  for (const e of new Set(n.entityIds)) ctx.w.add('news_entities', { news_id: id, entity_id: e });
  for (const t of new Set(n.taxonomyIds)) ctx.w.add('news_taxonomy', { news_id: id, taxonomy_id: t });
  return url;
}

/** "$12M", "$1.5B", "$850K". */
export function money(usd: number): string {
  const fmt = (x: number) => (x >= 100 ? Math.round(x).toString() : x >= 10 ? Math.round(x).toString() : (Math.round(x * 10) / 10).toString());
  if (usd >= 1e9) return `$${fmt(usd / 1e9)}B`;
  if (usd >= 1e6) return `$${fmt(usd / 1e6)}M`;
  return `$${fmt(usd / 1e3)}K`;
}
