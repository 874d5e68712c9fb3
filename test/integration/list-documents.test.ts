/**
 * The rounds list read with its record documents (src/db/transactions.ts `listTransactionDocuments`,
 * src/db/documents.ts `withDocuments`): the page's rows and each row's document in one statement, the
 * same rows, order and page envelope as the page of whole rows, the same documents as a read by id;
 * and a page on which a round has no document answers from the rows, byte for byte the same. The
 * other lists of documents (companies, people, the organization directories of one subtype, funds,
 * valuations, news, jobs) read theirs in their page's statement too. A page of texts (`withDocumentTexts`)
 * reads each document's body alone, with the web app's base written in.
 */
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { COMPANY_SORTS, listCompanies } from '../../src/db/companies.js';
import { INVESTOR_SORTS, listActiveJobs, listDirectory } from '../../src/db/directory.js';
import { JOB_SORTS } from '../../src/db/jobs.js';
import { joinedDocuments, joinedTexts, loadDocuments, withDocuments as joinDocuments, type DocumentKind } from '../../src/db/documents.js';
import type { PageJoin, PageRequest } from '../../src/db/paging.js';
import { FOUNDER_SORTS, listPersons } from '../../src/db/people.js';
import { FUND_SORTS, FUNDS, listRecords, NEWS, NEWS_SORTS, VALUATION_SORTS, VALUATIONS } from '../../src/db/records.js';
import type { SortRegistry } from '../../src/query/sort.js';
import { listTransactionDocuments, listTransactions, TRANSACTION_SORTS } from '../../src/db/transactions.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { decodeCursor } from '../../src/query/cursor.js';
import { parseFilter } from '../../src/query/filter.js';
import { pageRequest } from '../../src/query/page.js';
import { SCOPES } from '../../src/query/registry.js';
import { resolveSort } from '../../src/query/sort.js';
import { forEachDatabase } from '../helpers/harness.js';

const VERSION = '2026-10-09';
const SECRET = 'list-documents-test';

forEachDatabase('rounds list with its documents', (h) => {
  /** The page request of a filter and sort, from the start or from a cursor one of these pages minted. */
  const request = (filter: string, sort: string | undefined, cursor: string | null): PageRequest => {
    const resolved = resolveSort(sort, TRANSACTION_SORTS, 't', VERSION);
    const start = cursor ? decodeCursor(cursor, SECRET, { sort: resolved.canonical, filter, parent: null }) : null;
    return pageRequest({ sort: resolved, limit: 7, cursor: start, includeTotal: true, filter, parent: null, version: VERSION, secret: SECRET, budgetMs: 5000 });
  };
  const where = (filter: string) => (filter ? compileFilter(parseFilter(filter), SCOPES.funding!, { alias: 't', money: new Money('USD', 1) }) : null);

  /** Statements a read runs: on a transaction, where both engines run them through knex (budget.ts). */
  const counted = async <T>(read: (db: Knex) => Promise<T>): Promise<{ value: T; statements: string[] }> => {
    const statements: string[] = [];
    const value = await h().db.transaction(async (trx) => {
      const listen = (q: { sql: string }) => statements.push(q.sql);
      trx.on('query', listen);
      try {
        return await read(trx);
      } finally {
        trx.off('query', listen);
      }
    });
    return { value, statements };
  };

  const withDocuments = (filter: string, sort: string | undefined, at: string | null, includeDeleted: boolean) =>
    counted((db) => listTransactionDocuments(db, where(filter), request(filter, sort, at), includeDeleted, { csv: true }));

  it('reads the same rows, order and envelope as the page of whole rows, each with its document, the page in one statement', async () => {
    for (const [filter, sort, includeDeleted] of [
      ['', undefined, false],
      ['', undefined, true],
      ['year[gte]:2015', '-amount', false],
      ['and(year[gte]:2010,amount[gt]:1000000)', '-date', false],
    ] as const) {
      const label = `${filter} ${sort} ${includeDeleted}`;
      let cursor: string | null = null;
      let prev: string | null = null;
      // the first page, two pages on, and one back (the `prev` direction)
      for (const step of ['first', 'next', 'next', 'prev'] as const) {
        const at: string | null = step === 'prev' ? prev : cursor;
        if (step !== 'first' && at === null) break;
        const rows = await listTransactions(h().db, where(filter), request(filter, sort, at), includeDeleted);
        const { value: joined, statements } = await withDocuments(filter, sort, at, includeDeleted);
        expect(joined.rows.map((r) => r.id), label).toEqual(rows.rows.map((r) => r.id));
        expect(joined.rows.map((r) => r.updated_at), label).toEqual(rows.rows.map((r) => r.updated_at));
        expect(joined.page, label).toEqual(rows.page);
        expect(joined.rows.length, label).toBeGreaterThan(0);
        // the page and its documents, and the total
        expect(statements.filter((s) => s.includes('record_documents')), label).toHaveLength(1);
        expect(statements, label).toHaveLength(2);
        const docs = joinedDocuments(joined.rows);
        expect(docs).toEqual(await loadDocuments(h().db, 'transaction', rows.rows.map((r) => r.id), { csv: true }));
        expect(docs.size, label).toBe(joined.rows.length);
        if (step !== 'prev') {
          prev = joined.page.prev_cursor;
          cursor = joined.page.next_cursor;
        }
      }
    }
  });

  it('reads a page of texts with only each document\'s body, the base written in; on SQLite the query worker hands them over as views of one buffer', async () => {
    const APP = 'https://app.example.com/x';
    const base = (body: string) => body.replaceAll('"service_url":"/', `"service_url":"${APP}/`);
    const decoded = (t: string | Uint8Array) => (typeof t === 'string' ? t : Buffer.from(t.buffer, t.byteOffset, t.byteLength).toString());
    for (const [filter, sort] of [
      ['', undefined],
      ['and(year[gte]:2010,amount[gt]:1000000)', '-date'],
    ] as const) {
      const plain = await listTransactions(h().db, where(filter), request(filter, sort, null), false);
      // off the request's connection (the SQLite worker, a pooled PostgreSQL one), and on a transaction's
      const read = await listTransactionDocuments(h().db, where(filter), request(filter, sort, null), false, { texts: APP });
      const { value: inTransaction, statements } = await counted((db) => listTransactionDocuments(db, where(filter), request(filter, sort, null), false, { texts: APP }));
      expect(read.rows.map((r) => r.id)).toEqual(plain.rows.map((r) => r.id));
      expect(read.page).toEqual(plain.page);
      expect(statements.filter((s) => s.includes('record_documents'))).toHaveLength(1);
      expect(statements.find((s) => s.includes('record_documents'))).not.toContain('money_paths');
      const docs = await loadDocuments(h().db, 'transaction', plain.rows.map((r) => r.id));
      const want = plain.rows.map((r) => base(docs.get(Number(r.id))!.body));
      for (const rows of [read.rows, inTransaction.rows]) expect(joinedTexts(rows)!.map(decoded)).toEqual(want);
      const texts = joinedTexts(read.rows)!;
      if (h().kind === 'sqlite') {
        expect(texts.every((t) => typeof t !== 'string' && t.buffer === (texts[0] as Uint8Array).buffer)).toBe(true);
      }
    }
    // a round without a document: no texts for the page
    const id = Number((await listTransactions(h().db, null, request('', undefined, null), false)).rows[2]!.id);
    const key = { kind: 'transaction', record_id: id };
    const doc = (await h().db('record_documents').where(key).first()) as Record<string, unknown>;
    await h().db('record_documents').where(key).del();
    try {
      expect(joinedTexts((await listTransactionDocuments(h().db, null, request('', undefined, null), false, { texts: APP })).rows)).toBeNull();
    } finally {
      await h().db('record_documents').insert(doc);
    }
  });

  it('answers a page on which a round has no document from the rows, byte for byte as with it', async () => {
    const url = '/data/transactions?limit=10&include_total=true';
    const before = await h().get(url);
    expect(before.status).toBe(200);
    const id = Number((before.body.data as { id: number }[])[3]!.id);
    const key = { kind: 'transaction', record_id: id };
    const doc = (await h().db('record_documents').where(key).first()) as Record<string, unknown>;
    expect(doc).toBeTruthy();
    const text = async () => (await fetch(h().server.baseUrl + url, { headers: { Authorization: `Bearer ${h().token}`, 'X-Client-Id': 'dev-client' } })).text();
    const withDocument = await text();
    await h().db('record_documents').where(key).del();
    try {
      expect(joinedDocuments((await listTransactionDocuments(h().db, null, request('', undefined, null), false, {})).rows).has(id)).toBe(false);
      expect(await text()).toBe(withDocument);
    } finally {
      await h().db('record_documents').insert(doc);
    }
    expect(await text()).toBe(withDocument);
  });

  it('reads the page of every other list of documents with its documents in one statement, the same rows and envelope as without them', async () => {
    type Read = (db: Knex, page: PageRequest, join?: PageJoin) => Promise<{ rows: Record<string, unknown>[]; page: unknown }>;
    const lists: [label: string, kind: DocumentKind, sorts: SortRegistry, alias: string, sort: string | undefined, read: Read][] = [
      ['companies', 'company_row', COMPANY_SORTS, 'e', undefined, (db, p, j) => listCompanies(db, null, p, j)],
      ['people, full', 'person', FOUNDER_SORTS, 'e', 'id', (db, p, j) => listPersons(db, 'persons', null, p, j)],
      ['founders, summary', 'person_row', FOUNDER_SORTS, 'e', undefined, (db, p, j) => listPersons(db, 'founders', null, p, j)],
      ['investors', 'investor_row', INVESTOR_SORTS, 'e', undefined, (db, p, j) => listDirectory(db, { subtype: 'investor' }, null, p, j)],
      ['funds', 'fund', FUND_SORTS, 'f', undefined, (db, p, j) => listRecords(db, FUNDS, null, p, {}, j)],
      ['valuations', 'valuation', VALUATION_SORTS, 'v', undefined, (db, p, j) => listRecords(db, VALUATIONS, null, p, {}, j)],
      ['news', 'news', NEWS_SORTS, 'n', undefined, (db, p, j) => listRecords(db, NEWS, null, p, {}, j)],
      ['jobs', 'job', JOB_SORTS, 'j', undefined, async (db, p, j) => (await listActiveJobs(db, null, p, j)) as unknown as { rows: Record<string, unknown>[]; page: unknown }],
    ];
    for (const [label, kind, sorts, alias, sort, read] of lists) {
      const resolved = resolveSort(sort, sorts, alias, VERSION);
      const at = (cursor: string | null): PageRequest => {
        const start = cursor ? decodeCursor(cursor, SECRET, { sort: resolved.canonical, filter: '', parent: null }) : null;
        return pageRequest({ sort: resolved, limit: 5, cursor: start, includeTotal: false, filter: '', parent: null, version: VERSION, secret: SECRET, budgetMs: 5000 });
      };
      let cursor: string | null = null;
      for (const step of [1, 2]) {
        const plain = await read(h().db, at(cursor));
        const { value: joined, statements } = await counted((db) => read(db, at(cursor), joinDocuments(db, kind)));
        const what = `${label}, page ${step}`;
        expect(joined.rows.length, what).toBeGreaterThan(0);
        expect(joined.rows.map((r) => Number(r.id)), what).toEqual(plain.rows.map((r) => Number(r.id)));
        expect(joined.page, what).toEqual(plain.page);
        expect(statements, what).toHaveLength(1);
        expect(statements[0], what).toContain('record_documents');
        const docs = joinedDocuments(joined.rows);
        expect(docs.size, what).toBe(joined.rows.length);
        expect(docs, what).toEqual(await loadDocuments(h().db, kind, plain.rows.map((r) => Number(r.id))));
        cursor = (joined.page as { next_cursor: string | null }).next_cursor;
        if (cursor === null) break;
      }
    }
  });
});
