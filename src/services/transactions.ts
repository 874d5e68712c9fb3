/** Transaction records: rows -> the Transaction shape, with companies and investors loaded in one query each. */
import type { components } from '../../generated/api.js';
import { loadEntities } from '../db/entities.js';
import { loadInvestorLinks, type TransactionRow } from '../db/transactions.js';
import type { RequestScope } from '../http/context.js';
import { transaction } from '../serialize/transactions.js';

export async function transactionRecords(r: Pick<RequestScope, 'deps' | 'money'>, rows: readonly TransactionRow[]): Promise<components['schemas']['Transaction'][]> {
  const { db, cfg } = r.deps;
  const [companies, investors] = await Promise.all([loadEntities(db, rows.map((t) => t.company_id)), loadInvestorLinks(db, rows.map((t) => t.id))]);
  return rows.map((t) => transaction(cfg.appUrl, t, companies.get(t.company_id)!, investors.get(t.id) ?? [], r.money));
}
