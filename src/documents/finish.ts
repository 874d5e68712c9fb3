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
  /**
   * Stored fields of the records read with them (a round's `created_at` is in its row): a
   * downgrade takes them from here, and asks `StoredFields` only for the others. In the worker an
   * ask waits for the importing thread to be between two statements, so the worker idled while that
   * thread built its next batch.
   */
  known?: KnownFields;
}

/** Values of stored fields by record id, as `StoredFields` answers them. */
export type KnownFields = { [F in keyof StoredFields]?: [id: number, value: Awaited<ReturnType<StoredFields[F]>> extends Map<number, infer V> ? V : never][] };

/** `stored`, answering from `known` first: asked only for ids it does not hold. */
export function withKnown(stored: StoredFields, known: KnownFields | undefined): StoredFields {
  if (!known) return stored;
  const field = <V>(values: [number, V][] | undefined, ask: (ids: number[]) => Promise<Map<number, V>>) => {
    if (!values) return ask;
    const held = new Map(values);
    return async (ids: number[]) => {
      const missing = ids.filter((id) => !held.has(id));
      const out = new Map(ids.flatMap((id) => (held.has(id) ? [[id, held.get(id)!] as [number, V]] : [])));
      if (missing.length) for (const [id, v] of await ask(missing)) out.set(id, v);
      return out;
    };
  };
  return {
    transactionCreatedAt: field(known.transactionCreatedAt, (ids) => stored.transactionCreatedAt(ids)),
    fundAnnouncedDate: field(known.fundAnnouncedDate, (ids) => stored.fundAnnouncedDate(ids)),
  };
}

export async function finishRows(job: FinishJob, stored: StoredFields): Promise<DocumentRow[]> {
  const { plan, columns, records, row } = job;
  const texts = await documentTexts(job.operationId, records, withKnown(stored, job.known), new Set(job.shared));
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

/**
 * A batch as text: its records and shared objects as one JSON text (a shared object once, nulled
 * where a record holds it, and where it goes back in `at`: record, top-level key, shared object).
 */
export interface FinishText {
  job: Omit<FinishJob, 'records' | 'shared'>;
  text: string;
  at: [record: number, key: string, shared: number][];
}

/**
 * A batch of records that are JSON data exactly as text: a structured clone of the records cost
 * the sending thread more than their JSON text, which goes across as one string.
 */
export function asText(job: FinishJob): FinishText {
  const { records, shared, ...rest } = job;
  const index = new Map(shared.map((o, i) => [o, i]));
  const at: FinishText['at'] = [];
  const bare = index.size === 0 ? records : records.map((r, i) => {
    let copy: Record<string, unknown> | null = null;
    for (const k of Object.keys(r)) {
      const v = r[k];
      const n = v !== null && typeof v === 'object' ? index.get(v) : undefined;
      if (n === undefined) continue;
      copy ??= { ...r };
      copy[k] = null;
      at.push([i, k, n]);
    }
    return copy ?? r;
  });
  return { job: rest, text: JSON.stringify({ shared, records: bare }), at };
}

/** The batch a `FinishText` was made of: its records parsed back, each shared object one object again. */
export function fromText(m: FinishText): FinishJob {
  const { shared, records } = JSON.parse(m.text) as { shared: object[]; records: Record<string, unknown>[] };
  for (const [i, k, n] of m.at) records[i]![k] = shared[n];
  return { ...m.job, records, shared };
}
