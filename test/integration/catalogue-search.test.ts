import { expect, it } from 'vitest';
import { rankedQuery, SEARCH_DEPTH, type SearchKind } from '../../src/db/search.js';
import { normalizeRawResult } from '../../src/db/knex.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { importLines } from '../helpers/changes.js';

/** The plan of `sql` as text lines (PostgreSQL with sequential scans off, so an index that serves it is shown). */
async function planOf(h: Harness, q: string, kind: SearchKind | null): Promise<string> {
  const db = h.db;
  const { sql, bindings } = rankedQuery(db, q, kind).toSQL().toNative();
  if (h.kind === 'sqlite') return normalizeRawResult(await db.raw(`explain query plan ${sql}`, bindings as never)).map((r) => String(r.detail)).join('\n');
  const plan = await db.transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    return normalizeRawResult(await trx.raw(`explain ${sql.replace(/\$(\d+)/g, '?')}`, bindings as never)).map((r) => String(r['QUERY PLAN']));
  });
  return plan.join('\n');
}

/** The ranking of `q` computed here from every stored term: what the bounded walk of the lead indexes must reproduce. */
async function rankingOf(h: Harness, q: string, kind: SearchKind | null) {
  const rows = (await h.db('search_terms').modify((b) => (kind ? b.where('kind', kind) : b)).select('entity_id', 'term', 'rank', 'signal')) as {
    entity_id: number;
    term: string;
    rank: number;
    signal: number;
  }[];
  const best = new Map<number, { best: number; signal: number }>();
  for (const r of rows) {
    if (!r.term.startsWith(q)) continue;
    const cls = r.rank < 2 ? (r.term === q ? r.rank : r.rank + 2) : 4;
    const seen = best.get(r.entity_id);
    if (!seen || cls < seen.best) best.set(r.entity_id, { best: cls, signal: Number(r.signal) });
  }
  return [...best]
    .map(([entity_id, v]) => ({ entity_id, ...v }))
    .sort((a, b) => a.best - b.best || b.signal - a.signal || a.entity_id - b.entity_id)
    .slice(0, SEARCH_DEPTH);
}

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

  it('is served by a range scan of the term index from three letters on', async () => {
    const plan = await planOf(h(), 'acm', 'company');
    if (h().kind === 'sqlite') expect(plan).toMatch(/USING COVERING INDEX search_terms_term_key \(term>\? AND term<\?\)/);
    else expect(plan).toMatch(/Index (Only )?Scan using search_terms_term_key[\s\S]*Index Cond: .*term/);
  });

  it('reads one- and two-letter queries from the lead indexes in ranking order', async () => {
    for (const [q, index] of [['a', 'search_terms_lead1_key'], ['ac', 'search_terms_lead2_key']] as const) {
      const plan = await planOf(h(), q, null);
      expect(plan, q).toContain(index);
      expect(plan, q).not.toMatch(/term>\? AND term<\?|term >= /);
      // no sort of the walked terms: only the merged candidates (at most 3 x SEARCH_DEPTH rows) are grouped and sorted
      if (h().kind === 'sqlite') expect(plan.match(/TEMP B-TREE/g)?.length, plan).toBe(2);
    }
  });

  it('answers one- and two-letter queries as the ranking over every term does', async () => {
    const { db } = h();
    for (const q of ['a', 's', 'c', 'ac', 'st', 'in', 'ma', '1']) {
      for (const kind of [null, 'company', 'person', 'investor'] as const) {
        const got = ((await rankedQuery(db, q, kind)) as any[]).map((r) => ({ entity_id: Number(r.entity_id), best: Number(r.best), signal: Number(r.signal) }));
        expect(got, `${q} ${kind}`).toEqual(await rankingOf(h(), q, kind));
      }
    }
  });

  it('finds a renamed company by its new first letters right after the import', async () => {
    const company = (name: string) => ({ type: 'company', key: 'lead-renamed', data: { name, country: 'DEU', city: null, categories: ['software'], status: 'operating', founded_on: '2019' } });
    const uuids = async (q: string) => {
      const r = await h().get(`/data/search?q=${encodeURIComponent(q)}&limit=50`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.map((x: any) => x.uuid) as string[];
    };
    await importLines(h(), [company('Жarko Lead')]);
    const [uuid] = await uuids('жarko lead');
    expect(uuid).toBeTruthy();
    expect(await uuids('ж')).toContain(uuid);
    expect(await uuids('жa')).toContain(uuid);
    await importLines(h(), [company('Ђorb Lead')]);
    expect(await uuids('ж')).not.toContain(uuid);
    expect(await uuids('жa')).not.toContain(uuid);
    expect(await uuids('ђ')).toContain(uuid);
    expect(await uuids('ђo')).toContain(uuid);
    const hit = (await h().get('/data/search?q=%D1%92o')).body.data.find((x: any) => x.uuid === uuid);
    expect(hit).toMatchObject({ name: 'Ђorb Lead', match: { field: 'name', kind: 'prefix' } });
  });
});
