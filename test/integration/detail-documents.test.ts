/**
 * Details served as their record document's bytes (src/documents/read.ts `answerOf`,
 * src/services/transactions.ts `transactionById`): the text is written into the answer's envelope
 * unparsed (src/http/rawJson.ts), so the answer and the headers about its bytes (ETag,
 * Last-Modified, caching, credits) are those of the answer assembled from the rows. Two servers
 * over copies of the tiny seed, `RECORD_DOCUMENTS=on` and `off`, asked a sample of every kind of
 * detail by an API key, a premium and a free sign-in, at the latest version and pinned; then the
 * stored text is shown to be what goes out (a document edited in the database is served as edited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/config.js';
import { supportedVersions } from '../../src/versions/resolve.js';
import { LATEST_VERSION } from '../../src/versions/table.js';
import { DATABASES, startHarness, type Harness } from '../helpers/harness.js';
import { browserHeaders } from '../helpers/principals.js';

type Caller = 'key' | 'premium' | 'free';

interface Server {
  h: Harness;
  headers: Record<Caller, Record<string, string>>;
}

async function server(kind: (typeof DATABASES)[number], documents: 'on' | 'off'): Promise<Server> {
  // a day when versions before the latest are still served (src/versions/table.ts)
  const h = await startHarness(kind, { RECORD_DOCUMENTS: documents, API_NOW: '2026-10-20T12:00:00Z' });
  const headers: Partial<Record<Caller, Record<string, string>>> = { key: { Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client' } };
  for (const tier of ['premium', 'free'] as const) {
    const given = await browserHeaders(h, tier);
    headers[tier] = Object.fromEntries(Object.entries(given).filter((e): e is [string, string] => e[1] !== null));
  }
  return { h, headers: headers as Record<Caller, Record<string, string>> };
}

/** The answer's headers that describe its bytes (the rate limit's and the request id's differ from server to server). */
const BYTE_HEADERS = ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control', 'vary', 'x-credits-used'];

async function answer(s: Server, url: string, caller: Caller, version: string, extra: Record<string, string> = {}): Promise<{ status: number; head: string; body: string }> {
  const res = await fetch(s.h.server.baseUrl + url, { headers: { ...s.headers[caller], 'API-Version': version, ...extra } });
  return { status: res.status, head: BYTE_HEADERS.map((h) => `${h}: ${res.headers.get(h)}`).join(' | '), body: await res.text() };
}

/** Every `step`-th of a list, at most `n`. */
const sample = <T>(xs: readonly T[], n: number): T[] => xs.filter((_, i) => i % Math.max(1, Math.floor(xs.length / n)) === 0).slice(0, n);

for (const kind of DATABASES) {
  describe(`details from their documents' bytes [${kind}]`, () => {
    let on: Server;
    let off: Server;
    let details: string[];
    let versions: string[];
    let round: number;
    let deleted: number;
    beforeAll(async () => {
      on = await server(kind, 'on');
      off = await server(kind, 'off');
      const db = on.h.db;
      const ids = async (q: Promise<unknown[]>, n: number) => sample((await q) as Record<string, unknown>[], n);
      const rounds = await ids(db('transactions').whereNull('deleted_at').orderBy('id').select('id'), 40);
      const companies = await ids(db('entities').where('subtype', 'company').orderBy('id').select('uuid'), 20);
      const paths: Record<string, string> = { investor: 'investors', gov_ngo: 'gov-ngo', university: 'universities' };
      const others = (await db('entities').whereIn('subtype', Object.keys(paths)).orderBy('id').select('uuid', 'subtype')) as { uuid: string; subtype: string }[];
      const people = await ids(db('entities').where('type', 'person').orderBy('id').select('uuid'), 10);
      const funds = await ids(db('funds').orderBy('id').select('id'), 5);
      details = [
        ...rounds.map((r) => `/data/transactions/${r.id}`),
        ...companies.map((r) => `/data/companies/${r.uuid}`),
        ...Object.keys(paths).flatMap((subtype) => sample(others.filter((o) => o.subtype === subtype), 4).map((o) => `/data/${paths[subtype]}/${o.uuid}`)),
        ...people.map((r) => `/data/people/${r.uuid}`),
        ...funds.map((r) => `/data/funds/${r.id}`),
      ];
      round = Number(rounds[0]!.id);
      deleted = Number(((await db('transactions').whereNotNull('deleted_at').orderBy('id').first('id')) as { id: number }).id);
      versions = supportedVersions(now(on.h.server.cfg));
    }, 120_000);
    afterAll(async () => {
      await Promise.all([on?.h.server.close(), off?.h.server.close()]);
    });

    it('answers every kind of detail with the bytes and headers of the answer from the rows, in every tier, latest and pinned', async () => {
      expect(details.length).toBeGreaterThan(70);
      expect(versions.filter((v) => v !== LATEST_VERSION).length).toBeGreaterThan(0);
      const asks = details.flatMap((url) => (['key', 'premium', 'free'] as const).flatMap((caller) => versions.map((version) => ({ url, caller, version }))));
      const differing: string[] = [];
      for (let i = 0; i < asks.length; i += 12) {
        await Promise.all(
          asks.slice(i, i + 12).map(async ({ url, caller, version }) => {
            const [x, y] = await Promise.all([answer(on, url, caller, version), answer(off, url, caller, version)]);
            if (x.status !== 200 || x.head !== y.head || x.body !== y.body) differing.push(`${caller} ${version} ${url}: ${x.status} ${x.head} | ${y.status} ${y.head}`);
          }),
        );
      }
      expect(differing).toEqual([]);
    }, 600_000);

    it('a soft-deleted round is not found from its document either', async () => {
      const [x, y] = await Promise.all([answer(on, `/data/transactions/${deleted}`, 'key', LATEST_VERSION), answer(off, `/data/transactions/${deleted}`, 'key', LATEST_VERSION)]);
      expect(x.status).toBe(404);
      expect(x.body).toBe(y.body);
    });

    it('sends the stored text as it is: a document edited in the database is served edited, tagged anew and revalidated by its tag', async () => {
      const url = `/data/transactions/${round}`;
      const before = await answer(on, url, 'key', LATEST_VERSION);
      const source = 'https://edited.example/round';
      const doc = (await on.h.db('record_documents').where({ kind: 'transaction', record_id: round }).first('body')) as { body: string };
      const edited = { ...(JSON.parse(doc.body) as Record<string, unknown>), source_url: source };
      await on.h.db('record_documents').where({ kind: 'transaction', record_id: round }).update({ body: JSON.stringify(edited) });
      const after = await answer(on, url, 'key', LATEST_VERSION);
      expect(after.status).toBe(200);
      // the answer before, with only the edited member changed (the stored text's `service_url`s get the web app's base)
      const expected = JSON.parse(before.body) as { data: Record<string, unknown> };
      expected.data.source_url = source;
      expect(after.body).toBe(JSON.stringify(expected));
      expect(after.head).not.toBe(before.head);
      const etag = after.head.match(/etag: ("[^"]+")/)![1]!;
      const again = await answer(on, url, 'key', LATEST_VERSION, { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
    });
  });
}
