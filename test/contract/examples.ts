/**
 * Response examples for openapi.yaml, captured from the real server over the tiny seed, so the
 * reference and Prism mocks show real-looking data:
 *
 *   tsx test/contract/examples.ts [--check] [--file openapi.yaml]
 *
 * Every GET operation is called with its path ids taken from its parent collection (`/x/{id}/...`
 * reads `/x?limit=1`), required query parameters from their example, default or first enum value,
 * and `limit=2`; POST operations send the bodies below. The 2xx body becomes the response's
 * `example`; shared error responses get a fixed example when they have none. `--check` only reports
 * operations without an example (exit 1 if any). Redocly lint validates every example against its schema.
 */
import fs from 'node:fs';
import YAML, { type Scalar, type YAMLMap } from 'yaml';
import { queryTimeout } from '../../src/errors.js';
import { parameterRef } from '../../src/openapi/exports.js';
import { unfoldJson } from '../../src/openapi/shorthand.js';
import { exitWith, startSeededServer } from './seeded-server.js';

type Json = Record<string, any>;
const FILE = process.argv.includes('--file') ? process.argv[process.argv.indexOf('--file') + 1]! : 'openapi.yaml';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The document's own endpoints: their example would be the document itself. */
const SKIP = new Set(['getOpenApiJson', 'getOpenApiYaml']);

/** Bodies for write operations (by operationId); a fresh suffix keeps slugs unique. */
const BODIES: Record<string, (n: number, entity: string) => unknown> = {
  createTeam: (n) => ({ name: 'Northwind Ventures', slug: `northwind-${n}` }),
  createApiKey: () => ({ label: 'Data warehouse sync', scopes: ['read:transactions', 'read:entities'] }),
  createNote: (_n, entity) => ({ entity, body: 'Met the founders at Web Summit; follow up after their Series A closes.' }),
  updateNote: () => ({ body: 'Series A closed in March; intro call booked with the CFO.' }),
};

/** Required query parameters without an example in the document (the geo bounding box: the world). */
const QUERY: Record<string, string> = { min_lat: '-90', max_lat: '90', min_lon: '-180', max_lon: '180' };

/**
 * Operations shown under several requests (named `examples`, which Prism serves with
 * `Prefer: example=<name>`): money in a few currencies, the heatmap for realistic axis pairs.
 */
const CURRENCIES = ['USD', 'EUR', 'JPY'].map((c) => ({ name: c, summary: `Money in ${c}`, query: { currency: c } }));
const VARIANTS: Record<string, { name: string; summary: string; query: Record<string, string> }[]> = {
  listTransactions: CURRENCIES,
  getTransaction: CURRENCIES,
  getCompany: CURRENCIES,
  listFunds: CURRENCIES,
  getFundingHeatmap: [
    ['round_year', 'standardized_round'], ['round_year', 'sector'], ['country', 'standardized_round'],
    ['continent', 'round_year'], ['investor_type', 'sector'],
  ].map(([x, y]) => ({ name: `${x}_by_${y}`, summary: `x=${x}, y=${y}`, query: { x: x!, y: y!, top_n_x: '4', top_n_y: '4' } })),
};
/** Query parameters that find something in the tiny seed (the search term: a company's name). */
const FINDS: Record<string, (name: string) => Record<string, string>> = { searchEntities: (name) => ({ q: name.slice(0, 4) }) };

/** Fixed examples for shared error responses that have none. */
const ERROR_EXAMPLES: Record<string, [string, string, unknown]> = {
  UnprocessableEntity: ['VALIDATION_ERROR', 'Request validation failed', [{ path: 'query.limit', message: 'must be <= 2000' }]],
  CreditsExhausted: ['CREDITS_EXHAUSTED', 'Your team has no credits left', null],
  Forbidden: ['FORBIDDEN', 'This token lacks the read:funding scope', null],
  NotFound: ['NOT_FOUND', 'No transaction with id 999999999', null],
  Conflict: ['CONFLICT', 'The slug acme is taken', null],
  IdempotencyKeyReused: ['IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request; use a new key for a new request', null],
  PayloadTooLarge: ['PAYLOAD_TOO_LARGE', 'Request bodies are limited to 102400 bytes', null],
  UnsupportedMediaType: ['UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/json', null],
  RateLimited: ['RATE_LIMITED', 'Rate limit exceeded; retry after 1 s', null],
  InternalServerError: ['INTERNAL_SERVER_ERROR', 'Unexpected error; the request id identifies it in our logs', null],
  ServiceUnavailable: ['SERVICE_UNAVAILABLE', 'The database is unavailable; retry with backoff', null],
  QueryTimeout: ['QUERY_TIMEOUT', queryTimeout().message, null],
};

/**
 * A captured body without its page cursors: a cursor is signed by the install that issued it, so one
 * in an example would be refused ("Invalid cursor") by every other install and by a fresh `make run`.
 */
function withoutCursors(body: Json): Json {
  const page = body?.page as Json | undefined;
  if (!page || typeof page !== 'object') return body;
  return { ...body, page: { ...page, ...('next_cursor' in page ? { next_cursor: null } : {}), ...('prev_cursor' in page ? { prev_cursor: null } : {}) } };
}

function firstValue(doc: Json, ref: Json | undefined): string | undefined {
  const schema = ref && resolve(doc, ref);
  if (!schema) return undefined;
  const v = schema.example ?? schema.default ?? schema.enum?.[0] ?? schema.const;
  return v === undefined ? undefined : String(v);
}

function resolve(doc: Json, o: Json): Json {
  return typeof o?.$ref === 'string' ? (o.$ref.slice(2).split('/').reduce((a: Json, k: string) => a[k], doc) as Json) : o;
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  // `x-json` responses in their long form, where examples are captured (`make examples` folds them back)
  const text = unfoldJson(fs.readFileSync(FILE, 'utf8'));
  const ydoc = YAML.parseDocument(text);
  const doc = ydoc.toJS() as Json;

  const missing: string[] = [];
  const successOf = (op: Json) => Object.keys(op.responses ?? {}).find((c) => /^2\d\d$/.test(c) && op.responses[c].content?.['application/json']);
  if (check) {
    for (const [p, item] of Object.entries(doc.paths as Json))
      for (const m of METHODS) {
        const op = (item as Json)[m];
        const code = op && successOf(op);
        const media = code ? op.responses[code].content['application/json'] : undefined;
        if (code && !SKIP.has(op.operationId) && media.example === undefined && media.examples === undefined && media['x-example'] === undefined)
          missing.push(`${m.toUpperCase()} ${p}`);
      }
    for (const m of missing) console.error(`no example: ${m}`);
    return missing.length ? 1 : 0;
  }

  const { call, close } = await startSeededServer({ db: 'sqlite', name: 'examples' });
  try {
    /** The first row's id of a collection (uuid for entities, id otherwise). */
    const firstId = async (collection: string): Promise<string | undefined> => {
      const r = await call('GET', `${collection}?limit=1`);
      const row = Array.isArray(r.body?.data) ? r.body.data[0] : undefined;
      return row ? String(row.uuid ?? row.id ?? row.key) : undefined;
    };
    /** Up to `n` row ids of a collection, to find one whose sub-resource has rows. */
    const firstIds = async (collection: string, n: number): Promise<string[]> => {
      const r = await call('GET', `${collection}?limit=${n}`);
      return Array.isArray(r.body?.data) ? r.body.data.map((row: Json) => String(row.uuid ?? row.id ?? row.key)) : [];
    };
    const entity = (await firstId('/data/entities')) ?? '';
    const companyName = String((await call('GET', '/data/companies?limit=1')).body?.data?.[0]?.name ?? 'a');
    let n = 0;
    /** A resource made for the purpose in a collection that has none yet (team notes). */
    const madeFor = async (collection: string): Promise<string | undefined> => {
      const make = BODIES[doc.paths[collection]?.post?.operationId ?? ''];
      const made = make ? await call('POST', collection, make(++n, entity)) : undefined;
      return made?.body?.data?.id !== undefined ? String(made.body.data.id) : undefined;
    };
    const edits: { from: number; to: number; text: string }[] = [];
    /**
     * Sets `example` (one line of JSON, which is YAML) in the mapping at `at` by editing the text, so
     * the hand-written document keeps its layout: an existing example line is replaced, otherwise
     * the line is added after the mapping's last entry.
     */
    const setExample = (at: (string | number)[], value: unknown) => {
      const map = ydoc.getIn(at, true) as YAMLMap | undefined;
      if (!map?.range || !map.items.length) throw new Error(`no mapping at ${at.join(' > ')}`);
      const json = JSON.stringify(value);
      const existing = map.items.find((i) => (i.key as Scalar).value === 'example');
      // named examples, or the single one's file (`x-example`): the captured example replaces them
      const several = map.items.find((i) => ['examples', 'x-example'].includes(String((i.key as Scalar).value)));
      if (several) {
        // a single example replaces the named ones
        const from = (several.key as Scalar).range![0];
        edits.push({ from, to: (several.value as Scalar).range![2], text: `example: ${json}\n` });
      } else if (existing) {
        edits.push({ from: (existing.value as Scalar).range![0], to: (existing.value as Scalar).range![1], text: json });
      } else {
        const keyAt = (map.items[0]!.key as Scalar).range![0];
        const indent = ' '.repeat(keyAt - text.lastIndexOf('\n', keyAt - 1) - 1);
        edits.push({ from: map.range[1], to: map.range[1], text: `${indent}example: ${json}\n` });
      }
    };
    /** Sets `examples` (named, one line of JSON each) in place of `example` in the mapping at `at`. */
    const setExamples = (at: (string | number)[], named: { name: string; summary: string; value: unknown }[]) => {
      const map = ydoc.getIn(at, true) as YAMLMap;
      const keyAt = (map.items[0]!.key as Scalar).range![0];
      const indent = ' '.repeat(keyAt - text.lastIndexOf('\n', keyAt - 1) - 1);
      const block = `examples:\n${named.map((e) => `${indent}  ${e.name}:\n${indent}    summary: ${JSON.stringify(e.summary)}\n${indent}    value: ${JSON.stringify(e.value)}\n`).join('')}`;
      const old = map.items.find((i) => ['example', 'examples', 'x-example'].includes(String((i.key as Scalar).value)));
      if (old) edits.push({ from: (old.key as Scalar).range![0], to: (old.value as Scalar).range![2], text: block });
      else edits.push({ from: map.range![1], to: map.range![1], text: `${indent}${block}` });
    };
    let created = 0;
    for (const [p, item] of Object.entries(doc.paths as Json)) {
      for (const m of METHODS) {
        const op = (item as Json)[m];
        const code = op && successOf(op);
        if (!code || SKIP.has(op.operationId)) continue;
        // the shorthand's parameter names (`x-parameters`, a bare name in `parameters`) are references too
        const params = [item as Json, op as Json]
          .flatMap((o) => [...(o['x-parameters'] ?? []), ...(o.parameters ?? [])])
          .map((x: unknown) => resolve(doc, parameterRef(x)));
        let url = p;
        let ok = true;
        let candidates: string[] = [];
        for (const prm of params.filter((x: Json) => x.in === 'path')) {
          const parent = p.slice(0, p.indexOf(`/{${prm.name}}`));
          let value: string | undefined;
          // writes act on a resource made for the purpose, never on an existing one (the dev key!)
          if (m !== 'get') value = await madeFor(parent);
          else if (prm.name === 'key') value = 'round_type';
          else if (resolve(doc, prm.schema ?? {}).enum) value = firstValue(doc, prm.schema); // a choice such as the aggregate source
          else {
            // a list under one parent row: the first of the parent's rows whose list has rows
            candidates = /^list/.test(op.operationId) && !parent.includes('{') ? (await firstIds(parent, 100)).slice(1) : [];
            value = (await firstId(parent)) ?? (await madeFor(parent)) ?? (parent === '/data/people' ? await firstId('/data/founders') : undefined);
          }
          if (value === undefined) ok = false;
          else url = url.replace(`{${prm.name}}`, encodeURIComponent(value));
        }
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries(FINDS[op.operationId]?.(companyName) ?? {})) query.set(k, v);
        for (const prm of params.filter((x: Json) => x.in === 'query')) {
          if (query.has(prm.name)) continue;
          if (prm.name === 'limit') query.set('limit', '2');
          else if (prm.required) {
            const v = QUERY[prm.name] ?? firstValue(doc, prm.schema);
            if (v === undefined) ok = false;
            else query.set(prm.name, v);
          }
        }
        if (!ok) {
          missing.push(`${m.toUpperCase()} ${p} (no id to call it with)`);
          continue;
        }
        const body = m === 'post' || m === 'put' || m === 'patch' ? BODIES[op.operationId]?.(++n, entity) : undefined;
        let r = await call(m.toUpperCase(), `${url}${query.size ? `?${query}` : ''}`, body);
        for (const other of candidates) {
          if (!(Array.isArray(r.body?.data) && r.body.data.length === 0)) break;
          const pathId = params.find((x: Json) => x.in === 'path')!.name as string;
          r = await call('GET', `${p.replace(`{${pathId}}`, encodeURIComponent(other))}${query.size ? `?${query}` : ''}`);
        }
        if (String(r.status) !== code || r.body === null) {
          missing.push(`${m.toUpperCase()} ${p} -> ${r.status}`);
          continue;
        }
        const at = ['paths', p, m, 'responses', code, 'content', 'application/json'];
        const variants = VARIANTS[op.operationId];
        if (variants) {
          const named = [];
          for (const v of variants) {
            const q = new URLSearchParams(query);
            for (const [k, val] of Object.entries(v.query)) q.set(k, val);
            const rv = await call('GET', `${url}?${q}`);
            if (String(rv.status) === code) named.push({ name: v.name, summary: v.summary, value: withoutCursors(rv.body) });
            else missing.push(`${m.toUpperCase()} ${p} (${v.name}) -> ${rv.status}`);
          }
          setExamples(at, named);
        } else setExample(at, withoutCursors(r.body));
        created++;
      }
    }
    for (const [name, [code, message, details]] of Object.entries(ERROR_EXAMPLES)) {
      const at = ['components', 'responses', name, 'content', 'application/json'];
      if (doc.components?.responses?.[name] && ydoc.getIn([...at, 'example']) === undefined) setExample(at, { error: { code, message, details } });
    }
    let out = text;
    for (const e of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.text + out.slice(e.to);
    fs.writeFileSync(FILE, out);
    console.log(`${created} response examples written to ${FILE}`);
    for (const m of missing) console.error(`not captured: ${m}`);
    return 0;
  } finally {
    await close();
  }
}

exitWith(main);
