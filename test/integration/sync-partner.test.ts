/**
 * A partner keeping a copy in sync (issue 29), through the typed client: one export of every
 * transaction, then one changed-since walk that returns exactly the rows changed since and the
 * deletion; and a retried key creation that makes one key.
 */
import { expect, it } from 'vitest';
import { changedSince, createFundingClient, exportRows, type FundingClient } from '../../clients/typescript/index.js';
import { softDeleteTransactions, updateRecords } from '../../src/documents/writes.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';

const clientOf = (h: Harness, fetchImpl?: typeof fetch): FundingClient =>
  createFundingClient({ baseUrl: h.server.baseUrl, authUrl: h.server.authUrl, clientId: 'dev-client', clientSecret: 'dev-secret', audience: h.server.cfg.audience, fetch: fetchImpl });

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

forEachDatabase('sync: export, changed-since walk, safe retries', (h) => {
  it('exports every transaction in one request, each row exactly as the list shows it', async () => {
    const api = clientOf(h());
    const rows = await collect(exportRows(api, '/data/transactions'));
    const [{ n }] = (await h().db('transactions').whereNull('deleted_at').count({ n: '*' })) as [{ n: number | string }];
    expect(rows.length).toBe(Number(n));
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    // the first page of the list in the same (default) order holds the same rows
    const page = await h().get('/data/transactions?limit=25');
    expect(rows.slice(0, 25)).toEqual(page.body.data);
    expect(rows.every((r) => r.deleted_at === null)).toBe(true);
  });

  it('answers NDJSON with a trailer, by Accept as by format, and charges per 1,000 rows sent', async () => {
    const res = await fetch(`${h().server.baseUrl}/data/transactions?filter=standardized_round[eq]:seed`, {
      headers: { Authorization: `Bearer ${h().token}`, 'X-Client-Id': 'dev-client', Accept: 'application/x-ndjson' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('x-credits-used')).toBe('1');
    const lines = (await res.text()).trimEnd().split('\n').map((l) => JSON.parse(l));
    const trailer = lines.pop();
    expect(lines.every((r) => r.standardized_round === 'Seed')).toBe(true);
    expect(trailer).toEqual({ _export: { rows: lines.length, complete: true, credits: Math.max(1, Math.ceil(lines.length / 1000)) } });
  });

  it('a changed-since walk returns exactly the updated rows and the deletion, in order of change', async () => {
    const api = clientOf(h());
    // the partner's copy: every transaction, deleted ones included, and the newest change seen
    const copy = await collect(exportRows(api, '/data/transactions', { include_deleted: true }));
    const mark = copy.reduce((m, r) => (r.updated_at > m ? r.updated_at : m), '');
    const active = copy.filter((r) => r.deleted_at === null);
    const [a, b, c, gone] = [active[3]!, active[10]!, active[20]!, active[30]!];
    const base = Math.max(Date.now(), Date.parse(mark) + 1000);
    await updateRecords(h().db, 'transactions', [a.id], { source_url: 'https://example.com/corrected-a' }, new Date(base + 1000));
    await updateRecords(h().db, 'transactions', [b.id, c.id], { is_verified: true }, new Date(base + 2000));
    await softDeleteTransactions(h().db, [gone.id], new Date(base + 3000));

    const changed = await collect(changedSince(api, '/data/transactions', mark, { limit: 2 }));
    expect(changed.map((r) => r.id)).toEqual([a.id, ...[b.id, c.id].sort((x, y) => x - y), gone.id]);
    expect(changed[0]!.source_url).toBe('https://example.com/corrected-a');
    expect(changed.slice(1, 3).every((r) => r.is_verified === true && r.deleted_at === null)).toBe(true);
    expect(changed[3]!.deleted_at).toBe(new Date(base + 3000).toISOString());
    expect(changed[3]!.updated_at).toBe(changed[3]!.deleted_at);

    // without include_deleted nothing changes: the deletion is not listed, nor found
    const plain = await h().get(`/data/transactions?sort=updated_at&filter=${encodeURIComponent(`updated_at[gt]:${mark}`)}`);
    expect(plain.status).toBe(200);
    expect(plain.body.data.map((r: { id: number }) => r.id)).toEqual(changed.slice(0, 3).map((r) => r.id));
    expect((await h().get(`/data/transactions/${gone.id}`)).status).toBe(404);
    // the next walk from the newest change seen is empty
    expect(await collect(changedSince(api, '/data/transactions', changed[3]!.updated_at))).toEqual([]);
  });

  it('a cursor of a walk with deletions is refused on the walk without them', async () => {
    const first = await h().get('/data/transactions?include_deleted=true&sort=updated_at&limit=2');
    expect(first.status).toBe(200);
    const other = await h().get(`/data/transactions?sort=updated_at&cursor=${first.body.page.next_cursor}`);
    expect(other.status).toBe(400);
  });

  it('a POST /platform/api-keys whose answer was lost is retried with the same Idempotency-Key: one key', async () => {
    const before = await h().get('/platform/api-keys?limit=100');
    let lost = false;
    const keys: string[] = [];
    // the first answer is lost on its way back after the server acted
    const flaky: typeof fetch = async (input, init) => {
      const req = input as Request;
      if (req.method === 'POST') keys.push(req.headers.get('Idempotency-Key') ?? '');
      const res = await fetch(input, init);
      if (req.method === 'POST' && !lost) {
        lost = true;
        await res.arrayBuffer();
        throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
      }
      return res;
    };
    const api = clientOf(h(), flaky);
    const made = await api.POST('/platform/api-keys', { body: { label: 'warehouse sync', scopes: ['read:transactions'] } });
    expect(made.response.status).toBe(201);
    expect(keys.length).toBe(2);
    expect(keys[1]).toBe(keys[0]);
    const after = await h().get('/platform/api-keys?limit=100');
    expect(after.body.data.length).toBe(before.body.data.length + 1);
  });
});
