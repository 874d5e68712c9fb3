/**
 * CSV exports (`format=csv` of the export operations, src/http/csv.ts): read back with Python's `csv` module (a real RFC 4180
 * reader), the rows and values are those of the JSON pages; the header is the list's schema columns
 * whatever the rows; locks and currency as on pages; hostile text stays one cell and is not a formula.
 */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { browserHeaders, teamKey } from '../helpers/principals.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { updateRecords } from '../../src/documents/writes.js';

type Row = Record<string, string>;

/** The records of a CSV body as Python's csv module reads them (BOM stripped by `utf-8-sig`). */
function pythonCsv(body: Buffer): string[][] {
  const script = 'import csv, io, json, sys\nprint(json.dumps(list(csv.reader(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", newline="")))))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: body, maxBuffer: 1 << 28 }).toString()) as string[][];
}

interface CsvExport {
  status: number;
  type: string | null;
  raw: Buffer;
  header: string[];
  rows: Row[];
  trailer: { rows: number; complete: boolean; credits: number; error?: { code: string } } | undefined;
}

async function csvOf(h: Harness, url: string, headers: Record<string, string | null> = {}): Promise<CsvExport> {
  const sent: Record<string, string> = { Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client' };
  for (const [k, v] of Object.entries(headers)) {
    if (v === null) delete sent[k];
    else sent[k] = v;
  }
  const res = await fetch(h.server.baseUrl + url, { headers: sent });
  const raw = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type');
  if (!type?.startsWith('text/csv')) throw new Error(`${url}: ${res.status} ${raw.toString()}`);
  const [header, ...records] = pythonCsv(raw);
  const last = records.at(-1);
  const trailer = last?.[0] === '#_export' ? (JSON.parse(records.pop()![1]!) as CsvExport['trailer']) : undefined;
  const rows = records.map((r) => Object.fromEntries(header!.map((c, i) => [c, r[i]!])));
  return { status: res.status, type, raw, header: header!, rows, trailer };
}

/** What a JSON value reads as in its CSV cell (independent of the server's encoder). */
function cellOf(row: unknown, column: string): unknown {
  let v = row;
  for (const k of column.split('.')) v = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : null;
  return v ?? null;
}

function expectSameRow(csv: Row, json: Record<string, unknown>, header: string[]): void {
  for (const column of header) {
    const want = cellOf(json, column);
    const got = csv[column]!;
    if (want === null) expect(got, column).toBe('');
    else if (typeof want === 'object') expect(JSON.parse(got), column).toEqual(want);
    else if (typeof want === 'number') expect(Number(got), column).toBe(want);
    else if (typeof want === 'boolean') expect(got, column).toBe(String(want));
    else expect(got.replace(/^'(?=[=+\-@\t\r])/, ''), column).toBe(want);
  }
}

const FILTER = encodeURIComponent('and(amount[gte]:1000000,date[gte]:2020-01-01)');

forEachDatabase('CSV export', (h) => {
  it('a filtered transactions list: the same rows and values as its JSON pages, in EUR', async () => {
    const out = await csvOf(h(), `/data/exports/transactions?format=csv&currency=EUR&filter=${FILTER}`);
    expect(out.status).toBe(200);
    expect(out.type).toBe('text/csv; charset=utf-8; header=present');
    expect(out.raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    // RFC 4180 line ends: every line break outside quotes is CRLF
    expect(out.raw.toString('utf8').split('\r\n')[0]).toBe('\uFEFF' + out.header.join(','));
    const pages: Record<string, unknown>[] = [];
    let url: string | null = `/data/transactions?limit=200&currency=EUR&filter=${FILTER}`;
    while (url) {
      const page = await h().get(url);
      expect(page.status).toBe(200);
      pages.push(...(page.body.data as Record<string, unknown>[]));
      const next = page.body.page.next_cursor as string | null;
      url = next ? `/data/transactions?limit=200&currency=EUR&filter=${FILTER}&cursor=${encodeURIComponent(next)}` : null;
    }
    expect(pages.length).toBeGreaterThan(10);
    expect(out.rows.map((r) => Number(r.id))).toEqual(pages.map((p) => p.id));
    out.rows.forEach((r, i) => expectSameRow(r, pages[i]!, out.header));
    expect(out.header).toEqual(expect.arrayContaining(['id', 'amount', 'company.name', 'company.funding.total', 'investors', 'locked']));
    expect(out.trailer).toEqual({ rows: pages.length, complete: true, credits: Math.max(1, Math.ceil(pages.length / 1000)) });
  });

  it('the header is the schema columns: the same with Accept: text/csv, and for an export with no row', async () => {
    const all = await csvOf(h(), '/data/exports/transactions', { Accept: 'text/csv' });
    const none = await csvOf(h(), `/data/exports/transactions?format=csv&filter=${encodeURIComponent('amount[lt]:0')}`);
    expect(all.status).toBe(200);
    expect(none.rows).toEqual([]);
    expect(none.header).toEqual(all.header);
    expect(none.trailer).toEqual({ rows: 0, complete: true, credits: 1 });
    // a view has its own columns
    const full = await csvOf(h(), '/data/exports/people?format=csv&view=full');
    const summary = await csvOf(h(), '/data/exports/people?format=csv&view=summary');
    expect(full.header).toContain('career.items');
    expect(summary.header).not.toContain('career.items');
    expect(summary.rows.length).toBe(full.rows.length);
  });

  it("locked fields are empty cells named in the row's locked column, as on the free user's page", async () => {
    const free = await browserHeaders(h(), 'free');
    const out = await csvOf(h(), '/data/exports/valuations?format=csv', free);
    const page = await h().get('/data/valuations?limit=25', free);
    const locked = out.rows.filter((r) => r.locked !== '' && JSON.parse(r.locked!).length > 0);
    expect(locked.length).toBeGreaterThan(0);
    out.rows.slice(0, 25).forEach((r, i) => expectSameRow(r, page.body.data[i], out.header));
  });

  it('hostile text stays in its cell and is not a formula; numbers keep their sign', async () => {
    const hostile = ['=HYPERLINK("http://x.example","a")', '+SUM(1,2)', '-2+3', '@cmd', 'a,"b"\r\nc;\nd'];
    const ids = (await h().db('entities').where('subtype', 'company').orderBy('id').limit(hostile.length).select('id', 'uuid')) as { id: number; uuid: string }[];
    // written as the product writes (its record documents refreshed in the same transaction)
    for (const [i, e] of ids.entries()) await updateRecords(h().db, 'entities', [e.id], { tagline: hostile[i], employee_count_1y_growth: -0.25 }, new Date());
    const out = await csvOf(h(), '/data/exports/companies?format=csv&sort=updated_at');
    const byUuid = new Map(out.rows.map((r) => [r.uuid, r]));
    expect(ids.map((e) => byUuid.get(e.uuid)?.tagline)).toEqual(["'" + hostile[0], "'" + hostile[1], "'" + hostile[2], "'" + hostile[3], hostile[4]]);
    // every record has the header's width: no value broke out of its cell
    const records = pythonCsv(out.raw);
    expect(records.slice(0, -1).every((r) => r.length === out.header.length)).toBe(true);
    expect(byUuid.get(ids[0]!.uuid)?.employee_count_1y_growth).toBe('-0.25');
  });

  it('credits and errors as for NDJSON', async () => {
    const key = await teamKey(h(), ['read:transactions'], 1);
    const paid = await csvOf(h(), '/data/exports/transactions?format=csv', key.headers);
    expect(paid.rows.length).toBe(1000);
    expect(paid.trailer).toMatchObject({ rows: 1000, complete: false, credits: 1, error: { code: 'CREDITS_EXHAUSTED' } });
    const bad = await h().get('/data/exports/transactions?format=csv&filter=nope[eq]:1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'UNKNOWN_FILTER' } });
  });
});
