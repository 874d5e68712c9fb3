import { expect, it } from 'vitest';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { walk } from './catalogue-walk.js';

forEachDatabase('catalogue: investors, portfolio and similar', (h) => {
  const activeRounds = () => h().db('transactions as t').join('transaction_investors as ti', 'ti.transaction_id', 't.id').whereNull('t.deleted_at');

  it("a company's investors: one row per investor of its active rounds", async () => {
    const c = (await activeRounds().groupBy('t.company_id').orderByRaw('count(distinct ti.investor_id) desc').first('t.company_id as id')) as { id: number };
    const uuid = ((await h().db('entities').where('id', c.id).first('uuid')) as { uuid: string }).uuid;
    const rows = await walk(h(), `/data/companies/${uuid}/investors?limit=2`);
    const expected = (await activeRounds().where('t.company_id', c.id).distinct('ti.investor_id').pluck('ti.investor_id')) as number[];
    expect(rows.length).toBe(expected.length);
    const leads = (await activeRounds().where('t.company_id', c.id).where('ti.is_lead', true).distinct('ti.investor_id').pluck('ti.investor_id')) as number[];
    const leadUuids = new Set((await h().db('entities').whereIn('id', leads).pluck('uuid')) as string[]);
    for (const r of rows) expect(r.is_lead, r.investor.name).toBe(leadUuids.has(r.investor.uuid));
    const byCount = await walk(h(), `/data/companies/${uuid}/investors?limit=50&sort=-rounds_count`);
    const counts = byCount.map((r) => r.rounds_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("an investor's portfolio pages every company; its first page is the detail's glance", async () => {
    const i = (await activeRounds().join('entities as ie', 'ie.id', 'ti.investor_id').where('ie.subtype', 'investor').groupBy('ti.investor_id')
      .orderByRaw('count(distinct t.company_id) desc').first('ti.investor_id as id')) as { id: number };
    const inv = (await h().db('entities').where('id', i.id).first('uuid', 'subtype')) as { uuid: string; subtype: string };
    const n = ((await activeRounds().where('ti.investor_id', i.id).countDistinct({ n: 't.company_id' })) as any)[0].n;
    const rows = await walk(h(), `/data/investors/${inv.uuid}/portfolio?limit=3`);
    expect(rows.length).toBe(Number(n));
    const detail = await h().get(`/data/investors/${inv.uuid}`);
    const glance = detail.body.data.investor.portfolio.companies.items.map((x: any) => x.company.uuid);
    expect(rows.slice(0, glance.length).map((r) => r.company.uuid)).toEqual(glance);
  });

  it('similar companies: documented score, best first, parent excluded, cursors bound to the parent', async () => {
    const c = (await h().db('entity_taxonomy as et').join('entities as e', 'e.id', 'et.entity_id').where('e.subtype', 'company').first('e.id', 'e.uuid', 'e.hq_country_id')) as any;
    const rows = await walk(h(), `/data/companies/${c.uuid}/similar?limit=25`, 40);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(1000);
    expect(rows.some((r) => r.company.uuid === c.uuid)).toBe(false);
    const scores = rows.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const r of rows) expect(r.score).toBe(3 * r.shared_taxonomy + 2 * r.shared_investors + (r.same_country ? 1 : 0));
    const top = rows[0];
    const topId = ((await h().db('entities').where('uuid', top.company.uuid).first('id', 'hq_country_id')) as any);
    const mine = (await h().db('entity_taxonomy').where('entity_id', c.id).pluck('taxonomy_id')) as number[];
    const shared = Number(((await h().db('entity_taxonomy').where('entity_id', topId.id).whereIn('taxonomy_id', mine).count({ n: '*' })) as any)[0].n);
    expect(top.shared_taxonomy).toBe(shared);
    expect(top.same_country).toBe(topId.hq_country_id === c.hq_country_id);
    const first = await h().get(`/data/companies/${c.uuid}/similar?limit=1`);
    const other = (await h().db('entities').where('subtype', 'company').whereNot('id', c.id).first('uuid')) as { uuid: string };
    expect((await h().get(`/data/companies/${other.uuid}/similar?limit=1&cursor=${encodeURIComponent(first.body.page.next_cursor)}`)).status).toBe(400);
  });

  it('similar investors: documented score and only investors', async () => {
    const inv = (await h().db('entities').where('subtype', 'investor').orderBy('investor_investments_count', 'desc').first('uuid')) as { uuid: string };
    const r = await h().get(`/data/investors/${inv.uuid}/similar?limit=50&include_total=true`);
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const x of r.body.data) {
      expect(x.investor.subtype).toBe('investor');
      expect(x.investor.uuid).not.toBe(inv.uuid);
      expect(x.score).toBe(3 * x.shared_portfolio + 2 * x.shared_types + (x.same_country ? 1 : 0));
    }
    const company = (await h().db('entities').where('subtype', 'company').first('uuid')) as { uuid: string };
    expect((await h().get(`/data/investors/${company.uuid}/similar`)).status).toBe(404);
    expect((await h().get('/data/companies/nope/similar')).body.error.code).toBe('INVALID_ENTITY_ID');
  });
});
