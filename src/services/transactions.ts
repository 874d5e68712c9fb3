/** Transaction records: rows -> the Transaction shape, from their record documents or, without them, from the rows and one query each for companies and investors. */
import type { components } from '../../generated/api.js';
import { documentById } from '../db/documents.js';
import { loadEntities, type EntityWithBlocks } from '../db/entities.js';
import type { CompiledFilter } from '../db/listing.js';
import type { PageInfo, PageRequest } from '../db/paging.js';
import { findTransaction, listTransactionDocuments, listTransactions, loadInvestorLinks, transactionsByIds, type TransactionRow } from '../db/transactions.js';
import { together } from '../db/together.js';
import { assemble, documentLocks, documentText, pageFromRows, pageFromTexts, recordText, storedTextsServe } from '../documents/read.js';
import { topLevelValues } from '../http/rawJson.js';
import type { RequestScope, Result } from '../http/context.js';
import { organizationSummary } from '../serialize/entities.js';
import { transaction } from '../serialize/transactions.js';

type Transaction = components['schemas']['Transaction'];

/** What a round's detail reads of its text: whether it is soft-deleted, and its `Last-Modified`. */
const ROUND_MEMBERS = ['deleted_at', 'updated_at'];

/** Assembled from the rows: what the record documents hold (src/documents/build.ts) and the answers without them. */
export async function transactionRecords(
  r: Pick<RequestScope, 'deps' | 'money'>,
  rows: readonly TransactionRow[],
  opts: { shareCompanies?: boolean; companies?: ReadonlyMap<number, EntityWithBlocks> } = {},
): Promise<Transaction[]> {
  const { db, cfg } = r.deps;
  // `companies`: the rounds' companies read already with their blocks (the record documents' builder, building them beside the companies' own)
  const given = opts.companies;
  const [companies, investors] = await together(db, [
    () => (given && rows.every((t) => given.has(t.company_id)) ? Promise.resolve(given) : loadEntities(db, rows.map((t) => t.company_id))),
    () => loadInvestorLinks(db, rows.map((t) => t.id)),
  ] as const);
  // `shareCompanies`: the rounds of a company hold one summary object (the record documents' builder
  // serialises it once); a response's records each have their own, since a response edits its records in place
  const summaries = new Map<number, Transaction['company']>();
  const summaryOf = (id: number) => {
    let s = summaries.get(id);
    if (!s) summaries.set(id, (s = organizationSummary(cfg.appUrl, companies.get(id)!, r.money)));
    return s;
  };
  return rows.map((t) => transaction(cfg.appUrl, t, companies.get(t.company_id)!, investors.get(t.id) ?? [], r.money, opts.shareCompanies ? summaryOf(t.company_id) : undefined));
}

/**
 * A page of the rounds list: from the documents read with the page's rows in one statement, or, when
 * documents are off or a round has none (a rebuild not complete), from the rows.
 */
export async function transactionPage(
  r: Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version' | 'list'>,
  where: CompiledFilter | null,
  page: PageRequest,
  includeDeleted: boolean,
): Promise<{ data: Transaction[]; page: PageInfo; locks?: Result['locks']; atVersion?: true }> {
  const { db, cfg } = r.deps;
  if (!cfg.recordDocuments) {
    const read = await listTransactions(db, where, page, includeDeleted);
    return { data: await transactionRecords(r, read.rows), page: read.page };
  }
  const texts = storedTextsServe(r, 'listTransactions');
  const read = await listTransactionDocuments(db, where, page, includeDeleted, texts ? { texts: cfg.appUrl } : { csv: r.list?.csv === true });
  // a walked page (an export) comes without the joined documents, a page of texts with a round
  // without one with none: they are read by the rows' keys
  const answer = (texts ? pageFromTexts(read.rows) : null) ?? (await pageFromRows(r, 'listTransactions', 'transaction', read.rows));
  if (answer) return { data: answer.data as Transaction[], page: read.page, locks: answer.locks, atVersion: answer.atVersion };
  const rows = new Map((await transactionsByIds(db, read.rows.map((t) => t.id))).map((t) => [Number(t.id), t]));
  return { data: await transactionRecords(r, read.rows.map((t) => rows.get(Number(t.id))!)), page: read.page };
}

/** An active round by id as its record (`atVersion`: in the pinned version's shape already), or null. */
export async function transactionById(r: Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version'>, id: number): Promise<{ data: Transaction; locks?: Result['locks']; atVersion?: true } | null> {
  const { db, cfg } = r.deps;
  if (cfg.recordDocuments) {
    const doc = await documentById(db, 'transaction', id);
    const text = doc && documentText(doc, cfg.appUrl, r, 'getTransaction');
    if (text) {
      // the text goes out as it is: only whether the round is soft-deleted is read from it
      const values = topLevelValues(text, ROUND_MEMBERS);
      return values.deleted_at === 'null' ? { data: recordText(text, values) as unknown as Transaction, atVersion: true } : null;
    }
    if (doc) {
      const a = assemble(doc, cfg.appUrl, r.money);
      // documents keep soft-deleted rounds (for `include_deleted` lists); a detail serves active ones
      return a.data.deleted_at === null ? { data: a.data as unknown as Transaction, locks: documentLocks([a], false) } : null;
    }
  }
  const row = await findTransaction(db, id);
  return row ? { data: (await transactionRecords(r, [row]))[0]! } : null;
}
