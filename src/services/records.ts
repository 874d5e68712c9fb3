/** Pages and details of plain records (funds, valuations, news, notes, reference lists and nested rows). */
import { findRecord, listRecords, type Fixed, type RecordSpec, type WithRef } from '../db/records.js';
import { notFound } from '../errors.js';
import { numericId, type RequestScope } from '../http/context.js';
import { prepareList } from '../query/list.js';
import { NO_FILTER } from '../db/listing.js';
import { SCOPES } from '../query/registry.js';
import type { SortRegistry } from '../query/sort.js';
import { pageEnvelope } from './page.js';
import type { PageJoin } from '../db/paging.js';

export type RecordRow = WithRef;

/**
 * A page of records of one kind, in the request's filter (scope null: the list takes no filter),
 * sort and cursor; a nested list passes its parent's UUID, which binds its cursors.
 */
export async function recordPage(r: Pick<RequestScope, 'deps' | 'list'>, spec: RecordSpec, scope: string | null, sorts: SortRegistry, fixed: Fixed = {}, parent: string | null = null, join?: PageJoin) {
  const list = prepareList(r.list, { scope: scope ? SCOPES[scope]! : NO_FILTER, sorts, alias: spec.alias, parent });
  const { rows, page } = await listRecords(r.deps.db, spec, list.where, list.page, fixed, join);
  return { rows: rows as RecordRow[], page: pageEnvelope(page, list) };
}

/** One record by its path id, or 404. */
export async function recordById(r: Pick<RequestScope, 'deps'>, spec: RecordSpec, raw: string, noun: string, fixed: Fixed = {}): Promise<RecordRow> {
  const id = numericId(raw);
  const row = id === null ? null : await findRecord(r.deps.db, spec, id, fixed);
  if (!row) throw notFound(`${noun} ${raw} not found`);
  return row;
}
