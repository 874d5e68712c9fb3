/** The full organization record (any subtype) with its founders, portfolio and (universities) alumni glances. */
import { organizationDocumentByUuid, type OrganizationKind } from '../db/documents.js';
import { founderGlance, portfolioGlances, withBlocks, type EntityRow } from '../db/entities.js';
import { assemble, documentLocks } from '../documents/read.js';
import type { RequestScope, Result } from '../http/context.js';
import { findTyped } from './entities.js';
import { bool, organizationFull } from '../serialize/entities.js';
import { alumniGlance } from './alumni.js';
import { PORTFOLIO_GLANCE } from './people.js';

export const FOUNDERS_GLANCE = 5;

export async function organizationRecord(r: Pick<RequestScope, 'deps' | 'money' | 'version'>, row: EntityRow) {
  const { db, cfg } = r.deps;
  const [entities, founders, portfolio, alumni] = await Promise.all([
    withBlocks(db, [row]),
    founderGlance(db, row.id, FOUNDERS_GLANCE),
    bool(row.is_investor) ? portfolioGlances(db, [row.id], PORTFOLIO_GLANCE).then((m) => m.get(row.id)!) : Promise.resolve(null),
    row.subtype === 'university' ? alumniGlance(r, row) : Promise.resolve(null),
  ]);
  const full = organizationFull(cfg.appUrl, entities.get(row.id)!, r.money, founders, portfolio);
  if (!alumni) return full;
  // openapi.yaml `OrganizationFullFields`: a full-only block of universities, listed with the other blocks that hold data
  return { ...full, alumni, available: alumni.total > 0 ? [...full.available, 'alumni'] : full.available };
}

/**
 * The full record of the organization of this subtype with the path's UUID, from its record
 * document (the locks at its sites) or, without one, from the rows; 404 when there is none.
 */
export async function organizationAnswer(r: Pick<RequestScope, 'deps' | 'money' | 'version'>, uuid: string, subtype: OrganizationKind, noun: string): Promise<{ data: Awaited<ReturnType<typeof organizationRecord>>; locks?: Result['locks'] }> {
  const { db, cfg } = r.deps;
  const doc = cfg.recordDocuments ? await organizationDocumentByUuid(db, subtype, uuid.toLowerCase()) : null;
  if (doc) {
    const a = assemble(doc, cfg.appUrl, r.money);
    return { data: a.data as unknown as Awaited<ReturnType<typeof organizationRecord>>, locks: documentLocks([a], false) };
  }
  return { data: await organizationRecord(r, await findTyped(r, uuid, subtype, noun)) };
}
