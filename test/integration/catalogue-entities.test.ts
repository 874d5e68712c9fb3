import { expect, it } from 'vitest';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { walk } from './catalogue-walk.js';

const DIRECTORIES = [
  { path: '/data/investors', where: { subtype: 'investor' } },
  { path: '/data/universities', where: { subtype: 'university' } },
  { path: '/data/gov-ngo', where: { subtype: 'gov_ngo' } },
  { path: '/data/people', where: { type: 'person' } },
  { path: '/data/entities', where: {} },
] as const;

forEachDatabase('catalogue: entity directories', (h) => {
  const count = async (where: Record<string, string>) => Number(((await h().db('entities').where(where).count({ n: '*' })) as any)[0].n);

  it('each directory lists only its entities, by -signal_rating, with totals', async () => {
    for (const d of DIRECTORIES) {
      const r = await h().get(`${d.path}?limit=20&include_total=true`);
      expect(r.status, d.path).toBe(200);
      expect(r.body.page.total, d.path).toBe(await count(d.where));
      expect(r.body.data.length, d.path).toBe(Math.min(20, r.body.page.total));
      const ratings = r.body.data.map((e: any) => e.signal_rating ?? -1);
      expect(ratings, d.path).toEqual([...ratings].sort((a, b) => b - a));
      for (const e of r.body.data) {
        if ('subtype' in d.where) expect(e.subtype).toBe(d.where.subtype);
        if ('type' in d.where) expect(e.type).toBe('person');
      }
    }
  });

  it('pages every row once by name and filters by country', async () => {
    const rows = await walk(h(), '/data/universities?limit=7&sort=name');
    expect(rows.length).toBe(await count({ subtype: 'university' }));
    expect(new Set(rows.map((r) => r.uuid)).size).toBe(rows.length);
    const names = rows.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const one = (await h().db('entities').where('subtype', 'investor').whereNotNull('hq_country_id').first('hq_country_id')) as { hq_country_id: number };
    const inv = await walk(h(), `/data/investors?limit=50&filter=country[eq]:${one.hq_country_id}`);
    const expected = await count({ subtype: 'investor', hq_country_id: one.hq_country_id } as any);
    expect(inv.length).toBe(expected);
    expect(inv.every((e) => e.locations.some((l: any) => l.country.id === one.hq_country_id))).toBe(true);
  });

  it('investors sort by investments and reject a changed sort on a cursor', async () => {
    const r = await h().get('/data/investors?limit=5&sort=-investments_count');
    expect(r.status).toBe(200);
    const counts = r.body.data.map((e: any) => e.investor?.investments?.count ?? -1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const bad = await h().get(`/data/investors?limit=5&sort=name&cursor=${encodeURIComponent(r.body.page.next_cursor)}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const unknown = await h().get('/data/universities?sort=funding_total');
    expect(unknown.status).toBe(400);
  });

  it('people: summary view and unknown filters', async () => {
    const r = await h().get('/data/people?limit=3&view=summary');
    expect(r.body.view).toBe('summary');
    expect(r.body.data[0]).not.toHaveProperty('career');
    const full = await h().get('/data/people?limit=3');
    expect(full.body.data[0]).toHaveProperty('career');
    const bad = await h().get('/data/people?filter=nope[eq]:1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('UNKNOWN_FILTER');
  });

  it('details: typed records, 404 for another subtype, 400 INVALID_ENTITY_ID for a non-UUID', async () => {
    const pick = async (where: Record<string, string>) => ((await h().db('entities').where(where).orderBy('id').first('uuid')) as { uuid: string }).uuid;
    const investor = await pick({ subtype: 'investor' });
    const university = await pick({ subtype: 'university' });
    const gov = await pick({ subtype: 'gov_ngo' });
    const person = await pick({ type: 'person' });
    const cases: [string, string, (b: any) => void][] = [
      ['/data/investors/', investor, (b) => expect(b.subtype).toBe('investor')],
      ['/data/universities/', university, (b) => expect(b.subtype).toBe('university')],
      ['/data/gov-ngo/', gov, (b) => expect(b.subtype).toBe('gov_ngo')],
      ['/data/people/', person, (b) => expect(b.type).toBe('person')],
      ['/data/entities/', person, (b) => expect(b.career).toBeDefined()],
      ['/data/entities/', university, (b) => expect(b.founders).toBeDefined()],
    ];
    for (const [path, uuid, check] of cases) {
      const r = await h().get(`${path}${uuid}?currency=EUR`);
      expect(r.status, path).toBe(200);
      expect(r.body.data.uuid).toBe(uuid);
      expect(r.body.currency).toBe('EUR');
      check(r.body.data);
    }
    expect((await h().get(`/data/universities/${investor}`)).status).toBe(404);
    expect((await h().get(`/data/people/${university}`)).status).toBe(404);
    expect((await h().get('/data/gov-ngo/00000000-0000-4000-8000-000000000000')).body.error.code).toBe('NOT_FOUND');
    for (const path of ['/data/entities/42', '/data/investors/abc', '/data/people/123']) {
      const r = await h().get(path);
      expect(r.status, path).toBe(400);
      expect(r.body.error.code).toBe('INVALID_ENTITY_ID');
    }
  });

  it('the investor scope is needed for investors', async () => {
    const r = await h().get('/data/investors?limit=1', { Authorization: 'Bearer nope' });
    expect(r.status).toBe(401);
  });
});

forEachDatabase('catalogue: job openings list', (h) => {
  it('lists active openings newest first and pages them all', async () => {
    const rows = await walk(h(), '/data/jobs?limit=40');
    const active = Number(((await h().db('jobs').where('is_active', true).count({ n: '*' })) as any)[0].n);
    expect(rows.length).toBe(active);
    const posted = rows.map((j) => j.posted_at);
    expect(posted).toEqual([...posted].sort().reverse());
    const inactive = (await h().db('jobs').where('is_active', false).pluck('id')) as number[];
    expect(rows.some((j) => inactive.includes(j.id))).toBe(false);
    expect(rows[0]).not.toHaveProperty('salary_min');
  });

  it('filters by organization, type, country and date', async () => {
    const job = (await h().db('jobs as j').join('entities as e', 'e.id', 'j.entity_id').where('j.is_active', true).first('e.uuid', 'j.job_type', 'j.country_id', 'j.posted_at')) as any;
    const byOrg = await h().get(`/data/jobs?limit=500&filter=entity.uuid[eq]:${job.uuid}`);
    expect(byOrg.body.data.length).toBeGreaterThan(0);
    expect(byOrg.body.data.every((j: any) => j.entity.uuid === job.uuid)).toBe(true);
    const both = await h().get(`/data/jobs?limit=500&filter=and(job_type[eq]:${job.job_type},country[eq]:${job.country_id})&include_total=true`);
    expect(both.body.data.every((j: any) => j.job_type === job.job_type && j.country_unique_id === job.country_id)).toBe(true);
    const month = String(job.posted_at).slice(0, 7);
    const inMonth = await h().get(`/data/jobs?limit=500&filter=posted_at[eq]:${month}`);
    expect(inMonth.body.data.length).toBeGreaterThan(0);
    expect(inMonth.body.data.every((j: any) => j.posted_at.startsWith(month))).toBe(true);
  });

  it('rejects the retired sort key, a bad limit and an unknown filter', async () => {
    const retired = await h().get('/data/jobs?sort=date_posted');
    expect(retired.status).toBe(400);
    expect(retired.body.error.message).toContain('posted_at');
    expect((await h().get('/data/jobs?limit=2001')).status).toBe(400);
    expect((await h().get('/data/jobs?filter=amount[gt]:1')).body.error.code).toBe('UNKNOWN_FILTER');
    const asc = await h().get('/data/jobs?limit=5&sort=posted_at');
    const posted = asc.body.data.map((j: any) => j.posted_at);
    expect(posted).toEqual([...posted].sort());
  });
});
