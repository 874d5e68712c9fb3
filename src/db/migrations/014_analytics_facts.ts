/**
 * The analytics fact table (src/db/facts.ts): `(dim, round_id, value_id)` per funding round and
 * value of its organization and investor dimensions, keyed and clustered by `(dim, round_id,
 * value_id)`, filled from the rounds already there; and a covering index of the rounds for analytics. Self-contained: the seed rebuilds the table
 * with src/db/facts.ts; this fills it once for databases seeded before it existed.
 */
import type { Knex } from 'knex';

const companyPlace = (column: string) => `select t.id, cmp.${column} from transactions t join entities cmp on cmp.id = t.company_id where cmp.${column} is not null`;
const taxonomy = (type: string) =>
  `select t.id, et.taxonomy_id from transactions t join entity_taxonomy et on et.entity_id = t.company_id join taxonomy tx on tx.id = et.taxonomy_id and tx.type = '${type}'`;
const investorPlace = (column: string) =>
  `select distinct t.id, inv.${column} from transactions t join transaction_investors ti on ti.transaction_id = t.id join entities inv on inv.id = ti.investor_id where inv.${column} is not null`;

const PAIRS: [number, string][] = [
  [1, companyPlace('hq_country_id')],
  [2, companyPlace('hq_continent_id')],
  [3, companyPlace('hq_city_id')],
  [4, 'select t.id, c.region_id from transactions t join entities cmp on cmp.id = t.company_id join places c on c.id = cmp.hq_city_id where c.region_id is not null'],
  [5, taxonomy('sector')],
  [6, taxonomy('technology')],
  [7, taxonomy('industry_tag')],
  [8, taxonomy('business_model')],
  [9, taxonomy('income_stream')],
  [10, taxonomy('client_focus')],
  [11, 'select distinct t.id, eit.investor_type_id from transactions t join transaction_investors ti on ti.transaction_id = t.id join entity_investor_types eit on eit.entity_id = ti.investor_id'],
  [12, investorPlace('hq_country_id')],
  [13, investorPlace('hq_continent_id')],
];

/**
 * The rounds' columns analytics read and filter on, in one narrow index led by the year: the
 * matching rounds of a year range are an index range, and any other filter scans this index instead
 * of the table (SQLite has no parallel scan; a round row is several times wider).
 */
const COVERED = ['deleted_at', 'id', 'company_id', 'amount_usd', 'valuation_usd', 'month', 'round_type', 'round_type_code', 'standardized_round', 'date_sort'];

export async function up(knex: Knex): Promise<void> {
  const sqlite = knex.client.config.client === 'better-sqlite3';
  await knex.raw(
    sqlite
      ? `create index transactions_analytics_covering on transactions (year, ${COVERED.join(', ')})`
      : `create index transactions_analytics_covering on transactions (year) include (${COVERED.join(', ')})`,
  );
  await knex.raw(
    `create table analytics_facts (dim smallint not null, round_id integer not null, value_id integer not null${sqlite ? ', primary key (dim, round_id, value_id)) without rowid' : ')'}`,
  );
  for (const [dim, sql] of PAIRS) await knex.raw(`insert into analytics_facts (dim, round_id, value_id) select ${dim}, x.* from (${sql}) x order by 2, 3`);
  if (!sqlite) {
    await knex.raw('alter table analytics_facts add primary key (dim, round_id, value_id)');
    await knex.raw('analyze analytics_facts');
  } else await knex.raw('analyze analytics_facts');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists transactions_analytics_covering');
  await knex.schema.dropTableIfExists('analytics_facts');
}
