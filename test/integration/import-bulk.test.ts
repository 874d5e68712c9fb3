/**
 * Today's Crunchbase bulk-export layouts (docs/import.md) on small realistic files
 * (test/fixtures/crunchbase-bulk: quoted commas and quotes, rounds without amounts, amounts in other
 * currencies with and without `raised_amount_usd`, `lead_investor_uuids` lists, people linked to
 * organisations, an investor in no other file, an acquirer in no other file) imported into the tiny
 * seed and served by the API: a company with its rounds and their investors, leads marked, a person
 * with their job. Importing again changes nothing; one amount changed is one update; an investment
 * added moves its investor's figures (and rank); `verify` finds every derived structure true.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readCsv } from '../../src/import/csv.js';
import { verifyDerived } from '../../src/import/derived.js';
import { runImport, type ImportOptions, type ImportReport, type Input } from '../../src/import/engine.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';

const DIR = path.resolve('test/fixtures/crunchbase-bulk');
const NAMES = ['organizations', 'people', 'investors', 'funding_rounds', 'investments', 'acquisitions'] as const;
const read = (n: string) => fs.readFileSync(path.join(DIR, `${n}.csv`));
const input = (name: string, bytes: Buffer | string): Input => ({ name, size: Buffer.byteLength(bytes), open: () => [Buffer.from(bytes)] as unknown as AsyncIterable<Buffer> });
/** The six files, in an order other than the one they are processed in, with replacements by name. */
const files = (replace: Partial<Record<(typeof NAMES)[number], string>> = {}) =>
  [...NAMES].reverse().map((n) => input(`${n}.csv`, replace[n] ?? current[n] ?? read(n)));
/** Files as the suite last changed them (a later import of the others keeps what an earlier one changed). */
const current: Partial<Record<(typeof NAMES)[number], string>> = {};
const CSV: ImportOptions = { format: 'crunchbase-csv', mode: 'all-or-nothing', dryRun: false };

async function rowsOf(name: string): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = [];
  let header: string[] | null = null;
  for await (const r of readCsv([read(name)] as unknown as AsyncIterable<Buffer>, name)) {
    if (!header) header = r.fields;
    else out.push(Object.fromEntries(header.map((h, i) => [h, r.fields[i]!])));
  }
  return out;
}

/** See import.test.ts: a turn of the event loop after an in-process import on SQLite. */
async function imported(...args: Parameters<typeof runImport>): Promise<ImportReport> {
  const r = await runImport(...args);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return r;
}

async function expectTrue(h: Harness): Promise<void> {
  expect(await verifyDerived(h.db)).toEqual({ figures: [], classifications: [], search_terms: [], facts: [], rollup: [], documents: [] });
}

async function fingerprint(h: Harness): Promise<unknown> {
  const out: Record<string, unknown> = {};
  const one = async (sql: string) => {
    const r = (await h.db.raw(sql)) as any;
    return Object.values(r.rows?.[0] ?? r[0])[0];
  };
  for (const t of ['entities', 'transactions', 'transaction_investors', 'career', 'entity_flags', 'entity_investor_types', 'places', 'taxonomy', 'search_terms', 'analytics_facts', 'import_keys', 'change_log']) {
    out[t] = Number(await one(`select count(*) from ${t}`));
  }
  out.entities_updated = await one('select max(updated_at) from entities');
  out.transactions_updated = await one('select max(updated_at) from transactions');
  out.leads = Number(await one('select count(*) from transaction_investors where is_lead = true'));
  out.ranks = String(await one('select sum(investor_rank) from entities'));
  return out;
}

/** The entity an import keyed `key` (`company` for organisations, `person` for people). */
async function entity(h: Harness, type: string, key: string): Promise<{ id: number; uuid: string }> {
  const row = (await h.db('import_keys as k').join('entities as e', 'e.id', 'k.record_id').where({ 'k.source': 'crunchbase', 'k.type': type, 'k.key': key }).first('e.id', 'e.uuid')) as { id: number; uuid: string };
  return { id: Number(row.id), uuid: row.uuid };
}

forEachDatabase('import of the bulk export', (h) => {
  it('imports the six files: every row read is written, and every derived structure is true', async () => {
    for (const k of Object.keys(current)) delete current[k as keyof typeof current];
    const r = await imported(h().db, files(), CSV);
    expect(r.rejections).toEqual([]);
    expect(r.committed).toBe(true);
    // processed organizations first and investments after the rounds they name, whatever the order given
    expect(r.files.map((f) => f.layout)).toEqual(['organizations', 'people', 'investors', 'funding_rounds', 'acquisitions', 'investments']);
    const rows = Object.fromEntries(await Promise.all(NAMES.map(async (n) => [n, (await rowsOf(n)).length] as const))) as Record<(typeof NAMES)[number], number>;
    const types = Object.fromEntries(r.files.map((f) => [f.layout, f.types]));
    expect(types.organizations!.companies).toMatchObject({ read: rows.organizations, inserted: rows.organizations });
    expect(types.people!.people).toMatchObject({ read: rows.people, inserted: rows.people });
    // every investor but one (Baltic Fund I) is an organisation or person of the other files: marked, not created
    expect(types.investors!.investors).toMatchObject({ read: rows.investors, inserted: 1, updated: rows.investors - 1 });
    expect(types.funding_rounds!.rounds).toMatchObject({ read: rows.funding_rounds, inserted: rows.funding_rounds });
    expect(types.acquisitions!.acquisitions).toMatchObject({ read: rows.acquisitions, inserted: rows.acquisitions });
    // an investment whose pair a round already named as its lead is unchanged
    const leads = (await rowsOf('funding_rounds')).reduce((a, f) => a + (f.lead_investor_uuids ? f.lead_investor_uuids.split(',').length : 0), 0);
    expect(types.funding_rounds!.investments).toMatchObject({ read: leads, inserted: leads });
    expect(types.investments!.investments).toMatchObject({ read: rows.investments, inserted: rows.investments - leads, unchanged: leads });
    for (const f of r.files) for (const c of Object.values(f.types)) expect(c.read).toBe(c.inserted + c.updated + c.unchanged + c.rejected);
    await expectTrue(h());
  });

  it('serves a company with its rounds, their sum and their investors, leads marked', async () => {
    const rounds = await rowsOf('funding_rounds');
    const investments = await rowsOf('investments');
    // a name with a quoted comma, a round in pounds only, its investors organisations and people
    const org = (await rowsOf('organizations')).find((o) => o.name === 'Dataweave, Inc.')!;
    const its = rounds.filter((f) => f.org_uuid === org.uuid);
    const company = await entity(h(), 'company', org.uuid!);
    const detail = await h().get(`/data/companies/${company.uuid}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.name).toBe('Dataweave, Inc.');
    // its amounts: in USD where the export gives them, else converted from pounds with the reference rate
    const rates = new Map(((await h().db('fx_rates').select('currency', 'per_usd')) as { currency: string; per_usd: number }[]).map((r) => [r.currency, Number(r.per_usd)]));
    const usd = (f: Record<string, string>) => (f.raised_amount_usd ? Number(f.raised_amount_usd) : f.raised_amount ? Math.round(Number(f.raised_amount) / rates.get(f.raised_amount_currency_code!)!) : 0);
    expect(its.some((f) => !f.raised_amount_usd && f.raised_amount)).toBe(true);
    const counted = its.filter((f) => f.investment_type !== 'secondary_market');
    expect(detail.body.data.funding).toMatchObject({ rounds_count: counted.length, total: counted.reduce((a, f) => a + usd(f), 0) });
    const listed = await h().get(`/data/companies/${company.uuid}/funding-rounds?limit=100`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    // its rounds and its acquisition (an exit round)
    const exits = (await rowsOf('acquisitions')).filter((a) => a.acquiree_uuid === org.uuid).map((a) => a.acquired_on!);
    expect(exits).toHaveLength(1);
    expect(listed.body.data.map((t: { announced_date: string }) => t.announced_date).sort()).toEqual([...its.map((f) => f.announced_on), ...exits].sort());
    for (const f of its) {
      const served = listed.body.data.find((t: { announced_date: string }) => t.announced_date === f.announced_on);
      const parts = investments.filter((i) => i.funding_round_uuid === f.uuid);
      const leads = new Set(f.lead_investor_uuids!.split(',').filter(Boolean));
      const want = await Promise.all(parts.map(async (p) => ({ uuid: (await entity(h(), p.investor_type === 'person' ? 'person' : 'company', p.investor_uuid!)).uuid, lead: leads.has(p.investor_uuid!) })));
      expect(served.investors.map((i: { is_lead: boolean; investor: { uuid: string } }) => ({ uuid: i.investor.uuid, lead: i.is_lead })).sort((a: { uuid: string }, b: { uuid: string }) => a.uuid.localeCompare(b.uuid)))
        .toEqual(want.sort((a, b) => a.uuid.localeCompare(b.uuid)));
      // the leads first
      expect(served.investors.slice(0, leads.size).every((i: { is_lead: boolean }) => i.is_lead)).toBe(true);
    }
  });

  it('converts an amount given only in its own currency, and keeps the USD figure the export gives', async () => {
    const rounds = await rowsOf('funding_rounds');
    const own = rounds.find((f) => !f.raised_amount_usd && f.raised_amount && f.raised_amount_currency_code === 'EUR')!;
    const both = rounds.find((f) => f.raised_amount_usd && f.raised_amount_currency_code === 'GBP')!;
    const rate = Number(((await h().db('fx_rates').where('currency', 'EUR').first('per_usd')) as { per_usd: number }).per_usd);
    const amount = async (key: string) => {
      const t = (await h().db('import_keys as k').join('transactions as t', 't.id', 'k.record_id').where({ 'k.type': 'round', 'k.key': key }).first('t.amount_usd')) as { amount_usd: number };
      return Number(t.amount_usd);
    };
    expect(await amount(own.uuid!)).toBe(Math.round(Number(own.raised_amount) / rate));
    expect(await amount(both.uuid!)).toBe(Number(both.raised_amount_usd));
  });

  it('serves a person with the job the file gives, and an investor with its types and figures', async () => {
    const person = (await rowsOf('people')).find((p) => p.featured_job_title === 'Co-Founder & CEO')!;
    const p = await entity(h(), 'person', person.uuid!);
    const org = await entity(h(), 'company', person.featured_job_organization_uuid!);
    const career = await h().get(`/data/people/${p.uuid}/career`);
    expect(career.status, JSON.stringify(career.body)).toBe(200);
    expect(career.body.data).toEqual([expect.objectContaining({ raw_title: 'Co-Founder & CEO', is_founder: true, company: expect.objectContaining({ uuid: org.uuid }) })]);
    const fund = (await rowsOf('investors')).find((i) => i.name === 'Harbor Lane Capital')!;
    const inv = await entity(h(), 'company', fund.uuid!);
    const served = await h().get(`/data/investors/${inv.uuid}`);
    expect(served.status, JSON.stringify(served.body)).toBe(200);
    const parts = (await rowsOf('investments')).filter((i) => i.investor_uuid === fund.uuid);
    expect(served.body.data.investor.types.map((t: { code: string }) => t.code).sort()).toEqual(['micro_vc', 'venture_capital']);
    expect(served.body.data.investor.investments.count).toBe(parts.length);
    expect(served.body.data.investor.rank).toEqual(expect.any(Number));
  });

  it('importing the same files again changes nothing', async () => {
    const before = await fingerprint(h());
    const r = await imported(h().db, files(), CSV);
    expect(r.committed).toBe(true);
    for (const f of r.files) for (const c of Object.values(f.types)) expect([c.inserted, c.updated, c.deleted, c.rejected, c.read]).toEqual([0, 0, 0, 0, c.unchanged]);
    expect(await fingerprint(h())).toEqual(before);
  });

  it('one amount changed: exactly one update, which the changed-since walk returns', async () => {
    const text = read('funding_rounds').toString();
    const rounds = await rowsOf('funding_rounds');
    const row = rounds.find((f) => f.raised_amount_usd && f.raised_amount_currency_code === 'USD')!;
    const line = text.split('\n').find((l) => l.startsWith(row.uuid!))!;
    const changed = text.replace(line, line.replace(`,${row.raised_amount_usd},${row.raised_amount},USD,`, `,${Number(row.raised_amount_usd) + 500},${row.raised_amount},USD,`));
    expect(changed).not.toBe(text);
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const r = await imported(h().db, files({ funding_rounds: changed }), CSV);
    current.funding_rounds = changed;
    const rep = r.files.find((f) => f.layout === 'funding_rounds')!;
    expect(rep.types.rounds).toEqual({ read: rounds.length, inserted: 0, updated: 1, unchanged: rounds.length - 1, deleted: 0, rejected: 0 });
    // the rollup changed by the one company's difference, not rebuilt (verify below holds it to a rebuild)
    expect(r.derived).toMatchObject({ rollup_by_difference: true });
    for (const f of r.files.filter((x) => x.layout !== 'funding_rounds')) for (const c of Object.values(f.types)) expect(c.updated + c.inserted).toBe(0);
    const walk = await h().get(`/data/transactions?sort=updated_at&filter=${encodeURIComponent(`updated_at[gt]:${mark}`)}`);
    expect(walk.status, JSON.stringify(walk.body)).toBe(200);
    const company = await entity(h(), 'company', row.org_uuid!);
    expect(walk.body.data).toEqual([expect.objectContaining({ amount: Number(row.raised_amount_usd) + 500, company: expect.objectContaining({ uuid: company.uuid }) })]);
    await expectTrue(h());
  });

  it("an investment added changes its investor's figures and rank, and verify finds them true", async () => {
    const fund = (await rowsOf('investors')).find((i) => i.name === 'Baltic Fund I')!;
    const inv = await entity(h(), 'company', fund.uuid!);
    const taken = new Set((await rowsOf('investments')).filter((i) => i.investor_uuid === fund.uuid).map((i) => i.funding_round_uuid));
    const round = (await rowsOf('funding_rounds')).find((f) => !taken.has(f.uuid) && f.raised_amount_usd)!;
    const before = (await h().get(`/data/investors/${inv.uuid}`)).body.data.investor;
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const added = `${read('investments').toString()}${['0f7c3a52-8f0e-4c7e-9d0a-3b1f5e2c9a10', 'Baltic Fund I investment', 'investment', 'baltic-extra', '', '', '', '', round.uuid, round.name, fund.uuid, fund.name, 'organization', 'False'].map((v) => (v!.includes(',') ? `"${v}"` : v)).join(',')}\n`;
    const r = await imported(h().db, files({ investments: added }), CSV);
    expect(r.files.find((f) => f.layout === 'investments')!.types.investments).toMatchObject({ inserted: 1, updated: 0, rejected: 0 });
    // the round's investor labels changed: its company's rollup share, by difference
    expect(r.derived).toMatchObject({ rollup_by_difference: true, facts_rounds: 1 });
    const after = (await h().get(`/data/investors/${inv.uuid}`)).body.data;
    expect(after.investor.investments.count).toBe(before.investments.count + 1);
    expect(after.investor.investments.total_invested).toBeGreaterThan(before.investments.total_invested);
    // its rank as the definition gives it: investors with more deals, or as many and more invested, or equal and a lower id, come first
    const ahead = (await h().db('entities').where('is_investor', true).andWhere((q) =>
      q.where('investor_investments_count', '>', after.investor.investments.count)
        .orWhere((q2) => q2.where('investor_investments_count', after.investor.investments.count).andWhere('investor_total_invested_usd', '>', after.investor.investments.total_invested))
        .orWhere((q2) => q2.where({ investor_investments_count: after.investor.investments.count, investor_total_invested_usd: after.investor.investments.total_invested }).andWhere('id', '<', inv.id)),
    ).count({ n: '*' })) as { n: number | string }[];
    expect(after.investor.rank).toBe(Number(ahead[0]!.n) + 1);
    expect(after.investor.rank).toBeLessThanOrEqual(before.rank);
    expect(after.updated_at > mark).toBe(true);
    // the round reads differently too (one more investor): stamped, so the changed-since walk finds it
    const walk = await h().get(`/data/transactions?sort=updated_at&filter=${encodeURIComponent(`updated_at[gt]:${mark}`)}`);
    expect(walk.body.data.map((t: { investors: { investor: { uuid: string } }[] }) => t.investors.map((i) => i.investor.uuid))).toEqual([expect.arrayContaining([inv.uuid])]);
    await expectTrue(h());
  });

  it("an investor's types changed: the facts of the rounds it took part in follow, and the rollup by difference", async () => {
    const text = read('investors').toString();
    const fund = (await rowsOf('investors')).find((i) => i.name === 'Northgate Ventures')!;
    expect((await rowsOf('investments')).some((i) => i.investor_uuid === fund.uuid)).toBe(true);
    const line = text.split('\n').find((l) => l.startsWith(fund.uuid!))!;
    const changed = text.replace(line, line.replace(`,${fund.investor_types},`, ',"venture_capital,family_investment_office",'));
    expect(changed).not.toBe(text);
    const r = await imported(h().db, files({ investors: changed }), CSV);
    current.investors = changed;
    expect(r.files.find((f) => f.layout === 'investors')!.types.investors).toMatchObject({ updated: 1, rejected: 0 });
    expect(r.derived).toMatchObject({ rollup_by_difference: true });
    expect(r.derived!.facts_rounds).toBeGreaterThan(0);
    await expectTrue(h());
  });

  it('verify reports a stored investor rank or classification flag that its definition does not give', async () => {
    const db = h().db;
    const fund = await entity(h(), 'company', (await rowsOf('investors')).find((i) => i.name === 'Baltic Fund I')!.uuid!);
    const was = (await db('entities').where('id', fund.id).first('investor_rank')) as { investor_rank: number };
    await db('entities').where('id', fund.id).update({ investor_rank: Number(was.investor_rank) + 1000 });
    await db('entity_flags').insert({ entity_id: fund.id, kind: 'classification', value: 'repeat_founder' });
    try {
      const d = await verifyDerived(db);
      expect(d.figures).toEqual([{ entity_id: fund.id, column: 'investor_rank', stored: expect.anything(), expected: expect.anything() }]);
      expect(Number(d.figures[0]!.expected)).toBe(Number(was.investor_rank));
      expect(d.classifications).toEqual([{ entity_id: fund.id, value: 'repeat_founder', stored: true, expected: false }]);
    } finally {
      await db('entities').where('id', fund.id).update({ investor_rank: was.investor_rank });
      await db('entity_flags').where({ entity_id: fund.id, kind: 'classification', value: 'repeat_founder' }).delete();
    }
    await expectTrue(h());
  });

  it('refuses rows naming records in no file and not in the database, with file, line and column', async () => {
    const bad = `${read('investments').toString()}deadbeef-0000-4000-8000-000000000001,x,investment,x,,,,,no-such-round,x,${(await rowsOf('investors'))[0]!.uuid},x,organization,True\n`;
    const lines = bad.trimEnd().split('\n').length;
    const r = await imported(h().db, [input('investments.csv', bad)], CSV);
    expect(r.committed).toBe(false);
    expect(r.rejections).toEqual([{ file: 'investments.csv', line: lines, column: 'funding_round_uuid', value: 'no-such-round', reason: expect.stringMatching(/in no file/) }]);
    const person = `${read('people').toString()}deadbeef-0000-4000-8000-000000000002,Nobody Known,person,nobody,,,,,Nobody,Known,male,USA,CA,California,Oakland,no-such-org,X,Founder,,,,\n`;
    const p = await imported(h().db, [input('people.csv', person)], { ...CSV, mode: 'skip-invalid' });
    expect(p.rejections).toEqual([expect.objectContaining({ file: 'people.csv', column: 'featured_job_organization_uuid', value: 'no-such-org' })]);
    expect(p.files[0]!.types.people).toMatchObject({ rejected: 1, inserted: 0 });
    await expectTrue(h());
  });

  it('holds its write lock from its first statement: another connection committing a write meanwhile does not fail it', async () => {
    const db = h().db;
    const was = (await db('fx_rates').where('currency', 'EUR').first('as_of')) as { as_of: string };
    const [head, ...rest] = read('organizations').toString().trimEnd().split('\n');
    const extra = rest[0]!.replace(/^[^,]+,[^,]+/, 'deadbeef-0000-4000-8000-0000000000aa,Late Arrival Labs');
    let write: Promise<unknown> | null = null;
    async function* chunks(): AsyncGenerator<Buffer> {
      yield Buffer.from(`${[head, ...rest.slice(0, 5)].join('\n')}\n`);
      // the import's transaction has read; a server's metering write would commit here
      write = db('fx_rates').where('currency', 'EUR').update({ as_of: '2026-11-27' });
      await Promise.race([write, new Promise((resolve) => setTimeout(resolve, 300))]);
      yield Buffer.from(`${[...rest.slice(5), extra].join('\n')}\n`);
    }
    try {
      const r = await imported(db, [{ name: 'organizations.csv', size: null, open: () => chunks() }], CSV);
      expect(r.rejections).toEqual([]);
      expect(r.committed).toBe(true);
      expect(await db('entities').where('name', 'Late Arrival Labs').first('id')).toBeDefined();
      await write;
      expect(await db('fx_rates').where('currency', 'EUR').first('as_of')).toEqual({ as_of: '2026-11-27' });
    } finally {
      await write;
      await db('fx_rates').where('currency', 'EUR').update({ as_of: was.as_of });
    }
    await expectTrue(h());
  });
});
