/**
 * Answers that point a newcomer the right way: the bare host leads to the reference, and mistakes
 * seen in a first afternoon get an error that says what to write instead (codes unchanged).
 */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { snapshotAnswer } from '../../src/analytics/snapshot.js';
import { heatmapMetric, HEATMAP_SOURCE } from '../../src/db/analytics.js';
import { DIMENSIONS } from '../../src/db/dimensions.js';
import { filterEnums } from '../../src/db/refCache.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { parseFilter } from '../../src/query/filter.js';
import { SCOPES } from '../../src/query/registry.js';
import { forEachDatabase } from '../helpers/harness.js';
import { pkcePair, postSignIn, REDIRECT, send } from '../helpers/signin.js';

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

  const germany = async () => Number((await h().db('places').where({ kind: 'country', code: 'DE' }).first('id')).id);
  const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((t) => t.id);

  it('takes a country as its ISO code or name where a place id is expected', async () => {
    const id = await germany();
    const byId = await h().get(`/data/transactions?limit=50&filter=${encodeURIComponent(`company.country[eq]:${id}`)}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data.length).toBeGreaterThan(0);
    for (const v of ['DE', 'de', 'Germany']) {
      const r = await h().get(`/data/transactions?limit=50&filter=${encodeURIComponent(`company.country[eq]:${v}`)}`);
      expect(r.status, v).toBe(200);
      expect(ids(r)).toEqual(ids(byId));
    }
    const list = await h().get(`/data/companies?limit=50&filter=${encodeURIComponent('country[in_any]:[DE,FR]')}`);
    expect(list.status).toBe(200);
  });

  it('gives analytics over a country by code the same answer as by id', async () => {
    const id = await germany();
    const agg = (country: string) =>
      h().get(`/analytics/aggregate/funding-rounds?group_by=round_year&metric=count&filter=${encodeURIComponent(`company.country[eq]:${country}`)}`);
    const byId = await agg(String(id));
    expect(byId.status).toBe(200);
    expect(byId.body.data.length).toBeGreaterThan(0);
    for (const v of ['DE', 'Germany']) {
      const r = await agg(v);
      expect(r.status, v).toBe(200);
      expect(r.body.data, v).toEqual(byId.body.data);
    }
  });

  it('answers from the rounds snapshot over a country by code as by id', async () => {
    const id = await germany();
    const money = new Money('USD', 1);
    const sets = [{ groups: [DIMENSIONS.round_year!], metrics: [heatmapMetric('count')] }];
    const answer = async (f: string) => {
      const ast = parseFilter(f);
      const where = compileFilter(ast, SCOPES.funding!, { alias: 't', money, enums: await filterEnums(h().db) })!;
      return snapshotAnswer(h().db, HEATMAP_SOURCE, { ...where, ast }, money, sets);
    };
    const byId = await answer(`company.country[eq]:${id}`);
    expect(byId).not.toBeNull();
    expect(byId![0]!.length).toBeGreaterThan(0);
    for (const v of ['DE', 'Germany']) {
      const got = await answer(`company.country[in_any]:[${v}]`);
      expect(got, v).toEqual(byId);
    }
  });

  it('points an unknown country to the values endpoint', async () => {
    const r = await h().get(`/data/transactions?filter=${encodeURIComponent('company.country[eq]:Atlantis')}`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('FILTER_VALIDATION_ERROR');
    expect(r.body.error.message).toContain('GET /reference/filters/company.country/values');
    expect(r.body.error.message).toContain('ISO');
    const values = await h().get('/reference/filters/company.country/values?scope=funding&limit=500');
    expect(values.status).toBe(200);
    expect(values.body.data.some((v: { code?: string }) => v.code === 'DE')).toBe(true);
  });

  it('suggests the related key for a key the scope has only on a related record', async () => {
    const r = await h().get(`/data/transactions?filter=${encodeURIComponent('country[eq]:114')}`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('UNKNOWN_FILTER');
    expect(r.body.error.message).toContain('did you mean company.country');
  });

  it('says filter was given twice instead of "must be string"', async () => {
    const r = await h().get(`/data/transactions?filter=${encodeURIComponent('year[gte]:2020')}&filter=${encodeURIComponent('amount[gt]:1')}`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.message).toContain('filter is given 2 times');
    expect(r.body.error.message).toContain('and(a,b)');
    expect(r.body.error.message).not.toContain('must be string');
  });

  it('shows the -key form and the allowed keys for sort=amount desc', async () => {
    const r = await h().get('/data/transactions?sort=amount%20desc');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.message).toContain('sort=-amount');
    expect(r.body.error.message).toMatch(/allowed keys: .*amount/);
    expect(r.body.error.message).not.toContain('^(?:');
    const agg = await h().get('/analytics/aggregate/funding-rounds?group_by=country&metric=count&sort=value%20asc');
    expect(agg.status).toBe(400);
    expect(agg.body.error.message).toContain('sort=value');
  });

  it('tells a client that sends its secret as the bearer token to exchange it first', async () => {
    const r = await h().get('/data/transactions?limit=1', { Authorization: 'Bearer dev-secret' });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('UNAUTHORIZED');
    expect(r.body.error.message).toContain(`${h().server.authUrl}/oauth/token`);
    expect(r.body.error.message).toContain('client secret');
  });

  it('answers a token request on the API port with the token endpoint of the identity provider', async () => {
    const r = await h().call('POST', '/oauth/token', { headers: { Authorization: null, 'X-Client-Id': null }, body: { grant_type: 'client_credentials' } });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.body.error.message).toContain(`POST ${h().server.authUrl}/oauth/token`);
    // Postman's form body: the same pointer, not a 415 about JSON bodies
    const form = await send(`${h().server.baseUrl}/oauth/token`, { method: 'POST', body: 'grant_type=client_credentials', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(404);
    expect(JSON.parse(form.text).error.message).toContain(`POST ${h().server.authUrl}/oauth/token`);
  });

  it('accepts HTTP Basic client authentication at the token endpoint (RFC 6749 2.3.1)', async () => {
    const { authUrl, cfg } = h().server;
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const form = new URLSearchParams({ grant_type: 'client_credentials', audience: cfg.audience }).toString();
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const ok = await send(`${authUrl}/oauth/token`, { method: 'POST', body: form, headers: { ...headers, Authorization: basic('dev-client', 'dev-secret') } });
    expect(ok.status).toBe(200);
    const token = JSON.parse(ok.text).access_token as string;
    expect((await h().get('/data/transactions?limit=1', { Authorization: `Bearer ${token}` })).status).toBe(200);

    const wrong = await send(`${authUrl}/oauth/token`, { method: 'POST', body: form, headers: { ...headers, Authorization: basic('dev-client', 'nope') } });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text).error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
    // two ways of authenticating in one request are refused (RFC 6749 2.3)
    const both = new URLSearchParams({ grant_type: 'client_credentials', audience: cfg.audience, client_id: 'dev-client', client_secret: 'dev-secret' }).toString();
    const twice = await send(`${authUrl}/oauth/token`, { method: 'POST', body: both, headers: { ...headers, Authorization: basic('dev-client', 'dev-secret') } });
    expect(twice.status).toBe(400);
    expect(JSON.parse(twice.text).error).toBe('invalid_request');
    const discovery = await (await fetch(`${authUrl}/.well-known/openid-configuration`)).json();
    expect(discovery.token_endpoint_auth_methods_supported).toContain('client_secret_basic');
  });

  it("shows a sign-in page with the product's name and inline styles its CSP allows by hash only", async () => {
    const q = new URLSearchParams({ client_id: 'web-app', redirect_uri: REDIRECT, response_type: 'code', code_challenge: pkcePair().challenge, code_challenge_method: 'S256', state: 's' });
    const page = await send(`${h().server.authUrl}/authorize?${q}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Sign in · Funding Data API</title>');
    expect(page.text).toContain('Funding Data API</h1>');
    expect(page.text).not.toMatch(/<link[^>]+stylesheet/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)?.[1];
    expect(style).toBeDefined();
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`style-src 'sha256-${crypto.createHash('sha256').update(style!).digest('base64')}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/default-src 'none'/);
  });

  it('shows a wrong password on the form, the email kept and escaped, ready to try again', async () => {
    const email = 'free@example.com"><b>x';
    const r = await postSignIn(h().server.authUrl, { username: email, password: 'wrong' }, { localAddress: '127.0.0.9' });
    expect(r.status).toBe(401);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    expect(r.text).toContain('Wrong email or password');
    expect(r.text).toContain('value="free@example.com&#34;&#62;&#60;b&#62;x"');
    expect(r.text).not.toContain('<b>x');
    // the form posts the same authorization request again
    expect(r.text).toContain(`name="redirect_uri" value="${REDIRECT}"`);
    expect(r.text).toContain('name="password"');
    expect(r.text).toContain('Funding Data API</h1>');
  });
});
