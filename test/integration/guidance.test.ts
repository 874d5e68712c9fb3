/**
 * Answers that point a newcomer the right way: the bare host leads to the reference, and mistakes
 * seen in a first afternoon get an error that says what to write instead (codes unchanged).
 */
import { expect, it } from 'vitest';
import { forEachDatabase } from '../helpers/harness.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

forEachDatabase('guidance', (h) => {
  it('GET / sends a browser to /docs', async () => {
    const r = await h().get('/', { Authorization: null, 'X-Client-Id': null, Accept: BROWSER_ACCEPT });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/docs');
  });

  it('GET / tells any other client where the reference, the document and the token endpoint are', async () => {
    const r = await h().get('/', { Authorization: null, 'X-Client-Id': null, Accept: '*/*' });
    expect(r.status).toBe(200);
    const { baseUrl, authUrl } = h().server;
    expect(r.body).toEqual({
      name: 'Funding Data API',
      docs: `${baseUrl}/docs`,
      openapi: `${baseUrl}/openapi.json`,
      health: `${baseUrl}/system/health`,
      token_url: `${authUrl}/oauth/token`,
    });
    const docs = await fetch(r.body.docs);
    expect(docs.status).toBe(200);
  });
});
