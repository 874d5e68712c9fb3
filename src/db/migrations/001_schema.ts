/**
 * The whole data model (docs/architecture.md), identical on SQLite and PostgreSQL.
 *
 * Conventions:
 * - Internal integer primary keys for joins; entities expose only `uuid`.
 * - Money is whole USD (`*_usd`, bigint); conversion happens on the way out (src/money).
 * - A PartialDate is stored as text at source precision (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) plus a
 *   sortable normalised column (`*_sort`, `YYYY-MM-DD` with unknown parts set to 01).
 * - Instants are ISO 8601 UTC text (`2026-01-02T03:04:05.000Z`): sortable and the same on both engines.
 * - Booleans are booleans (SQLite stores 0/1; repositories normalise).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('places', (t) => {
    t.integer('id').primary();
    t.string('kind', 16).notNullable(); // city | state | country | continent | region
    t.string('name', 200).notNullable();
    t.string('code', 16).nullable(); // ISO code for countries / continents
    t.integer('parent_id').nullable();
    t.integer('country_id').nullable();
    t.integer('continent_id').nullable();
    t.integer('state_id').nullable();
    t.integer('region_id').nullable();
    t.double('lat').nullable();
    t.double('lon').nullable();
    t.index(['kind', 'name']);
  });

  await knex.schema.createTable('taxonomy', (t) => {
    t.integer('id').primary();
    t.string('name', 200).notNullable();
    // sector | technology | industry_tag | business_model | income_stream | client_focus
    t.string('type', 32).notNullable();
    t.index(['type', 'name']);
  });

  await knex.schema.createTable('investor_types', (t) => {
    t.integer('id').primary();
    t.string('name', 100).notNullable();
    t.string('code', 64).notNullable().unique();
  });

  await knex.schema.createTable('investment_stages', (t) => {
    t.integer('id').primary();
    t.string('name', 100).notNullable();
    t.string('code', 64).notNullable().unique();
  });

  await knex.schema.createTable('entities', (t) => {
    t.increments('id');
    t.string('uuid', 36).notNullable().unique();
    t.string('type', 16).notNullable(); // organization | person
    t.string('subtype', 16).nullable(); // company | university | gov_ngo | investor | null
    t.string('name', 300).notNullable();
    t.string('name_lower', 300).notNullable();
    t.string('domain', 255).nullable();
    t.text('tagline').nullable();
    t.text('about').nullable();
    t.string('image', 500).nullable();
    t.string('link_website', 500).nullable();
    t.string('link_linkedin', 500).nullable();
    t.string('link_twitter', 500).nullable();
    t.string('link_instagram', 500).nullable();
    t.string('link_angellist', 500).nullable();
    t.string('link_crunchbase', 500).nullable();
    for (const d of ['launch_date', 'closing_date', 'became_unicorn_date', 'became_thoroughbred_date', 'exit_date']) {
      t.string(d, 10).nullable();
      t.string(`${d}_sort`, 10).nullable();
    }
    t.integer('employees_count').nullable();
    t.double('employee_count_1y_growth').nullable();
    t.string('added_at', 24).notNullable();
    t.string('updated_at', 24).notNullable();
    t.string('status', 32).nullable();
    t.double('signal_rating').nullable();
    t.string('unicorn_type', 32).nullable();
    t.string('gender', 16).nullable();
    t.boolean('is_founder').notNullable().defaultTo(false);
    // denormalised headquarters for filters
    t.integer('hq_city_id').nullable();
    t.integer('hq_country_id').nullable();
    t.integer('hq_continent_id').nullable();
    // funding profile
    t.bigInteger('funding_total_usd').nullable();
    t.bigInteger('funding_total_vc_usd').nullable();
    t.integer('funding_rounds_count').notNullable().defaultTo(0);
    t.string('last_round_date_sort', 10).nullable();
    t.bigInteger('valuation_usd').nullable();
    t.integer('valuation_year').nullable();
    t.integer('valuation_month').nullable();
    t.integer('jobs_open_count').notNullable().defaultTo(0);
    t.bigInteger('revenue_usd').nullable();
    t.integer('revenue_year').nullable();
    t.bigInteger('traffic_monthly_visits').nullable();
    t.double('traffic_growth_3m').nullable();
    t.integer('patents_count').notNullable().defaultTo(0);
    // investor profile (organizations of subtype investor, and persons who invest)
    t.boolean('is_investor').notNullable().defaultTo(false);
    t.integer('investor_rank').nullable();
    t.bigInteger('investor_deal_min_usd').nullable();
    t.bigInteger('investor_deal_max_usd').nullable();
    t.integer('investor_investments_count').nullable();
    t.bigInteger('investor_total_invested_usd').nullable();
    t.string('investor_preferred_round', 32).nullable();
    t.string('investor_last_round_date', 10).nullable();
    t.integer('investor_exits_count').nullable();
    t.bigInteger('investor_exits_total_value_usd').nullable();
    t.double('investor_exits_pct').nullable();
    t.integer('investor_match_companies_count').nullable();
    t.bigInteger('investor_match_invested_usd').nullable();
    // founder profile
    t.integer('founded_companies_count').nullable();
    t.bigInteger('founded_companies_total_funding_usd').nullable();

    t.index(['subtype', 'signal_rating', 'id']);
    t.index(['type', 'is_founder', 'signal_rating', 'id']);
    t.index(['name_lower']);
    t.index(['domain']);
    t.index(['hq_country_id']);
    t.index(['hq_city_id']);
    t.index(['launch_date_sort']);
    t.index(['subtype', 'funding_total_usd', 'id']);
  });

  await knex.schema.createTable('entity_locations', (t) => {
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.string('role', 32).notNullable(); // hq | office | home
    t.integer('city_id').notNullable().references('places.id');
    t.integer('position').notNullable().defaultTo(0);
    t.primary(['entity_id', 'role', 'city_id']);
    t.index(['city_id']);
  });

  await knex.schema.createTable('entity_taxonomy', (t) => {
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.integer('taxonomy_id').notNullable().references('taxonomy.id');
    t.primary(['entity_id', 'taxonomy_id']);
    t.index(['taxonomy_id', 'entity_id']);
  });

  // roles and classifications: flag sets filtered with in_any / in_all
  await knex.schema.createTable('entity_flags', (t) => {
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable(); // role | classification
    t.string('value', 64).notNullable();
    t.primary(['entity_id', 'kind', 'value']);
    t.index(['kind', 'value', 'entity_id']);
  });

  await knex.schema.createTable('entity_investor_types', (t) => {
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.integer('investor_type_id').notNullable().references('investor_types.id');
    t.primary(['entity_id', 'investor_type_id']);
    t.index(['investor_type_id', 'entity_id']);
  });

  await knex.schema.createTable('entity_investor_stages', (t) => {
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.integer('stage_id').notNullable().references('investment_stages.id');
    t.primary(['entity_id', 'stage_id']);
  });

  await knex.schema.createTable('transactions', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('entities.id');
    t.bigInteger('amount_usd').nullable();
    t.string('announced_date', 10).nullable();
    t.string('date_sort', 10).nullable();
    t.integer('year').nullable();
    t.integer('month').nullable();
    t.string('round_type', 64).nullable(); // display name, upper case (e.g. SERIES A)
    t.string('round_type_code', 64).nullable(); // code (e.g. series_a)
    t.string('standardized_round', 16).nullable();
    t.bigInteger('valuation_usd').nullable();
    t.boolean('is_verified').nullable();
    t.boolean('is_vc_round').nullable();
    t.boolean('is_exit').nullable();
    t.string('source_url', 500).nullable();
    t.string('created_at', 24).notNullable();
    t.string('deleted_at', 24).nullable();
    t.index(['company_id', 'date_sort']);
    t.index(['date_sort', 'id']);
    t.index(['amount_usd', 'id']);
    t.index(['year', 'date_sort']);
    t.index(['standardized_round', 'date_sort']);
    t.index(['round_type_code', 'date_sort']);
  });

  await knex.schema.createTable('transaction_investors', (t) => {
    t.integer('transaction_id').notNullable().references('transactions.id').onDelete('CASCADE');
    t.integer('investor_id').notNullable().references('entities.id');
    t.boolean('is_lead').nullable();
    t.integer('position').notNullable().defaultTo(0);
    t.primary(['transaction_id', 'investor_id']);
    t.index(['investor_id', 'transaction_id']);
  });

  await knex.schema.createTable('degrees', (t) => {
    t.integer('id').primary();
    t.string('name', 100).notNullable();
  });

  await knex.schema.createTable('majors', (t) => {
    t.integer('id').primary();
    t.string('name', 100).notNullable();
  });

  await knex.schema.createTable('career', (t) => {
    t.increments('id');
    t.integer('person_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.integer('org_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.string('raw_title', 200).nullable();
    t.text('titles').notNullable().defaultTo('[]'); // JSON array of strings
    t.boolean('is_founder').notNullable().defaultTo(false);
    t.boolean('is_executive').notNullable().defaultTo(false);
    t.boolean('is_partner').notNullable().defaultTo(false);
    t.boolean('is_past').notNullable().defaultTo(false);
    t.string('start_date', 10).nullable();
    t.string('start_sort', 10).nullable();
    t.string('end_date', 10).nullable();
    t.index(['person_id', 'is_founder', 'start_sort']);
    t.index(['org_id', 'is_founder']);
  });

  await knex.schema.createTable('education', (t) => {
    t.increments('id');
    t.integer('person_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.integer('university_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.integer('degree_id').nullable().references('degrees.id');
    t.text('major_ids').notNullable().defaultTo('[]'); // JSON array of major ids
    t.string('start_date', 10).nullable();
    t.string('start_sort', 10).nullable();
    t.string('end_date', 10).nullable();
    t.index(['person_id', 'start_sort']);
    t.index(['university_id']);
  });

  await knex.schema.createTable('jobs', (t) => {
    t.increments('id');
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.string('title', 300).notNullable();
    t.string('url', 500).nullable();
    t.string('source', 64).nullable();
    t.string('job_type', 32).nullable();
    t.string('formatted_location', 300).nullable();
    t.string('post_language', 8).nullable();
    t.double('latitude').nullable();
    t.double('longitude').nullable();
    t.string('posted_at', 24).notNullable();
    t.integer('city_id').nullable();
    t.integer('state_id').nullable();
    t.integer('country_id').nullable();
    t.integer('continent_id').nullable();
    t.text('city_region_ids').notNullable().defaultTo('[]');
    // loaded but never served (openapi.yaml `JobOpening`)
    t.integer('salary_min').nullable();
    t.integer('salary_max').nullable();
    t.string('salary_currency', 3).nullable();
    t.string('department', 100).nullable();
    t.string('contract_type', 32).nullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.index(['is_active', 'posted_at', 'id']);
    t.index(['entity_id', 'is_active']);
  });

  await knex.schema.createTable('funds', (t) => {
    t.increments('id');
    t.integer('investor_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.string('name', 300).notNullable();
    t.bigInteger('amount_usd').nullable();
    t.bigInteger('amount_source').nullable();
    t.string('currency_source', 3).nullable();
    t.string('announced_date', 10).nullable();
    t.string('announced_sort', 10).nullable();
    t.integer('vintage_year').nullable();
    t.string('fund_type', 32).nullable();
    t.string('status', 32).nullable();
    t.index(['investor_id', 'announced_sort']);
    t.index(['announced_sort', 'id']);
  });

  await knex.schema.createTable('fund_lps', (t) => {
    t.integer('fund_id').notNullable().references('funds.id').onDelete('CASCADE');
    t.integer('lp_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.primary(['fund_id', 'lp_id']);
    t.index(['lp_id']);
  });

  await knex.schema.createTable('valuations', (t) => {
    t.increments('id');
    t.integer('company_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.bigInteger('value_usd').notNullable();
    t.string('valued_date', 10).notNullable();
    t.string('date_sort', 10).notNullable();
    t.string('source', 32).nullable(); // funding_round | secondary | public_market | estimate
    t.integer('transaction_id').nullable();
    t.index(['company_id', 'date_sort']);
    t.index(['date_sort', 'id']);
  });

  await knex.schema.createTable('financials', (t) => {
    t.integer('company_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.integer('year').notNullable();
    t.bigInteger('revenue_usd').nullable();
    t.bigInteger('ebitda_usd').nullable();
    t.bigInteger('profit_usd').nullable();
    t.bigInteger('rnd_usd').nullable();
    t.bigInteger('valuation_usd').nullable();
    t.integer('employees').nullable();
    t.primary(['company_id', 'year']);
  });

  await knex.schema.createTable('headcount_breakdown', (t) => {
    t.integer('company_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.string('department', 64).notNullable();
    t.integer('count').notNullable();
    t.double('percentage').notNullable();
    t.primary(['company_id', 'department']);
  });

  await knex.schema.createTable('web_traffic', (t) => {
    t.integer('company_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.string('month', 7).notNullable(); // YYYY-MM
    t.bigInteger('visits').nullable();
    t.primary(['company_id', 'month']);
  });

  await knex.schema.createTable('patents', (t) => {
    t.increments('id');
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.string('number', 32).notNullable();
    t.string('title', 500).notNullable();
    t.string('filed_date', 10).nullable();
    t.string('granted_date', 10).nullable();
    t.index(['entity_id', 'filed_date']);
  });

  await knex.schema.createTable('news', (t) => {
    t.increments('id');
    t.string('title', 500).notNullable();
    t.string('url', 500).notNullable();
    t.string('source', 100).nullable();
    t.string('article_type', 32).nullable();
    t.text('summary').nullable();
    t.string('published_at', 24).notNullable();
    t.index(['published_at', 'id']);
  });

  await knex.schema.createTable('news_entities', (t) => {
    t.integer('news_id').notNullable().references('news.id').onDelete('CASCADE');
    t.integer('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.primary(['news_id', 'entity_id']);
    t.index(['entity_id']);
  });

  await knex.schema.createTable('news_taxonomy', (t) => {
    t.integer('news_id').notNullable().references('news.id').onDelete('CASCADE');
    t.integer('taxonomy_id').notNullable().references('taxonomy.id');
    t.primary(['news_id', 'taxonomy_id']);
    t.index(['taxonomy_id']);
  });

  await knex.schema.createTable('landscapes', (t) => {
    t.increments('id');
    t.string('slug', 100).notNullable().unique();
    t.string('name', 200).notNullable();
    t.text('description').nullable();
  });

  await knex.schema.createTable('landscape_taxonomy', (t) => {
    t.integer('landscape_id').notNullable().references('landscapes.id').onDelete('CASCADE');
    t.integer('taxonomy_id').notNullable().references('taxonomy.id');
    t.primary(['landscape_id', 'taxonomy_id']);
  });

  await knex.schema.createTable('teams', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('slug', 100).notNullable().unique();
    t.string('created_by', 200).notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('created_at', 24).notNullable();
    t.string('updated_at', 24).notNullable();
  });

  await knex.schema.createTable('team_members', (t) => {
    t.integer('team_id').notNullable().references('teams.id').onDelete('CASCADE');
    t.string('member', 200).notNullable();
    t.string('role', 32).notNullable().defaultTo('member');
    t.primary(['team_id', 'member']);
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id');
    t.string('client_id', 64).notNullable().unique();
    t.string('secret_hash', 200).notNullable(); // scrypt$salt$hash
    t.string('label', 200).notNullable();
    t.text('scopes').notNullable(); // JSON array, fixed at creation
    t.integer('team_id').notNullable().references('teams.id');
    t.string('created_by', 200).nullable();
    t.string('status', 16).notNullable().defaultTo('active'); // active | revoked | deactivated
    t.string('created_at', 24).notNullable();
    t.string('revoked_at', 24).nullable();
    t.index(['team_id']);
  });

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('email', 200).notNullable().unique();
    t.string('password_hash', 200).notNullable();
    t.string('plan', 16).notNullable(); // free | premium
    t.string('ecosystem', 64).nullable();
  });

  await knex.schema.createTable('credit_balances', (t) => {
    t.integer('team_id').primary().references('teams.id');
    t.bigInteger('balance').notNullable();
    t.bigInteger('granted').notNullable();
    t.string('updated_at', 24).notNullable();
  });

  await knex.schema.createTable('usage_daily', (t) => {
    t.integer('team_id').notNullable().references('teams.id');
    t.string('day', 10).notNullable();
    t.string('operation_id', 100).notNullable();
    t.integer('requests').notNullable().defaultTo(0);
    t.integer('credits').notNullable().defaultTo(0);
    t.primary(['team_id', 'day', 'operation_id']);
  });

  await knex.schema.createTable('rate_limit_buckets', (t) => {
    t.string('client_id', 64).primary();
    t.double('tokens').notNullable();
    t.bigInteger('updated_ms').notNullable();
    t.boolean('last_allowed').notNullable().defaultTo(true);
  });

  await knex.schema.createTable('fx_rates', (t) => {
    t.string('currency', 3).primary();
    t.double('per_usd').notNullable();
    t.string('as_of', 10).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  const tables = [
    'fx_rates', 'rate_limit_buckets', 'usage_daily', 'credit_balances', 'users', 'api_keys', 'team_members',
    'teams', 'landscape_taxonomy', 'landscapes', 'news_taxonomy', 'news_entities', 'news', 'patents',
    'web_traffic', 'headcount_breakdown', 'financials', 'valuations', 'fund_lps', 'funds', 'jobs', 'education',
    'career', 'majors', 'degrees', 'transaction_investors', 'transactions', 'entity_investor_stages',
    'entity_investor_types', 'entity_flags', 'entity_taxonomy', 'entity_locations', 'entities',
    'investment_stages', 'investor_types', 'taxonomy', 'places',
  ];
  for (const t of tables) await knex.schema.dropTableIfExists(t);
}
