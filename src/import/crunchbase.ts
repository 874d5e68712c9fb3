/**
 * The `crunchbase-csv` format: each file's layout is recognised from its header (docs/import.md).
 * The October 2013 export: companies, rounds and acquisitions (an investments file of that export
 * has investor columns this service does not import from it, and is refused with a clear message).
 *
 * Columns the service derives itself (`funding_total_usd`, `funding_rounds`, first and last funding
 * dates) are not read: the figures come from the rounds (src/db/figures.ts). Rows with every field
 * empty (Excel's trailing debris) are not records.
 */
import { RowError } from './errors.js';
import { amountOf, countryOf, dateOf, roundKindOf, sectorOf, stateOf, type PartialDate } from './mapping.js';
import { STATUSES, type CompanyIn, type PlaceIn, type RowIn } from './records.js';

export interface Layout {
  name: string;
  /** Processing order across the files of one import: companies before what names them. */
  order: number;
  /** Columns the header must hold. */
  required: readonly string[];
  /** A row (by column name) -> what it imports; `seen` counts rows of equal identity so far (derived keys). */
  map(row: Record<string, string>, line: number, seen: Map<string, number>): RowIn;
}

const required = (row: Record<string, string>, column: string): string => {
  const v = (row[column] ?? '').trim();
  if (!v) throw new RowError(column, row[column] ?? '', `${column} is required`);
  return v;
};

const opt = (row: Record<string, string>, column: string): string | null => (row[column] ?? '').trim() || null;

/** A key for rows without an identifier: their identifying content and their position among rows of equal content. */
function derivedKey(parts: readonly string[], seen: Map<string, number>): string {
  const identity = parts.join('|');
  const n = (seen.get(identity) ?? 0) + 1;
  seen.set(identity, n);
  return `${identity}#${n}`;
}

function placeOf(row: Record<string, string>, prefix: string): PlaceIn | null {
  const country = opt(row, `${prefix}country_code`);
  if (!country) return null;
  const two = countryOf(`${prefix}country_code`, country);
  return { country: two, state: stateOf(two, row[`${prefix}state_code`] ?? ''), city: opt(row, `${prefix}city`) };
}

function statusOf(row: Record<string, string>): string | null {
  const v = opt(row, 'status');
  if (v === null) return null;
  if (!(STATUSES as readonly string[]).includes(v)) throw new RowError('status', v, `unknown status (known: ${STATUSES.join(', ')})`);
  return v;
}

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

const dateIn = (row: Record<string, string>, column: string): PartialDate | null => dateOf(column, row[column] ?? '');

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
    order: 1,
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
    order: 2,
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
  const fits = LAYOUTS_2013.filter((l) => l.required.every((c) => cols.has(c)));
  fits.sort((a, b) => b.required.length - a.required.length);
  return fits[0] ?? null;
}

export const KNOWN_HEADERS = LAYOUTS_2013.map((l) => `${l.name} (${l.required.join(', ')})`).join('; ');
