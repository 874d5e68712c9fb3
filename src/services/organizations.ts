/** The full organization record (any subtype) with its founders, portfolio and (universities) alumni glances. */
import { founderGlance, portfolioGlances, withBlocks, type EntityRow } from '../db/entities.js';
import type { RequestScope } from '../http/context.js';
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
