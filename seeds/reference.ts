/**
 * Reference data with their ids, built once from the static lists: places (continents 1..,
 * regions 10.., countries 100.., states 300.., cities 1000..; ids unique across the table),
 * taxonomy, investor types, stages, degrees, majors and currency rates, plus lookups the row
 * generators use.
 */
import { Sampler } from './random.js';
import { CITIES, CONTINENTS, COUNTRIES, FX_RATES, REGIONS, type CountryRef } from './ref-places.js';
import { DEGREES, INVESTOR_TYPES, LANDSCAPES, MAJORS, SECTORS, STAGES, TAXONOMY, TAXONOMY_TYPES, type SectorProfile } from './ref-taxonomy.js';

export interface PlaceRow {
  id: number;
  kind: 'city' | 'state' | 'country' | 'continent' | 'region';
  name: string;
  code: string | null;
  parent_id: number | null;
  country_id: number | null;
  continent_id: number | null;
  state_id: number | null;
  region_id: number | null;
  lat: number | null;
  lon: number | null;
}

export interface Country extends CountryRef {
  id: number;
  continentId: number;
  regionId: number;
  /** Local currency when it has a reference rate, otherwise USD. */
  fxCurrency: string;
}

export interface City {
  index: number;
  id: number;
  name: string;
  country: Country;
  stateId: number | null;
  stateName: string | null;
  lat: number;
  lon: number;
  weight: number;
}

export interface Sector extends SectorProfile {
  id: number;
  tagIds: number[];
  techIds: number[];
  clientIds: number[];
}

export interface Reference {
  places: PlaceRow[];
  countries: Country[];
  cities: City[];
  citySampler: Sampler<City>;
  cityByName: (name: string, iso2: string) => City;
  taxonomy: { id: number; name: string; type: string }[];
  taxIds: (type: string) => number[];
  taxId: (type: string, name: string) => number;
  sectors: Sector[];
  sectorSampler: Sampler<Sector>;
  sectorById: Map<number, Sector>;
  investorTypeId: (code: string) => number;
  stageId: (code: string) => number;
  degrees: string[];
  majors: string[];
  fx: Map<string, number>;
  landscapes: { slug: string; name: string; description: string; taxonomyIds: number[] }[];
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed reference data: unknown ${what}`);
  return value;
}

export function buildReference(): Reference {
  const places: PlaceRow[] = [];
  const place = (p: Partial<PlaceRow> & Pick<PlaceRow, 'id' | 'kind' | 'name'>) =>
    places.push({ code: null, parent_id: null, country_id: null, continent_id: null, state_id: null, region_id: null, lat: null, lon: null, ...p });

  const continentId = new Map<string, number>();
  CONTINENTS.forEach(([code, name], i) => {
    continentId.set(code, i + 1);
    place({ id: i + 1, kind: 'continent', name, code });
  });
  const regionId = new Map<string, number>();
  REGIONS.forEach(([name, cont], i) => {
    const id = 10 + i;
    regionId.set(name, id);
    const c = must(continentId.get(cont), `continent ${cont}`);
    place({ id, kind: 'region', name, parent_id: c, continent_id: c });
  });
  const fx = new Map(FX_RATES);
  const countries: Country[] = COUNTRIES.map((ref, i) => {
    const id = 100 + i;
    const cId = must(continentId.get(ref.continent), `continent ${ref.continent}`);
    const rId = must(regionId.get(ref.region), `region ${ref.region}`);
    place({ id, kind: 'country', name: ref.name, code: ref.iso2, parent_id: rId, continent_id: cId, region_id: rId });
    return { ...ref, id, continentId: cId, regionId: rId, fxCurrency: fx.has(ref.currency) ? ref.currency : 'USD' };
  });
  const countryByIso = new Map(countries.map((c) => [c.iso2, c]));
  const stateId = new Map<string, number>();
  let nextState = 300;
  const cities: City[] = CITIES.map(([name, iso2, state, lat, lon, weight], index) => {
    const country = must(countryByIso.get(iso2), `country ${iso2}`);
    let sId: number | null = null;
    if (state) {
      const key = `${iso2}|${state}`;
      sId = stateId.get(key) ?? null;
      if (sId === null) {
        sId = nextState++;
        stateId.set(key, sId);
        place({ id: sId, kind: 'state', name: state, parent_id: country.id, country_id: country.id, continent_id: country.continentId, region_id: country.regionId });
      }
    }
    return { index, id: 1000 + index, name, country, stateId: sId, stateName: state, lat, lon, weight };
  });
  for (const c of cities) {
    place({
      id: c.id, kind: 'city', name: c.name, parent_id: c.stateId ?? c.country.id, country_id: c.country.id,
      continent_id: c.country.continentId, state_id: c.stateId, region_id: c.country.regionId, lat: c.lat, lon: c.lon,
    });
  }
  places.sort((a, b) => a.id - b.id);

  const taxonomy: { id: number; name: string; type: string }[] = [];
  const byType = new Map<string, Map<string, number>>();
  for (const type of TAXONOMY_TYPES) {
    const m = new Map<string, number>();
    byType.set(type, m);
    for (const name of TAXONOMY[type]!) {
      const id = taxonomy.length + 1;
      taxonomy.push({ id, name, type });
      m.set(name, id);
    }
  }
  const taxId = (type: string, name: string) => must(byType.get(type)?.get(name), `taxonomy ${type}/${name}`);
  const taxIds = (type: string) => [...must(byType.get(type), `taxonomy type ${type}`).values()];
  const anyTax = (name: string) => must(taxonomy.find((t) => t.name === name)?.id, `taxonomy name ${name}`);

  const sectors: Sector[] = SECTORS.map((s) => ({
    ...s,
    id: taxId('sector', s.name),
    tagIds: s.tags.map((t) => taxId('industry_tag', t)),
    techIds: s.tech.map((t) => taxId('technology', t)),
    clientIds: s.clients.map((t) => taxId('client_focus', t)),
  }));
  const typeIds = new Map(INVESTOR_TYPES.map(([code], i) => [code, i + 1]));
  const stageIds = new Map(STAGES.map(([code], i) => [code, i + 1]));
  const cityKey = new Map(cities.map((c) => [`${c.name}|${c.country.iso2}`, c]));

  return {
    places,
    countries,
    cities,
    citySampler: new Sampler(cities, cities.map((c) => c.weight)),
    cityByName: (name, iso2) => must(cityKey.get(`${name}|${iso2}`), `city ${name}, ${iso2}`),
    taxonomy,
    taxIds,
    taxId,
    sectors,
    sectorSampler: new Sampler(sectors, sectors.map((s) => s.weight)),
    sectorById: new Map(sectors.map((s) => [s.id, s])),
    investorTypeId: (code) => must(typeIds.get(code), `investor type ${code}`),
    stageId: (code) => must(stageIds.get(code), `stage ${code}`),
    degrees: [...DEGREES],
    majors: [...MAJORS],
    fx,
    landscapes: LANDSCAPES.map(([slug, name, description, names]) => ({ slug, name, description, taxonomyIds: names.map(anyTax) })),
  };
}

/** Rows of the small reference tables, keyed by table. */
export function referenceRows(ref: Reference): Record<string, Record<string, unknown>[]> {
  return {
    places: ref.places as unknown as Record<string, unknown>[],
    taxonomy: ref.taxonomy,
    investor_types: INVESTOR_TYPES.map(([code, name]) => ({ id: ref.investorTypeId(code), name, code })),
    investment_stages: STAGES.map(([code, name]) => ({ id: ref.stageId(code), name, code })),
    degrees: ref.degrees.map((name, i) => ({ id: i + 1, name })),
    majors: ref.majors.map((name, i) => ({ id: i + 1, name })),
  };
}
