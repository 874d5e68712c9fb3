/**
 * HTTP caching: strong ETags over the bytes sent, Last-Modified from `updated_at`, Cache-Control by
 * kind of data, and 304 for a current If-None-Match, which is never charged but needs the credits.
 */
import { expect, it } from 'vitest';
import { assertContract } from '../helpers/contract.js';
import { forEachDatabase, settled, type Harness, type Reply } from '../helpers/harness.js';
import { teamKey } from '../helpers/principals.js';
import { updateRecords } from '../../src/documents/writes.js';

const TAG = /^"[A-Za-z0-9_-]+"$/;

/** A 304 has no body, so the harness leaves it unchecked: check its headers against the contract here. */
function expectNotModified(r: Reply, url: string, tag: string): void {
  expect(r.status).toBe(304);
  expect(r.body).toBe('');
  expect(r.headers.get('etag')).toBe(tag);
  assertContract('GET', url, 304, r.headers, undefined);
}

const balanceOf = (h: Harness, teamId: number) =>
  h.db('credit_balances').where('team_id', teamId).first('balance').then((b: { balance: unknown }) => Number(b.balance));

forEachDatabase('HTTP caching', (h) => {
  it('tags a record strongly, dates it by updated_at and answers 304 to its tag, uncharged', async () => {
    const first = await h().get('/data/companies?limit=1');
    const url = `/data/companies/${first.body.data[0].uuid}`;
    const r = await h().get(url);
    expect(r.status).toBe(200);
    const tag = r.headers.get('etag')!;
    expect(tag).toMatch(TAG);
    expect(r.headers.get('cache-control')).toBe('private, no-cache');
    expect(r.headers.get('vary')).toMatch(/Authorization/);
    expect(r.headers.get('last-modified')).toBe(new Date(r.body.data.updated_at).toUTCString());
    // the same bytes, the same tag
    expect((await h().get(url)).headers.get('etag')).toBe(tag);

    const again = await h().get(url, { 'If-None-Match': tag });
    expectNotModified(again, url, tag);
    expect(again.headers.get('x-credits-used')).toBe('0');
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    // a list of tags and a weak form of the tag name the current copy; `*` names none (the answer)
    expectNotModified(await h().get(url, { 'If-None-Match': `"other", W/${tag}` }), url, tag);
    expect((await h().get(url, { 'If-None-Match': '*' })).status).toBe(200);
    // a stale tag gets the record
    const stale = await h().get(url, { 'If-None-Match': '"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(r.body);
  });

  it('evaluates If-None-Match only: If-Modified-Since alone gets the record, charged as any read', async () => {
    const first = await h().get('/data/companies?limit=1');
    const url = `/data/companies/${first.body.data[0].uuid}`;
    const r = await h().get(url);
    const modified = r.headers.get('last-modified')!;
    expect(modified).toBeTruthy();
    // a date after Last-Modified: the rows of a page could still have changed (added or removed ones)
    // (fetch adds `Cache-Control: no-cache` to a conditional request unless it has a Cache-Control of its
    // own, which would hide an evaluation of If-Modified-Since: a client's own max-age=0 is sent instead)
    const since = new Date(Date.parse(modified) + 86_400_000).toUTCString();
    const later = await h().get(url, { 'If-Modified-Since': since, 'Cache-Control': 'max-age=0' });
    expect(later.status).toBe(200);
    expect(later.body).toEqual(r.body);
    expect(later.headers.get('x-credits-used')).toBe('1');
  });

  it('gives a list page a tag that changes with its rows, and the latest updated_at of its rows', async () => {
    const url = '/data/companies?limit=5&sort=id';
    const r = await h().get(url);
    expect(r.status).toBe(200);
    const tag = r.headers.get('etag')!;
    expect(tag).toMatch(TAG);
    const latest = Math.max(...r.body.data.map((c: { updated_at: string }) => Date.parse(c.updated_at)));
    expect(r.headers.get('last-modified')).toBe(new Date(latest).toUTCString());
    expectNotModified(await h().get(url, { 'If-None-Match': tag }), url, tag);

    const row = r.body.data[2] as { uuid: string; name: string };
    // written as the product writes (its record documents refreshed in the same transaction)
    const { id } = (await h().db('entities').where('uuid', row.uuid).first('id')) as { id: number };
    await updateRecords(h().db, 'entities', [id], { name: `${row.name} (renamed)` }, new Date());
    try {
      const changed = await h().get(url, { 'If-None-Match': tag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(tag);
      expect(changed.body.data[2].name).toBe(`${row.name} (renamed)`);
    } finally {
      await updateRecords(h().db, 'entities', [id], { name: row.name }, new Date());
    }
  });

  it('charges a revalidation only when it answers 200, and a 304 counts no usage', async () => {
    const k = await teamKey(h(), ['read:transactions'], 3);
    const url = '/data/transactions?limit=2';
    const r = await h().get(url, k.headers);
    expect(r.headers.get('x-credits-used')).toBe('1');
    const tag = r.headers.get('etag')!;
    for (let i = 0; i < 4; i++) {
      const same = await h().get(url, { ...k.headers, 'If-None-Match': tag });
      expectNotModified(same, url, tag);
      expect(same.headers.get('x-credits-used')).toBe('0');
    }
    // a 304's reservation is given back in the background (metering settles after the answer)
    expect(await settled(() => balanceOf(h(), k.teamId), 2)).toBe(2);
    const fresh = await h().get(url, { ...k.headers, 'If-None-Match': '"stale"' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-credits-used')).toBe('1');
    expect(await settled(() => balanceOf(h(), k.teamId), 1)).toBe(1);
    const rows = await settled(
      () => h().db('usage_daily').where('team_id', k.teamId).select('operation_id', 'requests', 'credits').then((x) => x.map((u) => ({ ...u, requests: Number(u.requests), credits: Number(u.credits) }))),
      [{ operation_id: 'listTransactions', requests: 2, credits: 2 }],
    );
    expect(rows).toEqual([{ operation_id: 'listTransactions', requests: 2, credits: 2 }]);
  });

  it('admits exactly the balance when revalidations that miss race on the last credits', async () => {
    const k = await teamKey(h(), ['read:transactions'], 4);
    const url = '/data/transactions?limit=1';
    const replies = await Promise.all(Array.from({ length: 10 }, () => h().get(url, { ...k.headers, 'If-None-Match': '"stale"' })));
    const codes = replies.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 402)).toHaveLength(6);
    const denied = replies.find((r) => r.status === 402)!;
    expect(denied.headers.get('x-credits-used')).toBe('0');
    expect(denied.headers.get('etag')).toBeNull();
    expect(denied.headers.get('cache-control')).toBe('no-store');
    expect(await balanceOf(h(), k.teamId)).toBe(0);
    // an empty balance confirms nothing either: whether the copy is current is about the data
    const tag = replies.find((r) => r.status === 200)!.headers.get('etag')!;
    expect((await h().get(url, { ...k.headers, 'If-None-Match': tag })).status).toBe(402);
  });

  it('lets any cache keep reference data and the documents for an hour', async () => {
    for (const url of ['/reference/filters?scope=funding', '/reference/versions', '/openapi.json', '/openapi.yaml']) {
      const r = await h().get(url);
      expect(r.status, url).toBe(200);
      expect(r.headers.get('cache-control'), url).toBe('public, max-age=3600');
      expect(r.headers.get('vary'), url).toMatch(/API-Version/);
      const tag = r.headers.get('etag')!;
      expect(tag).toMatch(TAG);
      expectNotModified(await h().get(url, { 'If-None-Match': tag }), url, tag);
    }
  });

  it('keeps errors and the probes uncacheable and untagged', async () => {
    for (const url of ['/data/companies/00000000-0000-4000-8000-000000000000', '/system/health']) {
      const r = await h().get(url, { 'If-None-Match': '*' });
      expect(r.status, url).not.toBe(304);
      expect(r.headers.get('etag'), url).toBeNull();
      expect(r.headers.get('cache-control'), url).toBe('no-store');
    }
  });
});
