/**
 * The last pass, in SQL that runs unchanged on SQLite and PostgreSQL: investor and founder profile
 * figures computed from the rows written (non-deleted rounds only), the flags that depend on
 * them and id sequences (PostgreSQL); then, once the indexes are back, planner statistics.
 */
import type { Ctx } from './context.js';

/** Rounds an investor took part in (non-deleted), with the investor's even share of the amount. */
const PARTICIPATIONS = `
  select ti.investor_id, t.id as transaction_id, t.company_id, t.amount_usd / s.cnt as share, t.standardized_round, t.announced_date, t.date_sort
  from transaction_investors ti
  join transactions t on t.id = ti.transaction_id
  join (select transaction_id, count(*) as cnt from transaction_investors group by transaction_id) s on s.transaction_id = ti.transaction_id
  where t.deleted_at is null`;

const STATEMENTS: readonly [string, string][] = [
  [
    'investments',
    `update entities set investor_investments_count = a.n, investor_total_invested_usd = a.invested
     from (select p.investor_id, count(*) as n, coalesce(sum(p.share), 0) as invested from (${PARTICIPATIONS}) p group by p.investor_id) a
     where entities.id = a.investor_id`,
  ],
  [
    'preferred round',
    `update entities set investor_preferred_round = x.sr
     from (select investor_id, sr from (
             select p.investor_id, p.standardized_round as sr,
                    row_number() over (partition by p.investor_id order by count(*) desc, p.standardized_round) as rn
             from (${PARTICIPATIONS}) p where p.standardized_round is not null group by p.investor_id, p.standardized_round
           ) r where r.rn = 1) x
     where entities.id = x.investor_id`,
  ],
  [
    'last round',
    `update entities set investor_last_round_date = x.d
     from (select investor_id, d from (
             select p.investor_id, p.announced_date as d, row_number() over (partition by p.investor_id order by p.date_sort desc, p.transaction_id desc) as rn
             from (${PARTICIPATIONS}) p where p.date_sort is not null
           ) r where r.rn = 1) x
     where entities.id = x.investor_id`,
  ],
  [
    'exits',
    `update entities set investor_exits_count = e.exits, investor_exits_total_value_usd = e.value, investor_exits_pct = round(e.exits * 100.0 / e.companies, 1)
     from (select pc.investor_id, count(*) as companies, count(ex.company_id) as exits, coalesce(sum(ex.v), 0) as value
           from (select distinct p.investor_id, p.company_id from (${PARTICIPATIONS}) p) pc
           left join (select company_id, max(coalesce(valuation_usd, amount_usd, 0)) as v from transactions
                      where is_exit = true and deleted_at is null group by company_id) ex on ex.company_id = pc.company_id
           group by pc.investor_id) e
     where entities.id = e.investor_id`,
  ],
  [
    'sector match',
    `update entities set investor_match_companies_count = m.n, investor_match_invested_usd = m.invested
     from (select p.investor_id, count(distinct p.company_id) as n, coalesce(sum(p.share), 0) as invested
           from (${PARTICIPATIONS}) p
           where exists (select 1 from entity_taxonomy a join entity_taxonomy b on b.taxonomy_id = a.taxonomy_id
                         where a.entity_id = p.investor_id and b.entity_id = p.company_id)
           group by p.investor_id) m
     where entities.id = m.investor_id`,
  ],
  [
    'rank',
    `update entities set investor_rank = r.rk
     from (select id, row_number() over (order by investor_investments_count desc, investor_total_invested_usd desc, id) as rk
           from entities where is_investor = true) r
     where entities.id = r.id`,
  ],
  [
    'founders',
    `update entities set founded_companies_count = f.n, founded_companies_total_funding_usd = f.total
     from (select c.person_id, count(*) as n, coalesce(sum(o.funding_total_usd), 0) as total
           from career c join entities o on o.id = c.org_id where c.is_founder = true group by c.person_id) f
     where entities.id = f.person_id`,
  ],
  [
    'flags',
    `insert into entity_flags (entity_id, kind, value)
     select id, 'classification', 'repeat_founder' from entities where is_founder = true and founded_companies_count >= 2`,
  ],
  [
    'flags',
    `insert into entity_flags (entity_id, kind, value)
     select distinct c.person_id, 'classification', 'super_founder' from career c join entities o on o.id = c.org_id
     where c.is_founder = true and (o.funding_total_usd >= 100000000 or o.unicorn_type is not null or o.status = 'ipo')`,
  ],
  [
    'flags',
    `insert into entity_flags (entity_id, kind, value)
     select distinct c.person_id, 'classification', 'promising_founder' from career c join entities o on o.id = c.org_id
     where c.is_founder = true and o.launch_date_sort >= '2019-01-01' and o.funding_total_usd >= 3000000 and o.status = 'operating'
       and not exists (select 1 from entity_flags f where f.entity_id = c.person_id and f.kind = 'classification' and f.value = 'super_founder')`,
  ],
];

export async function finalize(ctx: Ctx): Promise<void> {
  ctx.progress.begin('aggregates', STATEMENTS.length + 1);
  let done = 0;
  const step = async (sql: string, bindings: (string | number)[] = []) => {
    await ctx.w.exec(sql, bindings);
    ctx.progress.tick(++done, ctx.w.totalRows);
  };
  for (const [, sql] of STATEMENTS) await step(sql);
  // the top 5 % of investors by deals (at least 10)
  const n = await scalar(ctx, 'select count(*) as n from entities where is_investor = true');
  await step(
    `insert into entity_flags (entity_id, kind, value)
     select id, 'classification', 'top_investor' from entities where is_investor = true and investor_investments_count > 0 and investor_rank <= ?`,
    [Math.max(10, Math.ceil(n * 0.05))],
  );
  if (!ctx.isSqlite) {
    // ids were assigned by the seed: move the serial sequences past them
    for (const table of SERIAL_TABLES) {
      await ctx.w.exec(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1), (select count(*) from ${table}) > 0)`);
    }
  }
  await ctx.w.commit();
  ctx.progress.end(ctx.w.totalRows);
}

/** Planner statistics over every table (run after the secondary indexes are re-created). */
export async function analyze(ctx: Ctx): Promise<void> {
  ctx.progress.begin('analyze', 1);
  await ctx.w.exec('analyze');
  await ctx.w.commit();
  ctx.progress.end(ctx.w.totalRows);
}

/** Tables with a serial `id` whose values the seed assigns. */
const SERIAL_TABLES = ['entities', 'transactions', 'career', 'education', 'jobs', 'funds', 'valuations', 'patents', 'news', 'landscapes', 'teams', 'api_keys', 'users'];

/** The first column of the first row of a query, as a number. */
export async function scalar(ctx: Ctx, sql: string): Promise<number> {
  const r = await ctx.w.exec(sql);
  const rows = Array.isArray(r) ? (r as Record<string, unknown>[]) : (r as { rows: Record<string, unknown>[] }).rows;
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}
