/**
 * Person records in the founder row shape (openapi.yaml `FounderRow`) from whole entity rows: blocks and glances
 * loaded for the page at once.
 */
import type { components } from '../../generated/api.js';
import { portfolioGlances, withBlocks, type EntityRow } from '../db/entities.js';
import { careerGlances, educationGlances } from '../db/people.js';
import { entityFromDocument, pageFromRows } from '../documents/read.js';
import type { DocumentKind } from '../db/documents.js';
import type { RequestScope, Result } from '../http/context.js';
import { bool } from '../serialize/entities.js';
import { founderFull, founderSummary } from '../serialize/people.js';
import { findTyped } from './entities.js';
import { together } from '../db/together.js';

type S = components['schemas'];

const GLANCE = 5;
export const PORTFOLIO_GLANCE = 10;

export async function personRecords(r: Pick<RequestScope, 'deps' | 'money'>, rows: readonly EntityRow[], view: 'full' | 'summary'): Promise<(S['FounderFull'] | S['FounderSummary'])[]> {
  const { db, cfg } = r.deps;
  const ids = rows.map((e) => e.id);
  const investorIds = rows.filter((e) => bool(e.is_investor)).map((e) => e.id);
  const full = view === 'full';
  const [entities, career, education, portfolio] = await together(db, [
    () => withBlocks(db, rows),
    () => (full ? careerGlances(db, ids, GLANCE) : Promise.resolve(null)),
    () => (full ? educationGlances(db, ids, GLANCE) : Promise.resolve(null)),
    () => (full ? portfolioGlances(db, investorIds, PORTFOLIO_GLANCE) : Promise.resolve(null)),
  ] as const);
  return rows.map((row) => {
    const e = entities.get(row.id)!;
    if (view === 'summary' || !career || !education || !portfolio) return founderSummary(cfg.appUrl, e, r.money);
    return founderFull(cfg.appUrl, e, r.money, { career: career.get(row.id)!, education: education.get(row.id)!, portfolio: portfolio.get(row.id) ?? null });
  });
}

/** The record documents of people in a view: the full view's `person`, the summary view's `person_row`. */
export const personKind = (view: 'full' | 'summary'): DocumentKind => (view === 'full' ? 'person' : 'person_row');

/**
 * A page of people in the view from their record documents (the full view: `person`, the summary
 * view: `person_row`; the locks at their sites) when every row has one, else from the rows.
 */
export async function personPage(
  r: Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version'>,
  operationId: 'listFounders' | 'listPeople',
  rows: readonly EntityRow[],
  view: 'full' | 'summary',
): Promise<{ data: (S['FounderFull'] | S['FounderSummary'])[]; locks?: Result['locks'] }> {
  const fromDocuments = await pageFromRows(r, operationId, personKind(view), rows);
  if (fromDocuments) return { data: fromDocuments.data as S['FounderFull'][], locks: fromDocuments.locks };
  return { data: await personRecords(r, rows, view) };
}

/** The full record of the person with the path's UUID, from its record document or the rows; 404 when there is none. */
export async function personAnswer(r: Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version'>, operationId: string, uuid: string): Promise<{ data: S['FounderFull']; locks?: Result['locks']; atVersion?: true }> {
  const doc = await entityFromDocument(r, operationId, 'person', uuid);
  if (doc) return { data: doc.data as unknown as S['FounderFull'], locks: doc.locks, atVersion: doc.atVersion };
  return { data: await personRecord(r, await findTyped(r, uuid, 'person', 'Person')) };
}

/** The full record of one person. */
export async function personRecord(r: Pick<RequestScope, 'deps' | 'money'>, row: EntityRow): Promise<S['FounderFull']> {
  return (await personRecords(r, [row], 'full'))[0] as S['FounderFull'];
}
