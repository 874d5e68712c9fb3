/**
 * `semantic_keyword` on /data/companies, /data/investors and /data/entities: ranked by relevance
 * (BM25 plus the learned concept space), combinable with `filter`, the first 1,000 only, cursors
 * bound to the words, rows with `score`, validation errors in the error envelope, tier locks as on
 * the plain lists.
 */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { refreshMatchIndex } from '../../src/db/matchKeys.js';
import { forEachDatabase } from '../helpers/harness.js';
import { browserHeaders } from '../helpers/principals.js';

interface Row {
  uuid: string;
  name: string;
  tagline: string | null;
  about: string | null;
  subtype: string | null;
  score: number;
  taxonomy: { name: string }[];
  locked?: unknown;
}

forEachDatabase('semantic_keyword', (h) => {
  /** Companies (or investors) as an import adds them: the rows, then the indexes of the changed ids. */
  const add = async (rows: { name: string; tagline?: string; about?: string; signal?: number; subtype?: string }[]) => {
    const at = new Date().toISOString();
    const out: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const part = rows.slice(i, i + 200).map((r) => ({
        uuid: crypto.randomUUID(), type: 'organization', subtype: r.subtype ?? 'company', name: r.name, name_lower: r.name.toLowerCase(),
        tagline: r.tagline ?? null, about: r.about ?? null, signal_rating: r.signal ?? null, added_at: at, updated_at: at,
      }));
      const inserted = (await h().db('entities').insert(part).returning('id')) as { id: number }[];
      ids.push(...inserted.map((x) => Number(x.id)));
      out.push(...part.map((p) => p.uuid));
    }
    await refreshMatchIndex(h().db, ids);
    return out;
  };
  const list = async (path: string, words: string, extra = '', headers?: Record<string, string | null>) => {
    const r = await h().get(`${path}?semantic_keyword=${encodeURIComponent(words)}${extra}`, headers);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { data: Row[]; page: { next_cursor: string | null } };
  };

  it('ranks by relevance over name, tagline and about, best first, each row with its score', async () => {
    const [inName, inTagline, inAbout] = await add([
      { name: 'Zorblax Systems', tagline: 'Zorblax routing for zorblax fleets' },
      { name: 'Quietwood', tagline: 'Zorblax routing for shipping fleets' },
      { name: 'Hollow Pine', tagline: 'Freight software', about: 'Among many other things it also resells a zorblax module to partners worldwide.' },
    ]);
    await add([{ name: 'Unrelated Bakery', tagline: 'Bread and cakes' }]);
    const { data } = await list('/data/companies', 'zorblax');
    const order = data.map((r) => r.uuid);
    expect(order.slice(0, 3)).toEqual([inName, inTagline, inAbout]);
    for (const r of data) expect(r.score).toBeGreaterThanOrEqual(0), expect(r.score).toBeLessThanOrEqual(1);
    expect(data.map((r) => r.score)).toEqual([...data.map((r) => r.score)].sort((a, b) => b - a));
    // plain lists carry no score
    expect((await h().get('/data/companies?limit=3')).body.data[0]).not.toHaveProperty('score');

    // an import that changes or deletes entities refreshes their rows (refreshMatchIndex)
    const db = h().db;
    const idOf = async (uuid: string) => Number(((await db('entities').where('uuid', uuid).first('id')) as { id: number }).id);
    const [changed, deleted] = [await idOf(inTagline!), await idOf(inAbout!)];
    await db('entities').where('id', changed).update({ tagline: 'Bread routing' });
    await db('entities').where('id', deleted).delete();
    await refreshMatchIndex(db, [changed, deleted]);
    const after = (await list('/data/companies', 'zorblax')).data.map((r) => r.uuid);
    expect(after[0]).toBe(inName);
    expect(after).not.toContain(inTagline);
    expect(after).not.toContain(inAbout);
    expect((await list('/data/companies', 'bread routing')).data[0]!.uuid).toBe(inTagline);
  });

  it('finds by meaning: companies of the taxonomy the words go with, even without the words', async () => {
    // the seed's fintech companies say "fraud detection", "payments", ...; the model learned that
    // "fintech" goes with their taxonomy, so companies tagged Fintech whose text never says so rank
    const { data } = await list('/data/companies', 'fintech', '&limit=50');
    expect(data.length).toBeGreaterThan(5);
    const top = data.slice(0, 10);
    expect(top.filter((r) => r.taxonomy.some((t) => t.name === 'Fintech')).length).toBeGreaterThanOrEqual(8);
    // the best companies without the word are financial neighbours: crypto, insurance, payments, lending
    const wordless = data.filter((r) => !`${r.name} ${r.tagline ?? ''} ${r.about ?? ''} ${r.taxonomy.map((t) => t.name).join(' ')}`.toLowerCase().includes('fintech'));
    expect(wordless.length).toBeGreaterThan(4);
    const finance = ['Payments', 'Lending', 'Neobanking', 'Wealth Management', 'Crypto Exchange', 'Web3 & Crypto', 'Insurtech', 'Embedded Finance', 'Blockchain', 'Financial Institutions'];
    for (const r of wordless.slice(0, 5)) expect(r.taxonomy.map((t) => t.name).some((t) => finance.includes(t)), r.name).toBe(true);
  });

  it('combines with filter and with the list: investors only on /data/investors, every subtype on /data/entities', async () => {
    const [high, low] = await add([
      { name: 'Glimmerquartz Labs', tagline: 'Glimmerquartz sensors', signal: 90 },
      { name: 'Glimmerquartz Works', tagline: 'Glimmerquartz sensors', signal: 10 },
    ]);
    const [fund] = await add([{ name: 'Glimmerquartz Ventures', tagline: 'Backing glimmerquartz founders', subtype: 'investor' }]);
    const filtered = await list('/data/companies', 'glimmerquartz', `&filter=${encodeURIComponent('signal_rating[gte]:50')}`);
    expect(filtered.data.map((r) => r.uuid)).toContain(high);
    expect(filtered.data.map((r) => r.uuid)).not.toContain(low);
    expect((await list('/data/companies', 'glimmerquartz')).data.map((r) => r.uuid)).not.toContain(fund);
    const investors = await list('/data/investors', 'glimmerquartz');
    expect(investors.data[0]!.uuid).toBe(fund);
    expect(investors.data.every((r) => r.subtype === 'investor')).toBe(true);
    expect(new Set((await list('/data/entities', 'glimmerquartz')).data.slice(0, 3).map((r) => r.uuid))).toEqual(new Set([high, low, fund]));
  });

  it('pages within the first 1,000 results with cursors bound to the words', async () => {
    await add(Array.from({ length: 1010 }, (_, i) => ({ name: `Pelnorath ${i}`, tagline: i % 2 ? 'Pelnorath tooling' : 'Tooling' })));
    const seen: string[] = [];
    let page = await list('/data/companies', 'pelnorath', '&limit=400');
    seen.push(...page.data.map((r) => r.uuid));
    const first = page.page.next_cursor!;
    while (page.page.next_cursor) {
      page = await list('/data/companies', 'pelnorath', `&limit=400&cursor=${encodeURIComponent(page.page.next_cursor)}`);
      seen.push(...page.data.map((r) => r.uuid));
    }
    expect(seen.length).toBe(1000);
    expect(new Set(seen).size).toBe(1000);
    // the same words, written differently, keep the cursor; other words, or none, do not
    expect((await h().get(`/data/companies?semantic_keyword=PELNORATH!&limit=400&cursor=${encodeURIComponent(first)}`)).status).toBe(200);
    for (const url of [`/data/companies?semantic_keyword=tooling&limit=400&cursor=${encodeURIComponent(first)}`, `/data/companies?limit=400&cursor=${encodeURIComponent(first)}`]) {
      const r = await h().get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses words it cannot rank by, and plain-list sort keys, in the error envelope', async () => {
    for (const [query, path] of [
      ['semantic_keyword=the', 'query.semantic_keyword'],
      ['semantic_keyword=%20', 'query.semantic_keyword'],
      ['semantic_keyword=', 'query.semantic_keyword'],
      [`semantic_keyword=${'a'.repeat(201)}`, 'query.semantic_keyword'],
      ['semantic_keyword=fintech%01', 'query.semantic_keyword'],
    ] as const) {
      const r = await h().get(`/data/entities?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error.code, query).toBe('VALIDATION_ERROR');
      expect(r.body.error.details.map((d: { path: string }) => d.path), query).toContain(path);
    }
    const sort = await h().get('/data/companies?semantic_keyword=fintech&sort=name');
    expect(sort.status).toBe(400);
    expect(sort.body.error.code).toBe('VALIDATION_ERROR');
    expect((await h().get('/data/companies?semantic_keyword=fintech&sort=-signal_rating')).status).toBe(200);
  });

  it('applies the tier locks of the plain list to ranked rows', async () => {
    const free = await browserHeaders(h(), 'free');
    const ranked = await list('/data/companies', 'fintech', '&limit=5', free);
    expect(ranked.data.length).toBeGreaterThan(0);
    for (const row of ranked.data) {
      const plain = await h().get(`/data/companies?filter=${encodeURIComponent(`uuid[eq]:${row.uuid}`)}`, free);
      const { score, ...rest } = row;
      expect(score).toBeGreaterThan(0);
      expect(rest).toEqual(plain.body.data[0]);
      expect(rest.locked).toBeDefined();
    }
  });
});
