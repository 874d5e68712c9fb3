import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { encodeCursor } from '../../src/query/cursor.js';
import { expect, it } from 'vitest';
import { forEachDatabase, type Harness, type Reply } from '../helpers/harness.js';

/** Follows next_cursor to the end; returns every row and the pages. */
async function walk(h: Harness, url: string) {
  const rows: any[] = [];
  const pages: any[] = [];
  let next: string | null = url;
  while (next) {
    const r: Reply = await h.get(next);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    pages.push(r.body.page);
    rows.push(...r.body.data);
    next = r.body.page.next_cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(r.body.page.next_cursor)}` : null;
  }
  return { rows, pages };
}

forEachDatabase('transactions list', (h) => {
  it('pages newest first by default with cursors, positions and totals', async () => {
    const r = await h().get('/data/transactions?limit=10&include_total=true');
    expect(r.status).toBe(200);
    const active = await h().db('transactions').whereNull('deleted_at').count<{ n: number }[]>({ n: '*' });
    expect(r.body.page).toMatchObject({ limit: 10, offset: 0, prev_cursor: null, total: Number(active[0]!.n), tier: 'premium' });
    const dates = r.body.data.map((t: any) => t.announced_date);
    const sorts = await h().db('transactions').whereIn('id', r.body.data.map((t: any) => t.id)).select('id', 'date_sort');
    const byId = new Map(sorts.map((s: any) => [s.id, s.date_sort ?? '']));
    const keys = r.body.data.map((t: any) => byId.get(t.id));
    expect([...keys].sort().reverse()).toEqual(keys);
    expect(dates.length).toBe(10);
    const p2 = await h().get(`/data/transactions?limit=10&cursor=${encodeURIComponent(r.body.page.next_cursor)}`);
    expect(p2.body.page.offset).toBe(10);
    const back = await h().get(`/data/transactions?limit=10&cursor=${encodeURIComponent(p2.body.page.prev_cursor)}`);
    expect(back.body.data.map((t: any) => t.id)).toEqual(r.body.data.map((t: any) => t.id));
    expect(back.body.page.offset).toBe(0);
    expect(back.body.page.prev_cursor).toBeNull();
  });

  it('refuses a cursor on any endpoint but the one that minted it (400, restart from the first page)', async () => {
    const first = await h().get('/data/transactions?limit=5');
    const cursor = encodeURIComponent(first.body.page.next_cursor);
    expect((await h().get(`/data/transactions?limit=5&cursor=${cursor}`)).status).toBe(200);
    for (const url of [`/data/valuations?cursor=${cursor}`, `/data/jobs?cursor=${cursor}`, `/data/news?cursor=${cursor}`]) {
      const r = await h().get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid cursor; restart from the first page' });
    }
  });

  it('signs cursors with a random secret of this install, not a published default', async () => {
    const file = path.join(path.dirname(h().server.cfg.signingKeyFile), 'cursor-secret');
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(h().server.cfg.cursorSecret).toBe(fs.readFileSync(file, 'utf8'));
    // a cursor forged with the old development default, deep past any cap, is refused
    const first = await h().get('/data/transactions?limit=5');
    const wire = JSON.parse(Buffer.from(first.body.page.next_cursor.split('.')[0], 'base64url').toString('utf8'));
    const payload = { v: 1 as const, sort: wire.s, filter: '', parent: null, dir: 'next' as const, key: wire.k, offset: 900, limit: 50 };
    const old = 'dev-cursor-secret-change-me';
    // signed as before, and with the key the server would derive from that secret for this endpoint
    for (const secret of [old, crypto.createHmac('sha256', old).update('cursor.operation.listTransactions').digest('base64url')]) {
      const r = await h().get(`/data/transactions?cursor=${encodeURIComponent(encodeCursor(payload, secret))}`);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('Invalid cursor; restart from the first page');
    }
  });

  it('visits every matching row exactly once in sort order, for several sorts and filters', async () => {
    const cases = [
      ['/data/transactions?limit=37&sort=-amount&filter=year[gte]:2015', (t: any) => t.amount ?? -1, true],
      ['/data/transactions?limit=50&sort=amount,-date&filter=standardized_round[in_any]:[seed,series_a]', (t: any) => t.amount ?? -1, false],
      ['/data/transactions?limit=64&sort=id', (t: any) => t.id, false],
    ] as const;
    for (const [url, key, desc] of cases) {
      const { rows } = await walk(h(), url);
      const ids = rows.map((t) => t.id);
      expect(new Set(ids).size, url).toBe(ids.length);
      const values = rows.map(key);
      const sorted = [...values].sort((a, b) => (desc ? b - a : a - b));
      expect(values, url).toEqual(sorted);
      // ties by id, ascending, across page boundaries too (single-key sorts)
      if (!url.includes(',')) for (let i = 1; i < rows.length; i++) if (values[i] === values[i - 1]) expect(ids[i], url).toBeGreaterThan(ids[i - 1]);
      const total = (await h().get(`${url.replace(/limit=\d+/, 'limit=1')}&include_total=true`)).body.page.total;
      expect(ids.length, url).toBe(total);
    }
  });

  it('filters by amount in the request currency, by date precision and by investor', async () => {
    const eur = await h().get('/data/transactions?limit=100&currency=EUR&filter=amount[gte]:5000000');
    expect(eur.body.data.every((t: any) => t.amount >= 5_000_000 - 1)).toBe(true);
    const may = await h().get('/data/transactions?limit=100&filter=date[eq]:2021-05');
    expect(may.body.data.every((t: any) => t.announced_date?.startsWith('2021'))).toBe(true);
    const inv = (await h().db('transaction_investors as ti').join('entities as e', 'e.id', 'ti.investor_id').first('e.uuid')) as { uuid: string };
    const withInv = await h().get(`/data/transactions?limit=100&filter=investor.uuid[eq]:${inv.uuid}`);
    expect(withInv.body.data.length).toBeGreaterThan(0);
    expect(withInv.body.data.every((t: any) => t.investors.some((i: any) => i.investor.uuid === inv.uuid))).toBe(true);
  });

  it('binds cursors to sort and filter and refuses tampered ones', async () => {
    const r = await h().get('/data/transactions?limit=5&filter=year[gte]:2010');
    const c = encodeURIComponent(r.body.page.next_cursor);
    const sort = await h().get(`/data/transactions?limit=5&filter=year[gte]:2010&sort=amount&cursor=${c}`);
    expect(sort.status).toBe(400);
    expect(sort.body.error.message).toMatch(/invalid cursor for this sort order; restart from the first page/i);
    const filt = await h().get(`/data/transactions?limit=5&filter=year[gte]:2011&cursor=${c}`);
    expect(filt.status).toBe(400);
    expect(filt.body.error.message).toMatch(/cursor bound to a different filter; restart from the first page/i);
    const same = await h().get(`/data/transactions?limit=5&filter=year[gte]:2010&currency=EUR&cursor=${c}`);
    expect(same.status).toBe(200);
    const tampered = r.body.page.next_cursor.slice(0, -2) + (r.body.page.next_cursor.endsWith('AA') ? 'BB' : 'AA');
    expect((await h().get(`/data/transactions?limit=5&filter=year[gte]:2010&cursor=${encodeURIComponent(tampered)}`)).status).toBe(400);
  });

  it('answers filter errors with their codes', async () => {
    const cases: [string, string][] = [
      ['and(year[gte]:2010', 'FILTER_PARSE_ERROR'],
      ['nope[eq]:1', 'UNKNOWN_FILTER'],
      ['amount[in_all]:[1,2]', 'UNSUPPORTED_OPERATOR'],
      ['amount[gt]:12.5', 'FILTER_VALIDATION_ERROR'],
      ['round_type[eq]:series_z', 'FILTER_VALIDATION_ERROR'],
      ['year[in]:[2020]', 'UNSUPPORTED_OPERATOR'],
      ['investor__uuid[eq]:x', 'UNKNOWN_FILTER'],
    ];
    for (const [f, code] of cases) {
      const r = await h().get(`/data/transactions?filter=${encodeURIComponent(f)}`);
      expect(r.status, f).toBe(400);
      expect(r.body.error.code, f).toBe(code);
    }
    const unknown = await h().get('/data/transactions?filter=nope[eq]:1');
    expect(unknown.body.error.details).toEqual({ filter: 'nope' });
    const op = await h().get('/data/transactions?filter=amount[in_all]:[1,2]');
    expect(op.body.error.message).toMatch(/eq, neq, gt, gte, lt, lte/);
  });

  it('accepts enum values by display name or code, case-insensitively', async () => {
    const a = await h().get('/data/transactions?limit=500&filter=standardized_round[eq]:Series%20A&include_total=true');
    const b = await h().get('/data/transactions?limit=500&filter=standardized_round[eq]:SERIES_A&include_total=true');
    expect(a.status).toBe(200);
    expect(a.body.page.total).toBe(b.body.page.total);
    expect(a.body.data.every((t: any) => t.standardized_round === 'Series A')).toBe(true);
  });

  it('refuses offset on the current version, naming cursor, and unknown sort keys naming the allowed ones', async () => {
    const off = await h().get('/data/transactions?offset=10');
    expect(off.status).toBe(400);
    expect(off.body.error.message).toMatch(/cursor/);
    const s = await h().get('/data/transactions?sort=-popularity');
    expect(s.status).toBe(400);
    expect(s.body.error.message).toMatch(/date, amount, updated_at, id/);
  });
});

forEachDatabase('founders, companies and people lists', (h) => {
  it('lists founders by -signal_rating in full and summary views', async () => {
    const full = await h().get('/data/founders?limit=5');
    expect(full.status).toBe(200);
    expect(full.body.view).toBe('full');
    const ratings = full.body.data.map((f: any) => f.signal_rating ?? -1);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    expect(full.body.data[0]).toHaveProperty('career');
    const summary = await h().get('/data/founders?limit=5&view=summary');
    expect(summary.body.view).toBe('summary');
    expect(summary.body.data[0]).not.toHaveProperty('career');
    expect((await h().get('/data/founders?sort=launch_date')).status).toBe(400);
  });

  it('filters founders by classification flags (in_any, in_all) and hq_location', async () => {
    const flag = (await h().db('entity_flags as f').join('entities as e', 'e.id', 'f.entity_id').where({ 'f.kind': 'classification', 'e.is_founder': true }).first('f.value')) as { value: string };
    const r = await h().get(`/data/founders?limit=100&view=summary&filter=classification[in_any]:[${flag.value}]`);
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(r.body.data.every((f: any) => f.classifications.includes(flag.value))).toBe(true);
    const all = await h().get(`/data/founders?limit=100&view=summary&filter=classification[in_all]:[${flag.value},no_such_flag]`);
    expect(all.body.data).toEqual([]);
    const loc = r.body.data.find((f: any) => f.locations.length)?.locations[0];
    if (loc) {
      const byCountry = await h().get(`/data/founders?limit=100&view=summary&filter=hq_location[eq]:${loc.country.id}`);
      expect(byCountry.status).toBe(200);
    }
  });

  it('lists a founder\'s founded companies, career and education with parent-bound cursors', async () => {
    const person = (await h()
      .db('entities as e')
      .where('e.is_founder', true)
      .whereExists(h().db('career as c').whereRaw('c.person_id = e.id').andWhere('c.is_founder', true))
      .first('e.uuid')) as { uuid: string };
    const fc = await h().get(`/data/founders/${person.uuid}/founded-companies?limit=1`);
    expect(fc.status).toBe(200);
    expect(fc.body.data[0].is_founder).toBe(true);
    expect(fc.body.data[0].company.type).toBe('organization');
    const career = await h().get(`/data/people/${person.uuid}/career?limit=1`);
    expect(career.status).toBe(200);
    const edu = await h().get(`/data/people/${person.uuid}/education`);
    expect(edu.status).toBe(200);
    if (career.body.page.next_cursor) {
      const other = (await h().db('entities').where('type', 'person').whereNot('uuid', person.uuid).first('uuid')) as { uuid: string };
      const wrong = await h().get(`/data/people/${other.uuid}/career?limit=1&cursor=${encodeURIComponent(career.body.page.next_cursor)}`);
      expect(wrong.status).toBe(400);
    }
    expect((await h().get('/data/people/00000000-0000-4000-8000-000000000000/career')).status).toBe(404);
  });

  it('lists companies with entity filters and sorts', async () => {
    const r = await h().get('/data/companies?limit=20&sort=-funding_total&filter=funding_total[gt]:0&include_total=true');
    expect(r.status).toBe(200);
    const totals = r.body.data.map((c: any) => c.funding.total);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    expect(r.body.data.every((c: any) => c.subtype === 'company')).toBe(true);
  });
});

forEachDatabase('reference filters', (h) => {
  it('lists every scope key and the values of enum and data-backed keys', async () => {
    const r = await h().get('/reference/filters?scope=funding');
    expect(r.status).toBe(200);
    const keys = r.body.data[0].keys.map((k: any) => k.key);
    expect(keys).toEqual(expect.arrayContaining(['date', 'amount', 'round_type', 'standardized_round', 'year']));
    expect(r.headers.get('x-credits-used')).toBe('0');
    const rt = await h().get('/reference/filters/round_type/values');
    expect(rt.body.data).toEqual(expect.arrayContaining([{ value: 'series_a', name: 'SERIES A' }]));
    const sectors = await h().get('/reference/filters/sector/values?scope=entity&limit=3');
    expect(sectors.body.data).toHaveLength(3);
    expect(sectors.body.data[0].type).toBe('sector');
    const next = await h().get(`/reference/filters/sector/values?scope=entity&limit=3&cursor=${encodeURIComponent(sectors.body.page.next_cursor)}`);
    expect(next.body.data[0].name >= sectors.body.data[2].name).toBe(true);
    expect((await h().get('/reference/filters/amount/values')).status).toBe(404);
    expect((await h().get('/reference/filters/nope/values')).status).toBe(404);
  });
});
