import { expect, it } from 'vitest';
import { rankedQuery } from '../../src/db/search.js';
import { normalizeRawResult } from '../../src/db/knex.js';
import { forEachDatabase } from '../helpers/harness.js';

const CLASS: Record<string, number> = { 'name/exact': 0, 'domain/exact': 1, 'name/prefix': 2, 'domain/prefix': 3, 'name/substring': 4 };
const classOf = (hit: any) => CLASS[`${hit.match.field}/${hit.match.kind}`]!;

forEachDatabase('catalogue: search', (h) => {
  const company = async () =>
    (await h().db('entities').where('subtype', 'company').whereNotNull('domain').orderBy('signal_rating', 'desc').first('uuid', 'name', 'domain')) as {
      uuid: string;
      name: string;
      domain: string;
    };

  it('puts the exact name first and ranks by match class, then signal', async () => {
    const c = await company();
    const r = await h().get(`/data/search?q=${encodeURIComponent(c.name.toUpperCase())}`);
    expect(r.status).toBe(200);
    expect(r.body.data[0].match).toEqual({ field: 'name', kind: 'exact' });
    expect(r.body.data.some((x: any) => x.uuid === c.uuid)).toBe(true);
    const prefix = c.name.slice(0, 2).toLowerCase();
    const p = await h().get(`/data/search?q=${encodeURIComponent(prefix)}&limit=50`);
    const hits = p.body.data;
    expect(hits.length).toBeGreaterThan(0);
    const keys = hits.map((x: any) => [classOf(x), -(x.signal_rating ?? -1)]);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
    for (const x of hits) {
      const words = [x.name.toLowerCase(), ...x.name.toLowerCase().split(/[^\p{L}\p{N}]+/u), (x.domain ?? '').toLowerCase()];
      expect(words.some((w: string) => w.startsWith(prefix)), x.name).toBe(true);
    }
  });

  it('finds by domain and by a later word of the name', async () => {
    const c = await company();
    const d = await h().get(`/data/search?q=${encodeURIComponent(c.domain)}&type=company`);
    expect(d.body.data[0]).toMatchObject({ uuid: c.uuid, domain: c.domain, match: { field: 'domain', kind: 'exact' } });
    const multi = (await h().db('entities').where('name', 'like', '% %').first('uuid', 'name')) as { uuid: string; name: string };
    const later = multi.name.slice(multi.name.indexOf(' ') + 1);
    const w = await h().get(`/data/search?q=${encodeURIComponent(later)}&limit=50`);
    expect(w.body.data.some((x: any) => x.uuid === multi.uuid)).toBe(true);
  });

  it('filters by kind and pages within the ranking, cursors bound to q', async () => {
    const persons = await h().get('/data/search?q=a&type=person&limit=50');
    expect(persons.body.data.length).toBeGreaterThan(0);
    expect(persons.body.data.every((x: any) => x.type === 'person' && x.subtype === null)).toBe(true);
    const seen = new Set<string>();
    let url: string | null = '/data/search?q=s&limit=20';
    let pages = 0;
    while (url && pages < 60) {
      const r: any = await h().get(url);
      expect(r.status).toBe(200);
      for (const x of r.body.data) {
        expect(seen.has(x.uuid)).toBe(false);
        seen.add(x.uuid);
      }
      pages++;
      url = r.body.page.next_cursor ? `/data/search?q=s&limit=20&cursor=${encodeURIComponent(r.body.page.next_cursor)}` : null;
    }
    expect(seen.size).toBeLessThanOrEqual(1000);
    const first = await h().get('/data/search?q=s&limit=2');
    const other = await h().get(`/data/search?q=t&limit=2&cursor=${encodeURIComponent(first.body.page.next_cursor)}`);
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('rejects missing, blank and control-character queries and a bad limit', async () => {
    for (const url of ['/data/search', '/data/search?q=', '/data/search?q=%20%20', '/data/search?q=a%00b', '/data/search?q=a&limit=51', '/data/search?q=a&type=fund']) {
      const r = await h().get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.error.code, url).toBe('VALIDATION_ERROR');
    }
    const none = await h().get('/data/search?q=zzzzqqqq');
    expect(none.body.data).toEqual([]);
    expect(none.body.page.next_cursor).toBeNull();
  });

  it('is served by a range scan of the term index', async () => {
    const db = h().db;
    const { sql, bindings } = rankedQuery(db, 'ac', 'company').toSQL().toNative();
    if (h().kind === 'sqlite') {
      const plan = normalizeRawResult(await db.raw(`explain query plan ${sql}`, bindings as never)).map((r) => String(r.detail));
      expect(plan.join('\n')).toMatch(/USING COVERING INDEX search_terms_term_key \(term>\? AND term<\?\)/);
    } else {
      const plan = await db.transaction(async (trx) => {
        await trx.raw('set local enable_seqscan = off');
        return normalizeRawResult(await trx.raw(`explain ${sql.replace(/\$(\d+)/g, '?')}`, bindings as never)).map((r) => String(r['QUERY PLAN']));
      });
      expect(plan.join('\n')).toMatch(/search_terms_term_key/);
      expect(plan.join("\n")).toMatch(/Index (Only )?Scan using search_terms_term_key[\s\S]*Index Cond: .*term/);
    }
  });
});
