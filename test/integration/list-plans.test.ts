/**
 * Query plans of the round list pages (src/db/transactions.ts, src/db/paging.ts) on SQLite: a page
 * reads its sort key's index in order and stops after the page, never sorting the matching rounds.
 * SQLite's planner does not weigh the LIMIT, so an index that serves a condition of the page (the
 * analytics covering index led by the year serves `deleted_at is null` by a skip-scan) looked cheaper
 * than the ordered read, and every page read and sorted all active rounds. A page read with its record
 * documents keeps that read and probes each row's document by its key. No timing here: the plan.
 */
import { expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createDb, normalizeRawResult } from '../../src/db/knex.js';
import { pageStatement } from '../../src/db/paging.js';
import { withDocuments } from '../../src/db/documents.js';
import { selectRoundKeys, selectRounds, TRANSACTION_SORTS, transactionsBase } from '../../src/db/transactions.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { parseFilter } from '../../src/query/filter.js';
import { pageRequest } from '../../src/query/page.js';
import { SCOPES } from '../../src/query/registry.js';
import { resolveSort } from '../../src/query/sort.js';
import { forEachDatabase } from '../helpers/harness.js';

const VERSION = '2026-10-09';

/**
 * The planner statistics of the rounds' indexes on the `demo` seed (102,059 rounds over some thirty
 * years): the plan depends on them, and the tiny test seed has too few rounds a year for the
 * planner to consider a skip-scan of the year-led index at all.
 */
const DEMO_STATISTICS: [string, string][] = [
  ['transactions_amount_desc_key', '102059 27 1'],
  ['transactions_amount_key', '102059 27 1'],
  ['transactions_amount_usd_id_index', '102059 27 1'],
  ['transactions_analytics_covering', '102059 3520 41 1 1 1 1 1 1 1 1 1'],
  ['transactions_company_date_key', '102059 4 1 1'],
  ['transactions_company_id_date_sort_index', '102059 4 1'],
  ['transactions_date_desc_key', '102059 11 1'],
  ['transactions_date_key', '102059 11 1'],
  ['transactions_date_sort_id_index', '102059 11 1'],
  ['transactions_round_type_code_date_sort_index', '102059 4083 2'],
  ['transactions_standardized_round_date_sort_index', '102059 6804 3'],
  ['transactions_updated_key', '102059 1 1'],
  ['transactions_year_date_sort_index', '102059 3520 11'],
];

const ROLL_BACK = new Error('roll back the statistics');

forEachDatabase('round list plans', (h) => {
  const plan = async (db: Knex, filter: string, sort: string | undefined, cursor: boolean, documents = false) => {
    const where = filter ? compileFilter(parseFilter(filter), SCOPES.funding!, { alias: 't', money: new Money('USD', 1) }) : null;
    const resolved = resolveSort(sort, TRANSACTION_SORTS, 't', VERSION);
    const req = pageRequest({
      sort: resolved, limit: 25, cursor: cursor ? { dir: 'next', key: resolved.keys.map((k) => (k.key === 'id' ? 100 : k.key === 'amount' ? 5_000_000 : '2020-06-01')), offset: 25, limit: 25 } : null,
      includeTotal: false, filter, parent: null, version: VERSION, secret: 'x', budgetMs: 1000,
    });
    const statement = documents ? pageStatement(db, transactionsBase(db, where), selectRoundKeys, req, withDocuments(db, 'transaction')) : pageStatement(db, transactionsBase(db, where), selectRounds, req);
    const { sql, bindings } = statement.toSQL().toNative();
    return normalizeRawResult(await db.raw(`explain query plan ${sql}`, bindings as never)).map((r) => String(r.detail)).join('\n');
  };

  it('reads the sort key index in order, with and without a filter, on the first page and after a cursor (SQLite)', async () => {
    if (h().kind !== 'sqlite') return;
    // the analytics covering index is there (the one the planner took)
    expect(await h().db('sqlite_master').where({ type: 'index', name: 'transactions_analytics_covering' }).first('name')).toBeTruthy();
    // a connection of its own, with the demo statistics loaded, in a transaction rolled back after
    const own = createDb({ ...h().server.cfg, dbPoolMax: 1 });
    try {
      await own.transaction(async (trx) => {
        await trx('sqlite_stat1').where('tbl', 'transactions').delete();
        await trx('sqlite_stat4').where('tbl', 'transactions').delete();
        await trx('sqlite_stat1').insert(DEMO_STATISTICS.map(([idx, stat]) => ({ tbl: 'transactions', idx, stat })));
        await trx.raw('analyze sqlite_schema');
        await expectOrderedReads(trx);
        throw ROLL_BACK;
      }).catch((err: unknown) => {
        if (err !== ROLL_BACK) throw err;
      });
    } finally {
      await own.destroy();
    }
  });

  const expectOrderedReads = async (db: Knex) => {
    for (const [filter, sort, key] of [
      ['', undefined, 'date'],
      ['and(year[gte]:2018,amount[gt]:5000000)', '-date', 'date'],
      ['year[gte]:2015', '-amount', 'amount'],
    ] as const) {
      const first = await plan(db, filter, sort, false);
      expect(first, `${filter} ${sort}`).toContain(`SCAN t USING INDEX transactions_${key}_desc_key`);
      expect(first, `${filter} ${sort}`).not.toMatch(/TEMP B-TREE/);
      // after a cursor: one range read per seek branch, each in an index of the sort key (the merge
      // of the branches sorts their few rows)
      const next = await plan(db, filter, sort, true);
      const reads = next.split('\n').filter((l) => / t USING /.test(l));
      expect(reads.length, next).toBeGreaterThan(1);
      for (const l of reads) expect(l, next).toMatch(new RegExp(`^SEARCH t USING INDEX transactions_${key}_`));
      // with its documents: the same ordered read, then one probe of the documents' key per row of
      // the page, and no sort of the joined rows (the page's order is kept)
      for (const after of [false, true]) {
        const joined = await plan(db, filter, sort, after, true);
        const reads = joined.split('\n').filter((l) => / t USING /.test(l));
        expect(reads.length, joined).toBe(after ? next.split('\n').filter((l) => / t USING /.test(l)).length : 1);
        for (const l of reads) expect(l, joined).toMatch(new RegExp(`^(SCAN|SEARCH) t USING INDEX transactions_${key}_`));
        expect(joined).toMatch(/SEARCH d USING INDEX sqlite_autoindex_record_documents_1 \(kind=\? AND record_id=\?\)/);
        expect(joined.split('\n').filter((l) => /TEMP B-TREE/.test(l)).length, joined).toBe(next.split('\n').filter((l) => /TEMP B-TREE/.test(l)).length * (after ? 1 : 0));
      }
    }
  };
});
