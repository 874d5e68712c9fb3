/**
 * The version history of openapi.yaml as data: every API version, newest first, with its sunset (where the table gives
 * one) and its changes. The version resolver, `GET /reference/versions` and the description in
 * openapi.yaml all read this table.
 */
export interface VersionEntry {
  date: string;
  /** Sunset date given by the table; otherwise 30 days after the successor's date. */
  sunset?: string;
  changes: string[];
}

/**
 * The versions code refers to (a key retired, a field renamed, a rule changed), named so that each
 * date is written once, here; the table's entries below use them.
 */
export const V2026_05_25 = '2026-05-25';
export const V2026_09_01 = '2026-09-01';
export const V2026_10_07 = '2026-10-07';
export const V2026_10_09 = '2026-10-09';

export const LATEST_VERSION = V2026_10_09;
export const SUPPORT_DAYS_AFTER_SUPERSEDED = 30;

export const VERSIONS: readonly VersionEntry[] = [
  {
    date: V2026_10_09,
    changes: [
      'Calendar-day fields (`deal_date`, fund `announced_date`) are `YYYY-MM-DD`.',
      'Transactions replace `year`/`month` with `announced_date`; valuations with `valued_date`; transactions drop `created_at`.',
      'Valuation sort keys `year`/`month` become `date` (default newest first); `created_at` sort replaced by `added_at`.',
      'Date keys renamed: `date_posted`/`posted_at`, `publish_date`/`published_at`, `fund_date`/`announced_date` (sort and filter keys and fields).',
      'Web-traffic `visits` gated per point (nullable).',
      'Validation errors always 400.',
    ],
  },
  {
    date: V2026_10_07,
    sunset: '2026-11-08',
    changes: [
      '`in_any`/`nin_any` replace `in`/`nin`; dotted `ref.key` filters.',
      'News `sector` filter replaced by `taxonomy_id`.',
      'Heatmap `stage` and `standardized_sector` removed.',
      'People lists no longer sort by `launch_date` (default `-signal_rating`).',
      '`/data` lists page by cursor only.',
    ],
  },
  {
    date: '2026-10-02',
    sunset: '2026-11-06',
    changes: [
      'Patent data rebuilt.',
      'Entity rows reshaped (`subtype`, `links`, `locations`, `taxonomy`, partial dates, glance blocks, flat investor profile).',
      'Relation rows carry the entity under a role-named key; `/data/people/{id}/education` added.',
    ],
  },
  {
    date: V2026_09_01,
    changes: ['`funding_year` filter renamed `year` on transactions; `/data/search` returns `{data: [...]}`.'],
  },
  { date: '2026-08-20', sunset: '2026-10-01', changes: ['Nested `latest_valuation` unified to `{value, year, month}`.'] },
  { date: '2026-07-06', sunset: '2026-09-19', changes: ['`investment-funds` endpoints renamed `funds`.'] },
  { date: '2026-07-02', sunset: '2026-08-05', changes: ['`is_top_story` removed from news.'] },
  {
    date: '2026-06-30',
    sunset: '2026-08-01',
    changes: [
      '`_usd` suffixes dropped on investor and nested company money fields; fund `amount` in active currency with original in `amount_source` (`{amount, currency}`).',
    ],
  },
  { date: '2026-06-23', sunset: '2026-07-30', changes: ['Entity changelog endpoint removed.'] },
  { date: '2026-06-21', sunset: '2026-07-23', changes: ['Relationship sub-resources moved from entities to typed collections.'] },
  { date: '2026-06-19', sunset: '2026-07-21', changes: ['Investor subtype `fund` renamed `investor`; entity funds sub-resource renamed.'] },
  { date: '2026-06-18', sunset: '2026-07-19', changes: ['API key `created_by` may be null.'] },
  { date: '2026-06-17', sunset: '2026-07-18', changes: ['Endpoints moved under functional namespaces.'] },
  { date: '2026-06-02', sunset: '2026-07-17', changes: ['Legacy `is_company` and similar flags removed.'] },
  { date: '2026-05-29', sunset: '2026-07-02', changes: ['`is_ai_summarised` removed.'] },
  { date: V2026_05_25, sunset: '2026-06-28', changes: ['Cursor pagination added; funding sort keys `year`/`month` became `date`.'] },
  { date: '2026-05-22', sunset: '2026-06-24', changes: ['Monetary fields became integers.'] },
  { date: '2026-05-13', sunset: '2026-06-21', changes: ['Placeholder null fields removed.'] },
  { date: '2026-04-10', sunset: '2026-06-12', changes: ['`short_description` reverted to `tagline`.'] },
  { date: '2026-04-02', sunset: '2026-05-10', changes: ['`tagline` renamed `short_description`.'] },
  { date: '2026-03-16', sunset: '2026-05-02', changes: ['Initial version.'] },
];

/** Operational changes that apply whatever the pin. */
export const ALL_VERSION_CHANGES: readonly { date: string; change: string }[] = [
  { date: '2026-11-27', change: 'Change feed `/data/changes` and signed webhooks `/platform/webhooks` for every record type.' },
  { date: '2026-11-27', change: 'Entity matching `/data/entities/match`, ranked `semantic_keyword` lists with a `score`, typo-tolerant `/data/search` and `/platform/ecosystems` added.' },
  { date: '2026-10-12', change: '`group_by` capped at 4.' },
  { date: '2026-10-09', change: 'Financials and headcount-breakdown tier-gated.' },
  { date: '2026-10-08', change: '`universities` and `gov-ngo` aggregate sources added; timeseries money filters follow `currency`.' },
  { date: '2026-10-07', change: '`fundings` source renamed `funding-rounds` (308 redirect); some list cursors need a restart.' },
  { date: '2026-10-06', change: 'Cursor pagination on every list.' },
  { date: '2026-10-03', change: 'API-key requests report `page.tier` = `premium`.' },
  { date: '2026-08-19', change: 'Enum filters strict; `/api` prefix removed.' },
];
