/**
 * One API version change (the Stripe model): the behaviour a pinned client had before `version`,
 * as request upgrades (old form -> current) and response downgrades (current shape -> old).
 * Handlers only ever speak the current version.
 */
import type { FilterNode } from '../query/filter.js';

export type Cond = Extract<FilterNode, { kind: 'cond' }>;

export interface Deprecation {
  type: 'param_retired' | 'filter_retired' | 'sort_retired';
  name: string;
  message: string;
  replacement: string | null;
}

export interface VersionChange {
  /** The version that introduced the change: pins before it get the old behaviour. */
  version: string;
  summary: string;
  /** Status of VALIDATION_ERROR for pins before this change (422 before 2026-10-09). */
  validationStatus?: number;
  /**
   * Query rewrites before routing and validation, for pinned clients. Old parameters that today's
   * contract no longer has move from `query` into `legacy`, where the handlers' shared code reads them.
   */
  upgradeQuery?(path: string, query: Record<string, unknown>, notes: Deprecation[], legacy: Record<string, unknown>): void;
  /** For clients at or after this change: refuse a retired parameter with a 400 naming its replacement. */
  rejectRetired?(path: string, query: Record<string, unknown>): void;
  /**
   * A filter condition: for pinned clients return the current form; for current clients throw a
   * 400 naming the replacement when the condition uses a form this change retired.
   */
  filterCondition?(cond: Cond, pinned: boolean): Cond;
  /** Response body rewrites for pinned clients (mutates the body); `stored` reads fields the current shape dropped. */
  downgradeResponse?(operationId: string, body: Record<string, unknown>, stored: StoredFields): Promise<void> | void;
  /** The operations whose answers `downgradeResponse` rewrites (the others go out for pinned clients as they are). */
  downgrades?: readonly string[];
  /**
   * Of `downgrades`, operations whose downgrade is one `RecordEdit` per record of `data` (a detail's
   * record, each row of a page), computed by `recordEdits`: record documents keep them precomputed
   * (src/documents/downgrades.ts), so a pinned answer is the stored text with those edits.
   */
  recordEdited?: readonly string[];
  recordEdits?(records: Record<string, unknown>[], stored: StoredFields): Promise<RecordEdit[]>;
}

/** A record's downgrade: top-level keys removed, then keys appended in order (to the record's end). */
export interface RecordEdit {
  remove: string[];
  append: [string, unknown][];
}

/** Applies an edit to a record (the same object, changed). */
export function applyRecordEdit(record: Record<string, unknown>, edit: RecordEdit): void {
  for (const k of edit.remove) delete record[k];
  for (const [k, v] of edit.append) record[k] = v;
}

/** Stored values of fields the current response shapes no longer carry, by record id. */
export interface StoredFields {
  transactionCreatedAt(ids: number[]): Promise<Map<number, string>>;
  fundAnnouncedDate(ids: number[]): Promise<Map<number, string | null>>;
}
