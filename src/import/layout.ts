/**
 * What a crunchbase-csv layout is (src/import/crunchbase.ts, src/import/crunchbaseBulk.ts) and the
 * column readers its rows share: required and optional values, places, statuses, dates and the
 * derived keys of rows without an identifier.
 */
import { RowError } from './errors.js';
import { countryOf, dateOf, stateOf, type PartialDate } from './mapping.js';
import { STATUSES, type PlaceIn, type RoundKeyType, type RowIn } from './records.js';

export interface Layout {
  name: string;
  /** Processing order across the files of one import: companies before what names them. */
  order: number;
  /** Columns the header must hold. */
  required: readonly string[];
  /** The report's record type of a rejected row (default: the layout's name). */
  report?: string;
  /** The column a rejected round names its company in (default `company_permalink`). */
  companyColumn?: string;
  /** The key type a complete file (`--complete`) withdraws the records of when it no longer holds them. */
  withdraws?: RoundKeyType;
  /** A row (by column name) -> what it imports; `seen` counts rows of equal identity so far (derived keys). */
  map(row: Record<string, string>, line: number, seen: Map<string, number>): RowIn;
}

export const required = (row: Record<string, string>, column: string): string => {
  const v = (row[column] ?? '').trim();
  if (!v) throw new RowError(column, row[column] ?? '', `${column} is required`);
  return v;
};

export const opt = (row: Record<string, string>, column: string): string | null => (row[column] ?? '').trim() || null;

/** A key for rows without an identifier: their identifying content and their position among rows of equal content. */
export function derivedKey(parts: readonly string[], seen: Map<string, number>): string {
  const identity = parts.join('|');
  const n = (seen.get(identity) ?? 0) + 1;
  seen.set(identity, n);
  return `${identity}#${n}`;
}

/** A place from `<prefix>country_code`, `state_code` and `city`; `region` (today's export) stands for a state without a code. */
export function placeOf(row: Record<string, string>, prefix: string, region = false): PlaceIn | null {
  const country = opt(row, `${prefix}country_code`);
  if (!country) return null;
  const two = countryOf(`${prefix}country_code`, country);
  const state = opt(row, `${prefix}state_code`) ?? (region ? opt(row, `${prefix}region`) : null);
  return { country: two, state: stateOf(two, state ?? ''), city: opt(row, `${prefix}city`) };
}

export function statusOf(row: Record<string, string>): string | null {
  const v = opt(row, 'status');
  if (v === null) return null;
  if (!(STATUSES as readonly string[]).includes(v)) throw new RowError('status', v, `unknown status (known: ${STATUSES.join(', ')})`);
  return v;
}

export const dateIn = (row: Record<string, string>, column: string): PartialDate | null => dateOf(column, row[column] ?? '');
