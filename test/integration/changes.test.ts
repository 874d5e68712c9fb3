/**
 * The change feed (docs/changes.md) over an import made with the engine: walked from a position
 * taken before it, every change is listed in commit order, deletes included (a withdrawn round and a
 * deleted company, named by the uuid it had); filters by type and kind; `include=record` is the
 * record's own endpoint's answer (currency too); bad and pruned positions are refused; one credit a page.
 */
import { expect, it } from 'vitest';
import { pruneChanges } from '../../src/db/changeFeed.js';
import { changes, createFundingClient } from '../../clients/typescript/index.js';
import { forEachDatabase } from '../helpers/harness.js';
import { browserHeaders, keyWithScopes } from '../helpers/principals.js';
import { importLines, latest, walk } from '../helpers/changes.js';

const company = (key: string, name: string, country: string) => ({ type: 'company', key, data: { name, country, city: null, categories: ['software'], status: 'operating', founded_on: '2019' } });
const round = (key: string, companyKey: string, amount: number) => ({ type: 'round', key, data: { company: companyKey, round_type: 'series_a', announced_on: '2024-05-04', amount_usd: amount } });

forEachDatabase('change feed', (h) => {
  let before = '';
  let all: any[] = [];

  it('from a position taken before an import, lists every change of it in commit order, deletes included', async () => {
    before = await latest(h());
    await importLines(h(), [company('feed-acme', 'Feed Acme', 'DEU'), company('feed-gone', 'Feed Gone', 'FRA'), round('feed-a', 'feed-acme', 6_000_000), round('feed-b', 'feed-acme', 2_000_000)]);
    await importLines(h(), [round('feed-a', 'feed-acme', 7_000_000), { type: 'round', key: 'feed-b', delete: true }, { type: 'company', key: 'feed-gone', delete: true }]);
    const w = await walk(h(), before);
    all = w.changes;
    expect(w.pages).toBeGreaterThan(1);
    // exactly the change log's rows after the position, in its order
    const log = (await h().db('change_log').orderBy('seq').select('type', 'record_id', 'kind')) as { type: string; record_id: number; kind: string }[];
    expect(all.length).toBe(log.length);
    expect(all.map((c) => c.kind)).toEqual(log.map((l) => ({ insert: 'created', update: 'updated', delete: 'deleted' })[l.kind]));
    const acme = (await h().db('entities').where('name', 'Feed Acme').first('uuid', 'id')) as { uuid: string; id: number };
    const rounds = (await h().db('transactions').where('company_id', acme.id).orderBy('id').select('id', 'deleted_at')) as { id: number; deleted_at: string | null }[];
    const [a, b] = rounds.map((r) => Number(r.id));
    expect(all.filter((c) => c.type === 'transaction' && c.kind === 'created').map((c) => c.id).sort()).toEqual([a, b].sort());
    expect(all.filter((c) => c.type === 'transaction' && c.kind === 'updated')).toEqual([expect.objectContaining({ id: a, fields: expect.arrayContaining(['amount_usd']) })]);
    expect(all.filter((c) => c.type === 'transaction' && c.kind === 'deleted').map((c) => c.id)).toEqual([b]);
    // the deleted company keeps the uuid it was created under
    const created = all.filter((c) => c.type === 'company' && c.kind === 'created');
    expect(created.length).toBe(2);
    const deleted = all.filter((c) => c.kind === 'deleted' && c.type === 'company');
    expect(deleted.length).toBe(1);
    expect(created.map((c) => c.id)).toContain(deleted[0].id);
    expect(deleted[0].id).not.toBe(acme.uuid);
    expect((await h().get(`/data/companies/${deleted[0].id}`)).status).toBe(404);
    // the company whose figures the rounds changed is updated, naming the fields
    expect(all.some((c) => c.type === 'company' && c.id === acme.uuid && c.kind === 'updated' && c.fields.length > 0)).toBe(true);
    // the end: nothing after the last position
    const end = await h().get(`/data/changes?after=${encodeURIComponent(w.after)}`);
    expect(end.body).toMatchObject({ data: [], page: { has_more: false, next_after: w.after } });
  });

  it('the TypeScript client\'s changes() walks the same changes and hands over each page\'s position', async () => {
    const api = createFundingClient({ baseUrl: h().server.baseUrl, token: h().token, clientId: 'dev-client' });
    const positions: string[] = [];
    const got: unknown[] = [];
    for await (const c of changes(api, { after: before, limit: 4, onPosition: (p) => void positions.push(p) })) got.push(c);
    expect(got).toEqual(all);
    expect(positions).toHaveLength(Math.ceil(all.length / 4));
    expect(positions.at(-1)).toBe(await latest(h()));
  });

  it('filters by type and kind, and moves an empty filtered page to the end of the feed', async () => {
    const del = await walk(h(), before, '&type=transaction&kind=deleted', 10);
    expect(del.changes.map((c) => [c.type, c.kind])).toEqual([['transaction', 'deleted']]);
    const companies = await walk(h(), before, '&type=company,investor', 10);
    expect(companies.changes).toEqual(all.filter((c) => c.type === 'company'));
    const none = await h().get(`/data/changes?after=${encodeURIComponent(before)}&type=news`);
    expect(none.body.data).toEqual([]);
    expect(none.body.page.next_after).toBe(await latest(h()));
  });

  it('include=record: each record exactly as its own endpoint returns it, in the asked currency; null once deleted', async () => {
    const w = await walk(h(), before, '&include=record&currency=EUR', 50);
    const live = w.changes.filter((c) => c.kind !== 'deleted');
    expect(live.length).toBeGreaterThan(0);
    for (const c of live) {
      const path = c.type === 'transaction' ? `/data/transactions/${c.id}` : `/data/companies/${c.id}`;
      const own = await h().get(`${path}?currency=EUR`);
      expect(c.record, path).toEqual(own.status === 200 ? own.body.data : null);
    }
    expect(w.changes.filter((c) => c.kind === 'deleted').every((c) => c.record === null)).toBe(true);
    expect(w.changes.find((c) => c.type === 'transaction' && c.kind === 'updated').record.amount).toBeLessThan(7_000_000);
  });

  it('include=record applies the caller\'s tier locks as the record\'s endpoint does; types need their scopes', async () => {
    for (const tier of ['guest', 'free'] as const) {
      const headers = await browserHeaders(h(), tier);
      const w = await h().get(`/data/changes?after=${encodeURIComponent(before)}&include=record&type=company&limit=50`, headers);
      expect(w.status).toBe(200);
      const live = w.body.data.filter((c: any) => c.record !== null);
      expect(live.length).toBeGreaterThan(0);
      for (const c of live) expect(c.record).toEqual((await h().get(`/data/companies/${c.id}`, headers)).body.data);
      expect(live.some((c: any) => (c.record.locked ?? []).length > 0)).toBe(true);
    }
    const entitiesOnly = await keyWithScopes(h(), ['read:entities']);
    const own = await h().get(`/data/changes?after=${encodeURIComponent(before)}&limit=100`, entitiesOnly);
    expect(own.body.data.length).toBeGreaterThan(0);
    expect(own.body.data.every((c: any) => c.type !== 'transaction')).toBe(true);
    const refused = await h().get(`/data/changes?type=transaction`, entitiesOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
  });

  it('one credit a page, as a list page', async () => {
    const r = await h().get(`/data/changes?after=${encodeURIComponent(before)}&limit=2`);
    expect(r.headers.get('x-credits-used')).toBe('1');
  });

  it('refuses a forged position, and a position older than the retention with the way to restart', async () => {
    const forged = await h().get(`/data/changes?after=${encodeURIComponent(before.slice(0, -2) + 'xx')}`);
    expect(forged.status).toBe(400);
    expect(forged.body.error.details).toEqual([{ path: 'query.after', message: expect.stringMatching(/Invalid change feed position/) }]);
    const cursor = await h().get(`/data/transactions?limit=1`);
    const alien = await h().get(`/data/changes?after=${encodeURIComponent(cursor.body.page.next_cursor)}`);
    expect(alien.status).toBe(400);
    // pruning every change recorded so far: the position taken before them is too old
    expect(await pruneChanges(h().db, new Date(Date.now() + 60_000))).toBe(all.length);
    const old = await h().get(`/data/changes?after=${encodeURIComponent(before)}`);
    expect(old.status).toBe(400);
    expect(old.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/older than the change feed's retention \(30 days\): restart from a full export/) });
    // the oldest kept position is the end; walking from it is fine
    const fresh = await h().get('/data/changes');
    expect(fresh.body).toMatchObject({ data: [], page: { has_more: false } });
    expect((await h().get(`/data/changes?after=${encodeURIComponent(fresh.body.page.next_after)}`)).status).toBe(200);
  });
});
