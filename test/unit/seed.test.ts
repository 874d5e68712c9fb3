/**
 * The seed generator: the tiny scale is deterministic for a seed number and keeps the
 * invariants the API relies on (soft deletes, one lead per syndicate, denormalised figures that
 * match the rows, partial dates at all precisions, the development key).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../src/access/scopes.js';
import { verifySecret } from '../../src/auth/secrets.js';
import { classificationDifferences } from '../../src/db/classifications.js';
import { COMPANY_FIGURES, figureDifferences, INVESTOR_RANK, PROFILE_FIGURES as FIGURE_SQL } from '../../src/db/figures.js';
import { createDb } from '../../src/db/knex.js';
import { bundledDocument } from '../../src/openapi/bundle.js';
import { migrate } from '../../src/db/migrate.js';
import { rebuildMatchKeys } from '../../src/db/matchKeys.js';
import { rebuildNewsTerms } from '../../src/db/newsSearch.js';
import { rebuildSearchTerms } from '../../src/db/search.js';
import { ROUND_TYPES, STANDARDIZED_ROUNDS } from '../../src/query/registry.js';
import { seedDatabase } from '../../seeds/index.js';
import { BulkWriter, insertTarget, TABLES } from '../../seeds/writer.js';

/** The typeahead tables the seed derives from entities and news. */
const TERM_TABLES = { search_terms: TABLES.search_terms!, news_terms: TABLES.news_terms!, match_keys: TABLES.match_keys! };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-seed-'));
const dbs: Knex[] = [];

/** A migrated, seeded SQLite database; `:memory:` writes on the connection itself instead of the insert thread. */
async function seeded(name: string, seed: number) {
  const file = name === ':memory:' ? name : path.join(dir, `${name}.sqlite`);
  const db = createDb({ dbClient: 'sqlite', databaseUrl: `sqlite:${file}`, sqliteFile: file, dbPoolMax: 1 });
  dbs.push(db);
  await migrate(db);
  const counts = await seedDatabase(db, { scale: 'tiny', seed });
  return { db, counts };
}

/** Row count and a hash of every row (in key order) per table. */
async function fingerprint(db: Knex, tables: Record<string, readonly string[]> = TABLES): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, cols] of Object.entries(tables)) {
    const rows = (await db(table).select(cols).orderBy(cols.includes('id') ? ['id'] : [...cols])) as Record<string, unknown>[];
    const h = crypto.createHash('sha1');
    for (const r of rows) h.update(JSON.stringify(cols.map((c) => r[c])));
    out[table] = `${rows.length}:${h.digest('hex')}`;
  }
  return out;
}

const all = <T = Record<string, unknown>>(db: Knex, sql: string) => db.raw(sql) as unknown as Promise<T[]>;
const one = async (db: Knex, sql: string) => Number(Object.values((await all(db, sql))[0] ?? {})[0] ?? 0);

let a: Awaited<ReturnType<typeof seeded>>;
let b: Awaited<ReturnType<typeof seeded>>;

beforeAll(async () => {
  a = await seeded('a', 42);
  b = await seeded('b', 42);
});

afterAll(async () => {
  for (const db of dbs) await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('seed generator (tiny)', () => {
  it('is deterministic for a seed number', async () => {
    expect(a.counts).toEqual(b.counts);
    expect(await fingerprint(a.db)).toEqual(await fingerprint(b.db));
    const other = await seeded('c', 7);
    expect((await fingerprint(other.db)).transactions).not.toEqual((await fingerprint(a.db)).transactions);
  });

  it('writes the same rows through the insert thread (a file) as on the connection itself (in memory)', async () => {
    const memory = await seeded(':memory:', 42);
    expect(memory.counts).toEqual(a.counts);
    expect(await fingerprint(memory.db)).toEqual(await fingerprint(a.db));
    expect(await fingerprint(memory.db, TERM_TABLES)).toEqual(await fingerprint(a.db, TERM_TABLES));
  });

  it('derives the typeahead terms and match keys that rebuilding them from the entities and news gives', async () => {
    const seeded = await fingerprint(b.db, TERM_TABLES);
    expect(Number(seeded.news_terms!.split(':')[0])).toBeGreaterThan(100);
    await rebuildSearchTerms(b.db);
    await rebuildNewsTerms(b.db);
    await rebuildMatchKeys(b.db);
    expect(Number(seeded.match_keys!.split(':')[0])).toBeGreaterThan(1000);
    expect(await fingerprint(b.db, TERM_TABLES)).toEqual(seeded);
  });

  it('rolls back everything the insert thread wrote when one of its INSERTs fails, and reports that failure', async () => {
    const file = path.join(dir, 'failing.sqlite');
    const db = createDb({ dbClient: 'sqlite', databaseUrl: `sqlite:${file}`, sqliteFile: file, dbPoolMax: 1 });
    dbs.push(db);
    await migrate(db);
    const w = new BulkWriter(db, { taxonomy: TABLES.taxonomy!, entity_taxonomy: TABLES.entity_taxonomy! }, insertTarget(db));
    w.add('taxonomy', { id: 1, name: 'AI', type: 'sector' });
    await w.flush();
    w.add('entity_taxonomy', { entity_id: 999, taxonomy_id: 1 }); // no such entity
    await w.flush();
    await expect(w.commit()).rejects.toThrow(/FOREIGN KEY/);
    await w.rollback();
    await w.close();
    expect(await one(db, 'select count(*) from taxonomy')).toBe(0);
  });

  it('has the planned sizes', () => {
    const n = Object.fromEntries(a.counts.map((c) => [c.table, c.rows]));
    expect(n.entities).toBe(300 + 60 + 40 + 250 + 15 + 10);
    expect(n.transactions).toBeGreaterThan(800);
    expect(n.transactions).toBeLessThan(1300);
    for (const table of Object.keys(TABLES)) expect(n[table], table).toBeGreaterThan(0);
  });

  it('keeps transactions consistent', async () => {
    const db = a.db;
    expect(await one(db, `select count(*) from transactions t left join entities e on e.id = t.company_id where e.id is null or e.subtype <> 'company'`)).toBe(0);
    const total = await one(db, 'select count(*) from transactions');
    const deleted = await one(db, 'select count(*) from transactions where deleted_at is not null');
    expect(deleted / total).toBeGreaterThan(0.01);
    expect(deleted / total).toBeLessThan(0.05);
    // one lead at position 0, positions 0..n-1, every participant an investor
    expect(
      await one(db, `select count(*) from (select transaction_id, sum(is_lead) as leads, min(position) as lo, max(position) as hi, count(*) as n,
                        sum(case when position = 0 and is_lead then 1 else 0 end) as lead0
                      from transaction_investors group by transaction_id) x where leads <> 1 or lead0 <> 1 or lo <> 0 or hi <> n - 1`),
    ).toBe(0);
    expect(await one(db, 'select count(*) from transaction_investors ti join entities e on e.id = ti.investor_id where not e.is_investor')).toBe(0);
    // PartialDate at all three precisions, sortable form, year and month consistent
    const precisions = await all<{ len: number; n: number }>(db, 'select length(announced_date) as len, count(*) as n from transactions group by 1 order by 1');
    expect(precisions.map((p) => p.len)).toEqual([4, 7, 10]);
    expect(precisions.find((p) => p.len === 10)!.n).toBeGreaterThan(total * 0.7);
    expect(
      await one(db, `select count(*) from transactions where date_sort <> substr(announced_date || '-01-01', 1, 10) and length(announced_date) = 4
                     or (length(announced_date) = 7 and date_sort <> announced_date || '-01') or (length(announced_date) = 10 and date_sort <> announced_date)
                     or year <> cast(substr(announced_date, 1, 4) as integer)
                     or (length(announced_date) = 4 and month is not null) or (length(announced_date) > 4 and month <> cast(substr(announced_date, 6, 2) as integer))`),
    ).toBe(0);
    const codes = await all<{ round_type: string; round_type_code: string; standardized_round: string }>(
      db, 'select distinct round_type, round_type_code, standardized_round from transactions',
    );
    for (const c of codes) {
      expect(ROUND_TYPES).toContainEqual({ code: c.round_type_code, name: c.round_type });
      expect(STANDARDIZED_ROUNDS).toContain(c.standardized_round);
    }
    expect(await one(db, `select count(*) from transactions where valuation_usd >= 1000000000 and deleted_at is null`)).toBeGreaterThan(0);
  });

  it('denormalises figures that match the rows', async () => {
    const db = a.db;
    // the company funding figures as src/db/figures.ts defines them (what imports refresh and verify compares)
    expect(await figureDifferences(db, null, [COMPANY_FIGURES])).toEqual([]);
    // the investor rank and the classification flags it and the figures give (what imports refresh too)
    expect(await figureDifferences(db, null, [INVESTOR_RANK])).toEqual([]);
    expect(await classificationDifferences(db)).toEqual([]);
    expect(await one(db, `select count(*) from entity_flags where kind = 'classification' and value = 'top_investor'`)).toBeGreaterThan(0);
    expect(await one(db, 'select count(*) from entities e where jobs_open_count <> (select count(*) from jobs j where j.entity_id = e.id and j.is_active)')).toBe(0);
    expect(await one(db, 'select count(*) from entities e where patents_count <> (select count(*) from patents p where p.entity_id = e.id)')).toBe(0);
    expect(
      await one(db, `select count(*) from entities e where subtype = 'company' and coalesce(valuation_usd, -1) <>
                       coalesce((select value_usd from valuations v where v.company_id = e.id order by date_sort desc, id desc limit 1), -1)`),
    ).toBe(0);
    expect(
      await one(db, `select count(*) from entities e where is_founder and (founded_companies_count is null or founded_companies_count <>
                       (select count(*) from career c where c.person_id = e.id and c.is_founder) or founded_companies_count = 0)`),
    ).toBe(0);
    expect(
      await one(db, `select count(*) from entities e where is_investor and investor_investments_count <> (select count(*) from transaction_investors ti
                       join transactions t on t.id = ti.transaction_id where ti.investor_id = e.id and t.deleted_at is null)`),
    ).toBe(0);
    expect(await one(db, `select count(*) from entities where subtype = 'company' and became_unicorn_date is not null and unicorn_type is null`)).toBe(0);
    expect(await one(db, `select count(*) from entities e where hq_city_id <> (select city_id from entity_locations l where l.entity_id = e.id and l.position = 0)`)).toBe(0);
    expect(
      await one(db, `select count(*) from entities e where subtype = 'company' and not exists (select 1 from entity_taxonomy et
                       join taxonomy t on t.id = et.taxonomy_id where et.entity_id = e.id and t.type = 'sector')`),
    ).toBe(0);
    expect(await one(db, `select max(n) from (select org_id, count(*) as n from career where is_founder group by org_id) x`)).toBeLessThanOrEqual(4);
  });

  it('counts the investor and founder figures as the SQL that defines them does', async () => {
    for (const f of FIGURE_SQL) {
      const label = f.columns.map(([c]) => c).join(', ');
      expect(await one(a.db, `select count(*) from (${f.select}) x`), label).toBeGreaterThan(10);
      // every row of the SQL has its values
      const differs = f.columns.map(([c, v]) => `e.${c} is not ${v}`).join(' or ');
      expect(await one(a.db, `select count(*) from (${f.select}) x join entities e on e.id = x.${f.key} where ${differs}`), label).toBe(0);
      // and no other entity has a figure (the generation writes none, or zeros for corporate investors)
      const some = f.columns.map(([c]) => `coalesce(e.${c}, 0) not in (0, '0')`).join(' or ');
      expect(await one(a.db, `select count(*) from entities e where (${some}) and e.id not in (select ${f.key} from (${f.select}) x)`), label).toBe(0);
    }
  });

  it('has unique identifiers, plausible flags and reference data', async () => {
    const db = a.db;
    expect(await one(db, 'select count(*) - count(distinct uuid) from entities')).toBe(0);
    expect(await one(db, `select count(*) from entities where uuid not like '________-____-4___-____-____________'`)).toBe(0);
    expect(await one(db, 'select count(*) - count(distinct domain) from entities where domain is not null')).toBe(0);
    const names = await all<{ name: string; name_lower: string }>(db, 'select name, name_lower from entities');
    expect(names.filter((r) => r.name_lower !== r.name.toLowerCase())).toEqual([]);
    expect(await one(db, `select count(*) from places where kind = 'city' and (lat is null or country_id is null or continent_id is null)`)).toBe(0);
    expect(await one(db, `select count(*) from places where kind = 'city'`)).toBeGreaterThanOrEqual(120);
    const flags = (await all<{ value: string }>(db, `select distinct value from entity_flags where kind = 'classification'`)).map((f) => f.value);
    expect(flags).toEqual(expect.arrayContaining(['repeat_founder', 'super_founder', 'top_investor', 'unicorn']));
    const jobs = await all<{ active: number; n: number }>(db, 'select is_active as active, count(*) as n from jobs group by is_active order by is_active');
    expect(jobs).toHaveLength(2);
    expect(jobs[0]!.n / (jobs[0]!.n + jobs[1]!.n)).toBeGreaterThan(0.08);
    expect((await all<{ status: string }>(db, `select distinct status from entities where subtype = 'company' order by 1`)).map((r) => r.status)).toEqual([
      'acquired', 'closed', 'ipo', 'operating',
    ]);
    expect(await one(db, `select count(*) from fx_rates where currency = 'EUR' and per_usd between 0.8 and 1`)).toBe(1);
  });

  it('has a rate for exactly the currencies the document lists', async () => {
    const doc = bundledDocument() as { components: { schemas: { CurrencyCode: { enum: string[] } } } };
    const seeded = (await all<{ currency: string }>(a.db, 'select currency from fx_rates')).map((r) => r.currency);
    expect([...new Set([...seeded, 'USD'])].sort()).toEqual([...doc.components.schemas.CurrencyCode.enum].sort());
  });

  it('staffs every university and government or non-profit body: one current head, roles after graduation, none in the future', async () => {
    const db = a.db;
    for (const [subtype, head] of [['university', 'President'], ['gov_ngo', '']] as const) {
      const orgs = await one(db, `select count(*) from entities where subtype = '${subtype}'`);
      const staffed = await one(db, `select count(distinct c.org_id) from career c join entities o on o.id = c.org_id where o.subtype = '${subtype}'`);
      expect(staffed, subtype).toBe(orgs);
      // exactly one current head per body, an executive
      const heads = await all<{ n: number }>(
        db,
        `select count(*) as n from career c join entities o on o.id = c.org_id
         where o.subtype = '${subtype}' and c.is_executive = true and c.end_date is null
           and c.raw_title in ('President', 'Director General', 'Executive Director') group by c.org_id`,
      );
      expect(heads.length, subtype).toBe(orgs);
      expect(heads.every((h) => Number(h.n) === 1), subtype).toBe(true);
      if (head) expect(await one(db, `select count(*) from career c join entities o on o.id = c.org_id where o.subtype = '${subtype}' and c.raw_title = '${head}'`)).toBe(orgs);
    }
    const bad = await all(
      db,
      `select c.id from career c join entities o on o.id = c.org_id join entities p on p.id = c.person_id
       where o.subtype in ('university', 'gov_ngo')
         and (p.type <> 'person' or c.is_founder = true or c.start_sort >= '2026-11-01' or (c.end_date is not null and c.end_date < c.start_date)
              or c.is_past <> (c.end_date is not null))`,
    );
    expect(bad).toEqual([]);
  });

  it('creates the development key, teams, credits and users', async () => {
    const db = a.db;
    const key = (await db('api_keys').where('client_id', 'dev-client').first()) as { secret_hash: string; scopes: string; status: string; team_id: number };
    expect(key.status).toBe('active');
    expect(key.team_id).toBe(1);
    expect(JSON.parse(key.scopes)).toEqual([...ALL_SCOPES]);
    expect(await verifySecret('dev-secret', key.secret_hash)).toBe(true);
    const teams = (await db('teams').orderBy('id').select('id', 'slug')) as { id: number; slug: string }[];
    expect(teams).toEqual([{ id: 1, slug: 'dev-team' }, { id: 2, slug: 'other-team' }]);
    expect(await one(db, 'select count(*) from team_members where team_id = 1')).toBe(3);
    expect(await one(db, 'select count(*) from api_keys where team_id = 2')).toBe(0);
    expect(await one(db, 'select balance from credit_balances where team_id = 1')).toBe(1_000_000_000);
    expect(await one(db, 'select balance from credit_balances where team_id = 2')).toBe(0);
    for (const [email, password, plan] of [['free@example.com', 'free-password', 'free'], ['premium@example.com', 'premium-password', 'premium']]) {
      const u = (await db('users').where('email', email).first()) as { password_hash: string; plan: string };
      expect(u.plan).toBe(plan);
      expect(await verifySecret(password!, u.password_hash)).toBe(true);
    }
  });
});
