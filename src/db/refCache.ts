/**
 * The reference rows entity blocks name (places, taxonomy, investor types, investment stages) and
 * the majors that education rows list, held per database in memory: a few hundred rows that the
 * service never writes. The entity blocks then read only the link tables (ids) and take names from
 * here instead of joining four places and a taxonomy row into every block row (SQLite large, 25
 * companies: 0.64 -> 0.22 ms). A cache older than REF_TTL_MS is reloaded, and so is one that misses
 * an id a link row names (rows added by a re-seed or an import while the server runs), at most once
 * per lookup.
 */
import type { Knex } from 'knex';
import type { FilterEnums } from './listing.js';
import { together } from './together.js';

export const REF_TTL_MS = 300_000;

export interface PlaceRef {
  id: number;
  kind: string;
  name: string;
  /** ISO 3166-1 alpha-2 of a country, the two-letter code of a continent; null for other kinds. */
  code: string | null;
  state_id: number | null;
  country_id: number | null;
  continent_id: number | null;
  lat: number;
  lon: number;
}

export interface NamedRef {
  id: number;
  name: string;
  /** taxonomy: its type; investor types and stages: their code. */
  tag: string;
}

export interface RefTables {
  places: Map<number, PlaceRef>;
  taxonomy: Map<number, NamedRef>;
  investorTypes: Map<number, NamedRef>;
  stages: Map<number, NamedRef>;
  /** Major names by id. */
  majors: Map<number, string>;
}

const caches = new WeakMap<Knex, { at: number; tables: Promise<RefTables> }>();

async function load(db: Knex): Promise<RefTables> {
  const [places, taxonomy, investorTypes, stages, majors] = await together<[PlaceRef[], NamedRef[], NamedRef[], NamedRef[], { id: number; name: string }[]]>(db, [
    () => db('places').select('id', 'kind', 'name', 'code', 'state_id', 'country_id', 'continent_id', 'lat', 'lon'),
    () => db('taxonomy').select('id', 'name', 'type as tag'),
    () => db('investor_types').select('id', 'name', 'code as tag'),
    () => db('investment_stages').select('id', 'name', 'code as tag'),
    () => db('majors').select('id', 'name'),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [Number(r.id), r]));
  return {
    places: byId(places),
    taxonomy: byId(taxonomy),
    investorTypes: byId(investorTypes),
    stages: byId(stages),
    majors: new Map(majors.map((m) => [Number(m.id), m.name])),
  };
}

/** The cached reference tables (loaded on first use, or again when older than REF_TTL_MS or `stale`). */
export async function refTables(db: Knex, stale = false): Promise<RefTables> {
  const now = Date.now();
  let c = caches.get(db);
  if (!c || stale || now - c.at > REF_TTL_MS) {
    const tables = load(db);
    caches.set(db, (c = { at: now, tables }));
    // a failed load is not kept: the next call tries again
    tables.catch(() => caches.get(db) === c && caches.delete(db));
  }
  return c.tables;
}

/** Place kinds a filter value may name by code or name instead of the id (city names repeat across countries). */
const NAMED_PLACE_KINDS = new Set(['country', 'continent']);

/**
 * The filter enums whose values are reference rows, for src/query/compile.ts: investor types, and
 * the countries and continents by code and name (place keys take those beside the numeric id).
 */
export async function filterEnums(db: Knex): Promise<FilterEnums> {
  const t = await refTables(db);
  let enums = enumsOf.get(t);
  if (!enums) {
    const places = [...t.places.values()]
      .filter((p) => NAMED_PLACE_KINDS.has(p.kind) && p.code)
      .map((p) => ({ code: p.code!, name: p.name, id: Number(p.id), kind: p.kind }));
    enums = { investor_types: [...t.investorTypes.values()].map((r) => ({ code: r.tag, name: r.name })), places };
    enumsOf.set(t, enums);
  }
  return enums;
}

/**
 * The enums of each load of the tables, built once: one object while the tables last, so the
 * filters compiled with it can be kept with it (src/query/compile.ts `compileFilterCached`).
 */
const enumsOf = new WeakMap<RefTables, FilterEnums>();
