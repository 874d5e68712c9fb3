/** Person rows -> the founder row, career, education and founded-company items of openapi.yaml (`FounderRow` and its glances). */
import type { components } from '../../generated/api.js';
import type { CareerRow, EntityWithBlocks, PortfolioGlance } from '../db/entities.js';
import type { CareerWithOrg, EducationRow, Glance } from '../db/people.js';
import type { Money } from '../money/fx.js';
import { bool, careerFields, entityRef, investorProfile, investorProfileFull, location, organizationSummary, serviceUrl } from './entities.js';

type S = components['schemas'];

export const CAREER_SORT = '-start_date';
export const EDUCATION_SORT = '-start_date';

export interface FounderExtras {
  career: Glance<CareerWithOrg>;
  education: Glance<EducationRow>;
  portfolio: PortfolioGlance | null;
}

function personCore(appUrl: string, e: EntityWithBlocks) {
  return {
    uuid: e.uuid,
    type: 'person' as const,
    subtype: null,
    name: e.name,
    tagline: e.tagline,
    about: e.about,
    image: e.image,
    service_url: serviceUrl(appUrl, e),
    links: { linkedin: e.link_linkedin, twitter: e.link_twitter, angellist: e.link_angellist, crunchbase: e.link_crunchbase },
    locations: e.blocks.locations.map(location),
    roles: e.blocks.roles,
    classifications: e.blocks.classifications,
    taxonomy: e.blocks.taxonomy as S['TaxonomyItem'][],
    gender: e.gender,
    signal_rating: e.signal_rating,
  };
}

export function careerItem(appUrl: string, c: CareerWithOrg): S['CareerItem'] {
  return { ...careerFields(c), company: entityRef(appUrl, c.org) };
}

export function educationItem(appUrl: string, ed: EducationRow): S['EducationItem'] {
  return {
    degree: ed.degree_id === null ? null : { id: ed.degree_id, name: ed.degree_name ?? '' },
    majors: ed.majors,
    start_date: ed.start_date,
    end_date: ed.end_date,
    university: entityRef(appUrl, ed.university),
  };
}

export function founderSummary(appUrl: string, e: EntityWithBlocks, m: Money): S['FounderSummary'] {
  const available: string[] = [];
  if ((e.founded_companies_count ?? 0) > 0) available.push('founded_companies');
  return {
    ...personCore(appUrl, e),
    investor: bool(e.is_investor) ? investorProfile(e, e.blocks, m) : null,
    available,
    added_at: e.added_at,
    updated_at: e.updated_at,
  };
}

export function founderFull(appUrl: string, e: EntityWithBlocks, m: Money, x: FounderExtras): S['FounderFull'] {
  const investor = bool(e.is_investor) && x.portfolio ? investorProfileFull(appUrl, e, e.blocks, m, x.portfolio) : null;
  const available: string[] = [];
  if (x.career.total > 0) available.push('career');
  if (x.education.total > 0) available.push('education');
  if ((e.founded_companies_count ?? 0) > 0) available.push('founded_companies');
  if (investor && x.portfolio && x.portfolio.total > 0) available.push('portfolio');
  if (investor && (e.investor_exits_count ?? 0) > 0) available.push('exits');
  return {
    ...personCore(appUrl, e),
    investor,
    founded_companies: {
      count: Number(e.founded_companies_count ?? 0),
      total_funding: m.out(e.founded_companies_total_funding_usd),
    },
    career: { total: x.career.total, sort: CAREER_SORT, items: x.career.rows.map((c) => careerItem(appUrl, c)) },
    education: { total: x.education.total, sort: EDUCATION_SORT, items: x.education.rows.map((ed) => educationItem(appUrl, ed)) },
    available,
    added_at: e.added_at,
    updated_at: e.updated_at,
  };
}

export function foundedCompanyItem(appUrl: string, c: CareerRow, org: EntityWithBlocks, m: Money): S['FoundedCompanyItem'] {
  return { ...careerFields(c), company: organizationSummary(appUrl, org, m) };
}
