/**
 * Answers assembled from record documents (src/documents/build.ts): the stored JSON with the web
 * app's base in its `service_url`s, money converted at the document's money paths, and the tier locks
 * left to the locks stage at the document's lock sites (src/pipeline/locks.ts) instead of a walk of
 * the operation's plan. What stays per request is the parse and the policies at those paths.
 */
import { applyLockSites, type LockSite } from '../access/locked.js';
import type { Principal, Tier } from '../auth/verify.js';
import { loadDocuments, type DocumentKind, type DocumentPath, type DocumentRow } from '../db/documents.js';
import type { RequestScope, Result } from '../http/context.js';
import { RawJson } from '../http/rawJson.js';
import { withScore } from '../services/keyword.js';
import type { Money } from '../money/fx.js';
import { downgraded } from '../versions/changes/index.js';
import type { VersionInfo } from '../versions/resolve.js';

/** A document's record as the serialisers would give it for this request's currency, and where its locks go. */
export interface Assembled {
  data: Record<string, unknown>;
  sites: LockSite[];
}

/** The bytes of `"service_url":"` followed by the web app's base, as JSON writes them. */
const RELATIVE_URL = '"service_url":"/';

/** The document's text with the web app's base in its `service_url`s. */
function withAppUrl(doc: DocumentRow, appUrl: string): string {
  // a `"service_url":"/` can only be that key: a quote inside a string value is written `\"`
  return doc.body.replaceAll(RELATIVE_URL, `"service_url":${JSON.stringify(appUrl).slice(0, -1)}/`);
}

/**
 * Whether documents go out as stored for this request: in USD, at a version where no change
 * rewrites the operation's answers (src/versions/changes/: each lists the operations it rewrites),
 * to a caller who sees every field (a tier below premium always meets a lock site: the round's
 * valuation and investors, a company's valuation).
 */
export function asStored(r: { money: Money; principal: Principal | null; version: VersionInfo }, operationId: string): boolean {
  return r.money.perUsd === 1 && (!r.principal || r.principal.tier === 'premium') && !downgraded(r.version.date, operationId);
}

/** A document as its bytes (asStored requests); `updatedAt` its record's `updated_at`. */
export const storedRow = (doc: DocumentRow, appUrl: string, updatedAt: string): RawJson => new RawJson(withAppUrl(doc, appUrl), updatedAt);

export function assemble(doc: DocumentRow, appUrl: string, money: Money): Assembled {
  const data = JSON.parse(withAppUrl(doc, appUrl)) as Record<string, unknown>;
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

/** The rows of a page the repository read: ids, each row's `updated_at` for stored bytes, a ranked list's `score`. */
export interface PageRow {
  id: number;
  updated_at?: string;
  score?: number;
}

/**
 * A page's rows from their documents of this kind, with the locks at their sites; null when
 * documents are off or a row has none (the rows' path then answers the whole page). Rows that need
 * no change for the request and carry no score go out as their stored bytes.
 */
export async function pageFromDocuments(
  r: Pick<RequestScope, 'deps' | 'money' | 'principal' | 'version'>,
  operationId: string,
  kind: DocumentKind,
  rows: readonly PageRow[],
): Promise<{ data: unknown[]; locks: Result['locks'] } | null> {
  const { db, cfg } = r.deps;
  if (!cfg.recordDocuments) return null;
  const docs = await loadDocuments(db, kind, rows.map((t) => t.id));
  if (!rows.every((t) => docs.has(t.id))) return null;
  if (asStored(r, operationId) && rows.every((t) => t.score === undefined && typeof t.updated_at === 'string')) {
    return { data: rows.map((t) => storedRow(docs.get(t.id)!, cfg.appUrl, t.updated_at!)), locks: () => {} };
  }
  const records = rows.map((t) => assemble(docs.get(t.id)!, cfg.appUrl, r.money));
  return { data: records.map((a, i) => withScore(a.data, rows[i]!)), locks: documentLocks(records, true) };
}
