/** Ecosystems and the places they cover: SQL only. The list is small and read whole (an in-memory platform list). */
import type { Knex } from 'knex';

export interface EcosystemRow {
  id: string;
  name: string;
  currency: string;
  created_at: string;
  updated_at: string;
  places: { id: number; kind: string; name: string }[];
}

/** Every ecosystem by id, each with its places (by kind, then name). */
export async function listEcosystems(db: Knex): Promise<EcosystemRow[]> {
  const rows = (await db('ecosystems').orderBy('id').select('id', 'name', 'currency', 'created_at', 'updated_at')) as Omit<EcosystemRow, 'places'>[];
  const places = (await db('ecosystem_places as ep')
    .join('places as p', 'p.id', 'ep.place_id')
    .orderBy(['p.kind', 'p.name', 'p.id'])
    .select('ep.ecosystem_id', 'p.id', 'p.kind', 'p.name')) as { ecosystem_id: string; id: number; kind: string; name: string }[];
  return rows.map((r) => ({ ...r, places: places.filter((p) => p.ecosystem_id === r.id).map((p) => ({ id: Number(p.id), kind: p.kind, name: p.name })) }));
}

/** The default currency of an ecosystem; null when there is no such ecosystem. */
export async function ecosystemCurrency(db: Knex, id: string): Promise<string | null> {
  const row = (await db('ecosystems').where('id', id).first('currency')) as { currency: string } | undefined;
  return row?.currency ?? null;
}

/** Places by id or by name (case-insensitive): each name's matches, so a caller can refuse an ambiguous one. */
export async function placesNamed(db: Knex, keys: readonly string[]): Promise<Map<string, { id: number; kind: string; name: string }[]>> {
  const out = new Map<string, { id: number; kind: string; name: string }[]>();
  for (const key of keys) {
    const q = db('places').select('id', 'kind', 'name').orderBy('id');
    const rows = (await (/^\d{1,9}$/.test(key) ? q.where('id', Number(key)) : q.whereRaw('lower(name) = ?', [key.toLowerCase()]))) as { id: number; kind: string; name: string }[];
    out.set(key, rows.map((r) => ({ ...r, id: Number(r.id) })));
  }
  return out;
}

/** Creates or replaces an ecosystem and its places, in one transaction. */
export async function putEcosystem(db: Knex, e: { id: string; name: string; currency: string; placeIds: number[]; at: string }): Promise<void> {
  await db.transaction(async (trx) => {
    const exists = await trx('ecosystems').where('id', e.id).first('id');
    if (exists) await trx('ecosystems').where('id', e.id).update({ name: e.name, currency: e.currency, updated_at: e.at });
    else await trx('ecosystems').insert({ id: e.id, name: e.name, currency: e.currency, created_at: e.at, updated_at: e.at });
    await trx('ecosystem_places').where('ecosystem_id', e.id).delete();
    const ids = [...new Set(e.placeIds)];
    if (ids.length) await trx('ecosystem_places').insert(ids.map((place_id) => ({ ecosystem_id: e.id, place_id })));
  });
}

/** Deletes an ecosystem (its places go with it); whether there was one. */
export async function deleteEcosystem(db: Knex, id: string): Promise<boolean> {
  return (await db('ecosystems').where('id', id).delete()) > 0;
}

/** The currencies money can be converted to (the reference rates). */
export async function knownCurrencies(db: Knex): Promise<string[]> {
  return ((await db('fx_rates').select('currency')) as { currency: string }[]).map((r) => r.currency);
}
