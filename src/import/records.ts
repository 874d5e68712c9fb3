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
  /** `investor` for an organisation that is only an investor (today's export's `primary_role`); `company` otherwise. */
  subtype?: 'company' | 'investor';
}

/** A person (today's export's people.csv), with the organisation of their featured job. */
export interface PersonIn {
  type: 'person';
  key: string;
  name: string;
  gender: string | null;
  place: PlaceIn | null;
  link_crunchbase: string | null;
  /** The featured job: its organisation's key in the same source and the title as written. */
  job: { org: string; title: string | null } | null;
}

/** The entity key types an investor can have: an organisation (`company` keys) or a person. */
export type InvestorKeyType = 'company' | 'person';

/**
 * An investor profile (investors.csv) laid over the organisation or person of the same key: marks it
 * an investor with its investor types; created from the row when no record of it exists.
 */
export interface InvestorIn {
  type: 'investor';
  key: string;
  entity: InvestorKeyType;
  name: string;
  place: PlaceIn | null;
  /** Codes of our investor types (mapping.ts). */
  investorTypes: string[];
  link_crunchbase: string | null;
  domain: string | null;
}

/** An investor's part in a round (investments.csv): identified by the round and the investor. */
export interface InvestmentIn {
  type: 'investment';
  key: string;
  round: string;
  investor: string;
  /** null: look the investor up among organisations, then people. */
  entity: InvestorKeyType | null;
  /** null: a lead named by the round (funding_rounds.csv `lead_investor_uuids`): added when the pair has no part yet, an existing part left as it is. */
  lead: boolean | null;
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
  /** The column a currency without a reference rate is reported in (default `price_currency_code`). */
  currencyColumn?: string;
  /** Post-money valuation, in `valuationCurrency` (whole units); left out: none. */
  valuation?: number | null;
  valuationCurrency?: string;
  valuationColumn?: string;
}

export interface DeleteIn {
  type: 'company' | RoundKeyType;
  key: string;
  delete: true;
}

export type RecordIn = CompanyIn | PersonIn | InvestorIn | RoundIn | InvestmentIn | DeleteIn;

/** One source row: its record, and companies it names that are created when no record of them exists. */
export interface RowIn {
  line: number;
  record: RecordIn;
  ensure?: CompanyIn[];
  /** Parts this row's record names (a round's leads), written after it. */
  parts?: InvestmentIn[];
}

/** The record types of a report, by key type. */
export const REPORT_TYPE: Record<RecordIn['type'], string> = {
  company: 'companies', person: 'people', investor: 'investors', round: 'rounds', acquisition: 'acquisitions', investment: 'investments',
};

export const STATUSES = ['operating', 'acquired', 'ipo', 'closed'] as const;
