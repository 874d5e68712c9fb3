/**
 * The path id examples of openapi.yaml (and the entity of the createNote example), and the path ids
 * of the code samples (x-codeSamples, the Postman collection: read from the response examples that
 * link to an operation) are records of the demo seed, the data a fresh `make run` serves, of the kind
 * each path reads. Checked against the seed's deterministic generator without a database: the demo
 * generation runs into a writer that only looks at the rows and stops once every example was met (the
 * people, investors and the first companies: about 9 s of one core, too long for the unit loop; seeding
 * demo takes minutes). test/integration/parameter-examples.test.ts calls the same examples over HTTP on the tiny seed;
 * both hold because an entity's uuid is the rank within its series (seeds/context.ts): the examples
 * are the first of each series, and the response examples (captured on tiny) name ranks demo has too.
 */
import knex from 'knex';
import { expect, it } from 'vitest';
import { createCtx, seededUuid, UUID_SERIES, type ScaleName, type UuidSeries } from '../../seeds/context.js';
import { DEFAULT_SEED, generate } from '../../seeds/index.js';
import { buildReference } from '../../seeds/reference.js';
import type { Row, TableName } from '../../seeds/writer.js';
import { operationSamples } from '../../src/http/samples.js';
import { bundledDocument } from '../../src/openapi/bundle.js';

type Json = Record<string, any>;
const doc = bundledDocument() as Json;
const deref = (p: Json): Json => (p.$ref ? doc.components.parameters[String(p.$ref).split('/').pop()!] : p);

/** What the collection of a path reads: the seeded table and which of its rows. */
const COLLECTIONS: Record<string, { table: TableName; holds?: (row: Row) => boolean }> = {
  '/data/entities': { table: 'entities' },
  '/data/companies': { table: 'entities', holds: (r) => r.subtype === 'company' },
  '/data/investors': { table: 'entities', holds: (r) => r.is_investor === true },
  '/data/universities': { table: 'entities', holds: (r) => r.subtype === 'university' },
  '/data/gov-ngo': { table: 'entities', holds: (r) => r.subtype === 'gov_ngo' },
  '/data/people': { table: 'entities', holds: (r) => r.type === 'person' },
  '/data/founders': { table: 'entities', holds: (r) => r.type === 'person' && r.is_founder === true },
  '/data/transactions': { table: 'transactions' },
  '/data/funds': { table: 'funds' },
  '/data/jobs': { table: 'jobs' },
  '/data/valuations': { table: 'valuations' },
  '/data/news': { table: 'news' },
  // the development key's team
  '/data/notes': { table: 'notes', holds: (r) => r.team_id === 1 },
  '/platform/teams': { table: 'teams' },
  '/platform/api-keys': { table: 'api_keys' },
};
/** Path parameters no seed holds: a filter key and an aggregate's source (choices of the document). */
const NOT_SEEDED = new Set(['/reference/filters/{key}', '/analytics/aggregate/{source}']);

interface Wanted {
  where: string;
  value: string;
  table: TableName;
  holds?: (row: Row) => boolean;
}

/**
 * Every path parameter example and every path id of a GET operation's code sample, with the rows it
 * must name, and the createNote example's entity.
 */
function wanted(): { wanted: Wanted[]; unmapped: string[] } {
  const out: Wanted[] = [];
  const unmapped: string[] = [];
  const want = (where: string, path: string, name: string, value: unknown) => {
    const at = path.slice(0, path.indexOf(`/{${name}}`));
    if (NOT_SEEDED.has(`${at}/{${name}}`)) return;
    const c = COLLECTIONS[at];
    if (!c) unmapped.push(where);
    else out.push({ where, value: String(value), ...c });
  };
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (method === 'parameters' || typeof op !== 'object') continue;
      for (const p of [...((item as Json).parameters ?? []), ...((op as Json).parameters ?? [])].map(deref)) {
        const value = p.example ?? p.schema?.example;
        if (p.in === 'path' && value !== undefined) want(`${method} ${path}`, path, p.name, value);
      }
    }
  }
  for (const s of operationSamples(doc, { baseUrl: '', authUrl: '' })) {
    if (s.method !== 'get' || Object.keys(s.env).length) continue;
    const template = s.path.split('/');
    s.url.split('/').forEach((part, i) => {
      const name = /^\{(.+)\}$/.exec(template[i]!)?.[1];
      if (name) want(`sample of ${s.operationId}`, s.path, name, decodeURIComponent(part));
    });
  }
  out.push({ where: 'NoteCreate.entity', value: String(doc.components.schemas.NoteCreate.properties.entity.example), table: 'entities' });
  return { wanted: out, unmapped };
}

class Found extends Error {}

/**
 * Runs the seed's generation at `scale` into a writer that keeps no row and stops it once each of
 * `want` met a row it names (by uuid for entities, by id otherwise) of the kind it needs; returns
 * the ones never met.
 */
async function unmet(scale: ScaleName, want: Wanted[]): Promise<string[]> {
  const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  const ctx = createCtx(db, DEFAULT_SEED, scale, buildReference(), false);
  const open = new Set(want);
  const look = (table: string, row: Row) => {
    for (const w of open) {
      if (w.table !== table || String(table === 'entities' ? row.uuid : row.id) !== w.value) continue;
      if (w.holds && !w.holds(row)) continue;
      open.delete(w);
    }
    if (open.size === 0) throw new Found();
  };
  ctx.w.add = (table, row) => look(table, row);
  ctx.w.addAll = (table, rows) => rows.forEach((row) => look(table, row));
  ctx.w.flush = ctx.w.maybeFlush = async () => {};
  try {
    await generate(ctx);
  } catch (err) {
    if (!(err instanceof Found)) throw err;
  } finally {
    await ctx.w.close();
    await db.destroy();
  }
  return [...open].map((w) => `${w.where}: ${w.value}`);
}

it('every path id example names a seeded collection', () => {
  const { wanted: all, unmapped } = wanted();
  expect(unmapped).toEqual([]);
  expect(all.length).toBeGreaterThan(30);
});

it('the entity examples are the first record of a uuid series (the same uuid at every scale)', () => {
  const firsts = new Set((Object.keys(UUID_SERIES) as UuidSeries[]).map((s) => seededUuid(DEFAULT_SEED, s, 1)));
  const entities = wanted().wanted.filter((w) => w.table === 'entities' && !w.where.startsWith('sample of'));
  expect(entities.filter((w) => !firsts.has(w.value)).map((w) => `${w.where}: ${w.value}`)).toEqual([]);
});

it('every path id example and code sample id is a record of the demo seed (a fresh `make run`) of the kind its path reads', async () => {
  expect(await unmet('demo', wanted().wanted)).toEqual([]);
}, 120_000);

it('and of the tiny seed (the tests)', async () => {
  expect(await unmet('tiny', wanted().wanted)).toEqual([]);
}, 60_000);
