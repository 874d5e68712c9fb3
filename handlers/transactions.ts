/** Transactions (funding rounds): detail and list. */
import { TRANSACTION_SORTS } from '../src/db/transactions.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { currencyOf, pageEnvelope } from '../src/services/page.js';
import { transactionById, transactionPage } from '../src/services/transactions.js';

export const transactionHandlers: HandlerMap = {
  getTransaction: async (ctx) => {
    const id = numericId(ctx.params.id);
    const found = id === null ? null : await transactionById(ctx, id);
    if (!found) throw notFound(`Transaction ${ctx.params.id} not found`);
    return { ...ok('getTransaction', { data: found.data, currency: currencyOf(ctx.money) }), locks: found.locks, atVersion: found.atVersion };
  },

  listTransactions: async (ctx) => {
    const includeDeleted = ctx.query.include_deleted === true;
    // a cursor of a walk with deletions is bound to it: the two walks hold different rows
    const list = prepareList(ctx.list, { scope: SCOPES.funding!, sorts: TRANSACTION_SORTS, alias: 't', bind: includeDeleted ? 'include_deleted' : undefined });
    const { data, page, locks, atVersion } = await transactionPage(ctx, list.where, list.page, includeDeleted);
    return { ...ok('listTransactions', { data, page: pageEnvelope(page, list), currency: currencyOf(ctx.money) }), locks, atVersion };
  },
};
