import { expect, it } from 'vitest';
import { recentSeriesA } from '../../examples/series-a-eur.js';
import { retryDelay } from '../../clients/typescript/index.js';
import { forEachDatabase } from '../helpers/harness.js';

forEachDatabase('typed client and example', (h) => {
  it('lists recent Series A rounds in EUR through the client, across pages', async () => {
    const rows = await recentSeriesA({ baseUrl: h().server.baseUrl, authUrl: h().server.authUrl, clientId: 'dev-client', clientSecret: 'dev-secret', count: 60 });
    expect(rows.length).toBeGreaterThan(0);
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const check = await h().get(`/data/transactions/${ids[0]}`);
    expect(check.body.data.standardized_round).toBe('Series A');
  });

  it('honours Retry-After and backs off otherwise', () => {
    expect(retryDelay(0, '3')).toBe(3000);
    const d = retryDelay(2, null);
    expect(d).toBeGreaterThanOrEqual(500);
    expect(d).toBeLessThanOrEqual(1000);
  });
});
