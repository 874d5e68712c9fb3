/** Transactions (funding rounds): detail and list. */
import { findTransaction, listTransactions } from '../src/db/transactions.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { transactionRecords } from '../src/services/transactions.js';

export const TRANSACTION_SORTS: SortRegistry = {
  keys: [
    { key: 'date', sql: "coalesce({b}.date_sort, '')" },
    { key: 'amount', sql: 'coalesce({b}.amount_usd, -1)' },
    { key: 'id', sql: '{b}.id' },
  ],
  default: '-date',
  id: '{b}.id',
  retired: {
    created_at: { replacement: 'date', since: '2026-10-09', sql: '{b}.created_at' },
    year: { replacement: 'date', since: '2026-05-25' },
    month: { replacement: 'date', since: '2026-05-25' },
  },
};

export const transactionHandlers: HandlerMap = {
  getTransaction: async (ctx) => {
    const id = numericId(ctx.params.id);
    const row = id === null ? null : await findTransaction(ctx.deps.db, id);
    if (!row) throw notFound(`Transaction ${ctx.params.id} not found`);
    const [data] = await transactionRecords(ctx, [row]);
    return ok('getTransaction', { data: data!, currency: currencyOf(ctx.money) });
  },

  listTransactions: async (ctx) => {
    const list = prepareList(ctx.list, { scope: SCOPES.funding!, sorts: TRANSACTION_SORTS, alias: 't', core: true });
    const { rows, page } = await listTransactions(ctx.deps.db, list.where, list.page);
    const data = await transactionRecords(ctx, rows);
    return ok('listTransactions', { data, page: pageEnvelope(page, list), currency: currencyOf(ctx.money) });
  },
};
