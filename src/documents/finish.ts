/**
 * The second half of a record document's build (src/documents/build.ts): from records whose money is
 * settled, the stored row's texts: the body and its version downgrades, the lock sites, the list
 * row's CSV record. It reads no database itself (a downgrade's stored fields are asked through
 * `StoredFields`), so it runs on the importing thread or in the documents' worker
 * (src/documents/worker.ts) alike.
 */
import { lockSites, type LockSite, type Plan } from '../access/locked.js';
import type { DocumentPath, DocumentRow } from '../db/documents.js';
import { csvParts, type Column } from '../http/csv.js';
import type { StoredFields } from '../versions/change.js';
import { documentTexts } from './downgrades.js';

/** What the builder found in one settled record. */
export interface Settled {
  money: DocumentPath[];
  /** Plain JSON data: the record itself stands for its text parsed back. */
  plain: boolean;
}

/** A batch of settled records of one kind, with what finishing them needs. */
export interface FinishJob {
  /** The operation whose answer's `data` the documents are, whether a list's row, and the CSV columns of the list showing them. */
  operationId: string;
  row: boolean;
  plan: Plan | null;
  columns: Column[] | null;
  ids: readonly number[];
  records: readonly Record<string, unknown>[];
  settled: readonly Settled[];
  /** Objects several records hold as a top-level member, written as text once. */
  shared: readonly object[];
}

export async function finishRows(job: FinishJob, stored: StoredFields): Promise<DocumentRow[]> {
  const { plan, columns, records, row } = job;
  const texts = await documentTexts(job.operationId, records, stored, new Set(job.shared));
  // the plan is of the whole answer `{data}` (a list's `data` an array of rows): the sites inside the record are the document's
  const depth = row ? 2 : 1;
  return records.map((data, i) => {
    const sites: LockSite[] = plan ? lockSites(plan, { data: row ? [data] : data }).map((s) => ({ ...s, at: s.at.slice(depth), record: s.record.slice(depth) })) : [];
    const body = texts[i]!.body;
    // as an export reads it back from the text: the record itself when it is plain JSON data (the
    // text parsed would be the same values), else the text parsed (JSON drops and rewrites some values)
    const csv = columns && csvParts(job.settled[i]!.plain ? data : JSON.parse(body), columns, body);
    return { record_id: job.ids[i]!, body, money_paths: JSON.stringify(job.settled[i]!.money), lock_paths: JSON.stringify(sites), downgrades: JSON.stringify(texts[i]!.downgrades), csv: csv && JSON.stringify(csv) };
  });
}
