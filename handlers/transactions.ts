/** Transactions (funding rounds): detail and list. */
import { loadEntities } from '../src/db/entities.js';
import { findTransaction, listTransactions, loadInvestorLinks, TRANSACTION_SORTS, type TransactionRow } from '../src/db/transactions.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import { transaction } from '../src/serialize/transactions.js';

/** Rows -> Transaction shapes, with companies and investors loaded in one query each. */
export async function serialize(ctx: Ctx<never>, rows: TransactionRow[]) {
  const { db, cfg } = ctx.deps;
  const [companies, investors] = await Promise.all([
    loadEntities(db, rows.map((r) => r.company_id)),
    loadInvestorLinks(db, rows.map((r) => r.id)),
  ]);
  return rows.map((r) => transaction(cfg.appUrl, r, companies.get(r.company_id)!, investors.get(r.id) ?? [], ctx.money));
}

export const transactionHandlers: HandlerMap = {
  getTransaction: async (ctx) => {
    const id = numericId(ctx.params.id);
    const row = id === null ? null : await findTransaction(ctx.deps.db, id);
    if (!row) throw notFound(`Transaction ${ctx.params.id} not found`);
    const [data] = await serialize(ctx as Ctx<never>, [row]);
    return ok('getTransaction', { data: data!, currency: ctx.money.currency as never });
  },

  listTransactions: async (ctx) => {
    const list = prepareList(ctx as Ctx<never>, { scope: SCOPES.funding!, sorts: TRANSACTION_SORTS, alias: 't', core: true });
    const { rows, page } = await listTransactions(ctx.deps.db, list.where, list.page);
    const data = await serialize(ctx as Ctx<never>, rows);
    return ok('listTransactions', { data, page: { ...page, ...list.extras }, currency: ctx.money.currency as never });
  },
};
