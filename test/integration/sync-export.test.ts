/**
 * The streamed export's rules (issue 29): the list's own rows (tier and currency; versions through the
 * same downgrade as pages), credits per
 * 1,000 rows sent and a balance running out mid-stream, plan caps for callers without a key, errors
 * before the first row, and a client that goes away.
 */
import { expect, it } from 'vitest';
import { browserHeaders, teamKey } from '../helpers/principals.js';
import { forEachDatabase, settled, type Harness } from '../helpers/harness.js';

interface Exported {
  status: number;
  type: string | null;
  rows: Record<string, unknown>[];
  trailer: { rows: number; complete: boolean; credits: number; error?: { code: string } } | undefined;
  body: unknown;
}

async function exportOf(h: Harness, url: string, headers: Record<string, string | null> = {}): Promise<Exported> {
  const sent: Record<string, string> = { Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client', Accept: 'application/x-ndjson' };
  for (const [k, v] of Object.entries(headers)) {
    if (v === null) delete sent[k];
    else sent[k] = v;
  }
  const res = await fetch(h.server.baseUrl + url, { headers: sent });
  const text = await res.text();
  const type = res.headers.get('content-type');
  if (!type?.startsWith('application/x-ndjson')) return { status: res.status, type, rows: [], trailer: undefined, body: JSON.parse(text) };
  const lines = text.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const last = lines.at(-1);
  const trailer = last && '_export' in last ? (lines.pop()!._export as Exported['trailer']) : undefined;
  return { status: res.status, type, rows: lines, trailer, body: null };
}

const balanceOf = async (h: Harness, teamId: number) => Number(((await h.db('credit_balances').where('team_id', teamId).first()) as { balance: number }).balance);

forEachDatabase('sync: streamed export', (h) => {
  it('rows are the list rows for the caller: currency and tier locks applied', async () => {
    const exported = await exportOf(h(), '/data/exports/transactions?currency=EUR');
    const page = await h().get('/data/transactions?limit=25&currency=EUR');
    expect(page.body).toMatchObject({ currency: 'EUR' });
    expect(exported.rows.slice(0, 25)).toEqual(page.body.data);
    // a signed-in free user: the same locked fields as on the user's page
    const free = await browserHeaders(h(), 'free');
    const freeExport = await exportOf(h(), '/data/exports/valuations', free);
    const freePage = await h().get('/data/valuations?limit=25', free);
    expect(freeExport.rows.slice(0, 25)).toEqual(freePage.body.data);
    expect(freeExport.rows.some((r) => Array.isArray(r.locked))).toBe(true);
  });

  it('every /data list with updated_at exports, sorted and filtered by updated_at', async () => {
    for (const list of ['companies', 'entities', 'investors', 'universities', 'gov-ngo', 'people', 'founders', 'funds', 'valuations', 'jobs', 'news']) {
      const all = await exportOf(h(), `/data/exports/${list}?sort=updated_at`);
      expect(all.status, list).toBe(200);
      expect(all.trailer, list).toMatchObject({ rows: all.rows.length, complete: true });
      const stamps = all.rows.map((r) => r.updated_at as string);
      expect(stamps, list).toEqual([...stamps].sort());
      const mid = stamps[Math.floor(stamps.length / 2)]!;
      const after = await exportOf(h(), `/data/exports/${list}?sort=updated_at&filter=${encodeURIComponent(`updated_at[gt]:${mid}`)}`);
      expect(after.rows.length, list).toBe(stamps.filter((s) => s > mid).length);
    }
  });

  it('charges 1 credit per 1,000 rows sent; a balance that runs out ends the stream with CREDITS_EXHAUSTED', async () => {
    const key = await teamKey(h(), ['read:transactions'], 1);
    const out = await exportOf(h(), '/data/exports/transactions', key.headers);
    expect(out.status).toBe(200);
    expect(out.rows.length).toBe(1000);
    expect(out.trailer).toMatchObject({ rows: 1000, complete: false, credits: 1, error: { code: 'CREDITS_EXHAUSTED' } });
    expect(await balanceOf(h(), key.teamId)).toBe(0);
    // nothing left: refused before the first row, as a page is
    const none = await exportOf(h(), '/data/exports/transactions', key.headers);
    expect(none.status).toBe(402);
    expect(none.body).toMatchObject({ error: { code: 'CREDITS_EXHAUSTED' } });

    const rich = await teamKey(h(), ['read:transactions'], 10);
    const full = await exportOf(h(), '/data/exports/transactions', rich.headers);
    const credits = Math.max(1, Math.ceil(full.rows.length / 1000));
    expect(full.trailer).toEqual({ rows: full.rows.length, complete: true, credits });
    expect(await settled(() => balanceOf(h(), rich.teamId), 10 - credits)).toBe(10 - credits);
  });

  it('a guest keeps the plan caps: the stream ends at the depth cap with PAGINATION_DEPTH_EXCEEDED', async () => {
    const guest = await browserHeaders(h(), 'guest');
    const out = await exportOf(h(), '/data/exports/transactions', guest);
    expect(out.status).toBe(200);
    expect(out.rows.length).toBe(750);
    expect(out.trailer).toMatchObject({ rows: 750, complete: false, credits: 0, error: { code: 'PAGINATION_DEPTH_EXCEEDED' } });
  });

  it('errors before the first row are ordinary error answers; the list itself answers a JSON page', async () => {
    const bad = await exportOf(h(), '/data/exports/transactions?filter=nope[eq]:1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'UNKNOWN_FILTER' } });
    const badTime = await exportOf(h(), `/data/exports/news?filter=${encodeURIComponent('updated_at[gt]:yesterday')}`);
    expect(badTime.status).toBe(400);
    expect(badTime.body).toMatchObject({ error: { code: 'FILTER_VALIDATION_ERROR' } });
    const json = await h().get('/data/transactions?limit=2', { Accept: 'application/json' });
    expect(json.status).toBe(200);
    expect(json.body.data.length).toBe(2);
  });

  it('a client that goes away mid-stream stops it and pays only for what was sent', async () => {
    const key = await teamKey(h(), ['read:entities'], 5);
    const ctrl = new AbortController();
    const res = await fetch(`${h().server.baseUrl}/data/exports/companies`, { headers: { ...key.headers }, signal: ctrl.signal });
    const reader = res.body!.getReader();
    await reader.read();
    ctrl.abort();
    await reader.read().catch(() => undefined);
    // at most the credits of the rows written before the abort; the server answers as before
    const left = await settled(() => balanceOf(h(), key.teamId), 4);
    expect(left).toBe(4);
    expect((await h().get('/data/companies?limit=1')).status).toBe(200);
  });
});
