/**
 * 2026-10-09: validation errors became 400 (422 before); transactions replaced `year`/`month` with
 * `announced_date` and dropped `created_at`; the `created_at` sort became `added_at` (`date` on
 * transactions). Pinned clients get 422, `year`/`month`/`created_at` on transaction rows.
 */
import type { VersionChange } from '../change.js';
import { transactionCreatedAt } from '../../serialize/transactions.js';

const TRANSACTION_OPS = new Set(['getTransaction', 'listTransactions']);

function downgradeTransaction(t: Record<string, unknown>): void {
  const d = typeof t.announced_date === 'string' ? t.announced_date : null;
  const created = transactionCreatedAt.get(t) ?? null;
  delete t.announced_date;
  t.year = d ? Number(d.slice(0, 4)) : null;
  t.month = d && d.length >= 7 ? Number(d.slice(5, 7)) : null;
  t.created_at = created;
}

export const change20261009: VersionChange = {
  version: '2026-10-09',
  summary: 'Validation errors 400 (422 before); transactions: announced_date replaces year/month, created_at dropped.',
  validationStatus: 422,
  downgradeResponse(operationId, body) {
    if (!TRANSACTION_OPS.has(operationId)) return;
    const data = body.data;
    if (Array.isArray(data)) data.forEach((t) => downgradeTransaction(t as Record<string, unknown>));
    else if (data && typeof data === 'object') downgradeTransaction(data as Record<string, unknown>);
  },
};
