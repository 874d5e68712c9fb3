/**
 * Record documents (src/documents/): every answer assembled from them is byte for byte the answer
 * assembled from the rows. Two servers over copies of the same tiny seed, `RECORD_DOCUMENTS=on` and
 * `off`, asked the same requests: every round and company in every tier (an API key, guest, free and
 * premium sign-ins) at the latest version in USD; every record again pinned to each other served
 * version and in another currency (the currencies taken in turn, so each one serves a share of the
 * records; every fund, valuation, active job opening and news article too); every page of the rounds list (with and without deleted rounds) and its NDJSON export in
 * every tier, currency and version; every nested page whose rows are documents (a company's rounds,
 * an investor's and an entity's funds, a founder's companies) likewise; the CSV exports of the rounds and companies lists (a stored CSV
 * record per row document) in every tier, currency and version that has CSV; every page of the
 * people lists in both views and of the investors, universities, government bodies and entities
 * lists (each entity's summary row document), and every entity's `getEntity`; every page of the
 * valuations, jobs and news lists, their exports and every company's valuations; a client pinned before a reshaping change served the document's
 * precomputed downgrade, not a parse and a read of the rows. Then the import engine: a company renamed by an import refreshes
 * every document that shows it, in its transaction, and `verify` finds every document true; a
 * document tampered with is reported by `verify` and by the comparison; the data loader's writers
 * keep valuations, jobs and news documents fresh (a company renamed in each that shows it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/config.js';
import { verifyDerived } from '../../src/import/derived.js';
import { runImport } from '../../src/import/engine.js';
import { changesFor } from '../../src/versions/changes/index.js';
import { deleteRecords, insertRecords, updateRecords } from '../../src/documents/writes.js';
import { supportedVersions } from '../../src/versions/resolve.js';
import { LATEST_VERSION, V2026_10_09 } from '../../src/versions/table.js';
import { DATABASES, startHarness, type Harness } from '../helpers/harness.js';
import { browserHeaders } from '../helpers/principals.js';

type Caller = 'key' | 'guest' | 'free' | 'premium';
const CALLERS: Caller[] = ['key', 'guest', 'free', 'premium'];

interface Server {
  h: Harness;
  headers: Record<Caller, Record<string, string>>;
}

async function server(kind: (typeof DATABASES)[number], documents: 'on' | 'off'): Promise<Server> {
  // a day when versions before the latest are still served (src/versions/table.ts)
  // one cursor secret: a cursor of one server's page is good on the other's
  const h = await startHarness(kind, { RECORD_DOCUMENTS: documents, API_NOW: '2026-10-20T12:00:00Z', CURSOR_SECRET: 'record-documents-test' });
  const headers: Partial<Record<Caller, Record<string, string>>> = { key: { Authorization: `Bearer ${h.token}`, 'X-Client-Id': 'dev-client' } };
  for (const tier of ['guest', 'free', 'premium'] as const) {
    const given = await browserHeaders(h, tier);
    headers[tier] = Object.fromEntries(Object.entries(given).filter((e): e is [string, string] => e[1] !== null));
  }
  return { h, headers: headers as Record<Caller, Record<string, string>> };
}

interface Ask {
  url: string;
  caller: Caller;
  version: string;
}

/** A GET on a kept-alive connection the server closed as it was reused (a busy loop past the keep-alive timeout) is sent again once. */
async function get(url: string, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch (err) {
    const code = ((err as { cause?: { code?: string } }).cause ?? {}).code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw err;
    return fetch(url, { headers });
  }
}

async function bytes(s: Server, a: Ask): Promise<string> {
  const res = await get(s.h.server.baseUrl + a.url, { ...s.headers[a.caller], 'API-Version': a.version });
  return `${res.status} ${res.headers.get('content-type')}\n${await res.text()}`;
}

/** The requests whose answers differ between the two servers. */
async function differing(a: Server, b: Server, asks: readonly Ask[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < asks.length; i += 16) {
    await Promise.all(
      asks.slice(i, i + 16).map(async (ask) => {
        const [x, y] = await Promise.all([bytes(a, ask), bytes(b, ask)]);
        if (x.startsWith('200 ') && x === y) return;
        let at = 0;
        while (at < x.length && x[at] === y[at]) at++;
        out.push(`${ask.caller} ${ask.version} ${ask.url} at ${at}: ${x.slice(Math.max(0, at - 80), at + 80)} | ${y.slice(Math.max(0, at - 80), at + 80)}`);
      }),
    );
  }
  return out;
}

/**
 * An import or verify on SQLite runs on this process's event loop, the servers' too: a turn of the
 * loop lets their idle keep-alive sockets that timed out meanwhile close before the next request.
 */
const idle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** `make fuzz` (FUZZ_RUNS set) asks every record at every pinned version, and the nested lists in the whole product of versions and tiers. */
const EVERY_VERSION = Number(process.env.FUZZ_RUNS) > 0;

for (const kind of DATABASES) {
  describe(`record documents [${kind}]`, () => {
    let on: Server;
    let off: Server;
    let rounds: number[];
    let companies: string[];
    let organizations: string[];
    let people: string[];
    let funds: string[];
    /** Every valuation, active job opening and news article. */
    let records: string[];
    let currencies: string[];
    let versions: string[];
    beforeAll(async () => {
      on = await server(kind, 'on');
      off = await server(kind, 'off');
      const db = on.h.db;
      rounds = ((await db('transactions').whereNull('deleted_at').orderBy('id').select('id')) as { id: number }[]).map((r) => Number(r.id));
      companies = ((await db('entities').where('subtype', 'company').orderBy('id').select('uuid')) as { uuid: string }[]).map((r) => r.uuid);
      // the other organizations with documents, each at its own path
      const paths: Record<string, string> = { investor: 'investors', gov_ngo: 'gov-ngo', university: 'universities' };
      const others = (await db('entities').whereIn('subtype', Object.keys(paths)).orderBy('id').select('uuid', 'subtype')) as { uuid: string; subtype: string }[];
      organizations = others.map((r) => `/data/${paths[r.subtype]}/${r.uuid}`);
      for (const subtype of Object.keys(paths)) expect(others.filter((r) => r.subtype === subtype).length, subtype).toBeGreaterThan(0);
      people = ((await db('entities').where('type', 'person').orderBy('id').select('uuid')) as { uuid: string }[]).map((r) => `/data/people/${r.uuid}`);
      funds = ((await db('funds').orderBy('id').select('id')) as { id: number }[]).map((r) => `/data/funds/${r.id}`);
      const ids = async (q: ReturnType<typeof db>) => ((await q.orderBy('id').select('id')) as { id: number }[]).map((r) => Number(r.id));
      records = [
        ...(await ids(db('valuations'))).map((id) => `/data/valuations/${id}`),
        ...(await ids(db('jobs').where('is_active', true))).map((id) => `/data/jobs/${id}`),
        ...(await ids(db('news'))).map((id) => `/data/news/${id}`),
      ];
      currencies = ((await db('fx_rates').orderBy('currency').select('currency')) as { currency: string }[]).map((r) => r.currency).filter((c) => c !== 'USD');
      versions = supportedVersions(now(on.h.server.cfg));
    }, 120_000);
    afterAll(async () => {
      await Promise.all([on?.h.server.close(), off?.h.server.close()]);
    });

    /** Every record's detail, and every entity's again as `getEntity` answers it (its document, `getEntity`'s locks). */
    const details = (): string[] => [
      ...rounds.map((id) => `/data/transactions/${id}`),
      ...companies.map((uuid) => `/data/companies/${uuid}`),
      ...organizations,
      ...people,
      ...funds,
      ...records,
      ...[...companies.map((uuid) => `/companies/${uuid}`), ...organizations, ...people].map((path) => `/data/entities/${path.split('/').pop()}`),
    ];

    it('serves every round, organization, person, fund, valuation, job opening and news article byte for byte as from the rows, in every tier, at the latest version in USD', async () => {
      expect(rounds.length).toBeGreaterThan(500);
      for (const path of ['/data/valuations/', '/data/jobs/', '/data/news/']) expect(records.filter((r) => r.startsWith(path)).length, path).toBeGreaterThan(100);
      expect(companies.length).toBeGreaterThan(100);
      expect(people.length).toBeGreaterThan(50);
      expect(funds.length).toBeGreaterThan(10);
      const asks = details().flatMap((url) => CALLERS.map((caller) => ({ url, caller, version: LATEST_VERSION })));
      expect(await differing(on, off, asks)).toEqual([]);
    }, 600_000);

    it('and pinned to every other served version, and in every other currency in turn', async () => {
      expect(currencies.length).toBeGreaterThan(5);
      const pinned = versions.filter((v) => v !== LATEST_VERSION);
      expect(pinned.length).toBeGreaterThan(0);
      // each record at another pinned version in turn (every version on hundreds of records of each kind); `make
      // fuzz` (FUZZ_RUNS) pins every record to every version
      const asks = details().flatMap((url, i) => [
        ...(EVERY_VERSION ? pinned : [pinned[i % pinned.length]!]).map((version) => ({ url, caller: CALLERS[i % CALLERS.length]!, version })),
        { url: `${url}?currency=${currencies[i % currencies.length]}`, caller: CALLERS[(i + 1) % CALLERS.length]!, version: versions[i % versions.length]! },
      ]);
      expect(await differing(on, off, asks)).toEqual([]);
    }, 600_000);

    /** The pages a caller may walk from a first page (a guest's end at its plan's depth). */
    const pages = async (first: string, caller: Caller, version: string): Promise<Ask[]> => {
      const urls: string[] = [];
      for (let url: string | null = first; url; ) {
        const res: Response = await get(on.h.server.baseUrl + url, { ...on.headers[caller], 'API-Version': version });
        if (res.status !== 200) break;
        urls.push(url);
        const next: string | null = ((await res.json()) as { page: { next_cursor: string | null } }).page.next_cursor;
        url = next ? `${first}&cursor=${encodeURIComponent(next)}` : null;
      }
      return urls.map((url) => ({ url, caller, version }));
    };

    it('serves every page of the rounds list and its NDJSON export alike in every tier, currency and version', async () => {
      const asks: Ask[] = [];
      for (const version of versions) {
        for (const [i, caller] of CALLERS.entries()) {
          const currency = i === 0 ? 'USD' : currencies[(i * 7) % currencies.length]!;
          asks.push(...(await pages(`/data/transactions?limit=100&currency=${currency}`, caller, version)));
          asks.push({ url: `/data/transactions?limit=100&include_deleted=true&currency=${currency}`, caller, version });
        }
        asks.push({ url: '/data/transactions?format=ndjson&limit=1000', caller: 'key', version });
      }
      expect(asks.length).toBeGreaterThan(40);
      expect(await differing(on, off, asks)).toEqual([]);
    }, 600_000);

    it('serves every page of the companies list, and ranked by semantic_keyword, alike in every tier, currency and version', async () => {
      const asks: Ask[] = [];
      for (const version of versions) {
        for (const [i, caller] of CALLERS.entries()) {
          const currency = i === 0 ? 'USD' : currencies[(i * 5) % currencies.length]!;
          asks.push(...(await pages(`/data/companies?limit=100&currency=${currency}`, caller, version)));
          asks.push(...(await pages(`/data/companies?limit=50&currency=${currency}&semantic_keyword=software`, caller, version)));
        }
        asks.push({ url: '/data/companies?format=ndjson&limit=500', caller: 'key', version });
      }
      expect(asks.filter((a) => !a.url.includes('cursor=')).length).toBe(versions.length * 9);
      expect(asks.length).toBeGreaterThan(versions.length * 9);
      expect(await differing(on, off, asks)).toEqual([]);
    }, 600_000);

    it('serves the CSV exports of the rounds, companies, entities, investors and people lists alike in every tier, currency and version that has CSV', async () => {
      // CSV has the latest version's columns: a version that reshapes rows is refused it on both servers
      const withCsv = versions.filter((v) => !changesFor(v).some((c) => c.downgradeResponse));
      expect(withCsv).toContain(LATEST_VERSION);
      const asks: Ask[] = [];
      for (const version of withCsv) {
        for (const [i, caller] of CALLERS.entries()) {
          const currency = i === 0 ? 'USD' : currencies[(i * 3) % currencies.length]!;
          asks.push({ url: `/data/exports/transactions?format=csv&currency=${currency}`, caller, version });
          asks.push({ url: `/data/exports/companies?format=csv&currency=${currency}`, caller, version });
          asks.push({ url: `/data/transactions?format=csv&include_deleted=true&limit=1000`, caller, version });
        }
        asks.push({ url: '/data/companies?format=csv&limit=500', caller: 'premium', version });
        // a company's row in the entities list keeps no CSV record of this list's columns
        for (const list of ['entities', 'investors', 'people']) asks.push({ url: `/data/${list}?format=csv&limit=500`, caller: 'premium', version });
        asks.push({ url: '/data/founders?format=csv&limit=500&view=summary', caller: 'premium', version });
        asks.push({ url: '/data/exports/companies?format=csv&semantic_keyword=software', caller: 'key', version });
      }
      expect(await differing(on, off, asks)).toEqual([]);
    }, 600_000);

    it('a CSV export in USD to a caller who sees every field is the stored CSV records: a tampered one shows, and verify reports it', async () => {
      const db = on.h.db;
      const csvOf = async (caller: Caller, currency = 'USD') => (await get(`${on.h.server.baseUrl}/data/exports/transactions?format=csv&currency=${currency}`, on.headers[caller])).text();
      const id = rounds[5]!;
      const doc = (await db('record_documents').where({ kind: 'transaction', record_id: id }).first('csv')) as { csv: string };
      const parts = JSON.parse(doc.csv) as string[];
      // the round's company and investors link to the web app
      expect(parts.length).toBeGreaterThan(1);
      expect(await csvOf('premium')).toContain(parts.join(on.h.server.cfg.appUrl));
      const tampered = JSON.stringify([`${id},TAMPERED\r\n`]);
      await db('record_documents').where({ kind: 'transaction', record_id: id }).update({ csv: tampered });
      try {
        expect((await verifyDerived(db)).documents).toEqual([{ kind: 'transaction', record_id: id, problem: 'csv' }]);
        await idle();
        for (const caller of ['key', 'premium'] as const) expect(await csvOf(caller)).toContain(`\r\n${id},TAMPERED\r\n`);
        // a tier with locks, and another currency, are written from the parsed rows
        expect(await csvOf('free')).not.toContain('TAMPERED');
        expect(await csvOf('premium', currencies[0]!)).not.toContain('TAMPERED');
      } finally {
        await db('record_documents').where({ kind: 'transaction', record_id: id }).update({ csv: doc.csv });
      }
    }, 120_000);

    it('serves every page of the founders and people lists, in both views, and of the funds list alike in every tier, currency and version', async () => {
      const asks: Ask[] = [];
      for (const version of versions) {
        for (const [i, caller] of CALLERS.entries()) {
          const currency = i === 0 ? 'USD' : currencies[(i * 3) % currencies.length]!;
          for (const list of ['founders', 'people']) {
            asks.push(...(await pages(`/data/${list}?limit=100&currency=${currency}`, caller, version)));
            asks.push(...(await pages(`/data/${list}?limit=100&view=summary&currency=${currency}`, caller, version)));
          }
          asks.push(...(await pages(`/data/funds?limit=50&currency=${currency}`, caller, version)));
        }
        asks.push({ url: '/data/people?format=ndjson&limit=500', caller: 'key', version });
        asks.push({ url: '/data/founders?format=ndjson&limit=500&view=summary', caller: 'key', version });
        asks.push({ url: '/data/funds?format=ndjson&limit=500', caller: 'key', version });
      }
      expect(asks.filter((a) => a.url.includes('cursor=')).length).toBeGreaterThan(0);
      expect(await differing(on, off, asks)).toEqual([]);
    }, 600_000);

    it('serves every page of the valuations, jobs and news lists (news searched too), their NDJSON exports and the jobs CSV export alike in every tier, currency and version', async () => {
      const asks: Ask[] = [];
      for (const version of versions) {
        for (const [i, caller] of CALLERS.entries()) {
          const currency = i === 0 ? 'USD' : currencies[(i * 3 + 2) % currencies.length]!;
          for (const list of ['valuations', 'jobs', 'news']) asks.push(...(await pages(`/data/${list}?limit=100&currency=${currency}`, caller, version)));
          asks.push(...(await pages(`/data/news?limit=20&q=a&currency=${currency}`, caller, version)));
        }
        for (const list of ['valuations', 'jobs', 'news']) asks.push({ url: `/data/${list}?format=ndjson&limit=1000`, caller: 'key', version });
        asks.push({ url: '/data/exports/jobs?format=ndjson', caller: 'key', version });
      }
      for (const version of versions.filter((v) => !changesFor(v).some((c) => c.downgradeResponse))) {
        for (const [i, caller] of CALLERS.entries()) asks.push({ url: `/data/exports/jobs?format=csv&currency=${i === 0 ? 'USD' : currencies[i]!}`, caller, version });
        asks.push({ url: '/data/jobs?format=csv&limit=1000', caller: 'premium', version });
      }
      expect(asks.filter((a) => a.url.includes('cursor=')).length).toBeGreaterThan(versions.length * CALLERS.length * 3);
      expect(await differing(on, off, asks)).toEqual([]);
    }, 600_000);

    /** The nested lists whose rows are documents: every company's rounds, every investor's funds and LP funds, every LP's funds, every founder's companies. */
    const nestedLists = async (): Promise<string[]> => {
      const db = on.h.db;
      const uuids = async (q: ReturnType<typeof db>) => ((await q.distinct('e.uuid').orderBy('e.uuid')) as { uuid: string }[]).map((r) => r.uuid);
      const withRounds = await uuids(db('entities as e').join('transactions as t', 't.company_id', 'e.id').whereNull('t.deleted_at'));
      const investors = await uuids(db('entities as e').where('e.subtype', 'investor'));
      const lps = await uuids(db('entities as e').join('fund_lps as l', 'l.lp_id', 'e.id'));
      const founders = await uuids(db('entities as e').join('career as c', 'c.person_id', 'e.id').where('c.is_founder', true));
      const valued = await uuids(db('entities as e').join('valuations as v', 'v.company_id', 'e.id'));
      expect([withRounds.length, investors.length, lps.length, founders.length, valued.length].every((n) => n > 10)).toBe(true);
      return [
        ...withRounds.map((u) => `/data/companies/${u}/funding-rounds`),
        ...valued.map((u) => `/data/companies/${u}/valuations`),
        ...investors.flatMap((u) => [`/data/investors/${u}/funds`, `/data/investors/${u}/lp-funds`]),
        ...lps.map((u) => `/data/entities/${u}/lp-funds`),
        ...founders.map((u) => `/data/founders/${u}/founded-companies`),
      ];
    };

    it('serves every nested page of rounds, valuations, funds and founded companies alike in every tier, currency and version', async () => {
      const lists = await nestedLists();
      // every row of every list in each tier, each tier at another version and currency in turn, so that every
      // version meets every tier across the lists (no list of tiny is longer than 100 rows); `make fuzz` (FUZZ_RUNS)
      // asks every list in every tier at every version
      const asks: Ask[] = lists.flatMap((list, n) =>
        (EVERY_VERSION ? versions : [null]).flatMap((pinned) =>
          CALLERS.map((caller, i) => ({
            url: `${list}?limit=100&currency=${i === 0 ? 'USD' : currencies[(n + i * 3) % currencies.length]}`,
            caller,
            version: pinned ?? versions[(n + i) % versions.length]!,
          })),
        ),
      );
      // and the pages after the first, walked by cursor, as stored texts and as parsed
      for (const version of [LATEST_VERSION, versions.find((v) => v < V2026_10_09)!]) {
        for (let i = 0; i < lists.length; i += 16) {
          const walked = await Promise.all(lists.slice(i, i + 16).flatMap((list) => [pages(`${list}?limit=3`, 'premium', version), pages(`${list}?limit=3&currency=EUR`, 'free', version)]));
          asks.push(...walked.flat().filter((a) => a.url.includes('cursor=')));
        }
      }
      expect(asks.filter((a) => a.url.includes('cursor=')).length).toBeGreaterThan(100);
      expect(await differing(on, off, asks)).toEqual([]);
    }, 900_000);

    it('the nested rounds, funds and founded companies are their documents: a tampered one shows in each', async () => {
      const db = on.h.db;
      const round = (await db('transactions as t').join('entities as e', 'e.id', 't.company_id').whereNull('t.deleted_at').orderBy('t.id').first('t.id', 'e.uuid')) as { id: number; uuid: string };
      const fund = (await db('funds as f').join('entities as e', 'e.id', 'f.investor_id').orderBy('f.id').first('f.id', 'e.uuid')) as { id: number; uuid: string };
      const lp = (await db('fund_lps as l').join('entities as e', 'e.id', 'l.lp_id').where('l.fund_id', fund.id).first('e.uuid')) as { uuid: string } | undefined;
      const founded = (await db('career as c').join('entities as p', 'p.id', 'c.person_id').where('c.is_founder', true).orderBy('c.id').first('c.org_id', 'p.uuid')) as { org_id: number; uuid: string };
      const tampered: [string, number, string[]][] = [
        ['transaction', round.id, [`/data/companies/${round.uuid}/funding-rounds?limit=100`, `/data/companies/${round.uuid}/funding-rounds?limit=100&currency=EUR`]],
        ['fund', fund.id, [`/data/investors/${fund.uuid}/funds?limit=100`, ...(lp ? [`/data/entities/${lp.uuid}/lp-funds?limit=100`] : [])]],
        ['company_row', founded.org_id, [`/data/founders/${founded.uuid}/founded-companies?limit=100`, `/data/founders/${founded.uuid}/founded-companies?limit=100&currency=EUR`]],
      ];
      const bodies = await Promise.all(tampered.map(([kind, id]) => db('record_documents').where({ kind, record_id: id }).first('body') as Promise<{ body: string }>));
      try {
        for (const [i, [kind, id]] of tampered.entries()) {
          const changed = bodies[i]!.body.replace(/"name":"[^"]*"/, '"name":"TAMPERED"').replace(/"round_type":("[^"]*"|null)/, '"round_type":"TAMPERED"');
          expect(changed).not.toBe(bodies[i]!.body);
          await db('record_documents').where({ kind, record_id: id }).update({ body: changed });
        }
        await idle();
        for (const [, , urls] of tampered) {
          const asks = urls.flatMap((url) => (['premium', 'free'] as const).map((caller) => ({ url, caller, version: LATEST_VERSION })));
          expect(await differing(on, off, asks)).toHaveLength(asks.length);
        }
      } finally {
        for (const [i, [kind, id]] of tampered.entries()) await db('record_documents').where({ kind, record_id: id }).update({ body: bodies[i]!.body });
      }
    }, 120_000);

    it('serves every page of the investors, universities, government bodies and entities lists, and ranked by semantic_keyword, alike in every tier, currency and version', async () => {
      const asks: Ask[] = [];
      for (const version of versions) {
        for (const [i, caller] of CALLERS.entries()) {
          const currency = i === 0 ? 'USD' : currencies[(i * 5 + 1) % currencies.length]!;
          for (const list of ['investors', 'universities', 'gov-ngo', 'entities']) asks.push(...(await pages(`/data/${list}?limit=100&currency=${currency}`, caller, version)));
          for (const list of ['investors', 'entities']) asks.push(...(await pages(`/data/${list}?limit=50&currency=${currency}&semantic_keyword=capital`, caller, version)));
        }
        for (const list of ['investors', 'universities', 'gov-ngo', 'entities']) asks.push({ url: `/data/${list}?format=ndjson&limit=500`, caller: 'key', version });
      }
      expect(asks.filter((a) => a.url.includes('cursor=') && a.url.includes('/entities')).length).toBeGreaterThan(0);
      expect(await differing(on, off, asks)).toEqual([]);
    }, 600_000);

    it('an entity\'s summary row is served from its document in its directory and the entities list; getEntity from its full document', async () => {
      const db = on.h.db;
      const asks = (urls: string[]) => urls.map((url) => ({ url, caller: 'premium' as const, version: LATEST_VERSION }));
      for (const [kind, subtype, list] of [['investor_row', 'investor', 'investors'], ['university_row', 'university', 'universities'], ['gov_ngo_row', 'gov_ngo', 'gov-ngo'], ['person_row', null, 'people']] as const) {
        const entity = (await (subtype ? db('entities').where('subtype', subtype) : db('entities').where('type', 'person')).orderBy('id').first('id', 'uuid', 'name')) as { id: number; uuid: string; name: string };
        const doc = (await db('record_documents').where({ kind, record_id: entity.id }).first('body')) as { body: string };
        await db('record_documents').where({ kind, record_id: entity.id }).update({ body: doc.body.replace(/"name":"[^"]*"/, '"name":"TAMPERED"') });
        try {
          expect((await verifyDerived(db)).documents).toEqual([{ kind, record_id: entity.id, problem: 'body' }]);
          await idle();
          const view = subtype ? '' : '&view=summary';
          const named = `/data/entities?filter=${encodeURIComponent(`name[eq]:${entity.name}`)}`;
          expect(((await on.h.get(named)).body.data as { uuid: string }[]).map((e) => e.uuid)).toContain(entity.uuid);
          expect(await differing(on, off, asks([`/data/${list}?limit=100&sort=id${view}`, `/data/${list}?limit=100&sort=id&currency=EUR${view}`, named]))).toHaveLength(3);
        } finally {
          await db('record_documents').where({ kind, record_id: entity.id }).update({ body: doc.body });
        }
      }
      const investor = (await db('entities').where('subtype', 'investor').orderBy('id').first('id', 'uuid')) as { id: number; uuid: string };
      const doc = (await db('record_documents').where({ kind: 'investor', record_id: investor.id }).first('body')) as { body: string };
      await db('record_documents').where({ kind: 'investor', record_id: investor.id }).update({ body: doc.body.replace(/"name":"[^"]*"/, '"name":"TAMPERED"') });
      try {
        await idle();
        expect(await differing(on, off, asks([`/data/entities/${investor.uuid}`, `/data/entities/${investor.uuid}?currency=EUR`]))).toHaveLength(2);
      } finally {
        await db('record_documents').where({ kind: 'investor', record_id: investor.id }).update({ body: doc.body });
      }
    }, 120_000);

    it('a pinned round and page are the documents with their precomputed downgrades: a tampered edit shows, and verify reports it', async () => {
      const db = on.h.db;
      const pinned = versions.find((v) => v < V2026_10_09)!;
      expect(pinned).toBeDefined();
      const ask = (url: string, version: string) => get(on.h.server.baseUrl + url, { ...on.headers.premium, 'API-Version': version }).then((r) => r.json() as Promise<{ data: unknown }>);
      const pageOf = async () => (await ask('/data/transactions?limit=100', pinned)).data as { id: number; created_at: string }[];
      const id = (await pageOf())[3]!.id;
      const doc = (await db('record_documents').where({ kind: 'transaction', record_id: id }).first('downgrades')) as { downgrades: string };
      const edits = JSON.parse(doc.downgrades) as { version: string; tail: string }[];
      expect(edits.map((e) => e.version)).toEqual([V2026_10_09]);
      expect(edits[0]!.tail).toMatch(/^,"year":.*,"month":.*,"created_at":/);
      const tampered = doc.downgrades.replace(/"created_at\\":\\"[^\\]*\\"/, '"created_at\\":\\"1999-01-01T00:00:00.000Z\\"');
      expect(tampered).not.toBe(doc.downgrades);
      await db('record_documents').where({ kind: 'transaction', record_id: id }).update({ downgrades: tampered });
      try {
        expect((await verifyDerived(db)).documents).toEqual([{ kind: 'transaction', record_id: id, problem: 'downgrades' }]);
        await idle();
        expect(((await ask(`/data/transactions/${id}`, pinned)).data as { created_at: string }).created_at).toBe('1999-01-01T00:00:00.000Z');
        expect((await pageOf()).find((t) => t.id === id)?.created_at).toBe('1999-01-01T00:00:00.000Z');
        // the company's nested rounds too
        const company = (await db('transactions as t').join('entities as e', 'e.id', 't.company_id').where('t.id', id).first('e.uuid')) as { uuid: string };
        const nested = (await ask(`/data/companies/${company.uuid}/funding-rounds?limit=100`, pinned)).data as { id: number; created_at: string }[];
        expect(nested.find((t) => t.id === id)?.created_at).toBe('1999-01-01T00:00:00.000Z');
        // the latest version and the rows' path are untouched
        expect(await differing(on, off, [{ url: `/data/transactions/${id}`, caller: 'premium', version: LATEST_VERSION }])).toEqual([]);
        expect(await differing(on, off, [{ url: `/data/transactions/${id}`, caller: 'premium', version: pinned }])).toHaveLength(1);
      } finally {
        await db('record_documents').where({ kind: 'transaction', record_id: id }).update({ downgrades: doc.downgrades });
      }
    }, 120_000);

    it('an import renaming a company refreshes every document that shows it, in its transaction; verify finds them true', async () => {
      const db = on.h.db;
      // a company with rounds, given a source key so that an import names it
      const company = (await db('transactions as t').join('entities as e', 'e.id', 't.company_id').whereNull('t.deleted_at').groupBy('e.id', 'e.uuid', 'e.name').orderByRaw('count(*) desc').first('e.id', 'e.uuid', 'e.name')) as { id: number; uuid: string; name: string };
      await db('import_keys').insert({ source: 'docs-test', type: 'company', key: 'renamed-co', record_id: company.id });
      const text = JSON.stringify({ type: 'company', key: 'renamed-co', data: { name: `${company.name} Renamed` } }) + '\n';
      const input = { name: 'companies.ndjson', size: text.length, open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> };
      const report = await runImport(db, [input], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'docs-test' });
      expect(report.committed, JSON.stringify(report)).toBe(true);
      await idle();
      const its = ((await db('transactions').where('company_id', company.id).select('id')) as { id: number }[]).map((r) => Number(r.id));
      expect(its.length).toBeGreaterThan(1);
      for (const id of its) {
        const r = await on.h.get(`/data/transactions/${id}`);
        if (r.status === 200) expect(r.body.data.company.name).toBe(`${company.name} Renamed`);
      }
      expect((await on.h.get(`/data/companies/${company.uuid}`)).body.data.name).toBe(`${company.name} Renamed`);
      const listed = (await on.h.get('/data/companies?limit=5&sort=-updated_at')).body.data as { uuid: string; name: string }[];
      expect(listed.find((c) => c.uuid === company.uuid)?.name).toBe(`${company.name} Renamed`);
      // a person whose career glance shows the company
      // the people whose career glance shows the company show its new name
      const workers = (await db('career as c').join('entities as p', 'p.id', 'c.person_id').where('c.org_id', company.id).select('p.uuid')) as { uuid: string }[];
      const shown: string[] = [];
      for (const { uuid } of workers) {
        const career = (await on.h.get(`/data/people/${uuid}`)).body.data.career.items as { company: { uuid: string; name: string } }[];
        shown.push(...career.filter((c) => c.company.uuid === company.uuid).map((c) => c.company.name));
      }
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown)).toEqual(new Set([`${company.name} Renamed`]));
      expect((await verifyDerived(db)).documents).toEqual([]);
    }, 120_000);

    it('verify and the comparison both catch a document that is not what its rows give', async () => {
      const db = on.h.db;
      const id = rounds[3]!;
      const doc = (await db('record_documents').where({ kind: 'transaction', record_id: id }).first('body')) as { body: string };
      await db('record_documents').where({ kind: 'transaction', record_id: id }).update({ body: doc.body.replace('"is_verified":', '"is_verified" :') });
      try {
        expect((await verifyDerived(db)).documents).toEqual([{ kind: 'transaction', record_id: id, problem: 'body' }]);
        await idle();
        // the same JSON value written with another byte: the answers differ (the body is sent as parsed and written again)
        const tampered = await db('record_documents').where({ kind: 'transaction', record_id: id }).update({ body: doc.body.replace(/"round_type":("[^"]*"|null)/, '"round_type":"TAMPERED"') });
        expect(tampered).toBe(1);
        expect(await differing(on, off, [{ url: `/data/transactions/${id}`, caller: 'key', version: LATEST_VERSION }])).toHaveLength(1);
      } finally {
        await db('record_documents').where({ kind: 'transaction', record_id: id }).update({ body: doc.body });
      }
    }, 120_000);

    it('a person renamed by the data loader is renamed in the alumni glance of their universities, read inside its transaction', async () => {
      const db = on.h.db;
      const university = (await db('education as ed').join('entities as u', 'u.id', 'ed.university_id').groupBy('u.uuid').orderByRaw('count(*) desc').first('u.uuid')) as { uuid: string };
      const glance = async () => (await on.h.get(`/data/universities/${university.uuid}`)).body.data.alumni.items as { person: { uuid: string; name: string } }[];
      const first = (await glance())[0]!.person;
      const person = (await db('entities').where('uuid', first.uuid).first('id', 'name')) as { id: number; name: string };
      expect(await updateRecords(db, 'entities', [person.id], { name: `${person.name} Renamed` }, new Date('2026-10-20T12:00:00Z'))).toBe(1);
      await idle();
      expect((await glance()).find((a) => a.person.uuid === first.uuid)?.person.name).toBe(`${person.name} Renamed`);
      expect((await verifyDerived(db)).documents).toEqual([]);
    }, 120_000);

    it('a person is served from its document: in its detail and in the full view of the founders and people lists', async () => {
      const db = on.h.db;
      const person = (await db('entities').where('type', 'person').orderBy('id').first('id', 'uuid')) as { id: number; uuid: string };
      const doc = (await db('record_documents').where({ kind: 'person', record_id: person.id }).first('body')) as { body: string };
      const tampered = doc.body.replace(/"name":"[^"]*"/, '"name":"TAMPERED"');
      expect(tampered).not.toBe(doc.body);
      await db('record_documents').where({ kind: 'person', record_id: person.id }).update({ body: tampered });
      try {
        expect((await verifyDerived(db)).documents).toEqual([{ kind: 'person', record_id: person.id, problem: 'body' }]);
        await idle();
        const asks = ['/data/people/' + person.uuid, '/data/people?limit=100&sort=id', '/data/people?limit=100&sort=id&currency=EUR'].map((url) => ({ url, caller: 'premium' as const, version: LATEST_VERSION }));
        expect(await differing(on, off, asks)).toHaveLength(3);
        // the summary view is the person's summary row document, not this one
        expect(await differing(on, off, [{ url: '/data/people?limit=100&sort=id&view=summary', caller: 'premium', version: LATEST_VERSION }])).toEqual([]);
      } finally {
        await db('record_documents').where({ kind: 'person', record_id: person.id }).update({ body: doc.body });
      }
    }, 120_000);

    it('a fund is served from its document; the data loader writers refresh it, and an investor renamed in its ref, in their transaction', async () => {
      const db = on.h.db;
      const row = (await db('funds').orderBy('id').first('id', 'investor_id')) as { id: number; investor_id: number };
      const investor = (await db('entities').where('id', row.investor_id).first('name')) as { name: string };
      const doc = (await db('record_documents').where({ kind: 'fund', record_id: row.id }).first('body')) as { body: string };
      await db('record_documents').where({ kind: 'fund', record_id: row.id }).update({ body: doc.body.replace(/"name":"[^"]*"/, '"name":"TAMPERED"') });
      try {
        expect((await verifyDerived(db)).documents).toEqual([{ kind: 'fund', record_id: row.id, problem: 'body' }]);
        await idle();
        const asks = [`/data/funds/${row.id}`, '/data/funds?limit=100&sort=id'].map((url) => ({ url, caller: 'premium' as const, version: LATEST_VERSION }));
        expect(await differing(on, off, asks)).toHaveLength(2);
      } finally {
        await db('record_documents').where({ kind: 'fund', record_id: row.id }).update({ body: doc.body });
      }
      const at = new Date('2026-10-20T12:00:00Z');
      expect(await updateRecords(db, 'funds', [row.id], { name: 'Refreshed Fund' }, at)).toBe(1);
      expect(await updateRecords(db, 'entities', [row.investor_id], { name: `${investor.name} Renamed` }, at)).toBe(1);
      const [added] = await insertRecords(db, 'funds', [{ investor_id: row.investor_id, name: 'Added Fund', amount_usd: 5_000_000, announced_date: '2026-10-01', announced_sort: '2026-10-01', vintage_year: 2026, fund_type: 'venture', status: 'active' }], at);
      await idle();
      const fund = (await on.h.get(`/data/funds/${row.id}`)).body.data as { name: string; investor: { name: string } };
      expect([fund.name, fund.investor.name]).toEqual(['Refreshed Fund', `${investor.name} Renamed`]);
      expect((await db('record_documents').where({ kind: 'fund', record_id: added! }).first('record_id'))?.record_id).toBeDefined();
      expect((await verifyDerived(db)).documents).toEqual([]);
      expect(await deleteRecords(db, 'funds', [added!], at)).toBe(1);
      expect(await db('record_documents').where({ kind: 'fund', record_id: added! }).first('record_id')).toBeUndefined();
      await idle();
      expect(await differing(on, off, [{ url: `/data/funds/${added}`, caller: 'key', version: LATEST_VERSION }])).toHaveLength(1);
    }, 120_000);

    it('valuations, jobs and news are served from their documents; the data loader writers refresh them, and a company renamed in each that shows it, in their transaction', async () => {
      const db = on.h.db;
      const at = new Date('2026-10-20T12:00:00Z');
      // a company with a valuation, an active job opening and a news article naming it, if tiny has one; else the most shown
      const company = (await db('entities as e')
        .where('e.subtype', 'company')
        .whereExists(db('valuations as v').whereRaw('v.company_id = e.id'))
        .whereExists(db('news_entities as x').whereRaw('x.entity_id = e.id'))
        .orderBy('e.id')
        .first('e.id', 'e.uuid', 'e.name')) as { id: number; uuid: string; name: string };
      expect(company).toBeDefined();
      const job = (await db('jobs').where('is_active', true).orderBy('id').first('id', 'entity_id')) as { id: number; entity_id: number };
      await db('jobs').where('id', job.id).update({ entity_id: company.id });
      await updateRecords(db, 'jobs', [job.id], { title: 'Moved Opening' }, at);
      const valuationIds = ((await db('valuations').where('company_id', company.id).select('id')) as { id: number }[]).map((r) => Number(r.id));
      const newsIds = ((await db('news_entities').where('entity_id', company.id).select('news_id')) as { news_id: number }[]).map((r) => Number(r.news_id));
      // each kind tampered with in turn: verify reports it, the detail and the list show it
      for (const [kind, id, urls] of [
        ['valuation', valuationIds[0]!, [`/data/valuations/${valuationIds[0]}`, '/data/valuations?limit=100&sort=id', `/data/companies/${company.uuid}/valuations?limit=100`]],
        ['job', job.id, [`/data/jobs/${job.id}`, '/data/jobs?limit=100&sort=id']],
        ['news', newsIds[0]!, [`/data/news/${newsIds[0]}`, '/data/news?limit=100&sort=id']],
      ] as const) {
        const doc = (await db('record_documents').where({ kind, record_id: id }).first('body')) as { body: string };
        await db('record_documents').where({ kind, record_id: id }).update({ body: doc.body.replace(/"updated_at":"[^"]*"/, '"updated_at":"1999-01-01T00:00:00.000Z"') });
        try {
          expect((await verifyDerived(db)).documents).toEqual([{ kind, record_id: id, problem: 'body' }]);
          await idle();
          const asks = urls.map((url) => ({ url, caller: 'premium' as const, version: LATEST_VERSION }));
          expect(await differing(on, off, asks)).toHaveLength(urls.length);
        } finally {
          await db('record_documents').where({ kind, record_id: id }).update({ body: doc.body });
        }
      }
      expect(await updateRecords(db, 'entities', [company.id], { name: `${company.name} Renamed` }, at)).toBe(1);
      await idle();
      const named = async (url: string) => ((await on.h.get(url)).body.data as { company?: { name: string }; entity?: { name: string } });
      for (const id of valuationIds) expect((await named(`/data/valuations/${id}`)).company!.name).toBe(`${company.name} Renamed`);
      expect((await named(`/data/jobs/${job.id}`)).entity!.name).toBe(`${company.name} Renamed`);
      for (const id of newsIds) {
        const shown = ((await on.h.get(`/data/news/${id}`)).body.data as { entities: { uuid: string; name: string }[] }).entities.find((e) => e.uuid === company.uuid);
        expect(shown?.name).toBe(`${company.name} Renamed`);
      }
      expect((await verifyDerived(db)).documents).toEqual([]);
      // written, inserted and deleted through the data loader's writers
      const [added] = await insertRecords(db, 'valuations', [{ company_id: company.id, value_usd: 7_000_000, valued_date: '2026-10-01', date_sort: '2026-10-01', source: 'estimate' }], at);
      expect((await db('record_documents').where({ kind: 'valuation', record_id: added! }).first('record_id'))?.record_id).toBeDefined();
      expect(await updateRecords(db, 'news', [newsIds[0]!], { title: 'Refreshed Title' }, at)).toBe(1);
      // a job closed has no document (it is served nowhere): its detail is 404 on both servers
      expect(await updateRecords(db, 'jobs', [job.id], { is_active: false }, at)).toBe(1);
      expect(await db('record_documents').where({ kind: 'job', record_id: job.id }).first('record_id')).toBeUndefined();
      await idle();
      expect(((await on.h.get(`/data/news/${newsIds[0]}`)).body.data as { title: string }).title).toBe('Refreshed Title');
      expect((await on.h.get(`/data/jobs/${job.id}`)).status).toBe(404);
      expect((await verifyDerived(db)).documents).toEqual([]);
      expect(await deleteRecords(db, 'valuations', [added!], at)).toBe(1);
      expect(await db('record_documents').where({ kind: 'valuation', record_id: added! }).first('record_id')).toBeUndefined();
      expect((await verifyDerived(db)).documents).toEqual([]);
    }, 180_000);
  });
}
