/**
 * The analytics fact table (docs/architecture.md, docs/scaling.md): one narrow row per funding round
 * and value of each dimension that is not a column of the round itself, `(dim, round_id,
 * value_id)` with integer ids (a place, taxonomy or investor type id), clustered by `(dim,
 * round_id)`. A filtered analytics request maps its matching rounds to labels by one index range
 * per round and dimension here, instead of reading the round's company row (a wide one) and its
 * taxonomy rows or the round's investors and their types.
 *
 * The rows are exactly the `(round, value)` pairs of the dimension's definition over every round
 * (deleted ones included: the request's filter drops those), so answers are the same as without it
 * (test/integration/analytics-filtered.test.ts). Derived data: the seed rebuilds it after writing the
 * rounds (`rebuildFacts` in rollup.ts), before the rollup that reads it (`tsx src/admin/database.ts rollup`
 * rebuilds both); migration 014 built it for databases seeded before. No imports: the dimensions
 * read this module, and the database modules read the dimensions.
 */

export const FACTS_TABLE = 'analytics_facts';

/** A dimension held in the fact table: its number, the SQL of its pairs over `transactions t` (columns `round_id, value_id`), and the table naming a value. */
interface FactDimension {
  dim: number;
  pairs: string;
  /** `table alias` holding the label `<alias>.name` by id. */
  names: string;
  /** The definition counts a round once per label (investor dimensions: several investors share a value). */
  distinct: boolean;
}

const companyPlace = (column: string) => `select t.id as round_id, cmp.${column} as value_id from transactions t join entities cmp on cmp.id = t.company_id where cmp.${column} is not null`;
const taxonomy = (type: string) =>
  `select t.id as round_id, et.taxonomy_id as value_id from transactions t join entity_taxonomy et on et.entity_id = t.company_id join taxonomy tx on tx.id = et.taxonomy_id and tx.type = '${type}'`;
// the places of the entities read once (from the column's index) instead of one wide entity row per
// participation (SQLite large: investor_country 4.3 -> 1.6 s); every participation's round exists (a key)
const investorPlace = (column: string) =>
  `with inv as materialized (select id, ${column} as place from entities where ${column} is not null)
   select distinct ti.transaction_id as round_id, inv.place as value_id from transaction_investors ti join inv on inv.id = ti.investor_id`;

/** The dimensions of src/db/dimensions.ts that read other tables than the round's; numbers are stored, never reused. */
export const FACT_DIMENSIONS: Record<string, FactDimension> = {
  country: { dim: 1, pairs: companyPlace('hq_country_id'), names: 'places p', distinct: false },
  continent: { dim: 2, pairs: companyPlace('hq_continent_id'), names: 'places p', distinct: false },
  city: { dim: 3, pairs: companyPlace('hq_city_id'), names: 'places p', distinct: false },
  region: {
    dim: 4,
    pairs: 'select t.id as round_id, c.region_id as value_id from transactions t join entities cmp on cmp.id = t.company_id join places c on c.id = cmp.hq_city_id where c.region_id is not null',
    names: 'places p',
    distinct: false,
  },
  sector: { dim: 5, pairs: taxonomy('sector'), names: 'taxonomy p', distinct: false },
  technology: { dim: 6, pairs: taxonomy('technology'), names: 'taxonomy p', distinct: false },
  industry_tags: { dim: 7, pairs: taxonomy('industry_tag'), names: 'taxonomy p', distinct: false },
  business_model: { dim: 8, pairs: taxonomy('business_model'), names: 'taxonomy p', distinct: false },
  income_stream: { dim: 9, pairs: taxonomy('income_stream'), names: 'taxonomy p', distinct: false },
  client_focus: { dim: 10, pairs: taxonomy('client_focus'), names: 'taxonomy p', distinct: false },
  investor_type: {
    dim: 11,
    pairs: `select distinct t.id as round_id, eit.investor_type_id as value_id from transactions t join transaction_investors ti on ti.transaction_id = t.id
            join entity_investor_types eit on eit.entity_id = ti.investor_id`,
    names: 'investor_types p',
    distinct: true,
  },
  investor_country: { dim: 12, pairs: investorPlace('hq_country_id'), names: 'places p', distinct: true },
  investor_continent: { dim: 13, pairs: investorPlace('hq_continent_id'), names: 'places p', distinct: true },
};

/** The `(tid, label)` SQL of a fact dimension over `base b` (src/db/dimensions.ts). */
export function factDimensionSql(name: string): string {
  const d = FACT_DIMENSIONS[name]!;
  return `select ${d.distinct ? 'distinct ' : ''}f.round_id as tid, p.name as label from base b join ${FACTS_TABLE} f on f.dim = ${d.dim} and f.round_id = b.id
   join ${d.names} on p.id = f.value_id`;
}
