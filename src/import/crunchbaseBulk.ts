/**
 * Today's Crunchbase bulk export in the `crunchbase-csv` format (docs/import.md): organizations,
 * people, investors, funding_rounds, investments and acquisitions, each file recognised from its
 * header. Every record of this export has a `uuid`, its key; a row names another record by its uuid
 * (`org_uuid`, `investor_uuid`, `featured_job_organization_uuid`, ...).
 *
 * Columns the service derives itself (`num_funding_rounds`, `total_funding_usd`, `investment_count`,
 * `investor_count`, `last_funding_on`, `rank`) are not read: the figures come from the rounds and
 * parts (src/db/figures.ts). An amount in USD (`raised_amount_usd`) is read as written; without it the
 * amount in its own currency is converted with the reference rates.
 */
import { RowError } from './errors.js';
import { amountOf, investorTypesOf, roundKindOf, sectorsOf } from './mapping.js';
import { dateIn, opt, placeOf, required, statusOf, type Layout } from './layout.js';
import type { CompanyIn, InvestmentIn, InvestorKeyType, RoundIn } from './records.js';

/** An amount: the USD column when filled, else the amount in the currency of `<base>_currency_code`. */
function money(row: Record<string, string>, usd: string, base: string): { amount: number | null; currency: string; column: string } {
  const inUsd = amountOf(usd, row[usd] ?? '');
  if (inUsd !== null) return { amount: inUsd, currency: 'USD', column: usd };
  const amount = amountOf(base, row[base] ?? '');
  const column = `${base}_currency_code`;
  if (amount === null) return { amount: null, currency: 'USD', column };
  const currency = required(row, column).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new RowError(column, row[column] ?? '', 'a currency must be an ISO 4217 code');
  return { amount, currency, column };
}

/** An entity type as this export writes it (`type`, `investor_type`). */
function entityOf(row: Record<string, string>, column: string): InvestorKeyType {
  const v = required(row, column).toLowerCase();
  if (v === 'organization') return 'company';
  if (v === 'person') return 'person';
  throw new RowError(column, row[column] ?? '', 'an entity type must be organization or person');
}

function leadOf(row: Record<string, string>, column: string): boolean {
  const v = (row[column] ?? '').trim().toLowerCase();
  if (['true', 't', '1', 'yes'].includes(v)) return true;
  if (['false', 'f', '0', 'no', ''].includes(v)) return false;
  throw new RowError(column, row[column] ?? '', `${column} must be true or false`);
}

const GENDERS = new Set(['male', 'female']);

/** An organisation named by an acquisition: its uuid, name, Crunchbase address and place. */
function namedOrg(row: Record<string, string>, prefix: string, status: string | null): CompanyIn {
  return {
    type: 'company', key: required(row, `${prefix}uuid`), name: required(row, `${prefix}name`), status, launch: null, sectors: [],
    place: placeOf(row, prefix, true), link_crunchbase: opt(row, `${prefix}cb_url`), domain: null,
  };
}

const PLACE = ['country_code', 'state_code', 'region', 'city'] as const;

export const LAYOUTS_BULK: readonly Layout[] = [
  {
    name: 'organizations',
    order: 0,
    report: 'companies',
    required: ['uuid', 'name', 'cb_url', 'roles', 'domain', ...PLACE, 'status', 'category_groups_list', 'founded_on'],
    map: (row, line) => {
      const roles = (row.roles ?? '').split(',').map((r) => r.trim().toLowerCase());
      // an organisation whose only role is investing is an investor firm; everything else a company
      const primary = opt(row, 'primary_role')?.toLowerCase() ?? (roles.includes('company') || !roles.includes('investor') ? 'company' : 'investor');
      return {
        line,
        record: {
          type: 'company', key: required(row, 'uuid'), name: required(row, 'name'), status: statusOf(row), launch: dateIn(row, 'founded_on'),
          sectors: sectorsOf(row.category_groups_list ?? ''), place: placeOf(row, '', true), link_crunchbase: opt(row, 'cb_url'),
          domain: opt(row, 'domain')?.toLowerCase() ?? null, subtype: primary === 'investor' ? 'investor' : 'company',
        },
      };
    },
  },
  {
    name: 'people',
    order: 1,
    required: ['uuid', 'name', 'cb_url', 'gender', ...PLACE, 'featured_job_organization_uuid', 'featured_job_title'],
    map: (row, line) => {
      const org = opt(row, 'featured_job_organization_uuid');
      const gender = opt(row, 'gender')?.toLowerCase() ?? null;
      return {
        line,
        record: {
          type: 'person', key: required(row, 'uuid'), name: required(row, 'name'), gender: gender !== null && GENDERS.has(gender) ? gender : null,
          place: placeOf(row, '', true), link_crunchbase: opt(row, 'cb_url'), job: org ? { org, title: opt(row, 'featured_job_title') } : null,
        },
      };
    },
  },
  {
    name: 'investors',
    order: 2,
    required: ['uuid', 'name', 'type', 'cb_url', 'domain', ...PLACE, 'investor_types'],
    map: (row, line) => ({
      line,
      record: {
        type: 'investor', key: required(row, 'uuid'), entity: entityOf(row, 'type'), name: required(row, 'name'), place: placeOf(row, '', true),
        investorTypes: investorTypesOf('investor_types', row.investor_types ?? ''), link_crunchbase: opt(row, 'cb_url'),
        domain: opt(row, 'domain')?.toLowerCase() ?? null,
      },
    }),
  },
  {
    name: 'funding_rounds',
    order: 3,
    report: 'rounds',
    companyColumn: 'org_uuid',
    withdraws: 'round',
    required: [
      'uuid', 'investment_type', 'announced_on', 'raised_amount_usd', 'raised_amount', 'raised_amount_currency_code', 'post_money_valuation_usd',
      'post_money_valuation', 'post_money_valuation_currency_code', 'org_uuid', 'lead_investor_uuids',
    ],
    map: (row, line) => {
      const key = required(row, 'uuid');
      const raised = money(row, 'raised_amount_usd', 'raised_amount');
      const valuation = money(row, 'post_money_valuation_usd', 'post_money_valuation');
      const record: RoundIn = {
        type: 'round', key, company: required(row, 'org_uuid'), kind: roundKindOf('investment_type', required(row, 'investment_type')),
        date: dateIn(row, 'announced_on'), amount: raised.amount, currency: raised.currency, currencyColumn: raised.column,
        valuation: valuation.amount, valuationCurrency: valuation.currency, valuationColumn: valuation.column,
      };
      // the round's leads: parts added when the pair has none yet (investments.csv says more about each)
      const leads = [...new Set((row.lead_investor_uuids ?? '').split(',').map((u) => u.trim()).filter(Boolean))];
      const parts: InvestmentIn[] = leads.map((investor) => ({ type: 'investment', key: `${key}|${investor}`, round: key, investor, entity: null, lead: null }));
      return { line, record, parts };
    },
  },
  {
    name: 'investments',
    order: 5,
    required: ['uuid', 'funding_round_uuid', 'investor_uuid', 'investor_type', 'is_lead_investor'],
    map: (row, line) => ({
      line,
      record: {
        type: 'investment', key: required(row, 'uuid'), round: required(row, 'funding_round_uuid'), investor: required(row, 'investor_uuid'),
        entity: entityOf(row, 'investor_type'), lead: leadOf(row, 'is_lead_investor'),
      },
    }),
  },
  {
    name: 'acquisitions',
    order: 4,
    companyColumn: 'acquiree_uuid',
    withdraws: 'acquisition',
    required: [
      'uuid', 'acquiree_uuid', 'acquiree_name', 'acquiree_cb_url', ...PLACE.map((c) => `acquiree_${c}`), 'acquirer_uuid', 'acquirer_name',
      'acquirer_cb_url', ...PLACE.map((c) => `acquirer_${c}`), 'acquired_on', 'price_usd', 'price', 'price_currency_code',
    ],
    map: (row, line) => {
      const price = money(row, 'price_usd', 'price');
      return {
        line,
        record: {
          type: 'acquisition', key: required(row, 'uuid'), company: required(row, 'acquiree_uuid'), kind: roundKindOf('acquisition_type', 'acquisition'),
          date: dateIn(row, 'acquired_on'), amount: price.amount, currency: price.currency, currencyColumn: price.column,
        },
        ensure: [namedOrg(row, 'acquiree_', 'acquired'), ...(opt(row, 'acquirer_uuid') ? [namedOrg(row, 'acquirer_', null)] : [])],
      };
    },
  },
];
