/**
 * What generators of other languages read from openapi.yaml.
 *
 * Every integer of openapi.yaml that can pass 2^31 (money, totals, sums, counts) declares
 * `format: int64`: without it Java, Kotlin, Go, Rust and C# generators make 32-bit fields, and an
 * amount of 2,600,000,000 reads as -1,694,967,296 (okhttp-gson) or fails to decode. Every number
 * declares `format: double`: without it Go makes float32, and a sum of 26,332,253,400 reads as
 * 26,332,254,000. An enum with the value `name` names its constants (`x-enum-varnames`): a Kotlin
 * enum constant `name` does not compile.
 */
import { expect, it } from 'vitest';
import YAML from 'yaml';
import { bundledDocument } from '../../src/openapi/bundle.js';
import { snake } from '../../src/http/samples.js';
import { LATEST_VERSION } from '../../src/versions/table.js';

/** Integers that stay small by nature: identifiers, page positions, ranks, scores, calendar parts. */
const SMALL = /^(id|.+_id|.+_ids|limit|offset|position|rank|score|shared_.+|year|month|top_n|vintage_year)$/;
const INT32_MAX = 2 ** 31 - 1;

type Json = Record<string, any>;

/** The places of integer schemas that may pass 2^31 without `format: int64`, and of numbers without `format: double`. */
function narrowPlaces(doc: Json): string[] {
  const found: string[] = [];
  const visit = (node: unknown, name: string, at: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, name, `${at}/${i}`));
    if (!node || typeof node !== 'object') return;
    const s = node as Json;
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const bounded = typeof s.maximum === 'number' && s.maximum <= INT32_MAX;
    if (types.includes('integer') && s.format !== 'int64' && !bounded && !SMALL.test(name)) found.push(at);
    if (types.includes('number') && s.format !== 'double') found.push(at);
    for (const [k, v] of Object.entries(s)) {
      if (k === 'example' || k === 'examples') continue;
      if (k === 'properties') for (const [p, sub] of Object.entries<unknown>(v as Json)) visit(sub, p, `${at}/properties/${p}`);
      else if (['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'schema', 'content', 'responses', 'headers'].includes(k) || /^(\d{3}|default|application\/.+)$/.test(k))
        visit(v, name, `${at}/${k}`);
    }
  };
  for (const [n, s] of Object.entries<unknown>(doc.components?.schemas ?? {})) visit(s, n, `#/components/schemas/${n}`);
  for (const [n, r] of Object.entries<unknown>(doc.components?.responses ?? {})) visit(r, n, `#/components/responses/${n}`);
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {}))
    for (const [m, op] of Object.entries<Json>(item)) if (op?.responses) visit(op.responses, m, `${m.toUpperCase()} ${p}`);
  return found;
}

it('finds a 32-bit money field, total or count and a number without double precision, inline or shared', () => {
  const doc = YAML.parse(`
paths:
  /x:
    get:
      responses:
        '200':
          content:
            application/json:
              schema:
                type: object
                properties:
                  grand_total: {type: integer}
                  cells: {type: array, items: {type: array, items: {type: integer}}}
                  id: {type: integer}
                  month: {type: integer, maximum: 12}
                  share: {type: [number, 'null']}
                  lat: {type: number, format: double}
components:
  schemas:
    Money: {type: [integer, 'null'], minimum: 0}
    Wide: {type: object, properties: {count: {type: integer, format: int64}, amount: {anyOf: [{type: integer}, {const: null}]}}}
`);
  expect(narrowPlaces(doc)).toEqual([
    '#/components/schemas/Money',
    '#/components/schemas/Wide/properties/amount/anyOf/0',
    'GET /x/200/content/application/json/schema/properties/grand_total',
    'GET /x/200/content/application/json/schema/properties/cells/items/items',
    'GET /x/200/content/application/json/schema/properties/share',
  ]);
});

it('openapi.yaml declares every money field, total and count as int64 and every number as double', () => {
  const doc = bundledDocument();
  expect(narrowPlaces(doc)).toEqual([]);
});

it('info.version is the SemVer of the latest API version, which x-api-version names', () => {
  // package managers (Cargo, npm, NuGet) take info.version as a package version: a date is not SemVer
  const doc = bundledDocument();
  expect(doc.info['x-api-version']).toBe(LATEST_VERSION);
  expect(doc.info.version).toBe(LATEST_VERSION.split('-').map(Number).join('.'));
  expect(doc.info.version).toMatch(/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/);
});

/** Enum values Kotlin cannot name a constant after: the members every Kotlin `Enum` has. */
const KOTLIN_ENUM_MEMBERS = new Set(['name', 'ordinal']);

/** The places of enums (schemas, parameters, anywhere) with such a value and no `x-enum-varnames`. */
function unnamedKotlinClashes(node: unknown, at = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => unnamedKotlinClashes(n, `${at}/${i}`));
  if (!node || typeof node !== 'object') return [];
  const s = node as Json;
  const here = Array.isArray(s.enum) && s.enum.some((v: unknown) => KOTLIN_ENUM_MEMBERS.has(v as string)) && !Array.isArray(s['x-enum-varnames']) ? [at] : [];
  return [...here, ...Object.entries(s).filter(([k]) => k !== 'example' && k !== 'examples').flatMap(([k, v]) => unnamedKotlinClashes(v, `${at}/${k}`))];
}

it('an enum with a value named like a member of Kotlin\'s Enum (`name`) names its constants', () => {
  // openapi-generator kotlin makes `enum class X { name("name") }`: "Conflicting declarations", no compile
  expect(unnamedKotlinClashes(YAML.parse(`
components:
  parameters:
    Sort: {name: sort, in: query, schema: {type: string, enum: [name, -name, added_at]}}
  schemas:
    Named: {type: string, enum: [name, domain], x-enum-varnames: [NAME, DOMAIN]}
    Other: {type: string, enum: [domain]}
`))).toEqual(['#/components/parameters/Sort/schema']);
  expect(unnamedKotlinClashes(bundledDocument())).toEqual([]);
});

it('every tag reads as its words in a generated package or class name (openapi-python-client: `NGOs` -> `ng_os`)', () => {
  const doc = bundledDocument();
  const tags = new Set<string>([...(doc.tags ?? []).map((t: Json) => t.name as string)]);
  for (const item of Object.values(doc.paths as Json)) for (const op of Object.values(item as Json)) for (const t of (op as Json)?.tags ?? []) tags.add(t);
  const words = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  expect(snake('Government and NGOs')).not.toBe(words('Government and NGOs'));
  expect([...tags].filter((t) => snake(t) !== words(t))).toEqual([]);
});

it('no query parameter is a string of digits only: generated clients would take text for a number (`top_n`)', () => {
  const doc = bundledDocument();
  const deref = (x: Json): Json => (typeof x?.$ref === 'string' ? (x.$ref.slice(2).split('/').reduce((a: Json, k: string) => a[k], doc) as Json) : x);
  const digitsOnly = (s: Json) => s.type === 'string' && typeof s.pattern === 'string' && new RegExp(s.pattern).test('15') && !/[a-z]/i.test(s.pattern.replace(/\\d/g, ''));
  const found = new Set<string>();
  for (const item of Object.values(doc.paths as Json))
    for (const op of Object.values(item as Json))
      for (const p of ((op as Json)?.parameters ?? []).map(deref)) if (p.in === 'query' && digitsOnly(deref(p.schema ?? {}))) found.add(p.name);
  expect([...found]).toEqual([]);
});
