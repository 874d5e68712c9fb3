/**
 * Answers assembled from record documents (src/documents/build.ts): the stored JSON with the web
 * app's base in its `service_url`s, money converted at the document's money paths, and the tier locks
 * left to the locks stage at the document's lock sites (src/pipeline/locks.ts) instead of a walk of
 * the operation's plan. What stays per request is the parse and the policies at those paths.
 */
import { applyLockSites, type LockSite } from '../access/locked.js';
import type { Principal, Tier } from '../auth/verify.js';
import { anyEntityDocumentByUuid, documentById, entityDocumentByUuid, entityKindOf, joinedDocuments, joinedTexts, loadDocuments, loadRowDocuments, withDocuments, type DocumentKind, type DocumentPath, type DocumentRow, type EntityKind } from '../db/documents.js';
import type { PageJoin } from '../db/paging.js';
import type { RequestScope, Result } from '../http/context.js';
import { plainCsvBase } from '../http/csv.js';
import { ExportLine, RawJson, topLevelValues } from '../http/rawJson.js';
import type { ListInput } from '../query/list.js';
import { withScore } from '../services/keyword.js';
import { currencyOf } from '../services/page.js';
import type { Money } from '../money/fx.js';
import type { VersionInfo } from '../versions/resolve.js';
import { downgraderFor, storedTextServes } from './downgrades.js';
import { loadDocumentLines, walkLines } from '../db/documentLines.js';

/** A document's record as the serialisers would give it for this request's currency, and where its locks go. */
export interface Assembled {
  data: Record<string, unknown>;
  sites: LockSite[];
}

/** The bytes of `"service_url":"` followed by the web app's base, as JSON writes them. */
const RELATIVE_URL = '"service_url":"/';

/** A document's text with the web app's base in its `service_url`s. */
function withAppUrl(text: string, appUrl: string): string {
  return text.replaceAll(RELATIVE_URL, absoluteUrl(appUrl));
}

/** What `withAppUrl` writes for `RELATIVE_URL`: a `"service_url":"/` can only be that key (a quote inside a string value is written `\"`). */
const absoluteUrl = (appUrl: string): string => `"service_url":${JSON.stringify(appUrl).slice(0, -1)}/`;

type Asker = { money: Money; principal: Principal | null; version: VersionInfo };

/**
 * Whether documents go out as their text for this request: in USD, to a caller who sees every
 * field (a tier below premium always meets a lock site: the round's valuation and investors, a
 * company's valuation), at a version whose downgrades of the operation the documents keep as text
 * edits (src/documents/downgrades.ts; src/versions/changes/: each lists the operations it rewrites).
 */
const asText = (r: Asker): boolean => r.money.perUsd === 1 && (!r.principal || r.principal.tier === 'premium');

/** The stored CSV record of a document with this web app's base, or undefined when it has none or the base would change its quoting. */
function csvText(doc: DocumentRow, appUrl: string): string | undefined {
  return doc.csv === null || !plainCsvBase(appUrl) ? undefined : (JSON.parse(doc.csv) as string[]).join(appUrl);
}

/** A document's text as this request gets it from this operation (the pinned version's shape), or null when it needs a parse. */
export function documentText(doc: DocumentRow, appUrl: string, r: Asker, operationId: string): string | null {
  return documentTexts(appUrl, r, operationId)(doc);
}

/**
 * `documentText` for every document of one answer: what depends only on the request (whether texts
 * go out, the version's edits, the base's JSON) worked out once, not per row.
 */
function documentTexts(appUrl: string, r: Asker, operationId: string): (doc: DocumentRow) => string | null {
  if (!asText(r)) return () => null;
  const downgrade = downgraderFor(r.version.date, operationId);
  const base = absoluteUrl(appUrl);
  return (doc) => {
    const text = downgrade(doc.body, doc.downgrades);
    return text === null ? null : text.replaceAll(RELATIVE_URL, base);
  };
}

export function assemble(doc: DocumentRow, appUrl: string, money: Money): Assembled {
  const data = JSON.parse(withAppUrl(doc.body, appUrl)) as Record<string, unknown>;
  if (money.perUsd !== 1) {
    for (const path of JSON.parse(doc.money_paths) as DocumentPath[]) {
      let obj = data as Record<string | number, unknown>;
      for (let i = 0; i < path.length - 1; i++) obj = obj[path[i]!] as Record<string | number, unknown>;
      const last = path[path.length - 1]!;
      obj[last] = money.out(obj[last] as number);
    }
  }
  return { data, sites: JSON.parse(doc.lock_paths) as LockSite[] };
}

/** The locks of an answer whose `data` is one assembled record or a page of them. */
export function documentLocks(records: readonly Assembled[], page: boolean): (body: unknown, tier: Tier) => void {
  return (body, tier) => {
    const data = (body as { data: unknown }).data;
    records.forEach((r, i) => applyLockSites(r.sites, page ? (data as unknown[])[i] : data, tier));
  };
}

/**
 * The record of the entity of this kind with the path's UUID from its document, with the locks at
 * its sites; null when documents are off or it has none (the rows' path then answers, 404 included).
 */
export async function entityFromDocument(r: DetailAsker, operationId: string, kind: EntityKind, uuid: string): Promise<DocumentAnswer | null> {
  const { db, cfg } = r.deps;
  return answerOf(r, operationId, cfg.recordDocuments ? await entityDocumentByUuid(db, kind, uuid.toLowerCase()) : null);
}

/**
 * The full record of the entity with the path's UUID, whatever its kind (`getEntity`), from its
 * document; null as `entityFromDocument`. No locks: the document's sites are those of its own
 * operation (`getCompany`, `getPerson`, ...), so the locks stage walks `getEntity`'s plan.
 */
export async function anyEntityFromDocument(r: Pick<RequestScope, 'deps' | 'money'>, uuid: string): Promise<{ data: Record<string, unknown> } | null> {
  const { db, cfg } = r.deps;
  const found = cfg.recordDocuments ? await anyEntityDocumentByUuid(db, uuid.toLowerCase()) : null;
  return found && { data: assemble(found.doc, cfg.appUrl, r.money).data };
}

/** The record with this numeric id from its document of this kind, with its locks; null as `entityFromDocument`. */
export async function recordFromDocument(r: DetailAsker, operationId: string, kind: DocumentKind, id: number | null): Promise<DocumentAnswer | null> {
  const { db, cfg } = r.deps;
  return answerOf(r, operationId, cfg.recordDocuments && id !== null ? await documentById(db, kind, id) : null);
}

type DetailAsker = Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version'>;

/**
 * A detail's record from its document: its text as it is (`RawJson`, written into the answer's
 * envelope unparsed) when the request needs no parse, at the request's version (`atVersion`);
 * else parsed, with the locks at its sites.
 */
export type DocumentAnswer = { data: Record<string, unknown> | RawJson; locks: Result['locks']; atVersion?: true };

function answerOf(r: DetailAsker, operationId: string, doc: DocumentRow | null): DocumentAnswer | null {
  if (!doc) return null;
  const text = documentText(doc, r.deps.cfg.appUrl, r, operationId);
  if (text !== null) return { data: recordText(text), locks: () => {}, atVersion: true };
  const a = assemble(doc, r.deps.cfg.appUrl, r.money);
  return { data: a.data, locks: documentLocks([a], false) };
}

/**
 * A record's document text as a raw record, with its `updated_at` (the answer's `Last-Modified`) read
 * from the text, or from its top-level members already read (`values`, `updated_at` among them).
 */
export function recordText(text: string, values: Record<string, string> = topLevelValues(text, UPDATED_AT)): RawJson {
  const at = values.updated_at;
  const value = at === undefined ? undefined : (JSON.parse(at) as unknown);
  return new RawJson(text, typeof value === 'string' ? value : undefined);
}

const UPDATED_AT = ['updated_at'];

/** The rows of a page the repository read: ids, each row's `updated_at` for stored bytes, a ranked list's `score`. */
export interface PageRow {
  id: number;
  updated_at?: string;
  score?: number;
}

/**
 * A page's rows from their documents of this kind, with the locks at their sites; null when
 * documents are off or a row has none (the rows' path then answers the whole page). Rows that carry
 * no score, for a request that needs no parse, go out as their text at the request's version
 * (`atVersion`: the version stage leaves them), with their stored CSV record for an export in CSV
 * (`list.csv`): a text is the latest version's in USD with every field, the CSV record's too.
 */
export async function pageFromDocuments(
  r: PageAsker,
  operationId: string,
  kind: DocumentKind,
  rows: readonly PageRow[],
): Promise<DocumentPage | null> {
  const { db, cfg } = r.deps;
  if (!cfg.recordDocuments) return null;
  return (await linesOf(r, operationId, kind, rows)) ?? pageOf(r, operationId, rows, await loadDocuments(db, kind, rows.map((t) => t.id), { csv: r.list?.csv === true, offMain: exporting(r) }), true);
}

/**
 * An export batch as its rows' lines (`list.lines`, src/db/documentLines.ts) when each goes out as
 * its document's stored text or CSV record, as `pageOf` writes them: no score, an `updated_at`, a
 * request `asText` serves at a version that rewrites none of the operation's rows, and for CSV a base
 * the stored records take as it is. Null otherwise, or when a row has no document (or stored record).
 */
async function linesOf(r: PageAsker, operationId: string, kind: DocumentKind, rows: readonly PageRow[]): Promise<DocumentPage | null> {
  const form = r.list?.lines;
  const { db, cfg } = r.deps;
  if (!form || !asText(r) || !storedTextServes(r.version.date, operationId) || (form === 'csv' && !plainCsvBase(cfg.appUrl))) return null;
  if (!rows.every((t) => t.score === undefined && typeof t.updated_at === 'string')) return null;
  const ids = rows.map((t) => t.id);
  const walk = r.list?.walk;
  const read = await (walk ? walkLines(db, walk, kind, ids, form, cfg.appUrl) : loadDocumentLines(db, kind, ids, form, cfg.appUrl));
  if (!read) return null;
  const data = rows.map((t, i) => new ExportLine(read.bytes.subarray(i === 0 ? 0 : read.ends[i - 1], read.ends[i]), form, t.updated_at));
  return { data, locks: () => {}, atVersion: true };
}

/**
 * A page from the documents read with its rows (src/db/documents.ts `withDocuments`), as
 * `pageFromDocuments`; null when documents are off or a row has none.
 */
export function pageFromJoinedDocuments(r: PageAsker, operationId: string, rows: readonly PageRow[]): DocumentPage | null {
  // the joined columns are the rows' own, beside the page row's members
  return r.deps.cfg.recordDocuments ? pageOf(r, operationId, rows, joinedDocuments(rows as unknown as readonly Record<string, unknown>[]), true) : null;
}

/**
 * Whether a page of this operation goes out as its documents' stored texts, whatever they hold: a
 * request `asText` serves at a version that rewrites none of the operation's rows, and no export
 * (its batches are read as lines, its CSV from the stored records). Its page's statement then reads
 * each document's body alone (src/db/documents.ts `withDocumentTexts`), for `pageFromTexts`.
 */
export function storedTextsServe(r: PageAsker, operationId: string): boolean {
  return r.deps.cfg.recordDocuments && asText(r) && storedTextServes(r.version.date, operationId) && r.list?.csv !== true && r.list?.lines === undefined && r.list?.walk === undefined;
}

/**
 * A page from the texts read with its rows (`storedTextsServe`), as `pageOf` writes them: at the
 * request's version, no locks; null when a row has no document (or carries a score or no `updated_at`).
 */
export function pageFromTexts(rows: readonly PageRow[]): DocumentPage | null {
  if (!rows.every((t) => t.score === undefined && typeof t.updated_at === 'string')) return null;
  const texts = joinedTexts(rows as unknown as readonly Record<string, unknown>[]);
  if (!texts) return null;
  return { data: texts.map((text, i) => new RawJson(text, rows[i]!.updated_at!)), locks: () => {}, atVersion: true };
}

/**
 * The join that reads each page row's document of this kind in the page's own statement (src/db/documents.ts
 * `withDocuments`, its CSV record too for an export in CSV); none when documents are off.
 */
export function documentJoin(r: Pick<PageAsker, 'deps' | 'list'>, kind: DocumentKind): PageJoin | undefined {
  const { db, cfg } = r.deps;
  return cfg.recordDocuments ? withDocuments(db, kind, { csv: r.list?.csv === true }) : undefined;
}

/**
 * A page from the documents of this kind its rows came with (`documentJoin`), or read by the rows'
 * keys when they came without them (an export's walked page, a ranked list); null as `pageFromDocuments`.
 */
export async function pageFromRows(r: PageAsker, operationId: string, kind: DocumentKind, rows: readonly PageRow[]): Promise<DocumentPage | null> {
  return pageFromJoinedDocuments(r, operationId, rows) ?? (await pageFromDocuments(r, operationId, kind, rows));
}

/**
 * A `listEntities` page from each row's summary row document (its entity's kind: an organization's
 * directory row or a person's summary), null as `pageFromDocuments` (a row of an organization
 * without a subtype has none). The stored lock sites are those of the row's own directory; a page
 * that needs locks gets the operation's plan walked instead (no `locks`: src/pipeline/locks.ts).
 */
export async function entityPageFromDocuments(r: PageAsker, operationId: string, rows: readonly (PageRow & { type: string; subtype: string | null })[]): Promise<DocumentPage | null> {
  const { db, cfg } = r.deps;
  if (!cfg.recordDocuments) return null;
  const kinds = rows.map((t) => ({ id: t.id, kind: entityKindOf(t) }));
  if (!kinds.every((k): k is { id: number; kind: EntityKind } => k.kind !== null)) return null;
  // no stored CSV records: a company's row keeps the one of `listCompanies`' columns, not this list's
  return pageOf(r, operationId, rows, await loadRowDocuments(db, kinds, { offMain: exporting(r) }), false);
}

/**
 * A list's answer (`{data, page, currency}`) from its rows' documents of a kind as
 * `pageFromDocuments`, or from the rows by `fromRows` when documents are off or a row has none.
 */
export async function listFromDocuments(
  r: PageAsker,
  operationId: string,
  kind: DocumentKind,
  rows: readonly PageRow[],
  rest: { page: unknown; currency: unknown },
  fromRows: () => unknown[] | Promise<unknown[]>,
): Promise<Result> {
  const found = await pageFromRows(r, operationId, kind, rows);
  return { status: 200, body: { data: found ? found.data : await fromRows(), ...rest }, locks: found?.locks, atVersion: found?.atVersion };
}

/** A detail's answer (`{data, currency}`) from the record's document of a kind (`recordFromDocument`), or from its row by `fromRow` (a 404 when it has none). */
export async function detailFromDocument(r: DetailAsker, operationId: string, kind: DocumentKind, id: number | null, fromRow: () => unknown): Promise<Result> {
  const doc = await recordFromDocument(r, operationId, kind, id);
  return { status: 200, body: { data: doc ? doc.data : await fromRow(), currency: currencyOf(r.money) }, locks: doc?.locks, atVersion: doc?.atVersion };
}

/** Page rows of records with their `updated_at` (for a page's stored texts), and the documents joined to them (`documentJoin`). */
export const pageRows = (rows: readonly Record<string, unknown>[]): (PageRow & Record<string, unknown>)[] => rows.map((t) => ({ ...t, id: Number(t.id), updated_at: t.updated_at as string }));

type PageAsker = Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version'> & { list?: Pick<ListInput, 'csv' | 'lines' | 'walk'> };

/** Whether the page is a batch of an export (its list walked, src/db/walk.ts): its documents are read off the main thread. */
const exporting = (r: PageAsker): boolean => r.list?.walk !== undefined;
type DocumentPage = { data: unknown[]; locks?: Result['locks']; atVersion?: true };

/** A page from its rows' documents (null when a row has none); with the locks at the documents' sites when `sites`. */
function pageOf(r: PageAsker, operationId: string, rows: readonly PageRow[], docs: ReadonlyMap<number, DocumentRow>, sites: boolean): DocumentPage | null {
  const { cfg } = r.deps;
  const csv = r.list?.csv === true;
  if (!rows.every((t) => docs.has(t.id))) return null;
  if (rows.every((t) => t.score === undefined && typeof t.updated_at === 'string')) {
    const textOf = documentTexts(cfg.appUrl, r, operationId);
    const texts = rows.map((t) => textOf(docs.get(t.id)!));
    if (texts.every((t) => t !== null)) {
      const data = texts.map((text, i) => new RawJson(text, rows[i]!.updated_at!, csv ? csvText(docs.get(rows[i]!.id)!, cfg.appUrl) : undefined));
      return { data, locks: () => {}, atVersion: true };
    }
  }
  const records = rows.map((t) => assemble(docs.get(t.id)!, cfg.appUrl, r.money));
  const data = records.map((a, i) => withScore(a.data, rows[i]!));
  return sites ? { data, locks: documentLocks(records, true) } : { data };
}

/** A row of a page that holds one record kept as a document, after members of its own (assembled from the rows). */
export interface WrappingRow {
  /** The record of the document. */
  id: number;
  /** The row's own members, which come first. */
  members: Record<string, unknown>;
}

/**
 * A page whose rows each hold a record kept as a document under `key`, after their own members (a
 * founded company: the career fields, then the company's list row): from the documents as
 * `pageFromDocuments`, each row's text its members' text around the document's, the lock sites moved
 * under `key`; null when documents are off or a row's record has no document of this kind. The rows
 * carry no `updated_at` of their own, so neither does a text (the answer has no `Last-Modified`, as
 * from the rows).
 */
export async function wrappedPageFromDocuments(
  r: Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version'>,
  operationId: string,
  kind: DocumentKind,
  key: string,
  rows: readonly WrappingRow[],
): Promise<{ data: unknown[]; locks: Result['locks']; atVersion?: true } | null> {
  const { db, cfg } = r.deps;
  if (!cfg.recordDocuments) return null;
  const docs = await loadDocuments(db, kind, rows.map((t) => t.id));
  if (!rows.every((t) => docs.has(t.id))) return null;
  const textOf = documentTexts(cfg.appUrl, r, operationId);
  const texts = rows.map((t) => textOf(docs.get(t.id)!));
  if (texts.every((t) => t !== null)) {
    const member = `${JSON.stringify(key)}:`;
    const data = texts.map((text, i) => {
      const head = JSON.stringify(rows[i]!.members).slice(0, -1);
      return new RawJson(`${head}${head === '{' ? '' : ','}${member}${text}}`, undefined);
    });
    return { data, locks: () => {}, atVersion: true };
  }
  const records = rows.map((t) => {
    const a = assemble(docs.get(t.id)!, cfg.appUrl, r.money);
    return { data: { ...t.members, [key]: a.data }, sites: a.sites.map((s) => ({ ...s, at: [key, ...s.at], record: [key, ...s.record] })) };
  });
  return { data: records.map((a) => a.data), locks: documentLocks(records, true) };
}
