/** Transactions (funding rounds) and their investors: SQL only. */
import type { Knex } from 'knex';
import type { CompiledFilter } from '../query/compile.js';
import type { RefRow } from './entities.js';
import { prepared, whereIdIn } from './knex.js';
import { keysetPage, type PageRequest } from './paging.js';

export interface TransactionRow {
  id: number;
  company_id: number;
  amount_usd: number | null;
  announced_date: string | null;
  date_sort: string | null;
  year: number | null;
  month: number | null;
  round_type: string | null;
  round_type_code: string | null;
  standardized_round: string | null;
  valuation_usd: number | null;
  is_verified: boolean | number | null;
  is_vc_round: boolean | number | null;
  is_exit: boolean | number | null;
  source_url: string | null;
  created_at: string;
  deleted_at: string | null;
  updated_at: string;
}

export type InvestorLink = RefRow & { transaction_id: number; is_lead: boolean | number | null };

/** An active (not soft-deleted) transaction by id. */
export async function findTransaction(db: Knex, id: number): Promise<TransactionRow | null> {
  const row = (await prepared(db('transactions').where('id', id).whereNull('deleted_at').first())) as TransactionRow | undefined;
  return row ?? null;
}

/** Investors of many transactions, leads first then in reported order; one query. */
export async function loadInvestorLinks(db: Knex, transactionIds: number[]): Promise<Map<number, InvestorLink[]>> {
  const out = new Map<number, InvestorLink[]>();
  if (transactionIds.length === 0) return out;
  const rows = (await prepared(
    whereIdIn(db, db('transaction_investors as ti').join('entities as e', 'e.id', 'ti.investor_id'), 'ti.transaction_id', [...new Set(transactionIds)])
      .orderByRaw('ti.transaction_id, case when ti.is_lead then 0 else 1 end, ti.position, ti.investor_id')
      .select('ti.transaction_id', 'ti.is_lead', 'e.id', 'e.uuid', 'e.type', 'e.subtype', 'e.name', 'e.image'),
  )) as InvestorLink[];
  for (const r of rows) {
    const list = out.get(r.transaction_id);
    if (list) list.push(r);
    else out.set(r.transaction_id, [r]);
  }
  return out;
}

/** A page of transactions matching the compiled filter: active ones, and soft-deleted ones too with `includeDeleted`. */
export async function listTransactions(db: Knex, where: CompiledFilter | null, page: PageRequest, includeDeleted = false) {
  const base = db('transactions as t');
  if (!includeDeleted) base.whereNull('t.deleted_at');
  if (where) base.whereRaw(where.sql, where.bindings);
  return keysetPage<TransactionRow & Record<string, unknown>>(db, base, (q) => q.select('t.*'), page);
}
