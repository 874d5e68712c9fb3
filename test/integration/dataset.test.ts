/**
 * `GET /reference/dataset` (src/db/dataset.ts): the seeded data says it is the synthetic demo, its
 * counts are those the lists give, `as_of` is the newest change a list shows; the figures are cached;
 * an import's source keys (`import_keys`) name the sources.
 */
import { expect, it } from 'vitest';
import { cachedDataset, DATASET_TTL_MS, readDataset } from '../../src/db/dataset.js';
import { forEachDatabase } from '../helpers/harness.js';

const LISTS = { companies: 'companies', investors: 'investors', universities: 'universities', gov_ngo: 'gov-ngo', transactions: 'transactions', funds: 'funds', valuations: 'valuations', jobs: 'jobs', news: 'news' } as const;

forEachDatabase('reference dataset', (h) => {
  it('public: synthetic demo data, counts as the lists total them, as_of the newest change', async () => {
    const res = await h().get('/reference/dataset', { Authorization: null, 'X-Client-Id': null });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.synthetic).toBe(true);
    for (const [type, list] of Object.entries(LISTS)) {
      const page = await h().get(`/data/${list}?limit=1&include_total=true`);
      expect(d.records[type], type).toBe(page.body.page.total);
    }
    const total = ['companies', 'investors', 'universities', 'gov_ngo', 'people', 'transactions'].reduce((a, k) => a + d.records[k], 0);
    expect(d.sources).toEqual([{ name: 'synthetic demo', records: total }]);
    let newest = '';
    for (const list of ['entities', 'transactions?include_deleted=true&', 'funds', 'valuations', 'jobs', 'news']) {
      const url = `/data/${list}${list.includes('?') ? '' : '?'}sort=-updated_at&limit=1`;
      const at = (await h().get(url)).body.data[0].updated_at as string;
      if (at > newest) newest = at;
    }
    expect(d.as_of).toBe(newest);
  });

  it('cached for a minute; imported records are counted under their source; data without the seed marker is not synthetic', async () => {
    const db = h().db;
    const t = Date.now();
    const before = await cachedDataset(db, t);
    const id = ((await db('transactions').orderBy('id').first('id')) as { id: number }).id;
    await db('transactions').where('id', id).update({ updated_at: '2099-01-01T00:00:00.000Z' });
    expect((await cachedDataset(db, t + 1000)).as_of).toBe(before.as_of);
    expect((await cachedDataset(db, t + DATASET_TTL_MS + 1)).as_of).toBe('2099-01-01T00:00:00.000Z');

    const imported = (await db('transactions').whereNull('deleted_at').orderBy('id').limit(3).select('id')) as { id: number }[];
    await db('import_keys').insert(imported.map((t, i) => ({ source: 'crunchbase-2013', type: 'round', key: `k${i}`, record_id: t.id })));
    const sourced = await readDataset(db);
    expect(sourced.sources).toContainEqual({ name: 'crunchbase-2013', records: 3 });
    expect(sourced.sources.reduce((a, s) => a + s.records, 0)).toBe(before.sources[0]!.records);

    await db('transactions').update({ source_url: 'https://news.test/round' });
    const real = await readDataset(db);
    expect(real.synthetic).toBe(false);
    expect(real.sources.map((s) => s.name)).toEqual(['unattributed', 'crunchbase-2013']);
  });
});
