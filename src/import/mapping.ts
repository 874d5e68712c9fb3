/**
 * The one mapping table from source vocabularies to ours (docs/import.md lists the same):
 * Crunchbase category codes -> taxonomy sectors, round types -> `round_type` (a name of the round
 * type registry, src/db/filterKeys.ts) and `standardized_round`, ISO 3166 alpha-3 countries -> the
 * alpha-2 codes of our places, US state codes -> state names. A category with no entry here becomes
 * a sector of its own (created on first use); an unknown city is created under its country.
 */
import { STANDARDIZED_ROUNDS } from '../db/filterKeys.js';
import { RowError } from './errors.js';

type Std = (typeof STANDARDIZED_ROUNDS)[number];

/** Crunchbase category code -> our sector name; null: no sector (Crunchbase's `other`). */
export const CATEGORY_SECTORS: Record<string, string | null> = {
  advertising: 'Marketing & Advertising', analytics: 'Analytics', automotive: 'Mobility', biotech: 'Biotech', cleantech: 'Climate Tech',
  consulting: 'Consulting', design: 'Design', ecommerce: 'E-commerce', education: 'Edtech', enterprise: 'Enterprise Software',
  fashion: 'Fashion', finance: 'Fintech', games_video: 'Gaming', government: 'GovTech', hardware: 'Hardware', health: 'Healthcare',
  hospitality: 'Travel & Hospitality', legal: 'Legal Tech', local: 'Local Services', manufacturing: 'Manufacturing', medical: 'Healthcare',
  messaging: 'Messaging', mobile: 'Mobile', music: 'Media & Entertainment', nanotech: 'Nanotech', network_hosting: 'Network & Hosting',
  news: 'Media & Entertainment', nonprofit: 'Nonprofit', other: null, pets: 'Pets', photo_video: 'Media & Entertainment',
  public_relations: 'Marketing & Advertising', real_estate: 'Proptech', search: 'Search', security: 'Cybersecurity',
  semiconductor: 'Semiconductors', social: 'Social Media', software: 'Enterprise Software', sports: 'Sports Tech',
  transportation: 'Logistics', travel: 'Travel & Hospitality', web: 'Web',
};

/**
 * Category groups of today's bulk export (`category_groups_list`, names as written, lower-cased with
 * spaces and `-` read as `_`) -> our sector names; groups with no entry become sectors of their own
 * named as Crunchbase writes them, `other` none.
 */
Object.assign(CATEGORY_SECTORS, {
  advertising: 'Marketing & Advertising', sales_and_marketing: 'Marketing & Advertising', agriculture_and_farming: 'Agritech',
  artificial_intelligence: 'Artificial Intelligence', biotechnology: 'Biotech', clothing_and_apparel: 'Fashion',
  commerce_and_shopping: 'E-commerce', consumer_electronics: 'Hardware', content_and_publishing: 'Media & Entertainment',
  data_and_analytics: 'Analytics', education: 'Edtech', energy: 'Energy', financial_services: 'Fintech', lending_and_investments: 'Fintech',
  payments: 'Fintech', food_and_beverage: 'Food & Beverage', gaming: 'Gaming', government_and_military: 'GovTech', health_care: 'Healthcare',
  media_and_entertainment: 'Media & Entertainment', music_and_audio: 'Media & Entertainment', video: 'Media & Entertainment',
  messaging_and_telecommunications: 'Telecom', privacy_and_security: 'Cybersecurity', real_estate: 'Proptech', sports: 'Sports Tech',
  sustainability: 'Climate Tech', transportation: 'Logistics', travel_and_tourism: 'Travel & Hospitality', software: 'Enterprise Software',
} satisfies Record<string, string | null>);

/** A category's sector name: the table's, or for a code it does not hold, the code in words ("real_estate" -> "Real Estate"). */
export function sectorOf(category: string): string | null {
  const written = category.trim();
  const code = written.toLowerCase().replace(/[\s-]+/g, '_');
  if (!code) return null;
  if (code in CATEGORY_SECTORS) return CATEGORY_SECTORS[code]!;
  // a code (real_time) in words; a name as written (Internet Services)
  if (/[A-Z\s]/.test(written)) return written.replace(/\s+/g, ' ').slice(0, 100);
  return code.replace(/[_-]+/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase()).slice(0, 100);
}

/** The sectors of a comma-separated list of categories (today's export), distinct, in the order written. */
export function sectorsOf(list: string): string[] {
  return [...new Set(list.split(',').map(sectorOf).filter((s): s is string => s !== null))];
}

/**
 * Investor types of today's export (`investor_types`) -> the codes of our investor types; types with
 * no counterpart (a co-working space, a startup competition) give none.
 */
export const INVESTOR_TYPES: Record<string, string | null> = {
  venture_capital: 'venture_capital', micro_vc: 'micro_vc', corporate_venture_capital: 'corporate_venture_capital',
  private_equity_firm: 'private_equity', hedge_fund: 'private_equity', fund_of_funds: 'private_equity', pension_funds: 'private_equity',
  investment_bank: 'private_equity', secondary_purchaser: 'private_equity', accelerator: 'accelerator', incubator: 'accelerator',
  entrepreneurship_program: 'accelerator', university_program: 'accelerator', angel: 'angel', individual: 'angel',
  angel_group: 'angel_group', syndicate: 'angel_group', family_investment_office: 'family_office', government_office: 'government',
  venture_debt: 'venture_debt', investment_partner: 'venture_capital', co_working_space: null, startup_competition: null,
};

/** Our investor type codes of a comma-separated `investor_types`; an unknown type rejects the row. */
export function investorTypesOf(column: string, list: string): string[] {
  const out = new Set<string>();
  for (const t of list.split(',').map((x) => x.trim().toLowerCase().replace(/[\s-]+/g, '_')).filter(Boolean)) {
    if (!(t in INVESTOR_TYPES)) throw new RowError(column, list, `unknown investor type ${JSON.stringify(t)} (known: ${Object.keys(INVESTOR_TYPES).join(', ')})`);
    const code = INVESTOR_TYPES[t];
    if (code) out.add(code);
  }
  return [...out].sort();
}

/** A job title that makes the person a founder of the organisation. */
export const isFounderTitle = (title: string | null): boolean => title !== null && /\b(co-?)?founder\b/i.test(title);

export interface RoundKind {
  round_type: string;
  standardized_round: Std;
  is_vc_round: boolean | null;
  is_exit: boolean;
}

const R = (round_type: string, standardized_round: Std, is_vc_round: boolean | null, is_exit = false): RoundKind => ({ round_type, standardized_round, is_vc_round, is_exit });

/**
 * Round types of the 2013 export (`funding_round_type`), of today's bulk export (`investment_type`)
 * and our own codes, lower-cased with `-` and ` ` read as `_`. `series-c+` is the 2013 export's
 * "Series C or later"; `venture` a venture round of unstated series.
 */
export const ROUND_KINDS: Record<string, RoundKind> = {
  angel: R('ANGEL', 'Seed', true),
  pre_seed: R('PRE-SEED', 'Pre-Seed', true),
  seed: R('SEED', 'Seed', true),
  series_a: R('SERIES A', 'Series A', true),
  series_b: R('SERIES B', 'Series B', true),
  series_c: R('SERIES C', 'Series C', true),
  'series_c+': R('SERIES C', 'Series C', true),
  series_d: R('SERIES D', 'Series D', true),
  series_e: R('SERIES E', 'Series E', true),
  series_f: R('SERIES F', 'Series F+', true),
  series_g: R('SERIES G', 'Series F+', true),
  series_h: R('SERIES G', 'Series F+', true),
  series_i: R('SERIES G', 'Series F+', true),
  series_j: R('SERIES G', 'Series F+', true),
  venture: R('EARLY VC', 'Other', true),
  series_unknown: R('EARLY VC', 'Other', true),
  early_vc: R('EARLY VC', 'Other', true),
  late_vc: R('LATE VC', 'Growth', true),
  private_equity: R('PRIVATE EQUITY', 'Growth', true),
  growth_equity: R('GROWTH EQUITY', 'Growth', true),
  post_ipo: R('POST-IPO EQUITY', 'Other', false),
  post_ipo_equity: R('POST-IPO EQUITY', 'Other', false),
  post_ipo_debt: R('DEBT FINANCING', 'Debt', false),
  post_ipo_secondary: R('SECONDARY', 'Secondary', false),
  secondary: R('SECONDARY', 'Secondary', false),
  secondary_market: R('SECONDARY', 'Secondary', false),
  crowdfunding: R('CROWDFUNDING', 'Seed', null),
  equity_crowdfunding: R('CROWDFUNDING', 'Seed', null),
  product_crowdfunding: R('CROWDFUNDING', 'Seed', null),
  debt_financing: R('DEBT FINANCING', 'Debt', false),
  convertible_note: R('CONVERTIBLE NOTE', 'Bridge', true),
  bridge: R('BRIDGE', 'Bridge', true),
  grant: R('GRANT', 'Grant', false),
  non_equity_assistance: R('GRANT', 'Grant', false),
  corporate_round: R('CORPORATE ROUND', 'Other', null),
  ipo: R('IPO', 'IPO', false, true),
  acquisition: R('ACQUISITION', 'Other', false, true),
  other: R('UNDISCLOSED', 'Other', null),
  undisclosed: R('UNDISCLOSED', 'Other', null),
  initial_coin_offering: R('UNDISCLOSED', 'Other', null),
};

/** The kind of a round type as a source writes it; an unknown one rejects the row. */
export function roundKindOf(column: string, value: string): RoundKind {
  const code = value.trim().toLowerCase().replace(/[-\s]+/g, '_');
  const kind = ROUND_KINDS[code];
  if (!kind) throw new RowError(column, value, `unknown round type (known: ${Object.keys(ROUND_KINDS).join(', ')})`);
  return kind;
}

/** Rounds counted in a company's funding total and rounds count (as the seed counts them, seeds/rounds.ts). */
export function countedRound(k: Pick<RoundKind, 'round_type' | 'standardized_round'>): boolean {
  return k.round_type !== 'ACQUISITION' && k.standardized_round !== 'Secondary';
}

/** ISO 3166 alpha-3 -> alpha-2 of the countries our places hold. */
export const ISO3: Record<string, string> = {
  USA: 'US', CAN: 'CA', MEX: 'MX', CRI: 'CR', PAN: 'PA', BRA: 'BR', ARG: 'AR', CHL: 'CL', COL: 'CO', PER: 'PE', URY: 'UY', GBR: 'GB',
  IRL: 'IE', FRA: 'FR', DEU: 'DE', NLD: 'NL', BEL: 'BE', LUX: 'LU', CHE: 'CH', AUT: 'AT', ESP: 'ES', PRT: 'PT', ITA: 'IT', GRC: 'GR',
  SRB: 'RS', HRV: 'HR', SWE: 'SE', NOR: 'NO', DNK: 'DK', FIN: 'FI', ISL: 'IS', EST: 'EE', LVA: 'LV', LTU: 'LT', POL: 'PL', CZE: 'CZ',
  HUN: 'HU', ROU: 'RO', BGR: 'BG', UKR: 'UA', TUR: 'TR', ISR: 'IL', ARE: 'AE', SAU: 'SA', QAT: 'QA', KAZ: 'KZ', IND: 'IN', PAK: 'PK',
  BGD: 'BD', CHN: 'CN', HKG: 'HK', TWN: 'TW', JPN: 'JP', KOR: 'KR', SGP: 'SG', IDN: 'ID', VNM: 'VN', THA: 'TH', MYS: 'MY', PHL: 'PH',
  EGY: 'EG', MAR: 'MA', NGA: 'NG', GHA: 'GH', SEN: 'SN', KEN: 'KE', RWA: 'RW', ETH: 'ET', ZAF: 'ZA', AUS: 'AU', NZL: 'NZ',
};

/**
 * Countries our places do not hold, created on first use under their continent: ISO 3166 alpha-3 ->
 * [alpha-2, continent code, name].
 */
export const OTHER_COUNTRIES: Record<string, readonly [string, string, string]> = Object.fromEntries(
  `RUS:RU:EU:Russia BLR:BY:EU:Belarus MDA:MD:EU:Moldova GEO:GE:AS:Georgia ARM:AM:AS:Armenia AZE:AZ:AS:Azerbaijan UZB:UZ:AS:Uzbekistan
SVK:SK:EU:Slovakia SVN:SI:EU:Slovenia BIH:BA:EU:Bosnia_and_Herzegovina MKD:MK:EU:North_Macedonia ALB:AL:EU:Albania MNE:ME:EU:Montenegro
MLT:MT:EU:Malta CYP:CY:EU:Cyprus LIE:LI:EU:Liechtenstein MCO:MC:EU:Monaco AND:AD:EU:Andorra SMR:SM:EU:San_Marino GIB:GI:EU:Gibraltar
IMN:IM:EU:Isle_of_Man JEY:JE:EU:Jersey GGY:GG:EU:Guernsey JOR:JO:AS:Jordan LBN:LB:AS:Lebanon KWT:KW:AS:Kuwait BHR:BH:AS:Bahrain
OMN:OM:AS:Oman IRN:IR:AS:Iran IRQ:IQ:AS:Iraq SYR:SY:AS:Syria YEM:YE:AS:Yemen AFG:AF:AS:Afghanistan NPL:NP:AS:Nepal LKA:LK:AS:Sri_Lanka
MMR:MM:AS:Myanmar KHM:KH:AS:Cambodia LAO:LA:AS:Laos MNG:MN:AS:Mongolia BRN:BN:AS:Brunei MAC:MO:AS:Macao PRK:KP:AS:North_Korea
KGZ:KG:AS:Kyrgyzstan TJK:TJ:AS:Tajikistan TKM:TM:AS:Turkmenistan PSE:PS:AS:Palestine MDV:MV:AS:Maldives BTN:BT:AS:Bhutan
TUN:TN:AF:Tunisia DZA:DZ:AF:Algeria LBY:LY:AF:Libya SDN:SD:AF:Sudan TZA:TZ:AF:Tanzania UGA:UG:AF:Uganda ZMB:ZM:AF:Zambia
ZWE:ZW:AF:Zimbabwe MOZ:MZ:AF:Mozambique AGO:AO:AF:Angola NAM:NA:AF:Namibia BWA:BW:AF:Botswana CMR:CM:AF:Cameroon
CIV:CI:AF:Cote_d'Ivoire MUS:MU:AF:Mauritius MDG:MG:AF:Madagascar MLI:ML:AF:Mali BEN:BJ:AF:Benin TGO:TG:AF:Togo SYC:SC:AF:Seychelles
VEN:VE:SA:Venezuela ECU:EC:SA:Ecuador BOL:BO:SA:Bolivia PRY:PY:SA:Paraguay GUY:GY:SA:Guyana SUR:SR:SA:Suriname
GTM:GT:NA:Guatemala HND:HN:NA:Honduras SLV:SV:NA:El_Salvador NIC:NI:NA:Nicaragua BLZ:BZ:NA:Belize CUB:CU:NA:Cuba
DOM:DO:NA:Dominican_Republic HTI:HT:NA:Haiti JAM:JM:NA:Jamaica TTO:TT:NA:Trinidad_and_Tobago BHS:BS:NA:Bahamas BRB:BB:NA:Barbados
PRI:PR:NA:Puerto_Rico ATG:AG:NA:Antigua_and_Barbuda BMU:BM:NA:Bermuda CYM:KY:NA:Cayman_Islands VGB:VG:NA:British_Virgin_Islands
UMI:UM:OC:United_States_Minor_Outlying_Islands FJI:FJ:OC:Fiji PNG:PG:OC:Papua_New_Guinea GUM:GU:OC:Guam`
    .split(/\s+/)
    .map((e) => e.split(':'))
    .map(([three, two, continent, name]) => [three!, [two!, continent!, name!.replace(/_/g, ' ')] as const]),
);

/** A country code as a source writes it (alpha-3 or alpha-2) -> alpha-2; unknown rejects the row. */
export function countryOf(column: string, value: string): string {
  const code = value.trim().toUpperCase();
  if (code.length === 2 && ALPHA2.has(code)) return code;
  const two = ISO3[code] ?? OTHER_COUNTRIES[code]?.[0];
  if (!two) throw new RowError(column, value, 'unknown country code (an ISO 3166 alpha-3 code)');
  return two;
}

const ALPHA2 = new Set([...Object.values(ISO3), ...Object.values(OTHER_COUNTRIES).map(([two]) => two)]);

/** alpha-2 -> [continent code, name] of the countries created on first use. */
export const OTHER_BY_ALPHA2 = new Map(Object.values(OTHER_COUNTRIES).map(([two, continent, name]) => [two, { continent, name }]));

/** US state codes -> the state names of our places. */
export const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
  DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey',
  NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming', PR: 'Puerto Rico',
};

/** A state as a source writes it -> the name our places give it (US codes expanded; anything else as written). */
export function stateOf(country2: string, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  return country2 === 'US' ? (US_STATES[v.toUpperCase()] ?? v) : v;
}

/** A whole number of USD: digits (an exponent as Excel writes large numbers is read); anything else rejects the row. */
export function amountOf(column: string, value: string): number | null {
  const v = value.trim().replace(/,/g, '');
  if (!v) return null;
  if (!/^\d+(\.\d+)?(E\+?\d+)?$/i.test(v)) throw new RowError(column, value, 'an amount must be a number');
  const n = Math.round(Number(v));
  if (!Number.isSafeInteger(n)) throw new RowError(column, value, 'an amount too large to store');
  return n;
}

export interface PartialDate {
  text: string;
  sort: string;
  year: number;
  month: number | null;
}

/** A date at the precision written (YYYY, YYYY-MM or YYYY-MM-DD) and its sortable form; anything else rejects the row. */
export function dateOf(column: string, value: string): PartialDate | null {
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(v);
  const year = m ? Number(m[1]) : NaN;
  const month = m?.[2] ? Number(m[2]) : null;
  const day = m?.[3] ? Number(m[3]) : null;
  const valid =
    m !== null && year >= 1800 && year <= 2100 && (month === null || (month >= 1 && month <= 12)) &&
    (day === null || (day >= 1 && day <= new Date(Date.UTC(year, month!, 0)).getUTCDate()));
  if (!valid) throw new RowError(column, value, 'a date must be YYYY-MM-DD, YYYY-MM or YYYY');
  const sort = `${m![1]}-${m![2] ?? '01'}-${m![3] ?? '01'}`;
  return { text: v, sort, year, month };
}
