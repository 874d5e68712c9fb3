import { expect, it } from 'vitest';
import { forEachDatabase } from '../helpers/harness.js';

const WORLD = 'min_lat=-90&max_lat=90&min_lon=-180&max_lon=180';

forEachDatabase('catalogue: geo and reference lists', (h) => {
  const inBox = async (subtype: string, b: { minLat: number; maxLat: number; minLon: number; maxLon: number }) =>
    Number(((await h().db('entities as e').join('places as c', 'c.id', 'e.hq_city_id').where('e.subtype', subtype)
      .whereBetween('c.lat', [b.minLat, b.maxLat]).whereBetween('c.lon', [b.minLon, b.maxLon]).count({ n: '*' })) as any)[0].n);

  it('points: every entity with a headquarters in the box, highest signal first', async () => {
    const r = await h().get(`/data/companies/geo?${WORLD}&limit=5000`);
    expect(r.status).toBe(200);
    expect(r.body.mode).toBe('points');
    const world = { minLat: -90, maxLat: 90, minLon: -180, maxLon: 180 };
    expect(r.body.data.length).toBe(await inBox('company', world));
    const signals = r.body.data.map((p: any) => p.signal_rating ?? -1);
    expect(signals).toEqual([...signals].sort((a, b) => b - a));
    const europe = { minLat: 35, maxLat: 70, minLon: -11, maxLon: 30 };
    const eu = await h().get(`/data/investors/geo?min_lat=35&max_lat=70&min_lon=-11&max_lon=30&limit=5000`);
    expect(eu.body.data.length).toBe(await inBox('investor', europe));
    for (const p of eu.body.data) {
      expect(p.entity.subtype).toBe('investor');
      expect(p.lat >= 35 && p.lat <= 70 && p.lon >= -11 && p.lon <= 30).toBe(true);
    }
    const few = await h().get(`/data/companies/geo?${WORLD}&limit=3`);
    expect(few.body.data).toHaveLength(3);
    expect(few.body.truncated).toBe(true);
  });

  it('clusters add up to the points and filters apply', async () => {
    const all = await h().get(`/data/universities/geo?${WORLD}&limit=5000`);
    const cl = await h().get(`/data/universities/geo?${WORLD}&mode=clusters&cell=10&limit=5000`);
    expect(cl.status).toBe(200);
    expect(cl.body.data.reduce((a: number, c: any) => a + c.count, 0)).toBe(all.body.data.length);
    const country = (await h().db('entities').where('subtype', 'company').whereNotNull('hq_country_id').first('hq_country_id')) as { hq_country_id: number };
    const f = await h().get(`/data/companies/geo?${WORLD}&limit=5000&filter=country[eq]:${country.hq_country_id}`);
    const n = Number(((await h().db('entities').where({ subtype: 'company', hq_country_id: country.hq_country_id }).whereNotNull('hq_city_id').count({ n: '*' })) as any)[0].n);
    expect(f.body.data.length).toBe(n);
    const gov = await h().get(`/data/gov-ngo/geo?${WORLD}&mode=clusters`);
    expect(gov.status).toBe(200);
  });

  it('rejects a missing, out-of-range or inverted box and a too large limit', async () => {
    for (const q of ['', 'min_lat=0&max_lat=1&min_lon=0', `${WORLD}&limit=5001`, 'min_lat=10&max_lat=5&min_lon=0&max_lon=1', 'min_lat=-91&max_lat=5&min_lon=0&max_lon=1', `${WORLD}&mode=heat`]) {
      const r = await h().get(`/data/companies/geo?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await h().get(`/data/companies/geo?${WORLD}&filter=nope[eq]:1`)).body.error.code).toBe('UNKNOWN_FILTER');
  });

  it('taxonomy and landscapes page by name', async () => {
    const total = Number(((await h().db('taxonomy').count({ n: '*' })) as any)[0].n);
    const seen: string[] = [];
    let url: string | null = '/reference/taxonomy?limit=40';
    while (url) {
      const r: any = await h().get(url);
      expect(r.status).toBe(200);
      seen.push(...r.body.data.map((t: any) => `${t.id}`));
      url = r.body.page.next_cursor ? `/reference/taxonomy?limit=40&cursor=${encodeURIComponent(r.body.page.next_cursor)}` : null;
    }
    expect(seen.length).toBe(total);
    const sectors = await h().get('/reference/taxonomy?type=sector&limit=1000');
    expect(sectors.body.data.every((t: any) => t.type === 'sector')).toBe(true);
    const names = sectors.body.data.map((t: any) => t.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await h().get('/reference/taxonomy?limit=1001')).status).toBe(400);
    const l = await h().get('/reference/landscapes?limit=1000');
    expect(l.status).toBe(200);
    expect(l.body.data.length).toBe(Number(((await h().db('landscapes').count({ n: '*' })) as any)[0].n));
    expect(l.body.data.some((x: any) => x.taxonomy.length > 0)).toBe(true);
    expect(l.headers.get('x-credits-used')).toBe('0');
  });
});
