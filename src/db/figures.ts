/**
 * The entity figures, defined once in SQL over the base rows: a company's funding (rounds count,
 * total, VC total, last round), an investor's profile figures and a founder's. The seed counts the
 * same figures while it generates the rows (seeds/funding.ts, seeds/figures.ts; test/unit/seed.test.ts
 * holds them to these definitions); an import refreshes the figures of the entities it touched from
 * these (`refreshFigures`), and `verify` compares every stored figure with them (`figureDifferences`).
 *
 * Each figure is a SELECT with one row per entity it has a value for (`key` the entity id) and an
 * expression per entity column over that row (`x`). Entities outside the rows keep what was written
 * (the generation writes zeros for investors without rounds).
 */
import type { Knex } from 'knex';
import { normalizeRawResult } from './knex.js';
import { patchRows } from './patchRows.js';

/**
 * Where an investor's profile counters start (the seed's new investors and an import's): a counter no
 * figure row defines (an investor without rounds) keeps this.
 */
export function zeroInvestorCounters() {
  return {
    investor_investments_count: 0,
    investor_total_invested_usd: 0,
    investor_exits_count: 0,
    investor_exits_total_value_usd: 0,
    investor_match_companies_count: 0,
    investor_match_invested_usd: 0,
  };
}

/** Where a founder's figures start, likewise. */
export const zeroFounderFigures = () => ({ founded_companies_count: 0, founded_companies_total_funding_usd: 0 });

export interface FigureSql {
  name: string;
  select: string;
  key: string;
  columns: readonly (readonly [column: string, expr: string])[];
  /** Entities the select has no row for that still have a value: those of `where`, with `values` (one per column). */
  absent?: { where: string; values: readonly (number | string | null)[] };
}

/** Rounds counted in a company's funding figures: not withdrawn, not an acquisition, not a secondary sale. */
export const COUNTED_ROUND = `deleted_at is null and round_type_code <> 'acquisition' and standardized_round <> 'Secondary'`;

/** Rounds an investor took part in (non-deleted), with the investor's even share of the amount. */
const PARTICIPATIONS = `
  select ti.investor_id, t.id as transaction_id, t.company_id, t.amount_usd / s.cnt as share, t.standardized_round, t.announced_date, t.date_sort
  from transaction_investors ti
  join transactions t on t.id = ti.transaction_id
  join (select transaction_id, count(*) as cnt from transaction_investors group by transaction_id) s on s.transaction_id = ti.transaction_id
  where t.deleted_at is null`;

export const COMPANY_FIGURES: FigureSql = {
  name: 'company funding',
  select: `select company_id, count(*) as n, coalesce(sum(amount_usd), 0) as total,
                  coalesce(sum(case when is_vc_round then amount_usd else 0 end), 0) as vc, max(date_sort) as last
           from transactions where ${COUNTED_ROUND} group by company_id`,
  key: 'company_id',
  columns: [['funding_rounds_count', 'x.n'], ['funding_total_usd', 'x.total'], ['funding_total_vc_usd', 'x.vc'], ['last_round_date_sort', 'x.last']],
  // a company without counted rounds: none, and no total
  absent: { where: "subtype = 'company'", values: [0, null, null, null] },
};

/** The investor and founder figures (seeds/figures.ts counts the same while generating). */
export const PROFILE_FIGURES: readonly FigureSql[] = [
  {
    name: 'investments',
    select: `select p.investor_id, count(*) as n, coalesce(sum(p.share), 0) as invested from (${PARTICIPATIONS}) p group by p.investor_id`,
    key: 'investor_id',
    columns: [['investor_investments_count', 'x.n'], ['investor_total_invested_usd', 'x.invested']],
  },
  {
    name: 'preferred round',
    select: `select investor_id, sr from (
               select p.investor_id, p.standardized_round as sr,
                      row_number() over (partition by p.investor_id order by count(*) desc, p.standardized_round) as rn
               from (${PARTICIPATIONS}) p where p.standardized_round is not null group by p.investor_id, p.standardized_round
             ) r where r.rn = 1`,
    key: 'investor_id',
    columns: [['investor_preferred_round', 'x.sr']],
  },
  {
    name: 'last round',
    select: `select investor_id, d from (
               select p.investor_id, p.announced_date as d, row_number() over (partition by p.investor_id order by p.date_sort desc, p.transaction_id desc) as rn
               from (${PARTICIPATIONS}) p where p.date_sort is not null
             ) r where r.rn = 1`,
    key: 'investor_id',
    columns: [['investor_last_round_date', 'x.d']],
  },
  {
    name: 'exits',
    select: `select pc.investor_id, count(*) as companies, count(ex.company_id) as exits, coalesce(sum(ex.v), 0) as value
             from (select distinct p.investor_id, p.company_id from (${PARTICIPATIONS}) p) pc
             left join (select company_id, max(coalesce(valuation_usd, amount_usd, 0)) as v from transactions
                        where is_exit = true and deleted_at is null group by company_id) ex on ex.company_id = pc.company_id
             group by pc.investor_id`,
    key: 'investor_id',
    columns: [['investor_exits_count', 'x.exits'], ['investor_exits_total_value_usd', 'x.value'], ['investor_exits_pct', 'round(x.exits * 100.0 / x.companies, 1)']],
  },
  {
    name: 'sector match',
    select: `select p.investor_id, count(distinct p.company_id) as n, coalesce(sum(p.share), 0) as invested
             from (${PARTICIPATIONS}) p
             where exists (select 1 from entity_taxonomy a join entity_taxonomy b on b.taxonomy_id = a.taxonomy_id
                           where a.entity_id = p.investor_id and b.entity_id = p.company_id)
             group by p.investor_id`,
    key: 'investor_id',
    columns: [['investor_match_companies_count', 'x.n'], ['investor_match_invested_usd', 'x.invested']],
  },
  {
    name: 'founders',
    select: `select c.person_id, count(*) as n, coalesce(sum(o.funding_total_usd), 0) as total
             from career c join entities o on o.id = c.org_id where c.is_founder = true group by c.person_id`,
    key: 'person_id',
    columns: [['founded_companies_count', 'x.n'], ['founded_companies_total_funding_usd', 'x.total']],
  },
];

/**
 * An investor's rank among all investors: by deals, then amount invested, then id (an investor without
 * figures last on both engines). It reads the investors' figures, so it comes after them; one investor's
 * new deal can move the rank of every investor between its old and new place.
 */
export const INVESTOR_RANK: FigureSql = {
  name: 'investor rank',
  select: `select id, row_number() over (order by coalesce(investor_investments_count, -1) desc, coalesce(investor_total_invested_usd, -1) desc, id) as rk
           from entities where is_investor = true`,
  key: 'id',
  columns: [['investor_rank', 'x.rk']],
  absent: { where: 'is_investor = false', values: [null] },
};

/** Every figure, companies first (the founders' figures read the companies' totals), the rank last (it reads the investors'). */
export const ALL_FIGURES: readonly FigureSql[] = [COMPANY_FIGURES, ...PROFILE_FIGURES, INVESTOR_RANK];

export interface FigureDifference {
  entity_id: number;
  column: string;
  stored: unknown;
  expected: unknown;
}

/** Values compare as numbers when both read as numbers (drivers return bigints and numerics as strings). */
function same(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) === Number(b);
  const na = Number(a);
  const nb = Number(b);
  if (typeof a !== 'string' || typeof b !== 'string' || (!Number.isNaN(na) && !Number.isNaN(nb) && /^-?[\d.e+]+$/i.test(a) && /^-?[\d.e+]+$/i.test(b))) {
    if (!Number.isNaN(na) && !Number.isNaN(nb)) return na === nb;
  }
  return String(a) === String(b);
}

const ID_CHUNK = 500;
const RANGE = 20_000;

/** The figure's values of the entities its select has a row for among those `condition` picks: one per column. */
async function valuesWhere(db: Knex, f: FigureSql, condition: string, bindings: number[]): Promise<Map<number, unknown[]>> {
  const exprs = f.columns.map(([, v], i) => `${v} as v${i}`).join(', ');
  const out = new Map<number, unknown[]>();
  for (const r of normalizeRawResult(await db.raw(`select x.${f.key} as id, ${exprs} from (${f.select}) x where x.${f.key} ${condition}`, bindings))) {
    out.set(Number(r.id), f.columns.map((_c, i) => r[`v${i}`]));
  }
  return out;
}

/**
 * The figure's columns of entities not written yet (`ids`: an import's new companies, whose rounds
 * are in), read from its definition as a refresh reads it: entities it has no row for are left out
 * (they take what the insert writes, as an entity the select has no row for keeps what was written).
 */
export async function figuresOf(db: Knex, f: FigureSql, ids: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  const keep = (values: Map<number, unknown[]>, wanted: (id: number) => boolean) => {
    for (const [id, v] of values) if (wanted(id)) out.set(id, Object.fromEntries(f.columns.map(([c], i) => [c, v[i]])));
  };
  if (ids.length > WHOLE_PASS) {
    const wanted = new Set(ids);
    const lo = ids.reduce((a, b) => Math.min(a, b));
    const hi = ids.reduce((a, b) => Math.max(a, b));
    for (let at = lo; at <= hi; at += RANGE) keep(await valuesWhere(db, f, 'between ? and ?', [at, Math.min(at + RANGE - 1, hi)]), (id) => wanted.has(id));
    return out;
  }
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const part = ids.slice(i, i + ID_CHUNK);
    keep(await valuesWhere(db, f, `in (${part.map(() => '?').join(', ')})`, part), () => true);
  }
  return out;
}

/**
 * The figure's rows and the entities' stored columns are read apart and compared here: joined in one
 * statement, PostgreSQL planned a freshly loaded table (no statistics yet) as a nested loop running
 * the grouped subquery once per entity (minutes for the 2013 export).
 */
async function differencesWhere(db: Knex, f: FigureSql, condition: string, bindings: number[]): Promise<FigureDifference[]> {
  const expected = await valuesWhere(db, f, condition, bindings);
  const absent = f.absent ? `, case when ${f.absent.where} then 1 else 0 end as absent_applies` : '';
  const stored = normalizeRawResult(await db.raw(`select id, ${f.columns.map(([c]) => c).join(', ')}${absent} from entities where id ${condition}`, bindings));
  const out: FigureDifference[] = [];
  for (const e of stored) {
    const id = Number(e.id);
    const want = expected.get(id) ?? (f.absent && Number(e.absent_applies) === 1 ? f.absent.values : null);
    if (!want) continue;
    f.columns.forEach(([column], i) => {
      if (!same(e[column], want[i])) out.push({ entity_id: id, column, stored: e[column], expected: want[i] });
    });
  }
  return out;
}

/** Past this many entities, one pass over every entity costs less than a lookup per chunk of them. */
const WHOLE_PASS = 2000;

/** Stored figures that differ from their definitions: of the entities `ids`, or of every entity (null). */
export async function figureDifferences(db: Knex, ids: readonly number[] | null, figures: readonly FigureSql[] = ALL_FIGURES): Promise<FigureDifference[]> {
  if (ids !== null && ids.length > WHOLE_PASS) {
    const wanted = new Set(ids);
    return (await figureDifferences(db, null, figures)).filter((d) => wanted.has(d.entity_id));
  }
  const out: FigureDifference[] = [];
  for (const f of figures) {
    if (ids === null) {
      const max = Number(normalizeRawResult(await db.raw('select coalesce(max(id), 0) as m from entities'))[0]!.m);
      for (let lo = 0; lo <= max; lo += RANGE) out.push(...(await differencesWhere(db, f, 'between ? and ?', [lo, lo + RANGE - 1])));
    } else {
      for (let i = 0; i < ids.length; i += ID_CHUNK) {
        const part = ids.slice(i, i + ID_CHUNK);
        out.push(...(await differencesWhere(db, f, `in (${part.map(() => '?').join(', ')})`, part)));
      }
    }
  }
  return out;
}

/**
 * Writes the figures of `ids` that differ from their definitions, stamping each entity changed at
 * `at` (its record reads differently); returns the entities changed and their changed columns.
 * Companies first, then the investors of their rounds and their founders (whose figures read them),
 * and `extra` profiles (investors and people the import wrote); then the investor rank, when an
 * investor's figures changed or `newInvestors` (investors were added or removed).
 */
export async function refreshFigures(
  trx: Knex,
  companyIds: readonly number[],
  at: string,
  { extra = [], newInvestors = false }: { extra?: readonly number[]; newInvestors?: boolean } = {},
): Promise<Map<number, Set<string>>> {
  const changed = new Map<number, Set<string>>();
  const apply = async (diffs: FigureDifference[]) => {
    const byEntity = new Map<number, Record<string, unknown>>();
    for (const d of diffs) {
      byEntity.set(d.entity_id, { ...byEntity.get(d.entity_id), [d.column]: d.expected });
      changed.set(d.entity_id, (changed.get(d.entity_id) ?? new Set()).add(d.column));
    }
    await patchRows(trx, 'entities', byEntity, at);
  };
  await apply(await figureDifferences(trx, companyIds, [COMPANY_FIGURES]));
  const related: number[] = [];
  for (let i = 0; i < companyIds.length; i += ID_CHUNK) {
    const part = companyIds.slice(i, i + ID_CHUNK);
    const marks = part.map(() => '?').join(', ');
    const rows = normalizeRawResult(
      await trx.raw(
        `select distinct ti.investor_id as id from transaction_investors ti join transactions t on t.id = ti.transaction_id where t.company_id in (${marks})
         union select distinct person_id from career where is_founder = true and org_id in (${marks})`,
        [...part, ...part],
      ),
    );
    related.push(...rows.map((r) => Number(r.id)));
  }
  const profiles = [...new Set([...related, ...extra])];
  if (profiles.length) await apply(await figureDifferences(trx, profiles, PROFILE_FIGURES));
  // a rank is relative to every investor's figures: one pass over all of them when any investor's changed
  if (newInvestors || profiles.some((id) => changed.has(id))) await apply(await figureDifferences(trx, null, [INVESTOR_RANK]));
  return changed;
}
