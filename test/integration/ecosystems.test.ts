/**
 * Ecosystems: the legacy-paged list, `npm run admin -- ecosystem ...` (its `main`, in process, on the
 * same database), and a caller's ecosystem as the default currency of timeseries.
 */
import { expect, it } from 'vitest';
import { main as admin } from '../../src/admin/cli.js';
import { forEachDatabase } from '../helpers/harness.js';
import { browserHeaders } from '../helpers/principals.js';

forEachDatabase('ecosystems', (h) => {
  /** Runs the admin command line on the harness's database; its exit code and the JSON it printed. */
  const run = async (...args: string[]) => {
    // vitest sets BASE_URL for Vite ('/'), which the command line's configuration refuses
    const saved = { DATABASE_URL: process.env.DATABASE_URL, BASE_URL: process.env.BASE_URL };
    const out: string[] = [];
    const errs: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const err = process.stderr.write.bind(process.stderr);
    process.env.DATABASE_URL = h().server.cfg.databaseUrl;
    process.env.BASE_URL = '';
    process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string) => (errs.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const code = await admin(args);
      return { code, json: out.length ? JSON.parse(out.join('')) : null, errors: errs.join('') };
    } finally {
      process.stdout.write = write;
      process.stderr.write = err;
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };

  it('lists the seeded berlin ecosystem with its currency and places, legacy-paged', async () => {
    const r = await h().get('/platform/ecosystems');
    expect(r.status).toBe(200);
    expect(r.body.page).toEqual({ limit: 25, offset: 0, total: 1 });
    expect(r.body.data[0]).toMatchObject({ id: 'berlin', name: 'Berlin', currency: 'EUR', places: [{ kind: 'city', name: 'Berlin' }] });
    // any valid token reads it, a browser user's too
    expect((await h().get('/platform/ecosystems', await browserHeaders(h(), 'free'))).status).toBe(200);
    expect((await h().get('/platform/ecosystems', { Authorization: null, 'X-Client-Id': null })).status).toBe(401);
    expect((await h().get('/platform/ecosystems?limit=0')).status).toBe(400);
  });

  it('is managed by the admin command line', async () => {
    const made = await run('ecosystem', 'set', 'nordics', '--name', 'Nordics', '--currency', 'sek', '--places', 'Sweden,Stockholm');
    expect(made.code, made.errors).toBe(0);
    expect(made.json).toMatchObject({ id: 'nordics', currency: 'SEK' });
    expect(made.json.places.map((p: any) => p.name).sort()).toEqual(['Stockholm', 'Sweden']);
    const page = await h().get('/platform/ecosystems?limit=1&offset=1');
    expect(page.body.page).toEqual({ limit: 1, offset: 1, total: 2 });
    expect(page.body.data.map((e: any) => e.id)).toEqual(['nordics']);
    // replaced whole
    expect((await run('ecosystem', 'set', 'nordics', '--name', 'Nordic countries', '--currency', 'EUR')).json).toMatchObject({ name: 'Nordic countries', currency: 'EUR', places: [] });
    // refused without writing anything
    expect((await run('ecosystem', 'set', 'nordics', '--name', 'X', '--currency', 'XYZ')).code).toBe(2);
    expect((await run('ecosystem', 'set', 'nordics', '--name', 'X', '--currency', 'EUR', '--places', 'Atlantis')).code).toBe(1);
    expect((await run('ecosystem', 'set', 'Bad Id', '--name', 'X', '--currency', 'EUR')).code).toBe(2);
    expect((await h().get('/platform/ecosystems?offset=1')).body.data[0]).toMatchObject({ name: 'Nordic countries', currency: 'EUR' });
    expect((await run('ecosystem', 'list')).json.map((e: any) => e.id)).toEqual(['berlin', 'nordics']);
    expect((await run('ecosystem', 'delete', 'nordics')).json).toEqual({ id: 'nordics', deleted: true });
    expect((await h().get('/platform/ecosystems')).body.page.total).toBe(1);
  });

  it("reads a timeseries in the caller's ecosystem currency unless currency is given", async () => {
    const premium = await browserHeaders(h(), 'premium');
    const url = '/analytics/timeseries?metric=sum_amount&interval=year&from=2015-01-01&to=2026-12-31&filter=amount%5Bgte%5D%3A1000000';
    const mine = await h().get(url, premium);
    expect(mine.status).toBe(200);
    expect(mine.body.currency).toBe('EUR');
    // the same answer as asking in EUR: the filter's 1,000,000 is read as euros and amounts come in euros
    const eur = await h().get(`${url}&currency=EUR`);
    expect(mine.body.values).toEqual(eur.body.values);
    const usd = await h().get(url);
    expect(usd.body.currency).toBe('USD');
    expect(usd.body.values).not.toEqual(eur.body.values);
    // an explicit currency wins; a caller without an ecosystem gets USD
    const asked = await h().get(`${url}&currency=USD`, premium);
    expect(asked.body).toMatchObject({ currency: 'USD', values: usd.body.values });
    const free = await h().get(url, await browserHeaders(h(), 'free'));
    expect(free.body.currency).toBe('USD');
  });
});
