/**
 * Loads the 2013 Crunchbase company list (`crunchbase-companies.csv`, CC BY, see its LICENSE.txt)
 * into a migrated, empty database as company entities: name, Crunchbase link, category code as
 * taxonomy, headquarters city and country (places made from the file's own codes and names).
 * For the evaluations only (test/eval/run.ts): the product loads data through its import engine.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Knex } from 'knex';

export const CRUNCHBASE_2013 = new URL('../../../shared/data/crunchbase-2013/crunchbase-companies.csv', import.meta.url);

export interface Company2013 {
  permalink: string;
  name: string;
  category: string | null;
  country: string | null;
  city: string | null;
}

/** RFC 4180 fields; the file ends its lines with a bare CR. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

export function readCompanies(file: URL = CRUNCHBASE_2013): Company2013[] {
  const [head, ...rows] = parseCsv(fs.readFileSync(file, 'utf8'));
  const col = (n: string) => head!.indexOf(n);
  const [p, n, c, co, ci] = ['permalink', 'name', 'category_code', 'country_code', 'city'].map(col);
  return rows
    .filter((r) => r.length >= head!.length && r[n!]!.trim() && r[p!]!.startsWith('/company/'))
    .map((r) => ({
      permalink: r[p!]!.slice('/company/'.length),
      name: r[n!]!.trim(),
      category: r[c!]!.trim() || null,
      country: r[co!]!.trim() || null,
      city: r[ci!]!.trim() || null,
    }));
}

const at = '2013-12-01T00:00:00.000Z';

/** Writes the companies (ids from 1, in file order) with their places and categories; returns the companies written. */
export async function loadCompanies(db: Knex, companies: Company2013[]): Promise<(Company2013 & { id: number })[]> {
  const places = new Map<string, number>();
  const placeRows: Record<string, unknown>[] = [];
  const place = (kind: 'country' | 'city', name: string, countryId: number | null) => {
    const key = `${kind}:${countryId ?? ''}:${name.toLowerCase()}`;
    let id = places.get(key);
    if (id === undefined) {
      id = placeRows.length + 1;
      places.set(key, id);
      placeRows.push({ id, kind, name, code: kind === 'country' ? name : null, parent_id: countryId, country_id: countryId });
    }
    return id;
  };
  const categories = new Map<string, number>();
  const out: (Company2013 & { id: number })[] = [];
  const entities: Record<string, unknown>[] = [];
  const taxonomy: Record<string, unknown>[] = [];
  companies.forEach((c, i) => {
    const id = i + 1;
    const countryId = c.country ? place('country', c.country, null) : null;
    const cityId = c.city ? place('city', c.city, countryId) : null;
    entities.push({
      id, uuid: crypto.createHash('sha256').update(c.permalink).digest('hex').replace(/^(.{8})(.{4})(.{3})(.{3})(.{12}).*/, '$1-$2-4$3-8$4-$5'),
      type: 'organization', subtype: 'company', name: c.name, name_lower: c.name.toLowerCase(),
      link_crunchbase: `https://www.crunchbase.com/organization/${c.permalink}`,
      hq_country_id: countryId, hq_city_id: cityId, added_at: at, updated_at: at,
    });
    if (c.category) {
      if (!categories.has(c.category)) categories.set(c.category, categories.size + 1);
      taxonomy.push({ entity_id: id, taxonomy_id: categories.get(c.category) });
    }
    out.push({ ...c, id });
  });
  const chunks = async (table: string, rows: Record<string, unknown>[]) => {
    for (let i = 0; i < rows.length; i += 200) await db(table).insert(rows.slice(i, i + 200));
  };
  await chunks('places', placeRows);
  await chunks('taxonomy', [...categories].map(([name, id]) => ({ id, name, type: 'category' })));
  await chunks('entities', entities);
  await chunks('entity_taxonomy', taxonomy);
  return out;
}
