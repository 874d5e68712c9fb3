/**
 * The `crunchbase-csv` format: each file's layout is recognised from its header (docs/import.md).
 * The October 2013 export: companies, rounds and acquisitions (an investments file of that export
 * has investor columns this service does not import from it, and is refused with a clear message);
 * today's bulk export in src/import/crunchbaseBulk.ts.
 *
 * Columns the service derives itself (`funding_total_usd`, `funding_rounds`, first and last funding
 * dates) are not read: the figures come from the rounds (src/db/figures.ts). Rows with every field
 * empty (Excel's trailing debris) are not records.
 */
import { LAYOUTS_BULK } from './crunchbaseBulk.js';
import { RowError } from './errors.js';
import { amountOf, roundKindOf, sectorOf } from './mapping.js';
import type { CompanyIn } from './records.js';
import { dateIn, derivedKey, opt, placeOf, required, statusOf, type Layout } from './layout.js';

const crunchbaseLink = (permalink: string) => `https://www.crunchbase.com/organization/${permalink.replace(/^\/?(company|organization)\//, '')}`;

/** A company named by a row of another file (acquisitions): its permalink, name, category and place. */
function namedCompany(row: Record<string, string>, prefix: string, status: string | null): CompanyIn {
  const key = required(row, `${prefix}permalink`);
  return {
    type: 'company', key, name: required(row, `${prefix}name`), status, launch: null,
    sectors: sectorList(opt(row, `${prefix}category_code`)), place: placeOf(row, prefix), link_crunchbase: crunchbaseLink(key), domain: null,
  };
}

const sectorList = (category: string | null): string[] => {
  const s = category === null ? null : sectorOf(category);
  return s === null ? [] : [s];
};

export const LAYOUTS_2013: readonly Layout[] = [
  {
    name: 'companies',
    order: 0,
    required: ['permalink', 'name', 'category_code', 'status', 'country_code', 'state_code', 'city', 'founded_at'],
    map: (row, line) => {
      const key = required(row, 'permalink');
      return {
        line,
        record: {
          type: 'company', key, name: required(row, 'name'), status: statusOf(row),
          // the founding date at the precision given: founded_at, else founded_month, else founded_year
          launch: dateIn(row, 'founded_at') ?? dateIn(row, 'founded_month') ?? dateIn(row, 'founded_year'),
          sectors: sectorList(opt(row, 'category_code')), place: placeOf(row, ''), link_crunchbase: crunchbaseLink(key), domain: null,
        },
      };
    },
  },
  {
    name: 'rounds',
    order: 3,
    withdraws: 'round',
    required: ['company_permalink', 'funding_round_type', 'funded_at', 'raised_amount_usd'],
    map: (row, line, seen) => {
      const company = required(row, 'company_permalink');
      const type = required(row, 'funding_round_type');
      const kind = roundKindOf('funding_round_type', type);
      const date = dateIn(row, 'funded_at');
      const amount = amountOf('raised_amount_usd', row.raised_amount_usd ?? '');
      return { line, record: { type: 'round', key: derivedKey([company, type, row.funded_at ?? ''], seen), company, kind, date, amount, currency: 'USD' } };
    },
  },
  {
    name: 'acquisitions',
    order: 4,
    withdraws: 'acquisition',
    required: ['company_permalink', 'company_name', 'acquirer_permalink', 'acquirer_name', 'acquired_at', 'price_amount', 'price_currency_code'],
    map: (row, line, seen) => {
      const company = required(row, 'company_permalink');
      const date = dateIn(row, 'acquired_at');
      const amount = amountOf('price_amount', row.price_amount ?? '');
      const currency = (opt(row, 'price_currency_code') ?? 'USD').toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) throw new RowError('price_currency_code', currency, 'a currency must be an ISO 4217 code');
      const key = derivedKey([company, row.acquirer_permalink ?? '', row.acquired_at ?? ''], seen);
      return {
        line,
        record: { type: 'acquisition', key, company, kind: roundKindOf('funding_round_type', 'acquisition'), date, amount, currency },
        ensure: [namedCompany(row, 'company_', 'acquired'), ...(opt(row, 'acquirer_permalink') ? [namedCompany(row, 'acquirer_', null)] : [])],
      };
    },
  },
];

/** Headers recognised only to refuse them with a reason. */
const REFUSED: readonly { required: readonly string[]; reason: string }[] = [
  {
    required: ['company_permalink', 'investor_permalink', 'funding_round_type'],
    reason: 'the 2013 investments layout: its rounds carry no identifier to tie investors to; import its rounds file',
  },
];

/** The layout a header names; null when none matches (the caller says what was expected). */
export function layoutOf(header: readonly string[]): Layout | { refused: string } | null {
  const cols = new Set(header.map((h) => h.trim().toLowerCase()));
  for (const r of REFUSED) if (r.required.every((c) => cols.has(c))) return { refused: r.reason };
  // the most specific layout whose columns are all present
  const fits = LAYOUTS.filter((l) => l.required.every((c) => cols.has(c)));
  fits.sort((a, b) => b.required.length - a.required.length);
  return fits[0] ?? null;
}

/** Every layout: the 2013 export's and today's bulk export's (src/import/crunchbaseBulk.ts). */
const LAYOUTS: readonly Layout[] = [...LAYOUTS_2013, ...LAYOUTS_BULK];

export const KNOWN_HEADERS = LAYOUTS.map((l) => `${l.name} (${l.required.join(', ')})`).join('; ');
