/** Transactions (funding rounds): detail and list. */
import { findTransaction, listTransactions, TRANSACTION_SORTS } from '../src/db/transactions.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { transactionRecords } from '../src/services/transactions.js';

export const transactionHandlers: HandlerMap = {
  getTransaction: async (ctx) => {
    const id = numericId(ctx.params.id);
    const row = id === null ? null : await findTransaction(ctx.deps.db, id);
    if (!row) throw notFound(`Transaction ${ctx.params.id} not found`);
    const [data] = await transactionRecords(ctx, [row]);
    return ok('getTransaction', { data: data!, currency: currencyOf(ctx.money) });
  },

  listTransactions: async (ctx) => {
    const includeDeleted = ctx.query.include_deleted === true;
    // a cursor of a walk with deletions is bound to it: the two walks hold different rows
    const list = prepareList(ctx.list, { scope: SCOPES.funding!, sorts: TRANSACTION_SORTS, alias: 't', bind: includeDeleted ? 'include_deleted' : undefined });
    const { rows, page } = await listTransactions(ctx.deps.db, list.where, list.page, includeDeleted);
    const data = await transactionRecords(ctx, rows);
    return ok('listTransactions', { data, page: pageEnvelope(page, list), currency: currencyOf(ctx.money) });
  },
};
