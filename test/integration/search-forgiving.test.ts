/** `/data/search` forgives legal forms and one typo, after every exact and prefix match. */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { refreshMatchIndex } from '../../src/db/matchKeys.js';
import { normalizeRawResult } from '../../src/db/knex.js';
import { rankedQuery, termsOf } from '../../src/db/search.js';
import { forgivingOf } from '../../src/match/normalize.js';
import { forEachDatabase } from '../helpers/harness.js';

forEachDatabase('search: forgiving', (h) => {
  /** A company as an import would add it: the row, its typeahead terms and its match keys. */
  const add = async (name: string, signal: number) => {
    const at = new Date().toISOString();
    const row = { uuid: crypto.randomUUID(), type: 'organization', subtype: 'company', name, name_lower: name.toLowerCase(), domain: null, signal_rating: signal, added_at: at, updated_at: at };
    const id = ((await h().db('entities').insert(row).returning('id')) as { id: number }[])[0]!.id;
    await h().db('search_terms').insert(termsOf({ id, type: 'organization', subtype: 'company', name, domain: null, signal_rating: signal }));
    await refreshMatchIndex(h().db, [id]);
    return row.uuid;
  };
  const names = async (q: string, extra = '') => {
    const r = await h().get(`/data/search?q=${encodeURIComponent(q)}&limit=50${extra}`);
    expect(r.status).toBe(200);
    return r.body.data as { uuid: string; name: string; match: { field: string; kind: string } }[];
  };

  it('finds Zynga for zynag and zynga inc, exact and prefix matches first', async () => {
    const zynga = await add('Zynga', 50);
    const poker = await add('Zynga Poker Ltd', 90);
    const zyngo = await add('Zyngo', 99);

    const typo = await names('zynag');
    expect(typo.map((x) => x.uuid)).toContain(zynga);
    expect(typo.find((x) => x.uuid === zynga)!.match).toEqual({ field: 'name', kind: 'fuzzy' });

    const legal = await names('Zynga, Inc.');
    expect(legal[0]).toMatchObject({ uuid: zynga, match: { field: 'name', kind: 'normalized' } });
    expect((await names('zynga inc'))[0]!.uuid).toBe(zynga);

    // exact, then prefix, then a typo away, whatever the signal ratings
    const exact = await names('zynga');
    const order = exact.map((x) => x.uuid);
    expect(order.indexOf(zynga)).toBe(0);
    expect(order.indexOf(poker)).toBeGreaterThan(0);
    expect(order.indexOf(zyngo)).toBeGreaterThan(order.indexOf(poker));
    expect(exact.find((x) => x.uuid === zyngo)!.match.kind).toBe('fuzzy');
    // each entity once, with its best class
    expect(new Set(order).size).toBe(order.length);
    expect((await names('zynag', '&type=investor')).map((x) => x.uuid)).not.toContain(zynga);

    // the forgiving classes page with cursors like the others
    const all = typo.map((x) => x.uuid);
    expect(all.length).toBeGreaterThan(1);
    const paged: string[] = [];
    let url: string | null = '/data/search?q=zynag&limit=1';
    while (url) {
      const r: any = await h().get(url);
      paged.push(...r.body.data.map((x: any) => x.uuid));
      url = r.body.page.next_cursor ? `/data/search?q=zynag&limit=1&cursor=${encodeURIComponent(r.body.page.next_cursor)}` : null;
    }
    expect(paged).toEqual(all);
  });

  it('probes the match index by key, never scanning it', async () => {
    const db = h().db;
    const { sql, bindings } = rankedQuery(db, 'zynag', null, forgivingOf('zynag')).toSQL().toNative();
    if (h().kind === 'sqlite') {
      const plan = normalizeRawResult(await db.raw(`explain query plan ${sql}`, bindings as never)).map((r) => String(r.detail));
      expect(plan.join('\n')).toMatch(/match_keys_key \(kind=\? AND key=\?\)/);
      expect(plan.join('\n')).not.toMatch(/SCAN m\b/);
    } else {
      const plan = await db.transaction(async (trx) => {
        await trx.raw('set local enable_seqscan = off');
        return normalizeRawResult(await trx.raw(`explain ${sql.replace(/\$(\d+)/g, '?')}`, bindings as never)).map((r) => String(r['QUERY PLAN']));
      });
      expect(plan.join('\n')).toMatch(/Index (Only )?Scan using match_keys_key/);
    }
  });
});
