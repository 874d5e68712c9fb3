/**
 * Relations computed from funding rounds and shared attributes: a company's investors, an investor's
 * portfolio, and similar companies or investors. Each is a grouped or ranked subquery `x` paged
 * by keyset (similar lists: within their first 1,000 results). SQL only.
 */
import type { Knex } from 'knex';
import type { RefRow } from './entities.js';
import { JOB_ENTITY_COLUMNS } from './jobs.js';
import { keysetPage, type PageRequest } from './paging.js';
import { sortRegistry } from './listing.js';

export const SIMILAR_DEPTH = 1000;

export interface RelationRow {
  other_id: number;
  is_lead: number;
  rounds_count: number;
  last_round: string;
  ref: RefRow;
}

async function refPage(db: Knex, sub: Knex.Raw, page: PageRequest) {
  const base = db.from(sub).join('entities as e', 'e.id', 'x.other_id');
  const res = await keysetPage<Record<string, unknown>>(db, base, (q) => q.select('x.*', ...JOB_ENTITY_COLUMNS), page);
  const rows = res.rows.map((r) => {
    const { e_uuid, e_type, e_subtype, e_name, e_image, ...rest } = r;
    return { ...rest, ref: { id: r.other_id, uuid: e_uuid, type: e_type, subtype: e_subtype, name: e_name, image: e_image } as RefRow };
  });
  return { page: res.page, rows };
}

/**
 * Per counterpart (the investors of a company, or the companies of an investor): lead in any
 * round, rounds together, and the most recent round as `date_sort|announced_date`.
 */
export async function participationPage(db: Knex, side: 'company' | 'investor', parentId: number, page: PageRequest) {
  const [mine, other] = side === 'company' ? ['t.company_id', 'ti.investor_id'] : ['ti.investor_id', 't.company_id'];
  const sub = db.raw(
    `(select ${other} as other_id, max(case when ti.is_lead then 1 else 0 end) as is_lead, count(*) as rounds_count,
             max(coalesce(t.date_sort, '') || '|' || coalesce(t.announced_date, '')) as last_round
      from transactions t join transaction_investors ti on ti.transaction_id = t.id
      where ${mine} = ? and t.deleted_at is null
      group by ${other}) as x`,
    [parentId],
  );
  return refPage(db, sub, page) as Promise<{ page: Awaited<ReturnType<typeof keysetPage>>['page']; rows: RelationRow[] }>;
}

export interface SimilarRow {
  other_id: number;
  score: number;
  shared_taxonomy: number;
  shared_investors: number;
  shared_portfolio: number;
  shared_types: number;
  same_country: number;
  ref: RefRow;
}

/**
 * Companies like a company: 3 x shared taxonomy items + 2 x shared investors + 1 for the same
 * headquarters country, over companies sharing a taxonomy item or an investor; best first.
 */
const COMPANY_SIMILAR = `
  with tax as (select o.entity_id as id, count(*) as n from entity_taxonomy m join entity_taxonomy o on o.taxonomy_id = m.taxonomy_id
               where m.entity_id = :p and o.entity_id <> :p group by o.entity_id),
       inv as (select t2.company_id as id, count(distinct ti2.investor_id) as n
               from transactions t1 join transaction_investors ti1 on ti1.transaction_id = t1.id
               join transaction_investors ti2 on ti2.investor_id = ti1.investor_id join transactions t2 on t2.id = ti2.transaction_id
               where t1.company_id = :p and t1.deleted_at is null and t2.deleted_at is null and t2.company_id <> :p group by t2.company_id),
       cand as (select id from tax union select id from inv)
  select c.id as other_id, coalesce(tax.n, 0) as shared_taxonomy, coalesce(inv.n, 0) as shared_investors, 0 as shared_portfolio, 0 as shared_types,
         case when e.hq_country_id = :country then 1 else 0 end as same_country,
         3 * coalesce(tax.n, 0) + 2 * coalesce(inv.n, 0) + case when e.hq_country_id = :country then 1 else 0 end as score,
         coalesce(e.signal_rating, -1) as signal
  from cand c join entities e on e.id = c.id left join tax on tax.id = c.id left join inv on inv.id = c.id
  where e.subtype = 'company'`;

/**
 * Investors like an investor: 3 x portfolio companies in common + 2 x shared investor types + 1
 * for the same headquarters country, over co-investors and investors of a shared type; best first.
 */
const INVESTOR_SIMILAR = `
  with mine as (select distinct t.company_id from transaction_investors ti join transactions t on t.id = ti.transaction_id
                where ti.investor_id = :p and t.deleted_at is null),
       co as (select ti.investor_id as id, count(distinct t.company_id) as n from mine join transactions t on t.company_id = mine.company_id
              join transaction_investors ti on ti.transaction_id = t.id where t.deleted_at is null and ti.investor_id <> :p group by ti.investor_id),
       typ as (select o.entity_id as id, count(*) as n from entity_investor_types m join entity_investor_types o on o.investor_type_id = m.investor_type_id
               where m.entity_id = :p and o.entity_id <> :p group by o.entity_id),
       cand as (select id from co union select id from typ)
  select c.id as other_id, 0 as shared_taxonomy, 0 as shared_investors, coalesce(co.n, 0) as shared_portfolio, coalesce(typ.n, 0) as shared_types,
         case when e.hq_country_id = :country then 1 else 0 end as same_country,
         3 * coalesce(co.n, 0) + 2 * coalesce(typ.n, 0) + case when e.hq_country_id = :country then 1 else 0 end as score,
         coalesce(e.signal_rating, -1) as signal
  from cand c join entities e on e.id = c.id left join co on co.id = c.id left join typ on typ.id = c.id
  where e.subtype = 'investor'`;

/** The first SIMILAR_DEPTH entities like the parent, ranked by score, then signal, then id. */
export async function similarPage(db: Knex, kind: 'company' | 'investor', parent: { id: number; hq_country_id: number | null }, page: PageRequest) {
  const sql = kind === 'company' ? COMPANY_SIMILAR : INVESTOR_SIMILAR;
  const ranked = db.raw(`(select * from (${sql}) r order by r.score desc, r.signal desc, r.other_id limit ${SIMILAR_DEPTH}) as x`, {
    p: parent.id,
    country: parent.hq_country_id ?? -1,
  });
  return refPage(db, ranked, page) as Promise<{ page: Awaited<ReturnType<typeof keysetPage>>['page']; rows: SimilarRow[] }>;
}

export const PARTICIPATION_SORTS = sortRegistry({ last_round_date: 'x.last_round', rounds_count: 'x.rounds_count' }, '-last_round_date', 'x.other_id');

export const SIMILAR_SORTS = sortRegistry({ score: 'x.score', signal_rating: 'x.signal' }, '-score,-signal_rating', 'x.other_id');
