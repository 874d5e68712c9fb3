/** Entities by path UUID, of one subtype (or persons only), 404 otherwise; and their summary rows by id. */
import { findEntityByUuid, loadEntities, type EntityRow } from '../db/entities.js';
import { notFound } from '../errors.js';
import type { RequestScope } from '../http/context.js';
import { organizationSummary } from '../serialize/entities.js';
import { founderSummary } from '../serialize/people.js';

export type Subtype = NonNullable<EntityRow['subtype']>;

export async function findTyped(r: Pick<RequestScope, 'deps'>, id: string, want: Subtype | 'person' | null, noun: string): Promise<EntityRow> {
  const row = await findEntityByUuid(r.deps.db, id.toLowerCase());
  const matches = row && (want === null || (want === 'person' ? row.type === 'person' : row.subtype === want));
  if (!row || !matches) throw notFound(`${noun} ${id} not found`);
  return row;
}

/** The summary rows of entities by id, as `/data/entities` lists them (organization or person row); missing ids are absent. */
export async function entitySummaries(r: Pick<RequestScope, 'deps' | 'money'>, ids: readonly number[]) {
  const entities = await loadEntities(r.deps.db, [...ids]);
  const out = new Map<number, ReturnType<typeof organizationSummary> | ReturnType<typeof founderSummary>>();
  for (const [id, e] of entities) {
    out.set(id, e.type === 'person' ? founderSummary(r.deps.cfg.appUrl, e, r.money) : organizationSummary(r.deps.cfg.appUrl, e, r.money));
  }
  return out;
}
