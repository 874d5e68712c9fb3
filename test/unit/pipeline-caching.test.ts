import { describe, expect, it } from 'vitest';
import { cachingStage } from '../../src/pipeline/caching.js';
import { meteringStage, type Meter } from '../../src/pipeline/metering.js';
import { compose } from '../../src/pipeline/operation.js';
import { answer, exchange, principal, recordingMeter } from '../helpers/exchange.js';

const page = { status: 200, body: { data: [{ id: 1, updated_at: '2026-11-01T10:00:00.000Z' }], page: { limit: 25 } } };
const cacheable = (headers: Record<string, string> = {}) =>
  exchange({ headers, principal: principal({ kind: 'api_key', tier: 'premium', clientId: 'key_1', teamId: 7 }), op: { id: 'listCompanies', method: 'get', scopes: [], creditCost: 1, locks: null, cache: 'private', exportable: false, handler: answer(page) } });

describe('caching stage', () => {
  it('serialises a 200 once and tags it; a current If-None-Match answers 304 without a body', async () => {
    const first = await cachingStage()(cacheable(), answer(page));
    expect(first.status).toBe(200);
    // the answer's bytes, written as they are by the routing stage
    expect(Buffer.isBuffer(first.body)).toBe(true);
    expect(JSON.parse((first.body as Buffer).toString())).toEqual(page.body);
    const tag = first.headers!.ETag!;
    expect(tag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers).toMatchObject({ 'Cache-Control': 'private, no-cache', 'Last-Modified': 'Sun, 01 Nov 2026 10:00:00 GMT' });
    const again = await cachingStage()(cacheable({ 'if-none-match': `"other", W/${tag}` }), answer(page));
    expect(again).toMatchObject({ status: 304, body: null, headers: { ETag: tag } });
  });

  it('leaves errors and operations without a policy as they are', async () => {
    const failed = { status: 404, body: { error: { code: 'NOT_FOUND' } } };
    expect(await cachingStage()(cacheable(), answer(failed))).toBe(failed);
    expect(await cachingStage()(exchange(), answer(page))).toBe(page);
  });
});

describe('metering a revalidation', () => {
  it('reserves before the handler whatever the validators, gives a 304 its credits back and charges a changed answer', async () => {
    const first = await cachingStage()(cacheable(), answer(page));
    const run = (x: ReturnType<typeof cacheable>, m: Meter, log: string[]) => compose([meteringStage(m), cachingStage()], async () => (log.push('handler'), page))(x);

    const a = recordingMeter();
    const current = cacheable({ 'if-none-match': first.headers!.ETag! });
    expect((await run(current, a.m, a.log)).status).toBe(304);
    expect(a.log).toEqual(['reserve 7 1', 'handler', 'settle 7 listCompanies 1 false']);
    expect(current.state.credits).toBeUndefined();

    const b = recordingMeter();
    const stale = cacheable({ 'if-none-match': '"stale"' });
    expect((await run(stale, b.m, b.log)).status).toBe(200);
    expect(b.log).toEqual(['reserve 7 1', 'handler', 'settle 7 listCompanies 1 true']);
    expect(stale.state.credits).toBe(1);
  });
});
