/**
 * What a source row becomes before it is written: records in our own terms, whatever the format.
 * A record is named by its type and its key in the import's source (docs/import.md).
 */
import type { PartialDate, RoundKind } from './mapping.js';

export interface PlaceIn {
  /** ISO 3166 alpha-2. */
  country: string;
  state: string | null;
  city: string | null;
}

export interface CompanyIn {
  type: 'company';
  key: string;
  name: string;
  status: string | null;
  launch: PartialDate | null;
  /** Sector names (mapping.ts). */
  sectors: string[];
  place: PlaceIn | null;
  link_crunchbase: string | null;
  domain: string | null;
}

/** `round` and `acquisition` keys are kept apart: a rounds file withdraws rounds, not acquisitions. */
export type RoundKeyType = 'round' | 'acquisition';

export interface RoundIn {
  type: RoundKeyType;
  key: string;
  /** The company's key in the same source. */
  company: string;
  kind: RoundKind;
  date: PartialDate | null;
  /** In `currency` (whole units). */
  amount: number | null;
  currency: string;
}

export interface DeleteIn {
  type: 'company' | RoundKeyType;
  key: string;
  delete: true;
}

export type RecordIn = CompanyIn | RoundIn | DeleteIn;

/** One source row: its record, and companies it names that are created when no record of them exists. */
export interface RowIn {
  line: number;
  record: RecordIn;
  ensure?: CompanyIn[];
}

/** The record types of a report, by key type. */
export const REPORT_TYPE: Record<RecordIn['type'], string> = { company: 'companies', round: 'rounds', acquisition: 'acquisitions' };

export const STATUSES = ['operating', 'acquired', 'ipo', 'closed'] as const;
