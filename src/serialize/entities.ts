/** Entity rows -> the API shapes of openapi.yaml (typed by generated/api.ts). */
import type { components } from '../../generated/api.js';
import type { CareerRow, EntityBlocks, EntityRow, EntityWithBlocks, LocationRow, PortfolioGlance, RefRow } from '../db/entities.js';
import type { Money } from '../money/fx.js';

type S = components['schemas'];

export const bool = (v: boolean | number | null | undefined): boolean => v === true || v === 1;
export const boolOrNull = (v: boolean | number | null | undefined): boolean | null => (v === null || v === undefined ? null : bool(v));

/** Absolute canonical profile URL of an entity in the web app. */
export function serviceUrl(appUrl: string, e: Pick<RefRow, 'uuid' | 'type'>): string {
  return `${appUrl}/${e.type === 'person' ? 'people' : 'organizations'}/${e.uuid}`;
}

export function entityRef(appUrl: string, e: RefRow): S['EntityRef'] {
  return { uuid: e.uuid, type: e.type, subtype: e.subtype, name: e.name, image: e.image, service_url: serviceUrl(appUrl, e) };
}

export function location(l: LocationRow): S['Location'] {
  return {
    role: l.role as S['Location']['role'],
    city: { id: l.city_id, name: l.city_name },
    state: l.state_id === null || l.state_name === null ? null : { id: l.state_id, name: l.state_name },
    country: { id: l.country_id, name: l.country_name },
    continent: { id: l.continent_id, name: l.continent_name },
    lat: l.lat,
    lon: l.lon,
  };
}

export function investorProfile(e: EntityRow, b: EntityBlocks, m: Money): NonNullable<S['InvestorProfile']> {
  return {
    types: b.investorTypes,
    stages: b.investorStages,
    deal_size: { min: m.out(e.investor_deal_min_usd), max: m.out(e.investor_deal_max_usd) },
    investments: {
      count: e.investor_investments_count,
      total_invested: m.out(e.investor_total_invested_usd),
      preferred_round: e.investor_preferred_round,
      last_round_date: e.investor_last_round_date,
    },
  };
}

export type PortfolioGlanceData = PortfolioGlance;

export const PORTFOLIO_SORT = '-last_round_date';
export const FOUNDERS_SORT = '-start_date';

export function investorProfileFull(appUrl: string, e: EntityRow, b: EntityBlocks, m: Money, p: PortfolioGlanceData): NonNullable<S['InvestorProfileFull']> {
  return {
    ...investorProfile(e, b, m),
    rank: e.investor_rank,
    portfolio: {
      rounds_count: p.roundsCount,
      total_valuation: m.out(p.totalValuationUsd),
      companies: {
        total: p.total,
        sort: PORTFOLIO_SORT,
        items: p.rows.map((r) => ({
          is_lead: r.is_lead === null ? null : bool(r.is_lead),
          rounds_count: Number(r.rounds_count),
          last_round_date: r.last_round_date,
          company: entityRef(appUrl, r),
        })),
      },
    },
    exits: { count: e.investor_exits_count, total_value: m.out(e.investor_exits_total_value_usd), pct: e.investor_exits_pct },
    match: { companies_count: e.investor_match_companies_count, invested: m.out(e.investor_match_invested_usd) },
  };
}

/** The fields shared by the summary and the full organization rows. */
function organizationCore(appUrl: string, e: EntityWithBlocks, m: Money) {
  const b = e.blocks;
  return {
    uuid: e.uuid,
    type: 'organization' as const,
    subtype: e.subtype as 'company' | 'university' | 'gov_ngo' | 'investor',
    domain: e.domain,
    name: e.name,
    tagline: e.tagline,
    about: e.about,
    image: e.image,
    service_url: serviceUrl(appUrl, e),
    links: {
      website: e.link_website,
      linkedin: e.link_linkedin,
      twitter: e.link_twitter,
      instagram: e.link_instagram,
      angellist: e.link_angellist,
      crunchbase: e.link_crunchbase,
    },
    locations: b.locations.map(location),
    roles: b.roles,
    classifications: b.classifications,
    taxonomy: b.taxonomy as S['TaxonomyItem'][],
    launch_date: e.launch_date,
    closing_date: e.closing_date,
    became_unicorn_date: e.became_unicorn_date,
    became_thoroughbred_date: e.became_thoroughbred_date,
    exit_date: e.exit_date,
    employees_count: e.employees_count,
    employee_count_1y_growth: e.employee_count_1y_growth,
    added_at: e.added_at,
    updated_at: e.updated_at,
    status: e.status as S['CompanySummary']['status'],
    signal_rating: e.signal_rating,
    unicorn_type: e.unicorn_type as S['CompanySummary']['unicorn_type'],
    funding: { total: m.out(e.funding_total_usd), total_vc: m.out(e.funding_total_vc_usd), rounds_count: Number(e.funding_rounds_count) },
    valuation: { value: m.out(e.valuation_usd), year: e.valuation_year, month: e.valuation_month },
    jobs: { is_hiring: Number(e.jobs_open_count) > 0, open_count: Number(e.jobs_open_count) },
  };
}

export function organizationSummary(appUrl: string, e: EntityWithBlocks, m: Money): S['OrganizationSummary'] {
  return {
    ...organizationCore(appUrl, e, m),
    investor: bool(e.is_investor) ? investorProfile(e, e.blocks, m) : null,
  } as S['OrganizationSummary'];
}

export interface FounderGlanceData {
  total: number;
  rows: (CareerRow & RefRow)[];
  classifications: Map<number, string[]>;
}

function careerFields(c: CareerRow) {
  return {
    raw_title: c.raw_title,
    titles: JSON.parse(c.titles) as string[],
    is_founder: bool(c.is_founder),
    is_executive: bool(c.is_executive),
    is_partner: bool(c.is_partner),
    is_past: bool(c.is_past),
    start_date: c.start_date,
    end_date: c.end_date,
  };
}

export function organizationFull(
  appUrl: string,
  e: EntityWithBlocks,
  m: Money,
  founders: FounderGlanceData,
  portfolio: PortfolioGlanceData | null,
): S['OrganizationFullFields'] {
  const investor = bool(e.is_investor) && portfolio ? investorProfileFull(appUrl, e, e.blocks, m, portfolio) : null;
  const available: string[] = [];
  if (founders.total > 0) available.push('founders');
  if (investor && portfolio && portfolio.total > 0) available.push('portfolio');
  if (e.revenue_usd !== null) available.push('revenue');
  if (e.traffic_monthly_visits !== null) available.push('traffic');
  if (Number(e.patents_count) > 0) available.push('patents');
  if (investor && (e.investor_exits_count ?? 0) > 0) available.push('exits');
  return {
    ...organizationCore(appUrl, e, m),
    investor,
    revenue: { value: m.out(e.revenue_usd), year: e.revenue_year },
    traffic: {
      monthly_visits: e.traffic_monthly_visits === null ? null : Number(e.traffic_monthly_visits),
      growth_3m: e.traffic_growth_3m,
    },
    patents: { count: Number(e.patents_count) },
    founders: {
      total: founders.total,
      sort: FOUNDERS_SORT,
      items: founders.rows.map((r) => ({
        ...careerFields(r),
        person: {
          ...(entityRef(appUrl, r) as Omit<S['PersonRef'], 'classifications'>),
          type: 'person' as const,
          subtype: null,
          classifications: founders.classifications.get(r.person_id) ?? [],
        },
      })),
    },
    available,
  };
}

export { careerFields };
