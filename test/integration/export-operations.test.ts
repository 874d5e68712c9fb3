/**
 * The export operations (`exportTransactions` ... at `/data/exports/<list>`, openapi.yaml `x-export-of`):
 * the list's rows as NDJSON or CSV, with the headers their 200 declares, the trailer and credits; and
 * the lists themselves, which declare only JSON, still streaming the same export for callers that ask
 * with `format` or `Accept`.
 */
import { expect, it } from 'vitest';
import { assertContract, findOperation, undeclaredHeaders } from '../helpers/contract.js';
import { teamKey } from '../helpers/principals.js';
import { forEachDatabase, settled, type Harness } from '../helpers/harness.js';

type Trailer = { rows: number; complete: boolean; credits: number; error?: { code: string } };

/** A GET with the harness's token whose body is kept as text (the harness parses any `json` type, `x-ndjson` too). */
async function raw(h: Harness, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(h.server.baseUrl + url, { headers: { Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client', ...headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The rows and trailer of an NDJSON body. */
function ndjson(text: string): { rows: Record<string, unknown>[]; trailer: Trailer } {
  const lines = text.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const last = lines.pop()!;
  expect(Object.keys(last)).toEqual(['_export']);
  return { rows: lines, trailer: last._export as Trailer };
}

const LISTS = ['transactions', 'companies', 'founders', 'entities', 'investors', 'universities', 'gov-ngo', 'people', 'jobs', 'funds', 'valuations', 'news'];

const balanceOf = async (h: Harness, teamId: number) => Number(((await h.db('credit_balances').where('team_id', teamId).first()) as { balance: number }).balance);

forEachDatabase('export operations', (h) => {
  it('every list has one export operation; the list declares one 200 media type, the export NDJSON and CSV with examples', () => {
    for (const list of LISTS) {
      const page = findOperation('GET', `/data/${list}`)!.op;
      const exported = findOperation('GET', `/data/exports/${list}`)!.op;
      expect(exported['x-export-of'], list).toBe(page.operationId);
      expect(Object.keys(page.responses['200'].content), list).toEqual(['application/json']);
      expect(page.parameters.map((p: { name: string }) => p.name), list).not.toContain('format');
      const media = exported.responses['200'].content;
      expect(Object.keys(media), list).toEqual(['application/x-ndjson', 'text/csv']);
      expect(Object.keys(media['application/x-ndjson'].examples), list).toEqual(['row', 'trailer']);
      expect(media['text/csv'].examples.default.value, list).toMatch(/\r\n#_export,/);
    }
  });

  it('exportTransactions: the rows of every page of the list, the trailer, and only declared headers', async () => {
    const out = await raw(h(), '/data/exports/transactions?currency=EUR&sort=amount');
    expect(out.status).toBe(200);
    assertContract('GET', '/data/exports/transactions', 200, out.headers, out.text);
    expect(out.headers.get('content-type')).toBe('application/x-ndjson');
    // the harness's principal is an API key: metered
    expect(out.headers.get('x-credits-used')).toBe('1');
    expect(undeclaredHeaders('GET', '/data/exports/transactions', 200, out.headers)).toEqual([]);
    const { rows, trailer } = ndjson(out.text);
    const pages: unknown[] = [];
    let url: string | null = '/data/transactions?limit=500&currency=EUR&sort=amount';
    while (url) {
      const page = await h().get(url);
      pages.push(...(page.body.data as unknown[]));
      const next = page.body.page.next_cursor as string | null;
      url = next ? `/data/transactions?limit=500&currency=EUR&sort=amount&cursor=${encodeURIComponent(next)}` : null;
    }
    expect(pages.length).toBeGreaterThan(500);
    expect(rows).toEqual(pages);
    expect(trailer).toEqual({ rows: pages.length, complete: true, credits: Math.ceil(pages.length / 1000) });
  });

  it('format=csv, or Accept: text/csv, answers CSV with the same rows; format=json is not an export format', async () => {
    const csv = await raw(h(), '/data/exports/companies?format=csv');
    const accepted = await raw(h(), '/data/exports/companies', { Accept: 'text/csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(accepted.text).toBe(csv.text);
    const rows = ndjson((await raw(h(), '/data/exports/companies')).text).rows;
    const records = csv.text.trimEnd().split('\r\n');
    expect(records.at(-1)).toBe(`#_export,"${JSON.stringify({ rows: rows.length, complete: true, credits: Math.max(1, Math.ceil(rows.length / 1000)) }).replace(/"/g, '""')}"`);
    const bad = await h().get('/data/exports/companies?format=json');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', details: [{ path: 'query.format', message: 'must be one of: ndjson, csv' }] } });
  });

  it('an API key pays 1 credit per 1,000 rows sent, counted as usage of the export operation', async () => {
    const key = await teamKey(h(), ['read:transactions'], 10);
    const res = await fetch(`${h().server.baseUrl}/data/exports/transactions`, { headers: key.headers });
    expect(res.headers.get('x-credits-used')).toBe('1');
    const { rows, trailer } = ndjson(await res.text());
    const credits = Math.max(1, Math.ceil(rows.length / 1000));
    expect(trailer).toEqual({ rows: rows.length, complete: true, credits });
    expect(await settled(() => balanceOf(h(), key.teamId), 10 - credits)).toBe(10 - credits);
    const usage = await settled(async () => ((await h().db('usage_daily').where({ team_id: key.teamId, operation_id: 'exportTransactions' }).first()) as { requests?: number } | undefined)?.requests, 1);
    expect(usage).toBe(1);
  });

  it('errors before the first row are ordinary error answers of the contract', async () => {
    const bad = await h().get('/data/exports/transactions?filter=nope[eq]:1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'UNKNOWN_FILTER' } });
    const anonymous = await h().get('/data/exports/transactions', { Authorization: null, 'X-Client-Id': null });
    expect(anonymous.status).toBe(401);
    const key = await teamKey(h(), ['read:entities'], 10);
    const scope = await h().get('/data/exports/transactions', key.headers);
    expect(scope.status).toBe(403);
  });

  it('a list still streams the export for existing callers: format=ndjson, Accept, format=csv; format=json and no format give a page', async () => {
    const exported = await raw(h(), '/data/exports/valuations?sort=id');
    const legacy = await raw(h(), '/data/valuations?format=ndjson&sort=id');
    const accepted = await raw(h(), '/data/valuations?sort=id', { Accept: 'application/x-ndjson' });
    expect(legacy.status, legacy.text).toBe(200);
    expect(legacy.headers.get('content-type')).toBe('application/x-ndjson');
    expect(legacy.text).toBe(exported.text);
    expect(accepted.text).toBe(exported.text);
    expect(ndjson(legacy.text).trailer).toMatchObject({ complete: true });
    const csv = await raw(h(), '/data/valuations?format=csv&sort=id');
    expect(csv.text).toBe((await raw(h(), '/data/exports/valuations?format=csv&sort=id')).text);
    const page = await h().get('/data/valuations?format=json&limit=3');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(3);
    // no longer in the list's contract, so the server checks the value itself
    const bad = await h().get('/data/valuations?format=xml');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', details: [{ path: 'query.format', message: 'must be one of: json, ndjson, csv' }] } });
  });

  it('exports read at once by slow clients each get their own bytes: the same body as one read alone', async () => {
    // batches read into memory reused once the socket has written them (src/db/documentLines.ts):
    // more exports than slots, each batch held back by a client that reads slowly
    const urls = ['/data/exports/transactions?sort=id', '/data/exports/transactions?format=csv&sort=id', '/data/exports/companies?sort=id', '/data/exports/transactions?sort=-amount'];
    // bytes, not text: a text decoder drops the CSV's byte order mark
    const bytes = async (url: string, pause: number) => {
      const res = await fetch(h().server.baseUrl + url, { headers: { Authorization: `Bearer ${h().token}`, 'X-Client-Id': 'dev-client' } });
      const chunks: Buffer[] = [];
      for await (const chunk of res.body!) {
        chunks.push(Buffer.from(chunk));
        if (pause) await new Promise((r) => setTimeout(r, pause));
      }
      return Buffer.concat(chunks);
    };
    const alone: Buffer[] = [];
    for (const u of urls) alone.push(await bytes(u, 0));
    expect(ndjson(alone[0]!.toString()).rows.length).toBeGreaterThan(2 * 500);
    const together = await Promise.all([...urls, ...urls].map((u) => bytes(u, 2)));
    together.forEach((body, i) => expect(body.equals(alone[i % urls.length]!), urls[i % urls.length]).toBe(true));
  });
});
