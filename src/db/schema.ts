/**
 * The tables of the database and their columns: the one description the others derive from. The
 * seed writer's column lists (seeds/writer.ts) and the row types of src/db (`RowOf`) are read from
 * it, and test/integration/schema.test.ts holds the migrated database to it on both engines, so a
 * migration that adds, drops or changes a column fails there until this file says the same.
 * Migrations themselves are frozen history with their own SQL and are not derived from it.
 *
 * A column is `int`, `num`, `text` or `bool` (SQLite returns 0/1), with `?` when it may be null.
 */
export const SCHEMA = {
  places: { id: 'int', kind: 'text', name: 'text', code: 'text?', parent_id: 'int?', country_id: 'int?', continent_id: 'int?', state_id: 'int?', region_id: 'int?', lat: 'num?', lon: 'num?' },
  taxonomy: { id: 'int', name: 'text', type: 'text' },
  investor_types: { id: 'int', name: 'text', code: 'text' },
  investment_stages: { id: 'int', name: 'text', code: 'text' },
  entities: { id: 'int', uuid: 'text', type: 'text', subtype: 'text?', name: 'text', name_lower: 'text', domain: 'text?', tagline: 'text?', about: 'text?', image: 'text?', link_website: 'text?', link_linkedin: 'text?', link_twitter: 'text?', link_instagram: 'text?', link_angellist: 'text?', link_crunchbase: 'text?', launch_date: 'text?', launch_date_sort: 'text?', closing_date: 'text?', closing_date_sort: 'text?', became_unicorn_date: 'text?', became_unicorn_date_sort: 'text?', became_thoroughbred_date: 'text?', became_thoroughbred_date_sort: 'text?', exit_date: 'text?', exit_date_sort: 'text?', employees_count: 'int?', employee_count_1y_growth: 'num?', added_at: 'text', updated_at: 'text', status: 'text?', signal_rating: 'num?', unicorn_type: 'text?', gender: 'text?', is_founder: 'bool', hq_city_id: 'int?', hq_country_id: 'int?', hq_continent_id: 'int?', funding_total_usd: 'int?', funding_total_vc_usd: 'int?', funding_rounds_count: 'int', last_round_date_sort: 'text?', valuation_usd: 'int?', valuation_year: 'int?', valuation_month: 'int?', jobs_open_count: 'int', revenue_usd: 'int?', revenue_year: 'int?', traffic_monthly_visits: 'int?', traffic_growth_3m: 'num?', patents_count: 'int', is_investor: 'bool', investor_rank: 'int?', investor_deal_min_usd: 'int?', investor_deal_max_usd: 'int?', investor_investments_count: 'int?', investor_total_invested_usd: 'int?', investor_preferred_round: 'text?', investor_last_round_date: 'text?', investor_exits_count: 'int?', investor_exits_total_value_usd: 'int?', investor_exits_pct: 'num?', investor_match_companies_count: 'int?', investor_match_invested_usd: 'int?', founded_companies_count: 'int?', founded_companies_total_funding_usd: 'int?' },
  entity_locations: { entity_id: 'int', role: 'text', city_id: 'int', position: 'int' },
  entity_taxonomy: { entity_id: 'int', taxonomy_id: 'int' },
  entity_flags: { entity_id: 'int', kind: 'text', value: 'text' },
  entity_investor_types: { entity_id: 'int', investor_type_id: 'int' },
  entity_investor_stages: { entity_id: 'int', stage_id: 'int' },
  transactions: { id: 'int', company_id: 'int', amount_usd: 'int?', announced_date: 'text?', date_sort: 'text?', year: 'int?', month: 'int?', round_type: 'text?', round_type_code: 'text?', standardized_round: 'text?', valuation_usd: 'int?', is_verified: 'bool?', is_vc_round: 'bool?', is_exit: 'bool?', source_url: 'text?', created_at: 'text', deleted_at: 'text?', updated_at: 'text?' },
  transaction_investors: { transaction_id: 'int', investor_id: 'int', is_lead: 'bool?', position: 'int' },
  degrees: { id: 'int', name: 'text' },
  majors: { id: 'int', name: 'text' },
  career: { id: 'int', person_id: 'int', org_id: 'int', raw_title: 'text?', titles: 'text', is_founder: 'bool', is_executive: 'bool', is_partner: 'bool', is_past: 'bool', start_date: 'text?', start_sort: 'text?', end_date: 'text?' },
  education: { id: 'int', person_id: 'int', university_id: 'int', degree_id: 'int?', major_ids: 'text', start_date: 'text?', start_sort: 'text?', end_date: 'text?' },
  jobs: { id: 'int', entity_id: 'int', title: 'text', url: 'text?', source: 'text?', job_type: 'text?', formatted_location: 'text?', post_language: 'text?', latitude: 'num?', longitude: 'num?', posted_at: 'text', city_id: 'int?', state_id: 'int?', country_id: 'int?', continent_id: 'int?', city_region_ids: 'text', salary_min: 'int?', salary_max: 'int?', salary_currency: 'text?', department: 'text?', contract_type: 'text?', is_active: 'bool', updated_at: 'text?' },
  funds: { id: 'int', investor_id: 'int', name: 'text', amount_usd: 'int?', amount_source: 'int?', currency_source: 'text?', announced_date: 'text?', announced_sort: 'text?', vintage_year: 'int?', fund_type: 'text?', status: 'text?', updated_at: 'text?' },
  fund_lps: { fund_id: 'int', lp_id: 'int' },
  valuations: { id: 'int', company_id: 'int', value_usd: 'int', valued_date: 'text', date_sort: 'text', source: 'text?', transaction_id: 'int?', updated_at: 'text?' },
  financials: { company_id: 'int', year: 'int', revenue_usd: 'int?', ebitda_usd: 'int?', profit_usd: 'int?', rnd_usd: 'int?', valuation_usd: 'int?', employees: 'int?' },
  headcount_breakdown: { company_id: 'int', department: 'text', count: 'int', percentage: 'num' },
  web_traffic: { company_id: 'int', month: 'text', visits: 'int?' },
  patents: { id: 'int', entity_id: 'int', number: 'text', title: 'text', filed_date: 'text?', granted_date: 'text?' },
  news: { id: 'int', title: 'text', url: 'text', source: 'text?', article_type: 'text?', summary: 'text?', published_at: 'text', updated_at: 'text?' },
  news_entities: { news_id: 'int', entity_id: 'int' },
  news_taxonomy: { news_id: 'int', taxonomy_id: 'int' },
  landscapes: { id: 'int', slug: 'text', name: 'text', description: 'text?' },
  landscape_taxonomy: { landscape_id: 'int', taxonomy_id: 'int' },
  teams: { id: 'int', name: 'text', slug: 'text', created_by: 'text', is_active: 'bool', created_at: 'text', updated_at: 'text' },
  team_members: { team_id: 'int', member: 'text', role: 'text' },
  api_keys: { id: 'int', client_id: 'text', secret_hash: 'text', label: 'text', scopes: 'text', team_id: 'int', created_by: 'text?', status: 'text', created_at: 'text', revoked_at: 'text?' },
  users: { id: 'int', email: 'text', password_hash: 'text', plan: 'text', ecosystem: 'text?' },
  credit_balances: { team_id: 'int', balance: 'int', granted: 'int', updated_at: 'text' },
  credit_leases: { id: 'text', team_id: 'int', holder: 'text', granted: 'int', used: 'int', expires_ms: 'int', reclaim: 'int' },
  usage_daily: { team_id: 'int', day: 'text', operation_id: 'text', requests: 'int', credits: 'int' },
  rate_limit_buckets: { client_id: 'text', tokens: 'num', updated_ms: 'int', last_allowed: 'bool' },
  fx_rates: { currency: 'text', per_usd: 'num', as_of: 'text' },
  search_terms: { term: 'text', entity_id: 'int', kind: 'text', rank: 'int', signal: 'num' },
  match_keys: { kind: 'text', key: 'text', entity_id: 'int' },
  keyword_terms: { term: 'text', entity_id: 'int', tf: 'num', dl: 'num' },
  keyword_model: { term: 'text', concept_id: 'int', weight: 'num' },
  keyword_concepts: { concept_id: 'int', entity_id: 'int', weight: 'num' },
  ecosystems: { id: 'text', name: 'text', currency: 'text', created_at: 'text', updated_at: 'text' },
  ecosystem_places: { ecosystem_id: 'text', place_id: 'int' },
  notes: { id: 'int', team_id: 'int', entity_id: 'int', body: 'text', created_by: 'text', created_at: 'text', updated_at: 'text' },
  news_terms: { term: 'text', news_id: 'int', rank: 'int', published_at: 'text' },
  analytics_rollup: { dim_a: 'text', label_a: 'text', dim_b: 'text', label_b: 'text', rounds: 'int', companies: 'int', amount_sum: 'num?', amount_avg: 'num?' },
  auth_attempts: { bucket: 'text', hits: 'int', window_end_ms: 'int' },
  auth_codes: { code_hash: 'text', client_id: 'text', redirect_uri: 'text', challenge: 'text', sub: 'text', tier: 'text', ecosystem: 'text?', expires_ms: 'int' },
  analytics_facts: { dim: 'int', round_id: 'int', value_id: 'int' },
  import_keys: { source: 'text', type: 'text', key: 'text', record_id: 'int' },
  change_log: { seq: 'int', type: 'text', record_id: 'int', kind: 'text', fields: 'text?', at: 'text' },
  entity_tombstones: { id: 'int', uuid: 'text', type: 'text', subtype: 'text?', deleted_at: 'text' },
  change_feed_state: { id: 'int', pruned_through: 'int' },
  oauth_clients: { client_id: 'text', redirect_uris: 'text', client_name: 'text?', created_ms: 'int' },
  import_runs: { id: 'text', team_id: 'int', source: 'text', mode: 'text', dry_run: 'bool', status: 'text', bytes: 'int', report: 'text?', error: 'text?', created_at: 'text', finished_at: 'text?', owner: 'text?', alive_at: 'text?' },
  webhooks: { id: 'text', team_id: 'int', url: 'text', events: 'text', filter: 'text?', description: 'text?', secret: 'text', previous_secret: 'text?', previous_expires_ms: 'int?', status: 'text', disabled_reason: 'text?', failing_since_ms: 'int?', cursor_seq: 'int', created_at: 'text' },
  webhook_deliveries: { id: 'text', webhook_id: 'text', event_type: 'text', payload: 'text', status: 'text', attempts: 'int', created_ms: 'int', next_attempt_ms: 'int', claimed_until_ms: 'int?', delivered_ms: 'int?' },
  webhook_attempts: { id: 'int', delivery_id: 'text', webhook_id: 'text', at_ms: 'int', status_code: 'int?', latency_ms: 'int', success: 'bool', error: 'text?' },
  record_documents: { kind: 'text', record_id: 'int', body: 'text', money_paths: 'text', lock_paths: 'text', downgrades: 'text', csv: 'text?' },
  idempotency_keys: { scope: 'text', key_hash: 'text', fingerprint: 'text', status: 'int?', response: 'text?', created_ms: 'int' },
} as const satisfies Record<string, Record<string, ColumnKind>>;

type BaseKind = 'int' | 'num' | 'text' | 'bool';
export type ColumnKind = BaseKind | `${BaseKind}?`;

type TsOf<K> = K extends `${infer B}?` ? TsOf<B> | null : K extends 'int' | 'num' ? number : K extends 'bool' ? boolean | number : string;

export type TableName = keyof typeof SCHEMA;

/** A whole row of `table` as the database returns it. */
export type RowOf<T extends TableName> = { -readonly [C in keyof (typeof SCHEMA)[T]]: TsOf<(typeof SCHEMA)[T][C]> };

/** The columns of `table`, in the order of the table. */
export function columnsOf<T extends TableName>(table: T): (keyof (typeof SCHEMA)[T] & string)[] {
  return Object.keys(SCHEMA[table]) as (keyof (typeof SCHEMA)[T] & string)[];
}

/** Whether a column may be null. */
export function nullable(table: TableName, column: string): boolean {
  return ((SCHEMA[table] as Record<string, ColumnKind>)[column] ?? '').endsWith('?');
}

/** `alias.column` for every column of `table` but `except`, in the order of the table (a SELECT list). */
export function selectList<T extends TableName>(table: T, alias: string, except: readonly (keyof (typeof SCHEMA)[T])[] = []): string[] {
  return columnsOf(table)
    .filter((c) => !except.includes(c))
    .map((c) => `${alias}.${c}`);
}
