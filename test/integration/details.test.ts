import { expect, it } from 'vitest';
import { refreshDocuments } from '../../src/documents/build.js';
import { forEachDatabase } from '../helpers/harness.js';

forEachDatabase('detail endpoints', (h) => {
  const activeTx = async () =>
    (await h().db('transactions').whereNull('deleted_at').whereNotNull('amount_usd').orderBy('id').first()) as { id: number; amount_usd: number; company_id: number };

  it('GET /data/transactions/{id} returns the full row in USD by default', async () => {
    const tx = await activeTx();
    const r = await h().get(`/data/transactions/${tx.id}`);
    expect(r.status).toBe(200);
    expect(r.body.currency).toBe('USD');
    expect(r.body.data.id).toBe(tx.id);
    expect(r.body.data.amount).toBe(Number(tx.amount_usd));
    expect(r.body.data.deleted_at).toBeNull();
    expect(r.body.data.company.type).toBe('organization');
    expect(r.headers.get('x-credits-used')).toBe('1');
    expect(r.headers.get('api-version')).toBe('2026-10-09');
  });

  it('converts money to the requested currency and echoes it', async () => {
    const tx = await activeTx();
    const rate = (await h().db('fx_rates').where('currency', 'EUR').first()) as { per_usd: number };
    const r = await h().get(`/data/transactions/${tx.id}?currency=EUR`);
    expect(r.status).toBe(200);
    expect(r.body.currency).toBe('EUR');
    expect(r.body.data.amount).toBe(Math.round(Number(tx.amount_usd) * rate.per_usd));
  });

  it('lists investors leads first', async () => {
    const row = (await h()
      .db('transaction_investors as ti')
      .join('transactions as t', 't.id', 'ti.transaction_id')
      .whereNull('t.deleted_at')
      .groupBy('ti.transaction_id')
      .havingRaw('count(*) > 1')
      .first('ti.transaction_id')) as { transaction_id: number };
    const r = await h().get(`/data/transactions/${row.transaction_id}`);
    const inv = r.body.data.investors as { is_lead: boolean }[];
    expect(inv.length).toBeGreaterThan(1);
    const firstNonLead = inv.findIndex((i) => !i.is_lead);
    expect(inv.slice(firstNonLead).every((i) => !i.is_lead)).toBe(true);
  });

  it('does not find soft-deleted transactions', async () => {
    const del = (await h().db('transactions').whereNotNull('deleted_at').first('id')) as { id: number };
    const r = await h().get(`/data/transactions/${del.id}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.headers.get('x-credits-used')).toBe('0');
  });

  it('rejects a non-numeric transaction id and an unknown currency with details', async () => {
    const bad = await h().get('/data/transactions/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error.details[0].path).toBe('path.id');
    const cur = await h().get('/data/transactions/1?currency=XXX');
    expect(cur.status).toBe(400);
    expect(cur.body.error.details[0].path).toBe('query.currency');
    const huge = await h().get('/data/transactions/999999999999999');
    expect(huge.status).toBe(404);
  });

  it('GET /data/companies/{id} returns the full record with glances', async () => {
    const company = (await h()
      .db('entities as e')
      .where('e.subtype', 'company')
      .whereExists(h().db('career as c').whereRaw('c.org_id = e.id').andWhere('c.is_founder', true))
      .first('e.uuid', 'e.id')) as { uuid: string; id: number };
    const r = await h().get(`/data/companies/${company.uuid}`);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.uuid).toBe(company.uuid);
    expect(d.subtype).toBe('company');
    expect(d.founders.sort).toBe('-start_date');
    expect(d.founders.items.length).toBeGreaterThan(0);
    expect(d.founders.items.length).toBeLessThanOrEqual(5);
    expect(d.available).toContain('founders');
    expect(d.service_url).toContain(company.uuid);
  });

  it('gives the founders glance its total, order and classifications from the database', async () => {
    // the organization with the most founders (ties: the lowest id); the glance keeps 5 where a seed has more
    const top = (await h()
      .db('career')
      .where('is_founder', true)
      .groupBy('org_id')
      .orderByRaw('count(*) desc, org_id')
      .first('org_id', h().db.raw('count(*) as n'))) as { org_id: number; n: number | string };
    const org = (await h().db('entities').where('id', top.org_id).first('uuid', 'subtype')) as { uuid: string; subtype: string };
    // three more founders (persons with a classification), so that the glance of 5 is cut
    const extra = (await h()
      .db('entity_flags')
      .where('kind', 'classification')
      .whereNotIn('entity_id', h().db('career').where('org_id', top.org_id).select('person_id'))
      .distinct('entity_id')
      .orderBy('entity_id')
      .limit(3)) as { entity_id: number }[];
    expect(extra).toHaveLength(3);
    await h()
      .db('career')
      .insert(
        extra.map((x, i) => ({
          person_id: x.entity_id, org_id: top.org_id, raw_title: 'Co-founder', titles: '["Co-founder"]', is_founder: true,
          is_executive: false, is_partner: false, is_past: false, start_date: `2030-0${i + 1}-01`, start_sort: `2030-0${i + 1}-01`, end_date: null,
        })),
      );
    top.n = Number(top.n) + extra.length;
    // a write outside the import engine refreshes the record documents that show the people it names (getEntity answers from them)
    await refreshDocuments(h().db, [], [top.org_id, ...extra.map((x) => x.entity_id)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const expected = (await h()
      .db('career as c')
      .join('entities as p', 'p.id', 'c.person_id')
      .where('c.org_id', top.org_id)
      .andWhere('c.is_founder', true)
      .orderByRaw('c.start_sort desc nulls last, c.id asc')
      .limit(5)
      .select('c.start_date', 'p.uuid', 'p.id as person_id')) as { start_date: string | null; uuid: string; person_id: number }[];
    const flags = (await h()
      .db('entity_flags')
      .whereIn('entity_id', expected.map((e) => e.person_id))
      .andWhere('kind', 'classification')
      .orderBy(['entity_id', 'value'])
      .select('entity_id', 'value')) as { entity_id: number; value: string }[];
    expect(expected.length).toBeLessThan(top.n); // the glance is cut
    expect(flags.length).toBeGreaterThan(0); // and names classifications
    const r = await h().get(`/data/entities/${org.uuid}`);
    expect(r.status).toBe(200);
    const f = r.body.data.founders as { total: number; items: { start_date: string | null; person: { uuid: string; classifications: string[] } }[] };
    expect(f.total).toBe(Number(top.n));
    expect(f.items.map((i) => [i.start_date, i.person.uuid])).toEqual(expected.map((e) => [e.start_date, e.uuid]));
    for (const [i, e] of expected.entries()) {
      expect(f.items[i]!.person.classifications).toEqual(flags.filter((x) => x.entity_id === e.person_id).map((x) => x.value));
    }
  });

  it('gives an investing company a portfolio glance of at most 10', async () => {
    const inv = (await h()
      .db('entities as e')
      .where('e.subtype', 'company')
      .andWhere('e.is_investor', true)
      .whereExists(h().db('transaction_investors as ti').whereRaw('ti.investor_id = e.id'))
      .first('e.uuid')) as { uuid: string } | undefined;
    if (!inv) return; // the tiny seed may have no corporate investors
    const r = await h().get(`/data/companies/${inv.uuid}`);
    expect(r.status).toBe(200);
    expect(r.body.data.investor.portfolio.companies.items.length).toBeLessThanOrEqual(10);
  });

  it('refuses numeric and malformed ids on entity routes with INVALID_ENTITY_ID', async () => {
    for (const id of ['12345', 'not-a-uuid']) {
      const r = await h().get(`/data/companies/${id}`);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_ENTITY_ID');
      expect(r.body.error.details[0].path).toBe('path.id');
    }
  });

  it('answers 404 for an unknown company and for a non-company entity', async () => {
    const r = await h().get('/data/companies/00000000-0000-4000-8000-000000000000');
    expect(r.status).toBe(404);
    const investor = (await h().db('entities').where('subtype', 'investor').first('uuid')) as { uuid: string };
    expect((await h().get(`/data/companies/${investor.uuid}`)).status).toBe(404);
  });

  it('GET /data/jobs/{id} serves active openings only, without salary fields', async () => {
    const active = (await h().db('jobs').where('is_active', true).first('id')) as { id: number };
    const r = await h().get(`/data/jobs/${active.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe(active.id);
    expect(Object.keys(r.body.data)).not.toContain('salary_min');
    const inactive = (await h().db('jobs').where('is_active', false).first('id')) as { id: number };
    expect((await h().get(`/data/jobs/${inactive.id}`)).status).toBe(404);
  });

  it('GET /system/health is public and reports the database', async () => {
    const r = await h().get('/system/health', { Authorization: null, 'X-Client-Id': null });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body.database.status).toBe('up');
  });
});

// entity blocks take place names from an in-memory cache (src/db/refCache.ts): a place added while
// the server runs is picked up the first time a block names it
forEachDatabase('entity blocks and the reference cache', (h) => {
  it('names a major added after the cache was loaded', async () => {
    const db = h().db;
    const row = (await db('education as ed').join('entities as p', 'p.id', 'ed.person_id').where('p.is_founder', true).orderBy('ed.id').first('ed.id', 'ed.major_ids', 'p.uuid')) as {
      id: number;
      major_ids: string;
      uuid: string;
    };
    expect((await h().get(`/data/people/${row.uuid}/education`)).status).toBe(200); // the cache is loaded
    const id = 990_002;
    await db('majors').insert({ id, name: 'Cache Studies' });
    await db('education').where('id', row.id).update({ major_ids: JSON.stringify([...(JSON.parse(row.major_ids) as number[]), id]) });
    try {
      const list = await h().get(`/data/people/${row.uuid}/education?limit=100`);
      expect(list.status).toBe(200);
      const majors = (list.body.data as { majors: { id: number; name: string }[] }[]).flatMap((e) => e.majors);
      expect(majors).toContainEqual({ id, name: 'Cache Studies' });
    } finally {
      await db('education').where('id', row.id).update({ major_ids: row.major_ids });
      await db('majors').where({ id }).delete();
    }
  });

  it('names a city added after the cache was loaded, with its state, country and continent', async () => {
    const db = h().db;
    const company = (await db('entities').where('subtype', 'company').orderBy('id').first('id', 'uuid')) as { id: number; uuid: string };
    const hq = (await db('entity_locations as el').join('places as c', 'c.id', 'el.city_id').where('el.entity_id', company.id).first('c.country_id', 'c.continent_id')) as {
      country_id: number;
      continent_id: number;
    };
    const before = await h().get(`/data/companies/${company.uuid}`);
    expect(before.status).toBe(200);
    const id = 990_001;
    await db('places').insert({ id, kind: 'city', name: 'Cachetown', country_id: hq.country_id, continent_id: hq.continent_id, lat: 1.5, lon: 2.5 });
    await db('entity_locations').insert({ entity_id: company.id, role: 'office', city_id: id, position: 99 });
    // a write outside the import engine refreshes the record documents that show the entity itself
    await refreshDocuments(db, [], [company.id]);
    // the refresh ran on this process's event loop, the server's too: a turn of it lets the kept-alive
    // sockets that timed out meanwhile close before the next request
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const after = await h().get(`/data/companies/${company.uuid}`);
      expect(after.status).toBe(200);
      const locations = after.body.data.locations as { role: string; city: { id: number; name: string }; country: { id: number }; lat: number }[];
      expect(locations.slice(0, -1)).toEqual(before.body.data.locations);
      expect(locations.at(-1)).toMatchObject({ role: 'office', city: { id, name: 'Cachetown' }, state: null, country: { id: hq.country_id }, continent: { id: hq.continent_id }, lat: 1.5, lon: 2.5 });
    } finally {
      await db('entity_locations').where({ entity_id: company.id, city_id: id }).delete();
      await db('places').where({ id }).delete();
      await refreshDocuments(db, [], [company.id]);
    }
  });
});
