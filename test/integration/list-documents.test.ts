/**
 * The rounds list read with its record documents (src/db/transactions.ts `listTransactionDocuments`,
 * src/db/documents.ts `withDocuments`): the page's rows and each row's document in one statement, the
 * same rows, order and page envelope as the page of whole rows, the same documents as a read by id;
 * and a page on which a round has no document answers from the rows, byte for byte the same.
 */
import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { joinedDocuments, loadDocuments } from '../../src/db/documents.js';
import type { PageRequest } from '../../src/db/paging.js';
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
});
