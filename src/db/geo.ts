/**
 * Map views of the entity directories: entities whose headquarters city lies in a bounding box,
 * as points (highest signal first) or as grid clusters. The box is a range scan of
 * `places_geo_key`; entities join by their headquarters city (`entities_subtype_city_key`). SQL only.
 */
import type { Knex } from 'knex';
import type { CompiledFilter } from './listing.js';
import { dialectOf } from './dialect.js';

export interface BBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export interface GeoPointRow {
  id: number;
  uuid: string;
  name: string;
  subtype: string;
  image: string | null;
  signal_rating: number | null;
  lat: number;
  lon: number;
}

export interface GeoClusterRow {
  lat: number;
  lon: number;
  count: number;
}

function inBox(db: Knex, subtype: string, box: BBox, where: CompiledFilter | null): Knex.QueryBuilder {
  const q = db('places as c')
    .join('entities as e', 'e.hq_city_id', 'c.id')
    .where('c.kind', 'city')
    .whereBetween('c.lat', [box.minLat, box.maxLat])
    .whereBetween('c.lon', [box.minLon, box.maxLon])
    .andWhere('e.subtype', subtype);
  if (where) q.whereRaw(where.sql, where.bindings);
  return q;
}

/** Up to `limit` entities in the box, highest signal first (one more tells whether there are more). */
export async function geoPoints(db: Knex, subtype: string, box: BBox, where: CompiledFilter | null, limit: number): Promise<GeoPointRow[]> {
  return (await inBox(db, subtype, box, where)
    .orderByRaw('coalesce(e.signal_rating, -1) desc, e.id')
    .limit(limit + 1)
    .select('e.id', 'e.uuid', 'e.name', 'e.subtype', 'e.image', 'e.signal_rating', 'c.lat', 'c.lon')) as GeoPointRow[];
}

/** Entities in the box counted per grid cell of `cell` degrees (centroid of the cell's entities), largest first. */
export async function geoClusters(db: Knex, subtype: string, box: BBox, where: CompiledFilter | null, cell: number, limit: number): Promise<GeoClusterRow[]> {
  const bucket = (col: string, shift: number) => dialectOf(db).wholeTimes(`${col} + ${shift}`);
  const rows = (await inBox(db, subtype, box, where)
    .select(db.raw('avg(c.lat) as lat'), db.raw('avg(c.lon) as lon'), db.raw('count(*) as count'))
    .groupByRaw(`${bucket('c.lat', 90)}, ${bucket('c.lon', 180)}`, [cell, cell])
    .orderByRaw('count(*) desc, avg(c.lat), avg(c.lon)')
    .limit(limit + 1)) as GeoClusterRow[];
  return rows.map((r) => ({ lat: Number(r.lat), lon: Number(r.lon), count: Number(r.count) }));
}
