import { expect, it } from 'vitest';
import { VERSIONS } from '../../src/versions/table.js';
import { forEachDatabase } from '../helpers/harness.js';

const pin = (v: string) => ({ 'API-Version': v });

forEachDatabase(
  'version changes inside their support windows (API_NOW 2026-10-20)',
  (h) => {
    it('serves deprecated pins with Deprecation and Sunset, and lists the table', async () => {
      const r = await h().get('/data/transactions?limit=1', pin('2026-10-07'));
      expect(r.status).toBe(200);
      expect(r.headers.get('api-version')).toBe('2026-10-07');
      expect(r.headers.get('deprecation')).toBe(`@${Date.parse('2026-10-09T00:00:00Z') / 1000}`);
      expect(r.headers.get('sunset')).toBe('Sun, 08 Nov 2026 00:00:00 GMT');
      const cur = await h().get('/data/transactions?limit=1');
      expect(cur.headers.get('deprecation')).toBeNull();
      const table = await h().get('/reference/versions', { Authorization: null, 'X-Client-Id': null });
      expect(table.body.data.slice(0, 4).map((v: { status: string }) => v.status)).toEqual(['current', 'deprecated', 'deprecated', 'deprecated']);
      expect(table.body.data.find((v: { date: string }) => v.date === '2026-09-01').sunset).toBe('2026-11-01');
    });

    it('2026-10-09: 422 validation and year/month/created_at rows before it; 400 and announced_date after', async () => {
      const old = await h().get('/data/transactions?limit=0', pin('2026-10-07'));
      expect(old.status).toBe(422);
      expect(old.body.error.code).toBe('VALIDATION_ERROR');
      expect((await h().get('/data/transactions?limit=0')).status).toBe(400);
      const tx = (await h().db('transactions').whereNull('deleted_at').whereNotNull('month').first('id', 'year', 'month', 'created_at')) as { id: number; year: number; month: number; created_at: string };
      const pinned = await h().get(`/data/transactions/${tx.id}`, pin('2026-10-07'));
      expect(pinned.body.data).toMatchObject({ year: tx.year, month: tx.month, created_at: tx.created_at });
      expect(pinned.body.data).not.toHaveProperty('announced_date');
      const current = await h().get(`/data/transactions/${tx.id}`);
      expect(current.body.data).toHaveProperty('announced_date');
      expect(current.body.data).not.toHaveProperty('year');
      expect((await h().get('/data/transactions?limit=2&sort=-created_at', pin('2026-10-07'))).status).toBe(200);
      const retired = await h().get('/data/transactions?limit=2&sort=-created_at');
      expect(retired.status).toBe(400);
      expect(retired.body.error.message).toMatch(/use date/);
    });

    it('2026-10-07: in/nin, double-underscore keys, offset paging and old heatmap dimensions before it only', async () => {
      const a = await h().get('/data/transactions?limit=5&filter=year[in]:[2019,2020]&include_total=true', pin('2026-10-02'));
      const b = await h().get('/data/transactions?limit=5&filter=year[in_any]:[2019,2020]&include_total=true');
      expect(a.status).toBe(200);
      expect(a.body.page.total).toBe(b.body.page.total);
      expect((await h().get('/data/transactions?filter=year[in]:[2019]')).body.error.code).toBe('UNSUPPORTED_OPERATOR');
      const inv = (await h().db('transaction_investors as ti').join('entities as e', 'e.id', 'ti.investor_id').first('e.uuid')) as { uuid: string };
      expect((await h().get(`/data/transactions?filter=investor__uuid[eq]:${inv.uuid}`, pin('2026-10-02'))).status).toBe(200);
      expect((await h().get(`/data/transactions?filter=investor__uuid[eq]:${inv.uuid}`)).body.error.code).toBe('UNKNOWN_FILTER');

      const first = await h().get('/data/transactions?limit=10');
      const off = await h().get('/data/transactions?limit=5&offset=5', pin('2026-10-02'));
      expect(off.status).toBe(200);
      expect(off.body.page.offset).toBe(5);
      expect(off.body.data.map((t: { id: number }) => t.id)).toEqual(first.body.data.slice(5).map((t: { id: number }) => t.id));
      expect(off.body.meta.deprecations).toEqual([expect.objectContaining({ type: 'param_retired', name: 'offset', replacement: 'cursor' })]);
      const offNow = await h().get('/data/transactions?offset=5');
      expect(offNow.status).toBe(400);
      expect(offNow.body.error.message).toMatch(/cursor/);

      const hm = await h().get('/analytics/funding-analytics/heatmap?x=stage&y=round_year', pin('2026-10-02'));
      expect(hm.status).toBe(200);
      expect(hm.body.query_info.x_dimension).toBe('standardized_round');
      expect((await h().get('/analytics/funding-analytics/heatmap?x=stage&y=round_year')).status).toBe(400);

      expect((await h().get('/data/founders?sort=launch_date&view=summary', pin('2026-10-02'))).status).toBe(200);
      const ppl = await h().get('/data/founders?sort=launch_date');
      expect(ppl.status).toBe(400);
      expect(ppl.body.error.message).toMatch(/signal_rating/);
    });

  },
  { API_NOW: '2026-10-20T12:00:00Z' },
);

forEachDatabase(
  'version changes inside their support windows (API_NOW 2026-09-15)',
  (h) => {
    it('2026-09-01: funding_year before it, year from it on', async () => {
      const old = await h().get('/data/transactions?limit=1&filter=funding_year[eq]:2020&include_total=true', pin('2026-08-20'));
      const cur = await h().get('/data/transactions?limit=1&filter=year[eq]:2020&include_total=true');
      expect(old.status).toBe(200);
      expect(old.body.page.total).toBe(cur.body.page.total);
      const retired = await h().get('/data/transactions?filter=funding_year[eq]:2020', pin('2026-09-01'));
      expect(retired.status).toBe(400);
      expect(retired.body.error.code).toBe('UNKNOWN_FILTER');
      expect(retired.body.error.message).toMatch(/use year/);
    });
  },
  { API_NOW: '2026-09-15T12:00:00Z' },
);

forEachDatabase('version pins with today\'s clock', (h) => {
  it('refuses every old pin with 400', async () => {
    for (const v of VERSIONS.slice(1)) {
      const r = await h().get('/data/transactions?limit=1', pin(v.date));
      expect(r.status, v.date).toBe(400);
      expect(r.body.error.message, v.date).toMatch(/sunset/);
    }
  });
});
