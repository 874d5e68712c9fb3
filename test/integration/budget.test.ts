import { expect, it } from 'vitest';
import { forEachDatabase, QUERY_TIMEOUT_MESSAGE } from '../helpers/harness.js';

forEachDatabase(
  'query execution budget (1 ms)',
  (h) => {
    it('answers 504 QUERY_TIMEOUT beyond the budget and keeps serving', async () => {
      const heavy = '/analytics/funding-analytics/heatmap?x=investor_country&y=industry_tags&metric=median_amount&top_n_x=50&top_n_y=50';
      const r = await h().get(heavy);
      expect(r.status).toBe(504);
      expect(r.body.error).toEqual({ code: 'QUERY_TIMEOUT', message: QUERY_TIMEOUT_MESSAGE, details: null });
      expect(r.headers.get('x-credits-used')).toBe('0');
      const again = await h().get(heavy);
      expect(again.status).toBe(504);
      expect(again.body.error.message).toBe(QUERY_TIMEOUT_MESSAGE);
      const health = await h().get('/system/health', { Authorization: null, 'X-Client-Id': null });
      expect([200, 503]).toContain(health.status);
    });
  },
  { QUERY_BUDGET_MS: '1' },
);
