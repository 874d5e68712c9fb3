/**
 * The HTTP door of the import engine (docs/import.md) on both databases: a pipeline posts NDJSON
 * change records (a new company and its rounds, then an update and a withdrawal), gets 202 and a
 * Location, polls until the import succeeded, reads the same report as the command line prints,
 * and the API serves the records; a bad line fails the import with its line and nothing written;
 * only API keys with manage:data may post; a team sees only its own imports; a body past
 * IMPORT_MAX_BYTES is a 413; an Idempotency-Key replay answers the first import, another body under
 * the key is a 422.
 */
import { expect, it } from 'vitest';
import { assertContract } from '../helpers/contract.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { browserHeaders, keyWithScopes, teamKey } from '../helpers/principals.js';

const MAX_BYTES = 4096;
const company = (key: string, name: string) => ({ type: 'company', key, data: { name, country: 'DEU', city: null, categories: ['software'], status: 'operating', founded_on: '2019' } });
const round = (key: string, companyKey: string, amount: number | string, date = '2024-05-04') => ({ type: 'round', key, data: { company: companyKey, round_type: 'series_a', announced_on: date, amount_usd: amount } });
const ndjson = (lines: unknown[]) => lines.map((l) => JSON.stringify(l)).join('\n');

async function post(h: Harness, headers: Record<string, string | null>, body: string, query = '') {
  return h.call('POST', `/platform/imports${query}`, { headers: { 'Content-Type': 'application/x-ndjson', ...headers }, raw: body });
}

/** Polls the import until it finished. */
async function finished(h: Harness, headers: Record<string, string | null>, location: string): Promise<any> {
  for (let i = 0; i < 200; i++) {
    const r = await h.get(location, headers);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (r.body.data.status === 'succeeded' || r.body.data.status === 'failed') return r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${location} did not finish`);
}

const roundId = async (h: Harness, key: string) => Number(((await h.db('import_keys').where({ source: 'pipeline', type: 'round', key }).first('record_id')) as { record_id: number }).record_id);
const counts = async (h: Harness) => ({
  entities: Number(((await h.db('entities').count('* as n').first()) as { n: number }).n),
  transactions: Number(((await h.db('transactions').count('* as n').first()) as { n: number }).n),
  keys: Number(((await h.db('import_keys').count('* as n').first()) as { n: number }).n),
});

forEachDatabase(
  'import over HTTP',
  (h) => {
    let pipeline: Awaited<ReturnType<typeof teamKey>>;

    it('a pipeline posts a company and its rounds, then an update and a withdrawal: 202, polled to succeeded, served by the API', async () => {
      pipeline = await teamKey(h(), ['manage:data', 'read:transactions', 'read:entities']);
      const first = await post(h(), pipeline.headers, ndjson([company('hx', 'Http Import GmbH'), round('hx-a', 'hx', 12_000_000), round('hx-seed', 'hx', 1_500_000, '2023-02-01')]), '?source=pipeline');
      expect(first.status, JSON.stringify(first.body)).toBe(202);
      expect(first.body.data).toMatchObject({ status: 'queued', source: 'pipeline', mode: 'all-or-nothing', dry_run: false, report: null });
      expect(first.headers.get('location')).toBe(`/platform/imports/${first.body.data.id}`);
      const done = await finished(h(), pipeline.headers, first.headers.get('location')!);
      expect(done.status).toBe('succeeded');
      expect(done.report).toMatchObject({ source: 'pipeline', committed: true, rejected_total: 0, rejections: [] });
      expect(done.report.files[0].types).toEqual({
        companies: { read: 1, inserted: 1, updated: 0, unchanged: 0, deleted: 0, rejected: 0 },
        rounds: { read: 2, inserted: 2, updated: 0, unchanged: 0, deleted: 0, rejected: 0 },
      });
      const a = await roundId(h(), 'hx-a');
      const served = await h().get(`/data/transactions/${a}`, pipeline.headers);
      expect(served.status).toBe(200);
      expect(JSON.stringify(served.body)).toContain('Http Import GmbH');

      const second = await post(h(), pipeline.headers, ndjson([round('hx-a', 'hx', 13_000_000), { type: 'round', key: 'hx-seed', delete: true }]), '?source=pipeline');
      expect(second.status).toBe(202);
      const again = await finished(h(), pipeline.headers, second.headers.get('location')!);
      expect(again.status).toBe('succeeded');
      expect(again.report.files[0].types.rounds).toEqual({ read: 2, inserted: 0, updated: 1, unchanged: 0, deleted: 1, rejected: 0 });
      expect(Number(((await h().db('transactions').where({ id: a }).first('amount_usd')) as { amount_usd: number }).amount_usd)).toBe(13_000_000);
      const withdrawn = await roundId(h(), 'hx-seed');
      expect((await h().get(`/data/transactions/${withdrawn}`, pipeline.headers)).status).toBe(404);
    });

    it('a bad line fails the import with its line and column, and nothing is written (all-or-nothing)', async () => {
      const before = await counts(h());
      const r = await post(h(), pipeline.headers, ndjson([company('hx-bad', 'Never Written'), round('hx-bad-a', 'hx-bad', 'lots')]) + '\nnot json', '?source=pipeline');
      expect(r.status).toBe(202);
      const done = await finished(h(), pipeline.headers, r.headers.get('location')!);
      expect(done.status).toBe('failed');
      expect(done.report.committed).toBe(false);
      expect(done.report.rejected_total).toBe(2);
      expect(done.report.rejections.map((x: any) => x.line)).toEqual([2, 3]);
      expect(done.report.rejections[0]).toMatchObject({ file: 'body', line: 2, column: expect.stringContaining('amount') });
      expect(await counts(h())).toEqual(before);
      expect(await h().db('entities').where({ name: 'Never Written' }).first()).toBeUndefined();
    });

    it('skip-invalid writes the valid lines; dry_run writes nothing', async () => {
      const dry = await post(h(), pipeline.headers, ndjson([company('hx-dry', 'Dry Run Only')]), '?source=pipeline&dry_run=true');
      expect((await finished(h(), pipeline.headers, dry.headers.get('location')!)).status).toBe('succeeded');
      expect(await h().db('entities').where({ name: 'Dry Run Only' }).first()).toBeUndefined();
      const skip = await post(h(), pipeline.headers, ndjson([company('hx-skip', 'Skip Invalid Co'), round('hx-skip-a', 'hx-skip', 'lots')]), '?source=pipeline&mode=skip-invalid');
      const done = await finished(h(), pipeline.headers, skip.headers.get('location')!);
      expect(done).toMatchObject({ status: 'succeeded', mode: 'skip-invalid', report: { committed: true, rejected_total: 1 } });
      expect(await h().db('entities').where({ name: 'Skip Invalid Co' }).first()).toBeDefined();
    });

    it('only API keys with manage:data post imports; a team sees only its own', async () => {
      const browser = await post(h(), await browserHeaders(h(), 'premium'), ndjson([company('hx-b', 'Browser')]));
      expect(browser.status).toBe(403);
      const reader = await post(h(), await keyWithScopes(h(), ['read:entities', 'manage:platform']), ndjson([company('hx-r', 'Reader')]));
      expect(reader.status).toBe(403);
      expect(reader.body.error.code).toBe('FORBIDDEN');
      const mine = await post(h(), pipeline.headers, ndjson([company('hx-own', 'Own Import')]), '?source=pipeline');
      const other = await keyWithScopes(h(), ['manage:data']);
      const r = await h().get(mine.headers.get('location')!, other);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
      await finished(h(), pipeline.headers, mine.headers.get('location')!);
    });

    it('a body past IMPORT_MAX_BYTES is a 413 and starts no import; a body that is not NDJSON is a 415', async () => {
      const line = JSON.stringify(company('hx-big', 'x'.repeat(200)));
      const big = await post(h(), pipeline.headers, Array(Math.ceil((MAX_BYTES * 2) / line.length)).fill(line).join('\n'));
      expect(big.status).toBe(413);
      expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await h().db('import_runs').where({ bytes: 0 }).orWhere('bytes', '>', MAX_BYTES).first()).toBeUndefined();
      // a chunked body (no Content-Length) past the cap: read to its end, then the same 413
      const chunk = new TextEncoder().encode(line + '\n');
      const chunks = Math.ceil((MAX_BYTES * 2) / chunk.length);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({ pull: (c) => (sent++ < chunks ? c.enqueue(chunk) : c.close()) });
      const res = await fetch(`${h().server.baseUrl}/platform/imports`, { method: 'POST', headers: { ...pipeline.headers, 'Content-Type': 'application/x-ndjson' }, body: stream, duplex: 'half' } as RequestInit);
      const chunked = await res.json();
      assertContract('POST', '/platform/imports', res.status, res.headers, chunked);
      expect(res.status).toBe(413);
      expect(chunked.error.code).toBe('PAYLOAD_TOO_LARGE');
      const json = await h().call('POST', '/platform/imports', { headers: pipeline.headers, body: { type: 'company' } });
      expect(json.status).toBe(415);
    });

    it('an Idempotency-Key replay answers the first import (one import run); another body under the key is a 422', async () => {
      const body = ndjson([company('hx-idem', 'Idempotent Import')]);
      const headers = { ...pipeline.headers, 'Idempotency-Key': 'import-hx-idem-1' };
      const runs = async () => Number(((await h().db('import_runs').where({ team_id: pipeline.teamId }).count('* as n').first()) as { n: number }).n);
      const before = await runs();
      const first = await post(h(), headers, body, '?source=pipeline');
      expect(first.status).toBe(202);
      const replay = await post(h(), headers, body, '?source=pipeline');
      expect(replay.status).toBe(202);
      expect(replay.body.data.id).toBe(first.body.data.id);
      expect(replay.headers.get('location')).toBe(first.headers.get('location'));
      // the key's fingerprint covers the streamed body: another body under it is refused
      const other = await post(h(), headers, ndjson([company('hx-idem-2', 'Another Body')]), '?source=pipeline');
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await finished(h(), pipeline.headers, first.headers.get('location')!)).status).toBe('succeeded');
      expect(await runs()).toBe(before + 1);
      expect((await h().db('entities').where({ name: 'Idempotent Import' })).length).toBe(1);
    });
  },
  { IMPORT_MAX_BYTES: String(MAX_BYTES) },
);
