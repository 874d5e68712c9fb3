/** The full organization record (any subtype) with its founders, portfolio and (universities) alumni glances. */
import type { OrganizationKind } from '../db/documents.js';
import { founderGlance, founderGlances, portfolioGlances, withBlocks, type EntityRow, type EntityWithBlocks, type FounderGlance, type PortfolioGlance } from '../db/entities.js';
import { entityFromDocument } from '../documents/read.js';
import type { RequestScope, Result } from '../http/context.js';
import { findTyped } from './entities.js';
import { bool, organizationFull } from '../serialize/entities.js';
import { alumniGlance } from './alumni.js';
import { PORTFOLIO_GLANCE } from './people.js';
import { together } from '../db/together.js';

export const FOUNDERS_GLANCE = 5;

type Scope = Pick<RequestScope, 'deps' | 'money' | 'version'>;

export async function organizationRecord(r: Scope, row: EntityRow) {
  const { db } = r.deps;
  const [entities, founders, portfolio, alumni] = await Promise.all([
    withBlocks(db, [row]),
    founderGlance(db, row.id, FOUNDERS_GLANCE),
    bool(row.is_investor) ? portfolioGlances(db, [row.id], PORTFOLIO_GLANCE).then((m) => m.get(row.id)!) : Promise.resolve(null),
    alumniOf(r, row),
  ]);
  return fullRecord(r, entities.get(row.id)!, founders, portfolio, alumni);
}

/**
 * Many full records at once (the record documents' build): the rows come with their blocks, and
 * the founders and portfolio glances of all of them are one statement each instead of a few per record.
 */
export async function organizationRecords(r: Scope, rows: readonly EntityWithBlocks[]) {
  const { db } = r.deps;
  const [founders, portfolios] = await together(db, [
    () => founderGlances(db, rows.map((e) => e.id), FOUNDERS_GLANCE),
    () => portfolioGlances(db, rows.filter((e) => bool(e.is_investor)).map((e) => e.id), PORTFOLIO_GLANCE),
  ] as const);
  // one after another: a build runs on the change's transaction, one connection (a university's alumni glance is a page)
  const out = [];
  for (const e of rows) out.push(fullRecord(r, e, founders.get(e.id)!, portfolios.get(e.id) ?? null, await alumniOf(r, e)));
  return out;
}

const alumniOf = (r: Scope, row: EntityRow) => (row.subtype === 'university' ? alumniGlance(r, row) : Promise.resolve(null));

function fullRecord(r: Scope, entity: EntityWithBlocks, founders: FounderGlance, portfolio: PortfolioGlance | null, alumni: Awaited<ReturnType<typeof alumniGlance>> | null) {
  const full = organizationFull(r.deps.cfg.appUrl, entity, r.money, founders, portfolio);
  if (!alumni) return full;
  // openapi.yaml `OrganizationFullFields`: a full-only block of universities, listed with the other blocks that hold data
  return { ...full, alumni, available: alumni.total > 0 ? [...full.available, 'alumni'] : full.available };
}

/**
 * The full record of the organization of this subtype with the path's UUID, from its record
 * document (the locks at its sites) or, without one, from the rows; 404 when there is none.
 */
export async function organizationAnswer(
  r: Scope & Pick<RequestScope, 'principal'>,
  operationId: string,
  uuid: string,
  subtype: OrganizationKind,
  noun: string,
): Promise<{ data: Awaited<ReturnType<typeof organizationRecord>>; locks?: Result['locks']; atVersion?: true }> {
  const doc = await entityFromDocument(r, operationId, subtype, uuid);
  if (doc) return { data: doc.data as unknown as Awaited<ReturnType<typeof organizationRecord>>, locks: doc.locks, atVersion: doc.atVersion };
  return { data: await organizationRecord(r, await findTyped(r, uuid, subtype, noun)) };
}
