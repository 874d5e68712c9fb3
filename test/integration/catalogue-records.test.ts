import { expect, it } from 'vitest';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { walk } from './catalogue-walk.js';

const count = async (h: Harness, table: string) => Number(((await h.db(table).count({ n: '*' })) as any)[0].n);

forEachDatabase('catalogue: funds, valuations, news', (h) => {
  it('funds: newest first, every row once, money converted, filters and details', async () => {
    const rows = await walk(h(), '/data/funds?limit=100');
    expect(rows.length).toBe(await count(h(), 'funds'));
    expect(new Set(rows.map((f) => f.id)).size).toBe(rows.length);
    const f = (await h().db('funds').whereNotNull('amount_usd').orderBy('id').first()) as any;
    const eur = (await h().db('fx_rates').where('currency', 'EUR').first()) as { per_usd: number };
    const one = await h().get(`/data/funds/${f.id}?currency=EUR`);
    expect(one.status).toBe(200);
    expect(one.body.data.amount).toBe(Math.round(Number(f.amount_usd) * eur.per_usd));
    const inv = (await h().db('entities').where('id', f.investor_id).first('uuid')) as { uuid: string };
    expect(one.body.data.investor.uuid).toBe(inv.uuid);
    const byInvestor = await walk(h(), `/data/funds?limit=50&filter=investor.uuid[eq]:${inv.uuid}`);
    expect(byInvestor.length).toBe(Number(((await h().db('funds').where('investor_id', f.investor_id).count({ n: '*' })) as any)[0].n));
    const big = await h().get('/data/funds?limit=20&sort=-amount&filter=amount[gte]:100000000');
    const amounts = big.body.data.map((x: any) => x.amount);
    expect(amounts.every((a: number) => a >= 100_000_000)).toBe(true);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const bad = await h().get('/data/funds/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_ENTITY_ID');
    // funds take numeric ids: the message says so, not "expected a UUID"
    expect(bad.body.error.message).toBe('Invalid id: expected a numeric id (digits only)');
    expect((await h().get('/data/funds/99999999')).status).toBe(404);
    expect((await h().get('/data/funds?sort=fund_date')).status).toBe(400);
  });

  it('valuations: date order, value filter in currency, details', async () => {
    const r = await h().get('/data/valuations?limit=30&include_total=true');
    expect(r.body.page.total).toBe(await count(h(), 'valuations'));
    const v = (await h().db('valuations').orderBy('id').first()) as any;
    const one = await h().get(`/data/valuations/${v.id}`);
    expect(one.body.data).toMatchObject({ id: v.id, value: Number(v.value_usd), valued_date: v.valued_date });
    const c = (await h().db('entities').where('id', v.company_id).first('uuid')) as { uuid: string };
    const mine = await walk(h(), `/data/valuations?limit=50&filter=company.uuid[eq]:${c.uuid}`);
    expect(mine.every((x) => x.company.uuid === c.uuid)).toBe(true);
    expect(mine.map((x) => x.id)).toContain(v.id);
    const retired = await h().get('/data/valuations?sort=-year');
    expect(retired.status).toBe(400);
    expect(retired.body.error.message).toContain('date');
    expect((await h().get('/data/valuations/0x1')).body.error.code).toBe('VALIDATION_ERROR');
  });

  it('news: entities and taxonomy, type and entity filters, details', async () => {
    const rows = await walk(h(), '/data/news?limit=200');
    expect(rows.length).toBe(await count(h(), 'news'));
    const pub = rows.map((n) => n.published_at);
    expect(pub).toEqual([...pub].sort().reverse());
    const link = (await h().db('news_entities as x').join('entities as e', 'e.id', 'x.entity_id').first('x.news_id', 'e.uuid')) as any;
    const byEntity = await walk(h(), `/data/news?limit=100&filter=entity.uuid[eq]:${link.uuid}`);
    expect(byEntity.every((n) => n.entities.some((e: any) => e.uuid === link.uuid))).toBe(true);
    const one = await h().get(`/data/news/${link.news_id}`);
    expect(one.body.data.entities.map((e: any) => e.uuid)).toContain(link.uuid);
    const funding = await h().get('/data/news?limit=50&filter=article_type[eq]:FUNDING');
    expect(funding.status).toBe(200);
    expect(funding.body.data.every((n: any) => n.article_type === 'funding')).toBe(true);
    expect((await h().get('/data/news?filter=article_type[eq]:gossip')).body.error.code).toBe('FILTER_VALIDATION_ERROR');
  });
});

forEachDatabase('catalogue: news title search', (h) => {
  it('ranks title-start matches first, then newest, within the filter, and binds cursors to q', async () => {
    const article = (await h().db('news').orderBy('id').first('id', 'title')) as { id: number; title: string };
    const words = article.title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 3);
    const word = words[words.length - 1]!;
    const rows = await walk(h(), `/data/news?q=${encodeURIComponent(word.toUpperCase())}&limit=7`);
    expect(rows.map((n) => n.id)).toContain(article.id);
    for (const n of rows) expect(n.title.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((w: string) => w.startsWith(word))).toBe(true);
    const starts = rows.map((n) => (n.title.toLowerCase().startsWith(word) ? 0 : 1));
    expect(starts).toEqual([...starts].sort());
    const group = rows.filter((_n, i) => starts[i] === 1).map((n) => n.published_at);
    expect(group).toEqual([...group].sort().reverse());
    const all = (await h().db('news').select('title')) as { title: string }[];
    const expected = all.filter((n) => n.title.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(word))).length;
    expect(rows.length).toBe(Math.min(expected, 1000));
    const typed = await h().get(`/data/news?q=${encodeURIComponent(word)}&filter=article_type[eq]:funding&limit=100`);
    expect(typed.body.data.every((n: any) => n.article_type === 'funding')).toBe(true);
    const first = await h().get(`/data/news?q=${encodeURIComponent(word)}&limit=1`);
    if (first.body.page.next_cursor) {
      expect((await h().get(`/data/news?q=zz${encodeURIComponent(word)}&limit=1&cursor=${encodeURIComponent(first.body.page.next_cursor)}`)).status).toBe(400);
    }
    expect((await h().get('/data/news?q=%20')).body.error.code).toBe('VALIDATION_ERROR');
    expect((await h().get('/data/news?q=qqqqzzzz')).body.data).toEqual([]);
  });
});

forEachDatabase('catalogue: team notes', (h) => {
  const someEntity = async () => ((await h().db('entities').orderBy('id').first('uuid')) as { uuid: string }).uuid;

  it('creates, reads, lists, changes and deletes a note', async () => {
    const uuid = await someEntity();
    const c = await h().call('POST', '/data/notes', { body: { entity: uuid, body: 'Met the founders' } });
    expect(c.status).toBe(201);
    expect(c.body.data).toMatchObject({ entity: { uuid }, body: 'Met the founders', created_by: 'dev-client' });
    const id = c.body.data.id;
    expect((await h().get(`/data/notes/${id}`)).body.data.body).toBe('Met the founders');
    const u = await h().call('PATCH', `/data/notes/${id}`, { body: { body: 'Follow up in Q3' } });
    expect(u.status).toBe(200);
    expect(u.body.data.body).toBe('Follow up in Q3');
    const list = await h().get(`/data/notes?filter=entity.uuid[eq]:${uuid}&include_total=true`);
    expect(list.body.data.map((n: any) => n.id)).toContain(id);
    const d = await h().call('DELETE', `/data/notes/${id}`);
    expect(d.status).toBe(204);
    expect((await h().get(`/data/notes/${id}`)).status).toBe(404);
    expect((await h().call('DELETE', `/data/notes/${id}`)).status).toBe(404);
  });

  it("never shows or changes another team's note", async () => {
    const entity = (await h().db('entities').orderBy('id').first('id')) as { id: number };
    const at = new Date().toISOString();
    const [team] = await h().db('teams').insert({ name: 'Other', slug: `other-${h().kind}`, created_by: 'x', is_active: true, created_at: at, updated_at: at }).returning('id');
    const teamId = typeof team === 'object' ? (team as any).id : team;
    const [note] = await h().db('notes').insert({ team_id: teamId, entity_id: entity.id, body: 'secret', created_by: 'x', created_at: at, updated_at: at }).returning('id');
    const noteId = typeof note === 'object' ? (note as any).id : note;
    expect((await h().get(`/data/notes/${noteId}`)).status).toBe(404);
    expect((await h().call('PATCH', `/data/notes/${noteId}`, { body: { body: 'mine now' } })).status).toBe(404);
    expect((await h().call('DELETE', `/data/notes/${noteId}`)).status).toBe(404);
    const all = await walk(h(), '/data/notes?limit=100');
    expect(all.some((n) => n.id === noteId)).toBe(false);
    expect(((await h().db('notes').where('id', noteId).first()) as any).body).toBe('secret');
  });

  it('writes nothing on bad input', async () => {
    const before = await count(h(), 'notes');
    const uuid = await someEntity();
    const bad = [
      { entity: uuid, body: '' },
      { entity: 'not-a-uuid', body: 'x' },
      { entity: uuid, body: 'x', extra: 1 },
      { body: 'x' },
      { entity: uuid, body: 'x'.repeat(10001) },
    ];
    for (const body of bad) {
      const r = await h().call('POST', '/data/notes', { body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
    }
    const unknown = await h().call('POST', '/data/notes', { body: { entity: '00000000-0000-4000-8000-000000000000', body: 'x' } });
    expect(unknown.status).toBe(404);
    expect(await count(h(), 'notes')).toBe(before);
  });
});
