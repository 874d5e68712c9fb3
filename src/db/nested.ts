/**
 * The nested lists of a parent record (openapi.yaml, `/data/.../{id}/...`): for each, the table it reads, the
 * filter scope it takes (by name; null: none), its sort keys and the parent's fixed condition.
 */
import type { Knex } from 'knex';
import { sortRegistry, type SortRegistry } from './listing.js';
import { FUND_SORTS, FUNDS, VALUATION_SORTS, VALUATIONS, type Fixed, type RecordSpec } from './records.js';
import { TRANSACTION_SORTS } from './transactions.js';

export interface NestedList {
  spec: RecordSpec;
  scope: string | null;
  sorts: SortRegistry;
  fixed: (parent: { id: number }) => Fixed;
}

const one = (key: string, sql: string): SortRegistry => sortRegistry({ [key]: sql }, `-${key}`, sql);
const withId = (key: string, sql: string): SortRegistry => sortRegistry({ [key]: sql, id: '{b}.id' }, `-${key}`);
const by = (column: string) => (p: { id: number }) => ({ [column]: p.id });

const TEAM_SORTS = withId('start_date', "coalesce({b}.start_sort, '')");

const FUNDS_OF: NestedList = { spec: FUNDS, scope: 'fund', sorts: FUND_SORTS, fixed: by('investor_id') };

export const NESTED = {
  fundingRounds: {
    spec: { table: 'transactions', alias: 't' },
    scope: 'funding',
    sorts: TRANSACTION_SORTS,
    fixed: (p) => (q: Knex.QueryBuilder) => void q.where('t.company_id', p.id).whereNull('t.deleted_at'),
  },
  valuations: { spec: VALUATIONS, scope: 'valuation', sorts: VALUATION_SORTS, fixed: by('company_id') },
  financials: { spec: { table: 'financials', alias: 'fi' }, scope: null, sorts: one('year', '{b}.year'), fixed: by('company_id') },
  headcount: {
    spec: { table: 'headcount_breakdown', alias: 'hb' },
    scope: null,
    sorts: sortRegistry({ count: '{b}.count', department: '{b}.department' }, '-count', '{b}.department'),
    fixed: by('company_id'),
  },
  traffic: { spec: { table: 'web_traffic', alias: 'wt' }, scope: null, sorts: one('month', '{b}.month'), fixed: by('company_id') },
  patents: { spec: { table: 'patents', alias: 'pt' }, scope: null, sorts: withId('filed_date', "coalesce({b}.filed_date, '')"), fixed: by('entity_id') },
  team: { spec: { table: 'career', alias: 'c', fk: 'person_id' }, scope: null, sorts: TEAM_SORTS, fixed: by('org_id') },
  alumni: { spec: { table: 'education', alias: 'ed', fk: 'person_id' }, scope: null, sorts: TEAM_SORTS, fixed: by('university_id') },
  funds: FUNDS_OF,
  lpFunds: {
    ...FUNDS_OF,
    fixed: (p) => (q: Knex.QueryBuilder) => void q.whereExists((s) => s.select(1).from('fund_lps as lp').whereRaw('lp.fund_id = f.id').andWhere('lp.lp_id', p.id)),
  },
} satisfies Record<string, NestedList>;

/** Degree names by id. */
export async function degreeNames(db: Knex): Promise<Map<number, string>> {
  const degrees = (await db('degrees').select('id', 'name')) as { id: number; name: string }[];
  return new Map(degrees.map((d) => [d.id, d.name]));
}
