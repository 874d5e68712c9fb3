import { expect, it } from 'vitest';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { walk } from './catalogue-walk.js';
import { issueToken } from '../../src/auth/grant.js';
import { loadSigningKey } from '../../src/auth/signing.js';

/** The UUID of the parent with the most child rows, and that count. */
async function busiest(h: Harness, table: string, fk: string, where: (q: any) => any = (q) => q) {
  const row = (await where(h.db(`${table} as x`)).groupBy(`x.${fk}`).orderByRaw('count(*) desc').orderBy(`x.${fk}`).first(`x.${fk} as id`, h.db.raw('count(*) as n'))) as { id: number; n: number };
  if (!row) return { uuid: ((await h.db('entities').first('uuid')) as { uuid: string }).uuid, subtype: null, n: 0, missing: true };
  const e = (await h.db('entities').where('id', row.id).first('uuid', 'subtype', 'type')) as { uuid: string; subtype: string | null };
  return { uuid: e.uuid, subtype: e.subtype, n: Number(row.n) };
}

const PATH: Record<string, string> = { company: 'companies', investor: 'investors', university: 'universities', gov_ngo: 'gov-ngo' };

forEachDatabase('catalogue: nested lists', (h) => {
  it('company sub-resources list every row of the parent once', async () => {
    const cases: [string, string, string, ((q: any) => any)?][] = [
      ['funding-rounds', 'transactions', 'company_id', (q) => q.whereNull('x.deleted_at')],
      ['valuations', 'valuations', 'company_id'],
      ['financials', 'financials', 'company_id'],
      ['headcount-breakdown', 'headcount_breakdown', 'company_id'],
      ['web-traffic', 'web_traffic', 'company_id'],
      ['patents', 'patents', 'entity_id', (q) => q.join('entities as pe', 'pe.id', 'x.entity_id').where('pe.subtype', 'company')],
      ['team', 'career', 'org_id', (q) => q.join('entities as pe', 'pe.id', 'x.org_id').where('pe.subtype', 'company')],
    ];
    for (const [sub, table, fk, where] of cases) {
      const p = await busiest(h(), table, fk, where);
      const rows = await walk(h(), `/data/companies/${p.uuid}/${sub}?limit=3`);
      expect(rows.length, sub).toBe(p.n);
      const first = await h().get(`/data/companies/${p.uuid}/${sub}?limit=1&include_total=true`);
      expect(first.body.page.total, sub).toBe(p.n);
    }
  });

  it('orders rows and keeps money, premium fields and partial dates', async () => {
    const p = await busiest(h(), 'financials', 'company_id');
    const fin = await walk(h(), `/data/companies/${p.uuid}/financials?limit=2&currency=EUR`);
    const years = fin.map((f) => f.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const eur = (await h().db('fx_rates').where('currency', 'EUR').first()) as { per_usd: number };
    const id = ((await h().db('entities').where('uuid', p.uuid).first('id')) as { id: number }).id;
    const row = (await h().db('financials').where({ company_id: id, year: years[0] }).first()) as any;
    expect(fin[0].revenue).toBe(row.revenue_usd === null ? null : Math.round(Number(row.revenue_usd) * eur.per_usd));
    expect(fin[0]).not.toHaveProperty('locked');
    const t = await busiest(h(), 'web_traffic', 'company_id');
    const months = (await walk(h(), `/data/companies/${t.uuid}/web-traffic?limit=5`)).map((x) => x.month);
    expect(months).toEqual([...months].sort().reverse());
    const hb = await busiest(h(), 'headcount_breakdown', 'company_id');
    const counts = (await walk(h(), `/data/companies/${hb.uuid}/headcount-breakdown?sort=-count`)).map((x) => x.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('investor, entity, university and gov-ngo sub-resources', async () => {
    const funds = await busiest(h(), 'funds', 'investor_id');
    expect((await walk(h(), `/data/investors/${funds.uuid}/funds?limit=2`)).length).toBe(funds.n);
    const lp = await busiest(h(), 'fund_lps', 'lp_id');
    const lpRows = await walk(h(), `/data/entities/${lp.uuid}/lp-funds?limit=2`);
    expect(lpRows.length).toBe(lp.n);
    if (lp.subtype === 'investor') expect((await walk(h(), `/data/investors/${lp.uuid}/lp-funds?limit=2`)).length).toBe(lp.n);
    const alumni = await busiest(h(), 'education', 'university_id');
    const al = await walk(h(), `/data/universities/${alumni.uuid}/alumni?limit=4`);
    expect(al.length).toBe(alumni.n);
    expect(al.every((a) => a.person.type === 'person')).toBe(true);
    for (const kind of ['investor', 'university', 'gov_ngo']) {
      const team = await busiest(h(), 'career', 'org_id', (q) => q.join('entities as pe', 'pe.id', 'x.org_id').where('pe.subtype', kind));
      expect(team, kind).not.toHaveProperty('missing');
      expect(team.n, kind).toBeGreaterThan(1);
      const rows = await walk(h(), `/data/${PATH[kind]}/${team.uuid}/team?limit=3`);
      expect(rows.length, kind).toBe(team.n);
      expect(rows[0].person).toHaveProperty('classifications');
    }
    for (const kind of ['university', 'gov_ngo']) {
      const parent = (await h().db('entities').where('subtype', kind).first('id', 'uuid')) as { id: number; uuid: string };
      const n = Number(((await h().db('patents').where('entity_id', parent.id).count({ n: '*' })) as any)[0].n);
      expect((await walk(h(), `/data/${PATH[kind]}/${parent.uuid}/patents?limit=3`)).length, kind).toBe(n);
    }
  });

  it('binds cursors to the parent, checks the parent subtype and the id form', async () => {
    const a = await busiest(h(), 'valuations', 'company_id');
    const b = (await h().db('entities').where('subtype', 'company').whereNot('uuid', a.uuid).first('uuid')) as { uuid: string };
    const first = await h().get(`/data/companies/${a.uuid}/valuations?limit=1`);
    const cross = await h().get(`/data/companies/${b.uuid}/valuations?limit=1&cursor=${encodeURIComponent(first.body.page.next_cursor)}`);
    expect(cross.status).toBe(400);
    expect(cross.body.error.message).toMatch(/parent/);
    const inv = (await h().db('entities').where('subtype', 'investor').first('uuid')) as { uuid: string };
    expect((await h().get(`/data/companies/${inv.uuid}/financials`)).status).toBe(404);
    expect((await h().get(`/data/universities/${a.uuid}/alumni`)).status).toBe(404);
    const bad = await h().get('/data/companies/123/team');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_ENTITY_ID');
    expect((await h().get(`/data/companies/${a.uuid}/funding-rounds?filter=amount[gt]:abc`)).body.error.code).toBe('FILTER_VALIDATION_ERROR');
    expect((await h().get(`/data/companies/${a.uuid}/patents?filter=x[eq]:1`)).status).toBe(400);
  });

  it('locks premium fields for browser-app tiers below premium', async () => {
    const cfg = h().server.cfg;
    const key = await loadSigningKey(cfg.signingKeyFile);
    const as = async (tier: 'anonymous' | 'free') =>
      `Bearer ${(await issueToken(cfg, key, `user:${tier}`, { scope: 'read:entities', gty: 'authorization-code', tier })).access_token}`;
    const fin = await busiest(h(), 'financials', 'company_id');
    const free = await h().get(`/data/companies/${fin.uuid}/financials`, { Authorization: await as('free'), 'X-Client-Id': null });
    expect(free.status).toBe(200);
    expect(free.body.data[0]).toMatchObject({ revenue: null, ebitda: null, profit: null, rnd: null, valuation: null });
    expect(free.body.data[0].locked.map((l: any) => l.field).sort()).toEqual(['ebitda', 'profit', 'revenue', 'rnd', 'valuation']);
    const anon = await h().get(`/data/companies/${fin.uuid}/financials`, { Authorization: await as('anonymous'), 'X-Client-Id': null });
    expect(anon.body.data[0].employees).toBeNull();
    expect(anon.body.data[0].locked).toContainEqual({ field: 'employees', reason: 'ACCOUNT_REQUIRED' });
    const wt = await busiest(h(), 'web_traffic', 'company_id');
    const visits = await h().get(`/data/companies/${wt.uuid}/web-traffic`, { Authorization: await as('free'), 'X-Client-Id': null });
    expect(visits.body.data[0].visits).toBeNull();
    expect(visits.body.data[0].locked).toEqual([{ field: 'visits', reason: 'PREMIUM_REQUIRED' }]);
    const hb = await busiest(h(), 'headcount_breakdown', 'company_id');
    const share = await h().get(`/data/companies/${hb.uuid}/headcount-breakdown`, { Authorization: await as('anonymous'), 'X-Client-Id': null });
    // the count goes with the share: the share is the count over the sum of the counts
    expect(share.body.data[0]).toMatchObject({
      count: null,
      percentage: null,
      locked: [
        { field: 'count', reason: 'ACCOUNT_REQUIRED' },
        { field: 'percentage', reason: 'ACCOUNT_REQUIRED' },
      ],
    });
  });
});
