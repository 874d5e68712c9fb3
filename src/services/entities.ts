/** Entities by path UUID, of one subtype (or persons only); 404 otherwise. */
import { findEntityByUuid, type EntityRow } from '../db/entities.js';
import { notFound } from '../errors.js';
import type { RequestScope } from '../http/context.js';

export type Subtype = NonNullable<EntityRow['subtype']>;

export async function findTyped(r: Pick<RequestScope, 'deps'>, id: string, want: Subtype | 'person' | null, noun: string): Promise<EntityRow> {
  const row = await findEntityByUuid(r.deps.db, id.toLowerCase());
  const matches = row && (want === null || (want === 'person' ? row.type === 'person' : row.subtype === want));
  if (!row || !matches) throw notFound(`${noun} ${id} not found`);
  return row;
}
