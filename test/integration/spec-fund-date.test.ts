/**
 * Fund `announced_date` is a calendar day from version 2026-10-09; clients pinned
 * earlier keep `fund_date` at source precision. The clock is set where 2026-10-07 is still served.
 */
import { expect, it } from 'vitest';
import { forEachDatabase } from '../helpers/harness.js';

forEachDatabase(
  'fund announced_date',
  (h) => {
    it('serves a calendar day now and the source precision to 2026-10-07 pins, in lists and details', async () => {
      const coarse = (await h().db('funds').whereRaw('length(announced_date) < 10').orderBy('id').first('id', 'announced_date', 'announced_sort')) as { id: number; announced_date: string; announced_sort: string };
      expect(coarse).toBeTruthy();
      const list = await h().get('/data/funds?limit=200');
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      for (const f of list.body.data) if (f.announced_date !== null) expect(f.announced_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const one = await h().get(`/data/funds/${coarse.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.announced_date).toBe(coarse.announced_sort);
      const pinned = await h().get(`/data/funds/${coarse.id}`, { 'API-Version': '2026-10-07' });
      expect(pinned.status).toBe(200);
      expect(pinned.body.data.fund_date).toBe(coarse.announced_date);
      expect(pinned.body.data).not.toHaveProperty('announced_date');
      const pinnedList = await h().get('/data/funds?limit=200', { 'API-Version': '2026-10-07' });
      expect(pinnedList.body.data.some((f: { fund_date: string | null }) => f.fund_date !== null && f.fund_date.length < 10)).toBe(true);
    });
  },
  { API_NOW: '2026-10-20T12:00:00Z' },
);
