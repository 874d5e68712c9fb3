/**
 * 2026-10-09: validation errors became 400 (422 before); transactions replaced `year`/`month` with
 * `announced_date` and dropped `created_at`; valuations replaced `year`/`month` with `valued_date`;
 * date keys renamed (`date_posted` -> `posted_at` on jobs, `publish_date` -> `published_at` on news,
 * `fund_date` -> `announced_date` on funds, a calendar day where `fund_date` kept the source precision); the `created_at` sort became `added_at` (`date` on
 * transactions). Pinned clients get 422 and the old row shapes, wherever those rows are served
 * (lists, details and nested lists). The renamed sort and filter keys are in the sort registries
 * (`retired`) and filter scopes (`retired`).
 */
import { applyRecordEdit, type RecordEdit, type StoredFields, type VersionChange } from '../change.js';
import { V2026_10_09 } from '../table.js';

type Row = Record<string, unknown>;

/** `year` and `month` (null when unknown) of a partial date field, which is removed. */
function splitDate(r: Row, field: string): void {
  const d = typeof r[field] === 'string' ? (r[field] as string) : null;
  delete r[field];
  r.year = d ? Number(d.slice(0, 4)) : null;
  r.month = d && d.length >= 7 ? Number(d.slice(5, 7)) : null;
}

const rename = (from: string, to: string) => (r: Row) => {
  r[to] = r[from];
  delete r[from];
};

type Downgrade = (rows: Row[], stored: StoredFields) => Promise<void> | void;

const each =
  (fn: (r: Row) => void): Downgrade =>
  (rows) =>
    rows.forEach(fn);
const ids = (rows: Row[]) => rows.map((r) => Number(r.id));

/** A round's downgrade: `announced_date` split into `year` and `month`, the stored `created_at` back. */
async function transactionEdits(rows: Row[], stored: StoredFields): Promise<RecordEdit[]> {
  const createdAt = await stored.transactionCreatedAt(ids(rows));
  return rows.map((t) => {
    const split: Row = { announced_date: t.announced_date };
    splitDate(split, 'announced_date');
    return { remove: ['announced_date'], append: [['year', split.year], ['month', split.month], ['created_at', createdAt.get(Number(t.id)) ?? null]] };
  });
}

const downgradeTransactions: Downgrade = async (rows, stored) => {
  const edits = await transactionEdits(rows, stored);
  rows.forEach((t, i) => applyRecordEdit(t, edits[i]!));
};
const downgradeValuations = each((v) => splitDate(v, 'valued_date'));
const downgradeJobs = each(rename('posted_at', 'date_posted'));
const downgradeNews = each(rename('published_at', 'publish_date'));
/** `fund_date` at source precision (YYYY, YYYY-MM or YYYY-MM-DD) instead of the calendar day. */
const downgradeFunds: Downgrade = async (rows, stored) => {
  const announced = await stored.fundAnnouncedDate(ids(rows));
  for (const f of rows) {
    if (announced.has(Number(f.id))) f.announced_date = announced.get(Number(f.id));
    rename('announced_date', 'fund_date')(f);
  }
};

/** Operations whose `data` (one row or a page of rows) has a shape this change altered. */
const ROWS: Record<string, Downgrade> = {
  getTransaction: downgradeTransactions,
  listTransactions: downgradeTransactions,
  listCompanyFundingRounds: downgradeTransactions,
  getValuation: downgradeValuations,
  listValuations: downgradeValuations,
  listCompanyValuations: downgradeValuations,
  getJob: downgradeJobs,
  listJobs: downgradeJobs,
  getNews: downgradeNews,
  listNews: downgradeNews,
  getFund: downgradeFunds,
  listFunds: downgradeFunds,
  listInvestorFunds: downgradeFunds,
  listInvestorLpFunds: downgradeFunds,
  listEntityLpFunds: downgradeFunds,
};

export const change20261009: VersionChange = {
  version: V2026_10_09,
  summary:
    'Validation errors 400 (422 before); transactions and valuations: announced_date/valued_date replace year/month, transactions drop created_at; date keys renamed (posted_at, published_at, fund announced_date).',
  validationStatus: 422,
  downgrades: Object.keys(ROWS),
  // the operations answered from round documents (src/documents/), the company's nested rounds too
  recordEdited: ['getTransaction', 'listTransactions', 'listCompanyFundingRounds'],
  recordEdits: transactionEdits,
  async downgradeResponse(operationId, body, stored) {
    const downgrade = ROWS[operationId];
    if (!downgrade) return;
    const data = body.data;
    if (Array.isArray(data)) await downgrade(data as Row[], stored);
    else if (data && typeof data === 'object') await downgrade([data as Row], stored);
  },
};
