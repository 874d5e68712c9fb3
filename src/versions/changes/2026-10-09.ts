/**
 * 2026-10-09: validation errors became 400 (422 before); transactions replaced `year`/`month` with
 * `announced_date` and dropped `created_at`; valuations replaced `year`/`month` with `valued_date`;
 * date keys renamed (`date_posted` -> `posted_at` on jobs, `publish_date` -> `published_at` on news,
 * `fund_date` -> `announced_date` on funds, a calendar day where `fund_date` kept the source precision); the `created_at` sort became `added_at` (`date` on
 * transactions). Pinned clients get 422 and the old row shapes, wherever those rows are served
 * (lists, details and nested lists). The renamed sort and filter keys are in the sort registries
 * (`retired`) and filter scopes (`retired`).
 */
import type { VersionChange } from '../change.js';
import { fundAnnouncedPartial } from '../../serialize/records.js';
import { transactionCreatedAt } from '../../serialize/transactions.js';

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

const downgradeTransaction = (t: Row) => {
  splitDate(t, 'announced_date');
  t.created_at = transactionCreatedAt.get(t) ?? null;
};
const downgradeValuation = (v: Row) => splitDate(v, 'valued_date');
const downgradeJob = rename('posted_at', 'date_posted');
const downgradeNews = rename('published_at', 'publish_date');
/** `fund_date` at source precision (YYYY, YYYY-MM or YYYY-MM-DD) instead of the calendar day. */
const downgradeFund = (f: Row) => {
  if (fundAnnouncedPartial.has(f)) f.announced_date = fundAnnouncedPartial.get(f);
  rename('announced_date', 'fund_date')(f);
};

/** Operations whose `data` (one row or a page of rows) has a shape this change altered. */
const ROWS: Record<string, (r: Row) => void> = {
  getTransaction: downgradeTransaction,
  listTransactions: downgradeTransaction,
  listCompanyFundingRounds: downgradeTransaction,
  getValuation: downgradeValuation,
  listValuations: downgradeValuation,
  listCompanyValuations: downgradeValuation,
  getJob: downgradeJob,
  listJobs: downgradeJob,
  getNews: downgradeNews,
  listNews: downgradeNews,
  getFund: downgradeFund,
  listFunds: downgradeFund,
  listInvestorFunds: downgradeFund,
  listInvestorLpFunds: downgradeFund,
  listEntityLpFunds: downgradeFund,
};

export const change20261009: VersionChange = {
  version: '2026-10-09',
  summary:
    'Validation errors 400 (422 before); transactions and valuations: announced_date/valued_date replace year/month, transactions drop created_at; date keys renamed (posted_at, published_at, fund announced_date).',
  validationStatus: 422,
  downgradeResponse(operationId, body) {
    const downgrade = ROWS[operationId];
    if (!downgrade) return;
    const data = body.data;
    if (Array.isArray(data)) data.forEach((r) => downgrade(r as Row));
    else if (data && typeof data === 'object') downgrade(data as Row);
  },
};
