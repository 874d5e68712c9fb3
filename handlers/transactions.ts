/** Transactions (funding rounds): detail and list. */
import { loadEntities } from '../src/db/entities.js';
import { findTransaction, listTransactions, loadInvestorLinks, type TransactionRow } from '../src/db/transactions.js';
import { notFound } from '../src/errors.js';
import { numericId, ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { SCOPES } from '../src/query/registry.js';
import type { SortRegistry } from '../src/query/sort.js';
import { transaction } from '../src/serialize/transactions.js';

export const TRANSACTION_SORTS: SortRegistry = {
  keys: [
    { key: 'date', sql: "coalesce({b}.date_sort, '')" },
    { key: 'amount', sql: 'coalesce({b}.amount_usd, -1)' },
    { key: 'updated_at', sql: '{b}.updated_at' },
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
    const includeDeleted = ctx.query.include_deleted === true;
    // a cursor of a walk with deletions is bound to it: the two walks hold different rows
    const list = prepareList(ctx as Ctx<never>, { scope: SCOPES.funding!, sorts: TRANSACTION_SORTS, alias: 't', core: true, bind: includeDeleted ? 'include_deleted' : undefined });
    const { rows, page } = await listTransactions(ctx.deps.db, list.where, list.page, includeDeleted);
    const data = await serialize(ctx as Ctx<never>, rows);
    return ok('listTransactions', { data, page: { ...page, ...list.extras }, currency: ctx.money.currency as never });
  },
};
