/**
 * Property-based contract test: starts the real server over a fresh tiny seed (SQLite by default,
 * `--db postgres` for an embedded PostgreSQL), gets a real token from the identity provider and
 * runs schemathesis (every check, every operation) against it. Exit code = schemathesis's.
 *
 *   tsx test/contract/run.ts [--db sqlite|postgres] [--max-examples N] [-- extra schemathesis args]
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundledDocument, bundleYaml } from '../../src/openapi/bundle.js';
import { spawnCounted } from '../tally.js';
import { exitWith, startSeededServer, type SeededServer } from './seeded-server.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const kind = opt('--db', 'sqlite');
const maxExamples = opt('--max-examples', '50');
const extra = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];

type Get = (p: string) => Promise<{ data: Record<string, unknown>[] }>;

/** GET through the seeded server's `call`, failing on anything but a 2xx. */
const getter =
  (call: SeededServer['call']): Get =>
  async (p) => {
    const r = await call('GET', p);
    if (r.status < 200 || r.status > 299) throw new Error(`GET ${p}: ${r.status}`);
    return r.body as { data: Record<string, unknown>[] };
  };

/** The id of the key the run authenticates with (hooks.py keeps schemathesis from revoking it). */
async function ownKeyId(get: Get): Promise<number> {
  const key = (await get('/platform/api-keys?limit=100')).data.find((k) => k.client_id === 'dev-client');
  if (!key) throw new Error('the development key is not listed');
  return Number(key.id);
}

/**
 * Identifiers that exist in the seeded database, read through the API itself, as schemathesis
 * dictionaries: half of the generated path ids come from them, so the detail and sub-resource
 * operations are exercised past their 404s. Every `/data/{collection}/{id}…` and
 * `/platform/{collection}/{id}` operation of openapi.yaml draws from its collection's list
 * (people and founders share ids).
 */
async function knownIds(get: Get): Promise<string> {
  const doc = bundledDocument() as Doc;
  const dictionaries = new Map<string, { values: string[]; ops: Set<string> }>();
  for (const [p, item] of Object.entries(doc.paths)) {
    const m = /^\/(data|platform)\/([a-z-]+)\/\{id\}/.exec(p);
    if (!m) continue;
    const name = `${m[1]}_${m[2]}`.replace(/-/g, '_');
    let d = dictionaries.get(name);
    if (!d) {
      // a collection without a list (imports) has no known ids; one whose list takes no limit is read whole
      const list = doc.paths[`/${m[1]}/${m[2]}`]?.get;
      const paged = (list?.parameters ?? []).some((q) => /Limit$/.test(q.$ref ?? '') || q.name === 'limit');
      const rows = list ? (await get(`/${m[1]}/${m[2]}${paged ? '?limit=20' : ''}`)).data : [];
      d = { values: rows.map((r) => String(r.uuid ?? r.id)), ops: new Set() };
      dictionaries.set(name, d);
    }
    for (const op of Object.values(item)) if (op.operationId) d.ops.add(op.operationId);
  }
  const filters = (await get('/reference/filters')).data as unknown as { keys: { key: string; values_url: string | null }[] }[];
  dictionaries.set('filter_keys', {
    values: [...new Set(filters.flatMap((s) => s.keys.filter((k) => k.values_url).map((k) => k.key)))],
    ops: new Set(['listFilterValues']),
  });
  let toml = '\n# appended by test/contract/run.ts\n' + semanticallyChecked(doc);
  for (const [name, d] of dictionaries) if (d.values.length) toml += `[dictionaries.${name}]\nvalues = ${JSON.stringify(d.values)}\n`;
  for (const [name, d] of dictionaries) {
    if (!d.values.length) continue;
    const param = name === 'filter_keys' ? 'path.key' : 'path.id';
    for (const op of d.ops) toml += binding(op, param, name);
  }
  // notes are created on an existing entity; the links then carry the new note's id
  if (dictionaries.get('data_entities')?.values.length) toml += binding('createNote', 'body.entity', 'data_entities');
  return toml;
}

const binding = (op: string, param: string, dictionary: string) =>
  `\n[[operations]]\ninclude-operation-id = "${op}"\nparameters = { "${param}" = { dictionary = "${dictionary}", probability = 0.5 } }\n`;

type Doc = { paths: Record<string, Record<string, { operationId?: string; parameters?: { $ref?: string; name?: string }[] }>> };

/**
 * Parameters whose validity JSON Schema cannot express: the filter grammar and its keys per scope,
 * signed cursors bound to a sort and filter, sort keys per list (openapi.yaml fixes the `sort` pattern for
 * all lists, and retired keys must reach the handler to be named), and `from` after `to`. A
 * schema-valid value can still be refused with 400 and a precise message there, so for these
 * operations 400 is an expected answer to generated "valid" data; every other check still applies.
 */
/**
 * Operations whose request validity JSON Schema cannot express either: a match needs at least one input
 * (in the query, or in each query of a batch), and a webhook's `filter` is in the filter grammar.
 */
const SEMANTIC_BODIES = new Set(['matchEntity', 'matchEntities', 'createWebhook']);

function semanticallyChecked(doc: Doc): string {
  const semantic = /#\/components\/parameters\/(Filter|Cursor|Sort)$/;
  let toml = '';
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      const params = op.parameters ?? [];
      if (!op.operationId) continue;
      if (!SEMANTIC_BODIES.has(op.operationId) && !params.some((p) => semantic.test(p.$ref ?? '') || p.name === 'from' || p.name === 'to')) continue;
      toml += `\n[[operations]]\ninclude-operation-id = "${op.operationId}"\n`;
      toml += 'checks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx"]\n';
    }
  }
  return toml;
}

/** schemathesis's closing summary: `N generated, P passed[, F failed]…` (skipped cases are apart). */
function caseCounts(output: string): { passed: number; failed: number } | undefined {
  const m = /(\d+) generated, (\d+) passed/.exec(output);
  if (!m) return undefined;
  return { passed: Number(m[2]), failed: Number(m[1]) - Number(m[2]) };
}

async function main(): Promise<number> {
  const { server, token, call, dir, close } = await startSeededServer({ db: kind === 'postgres' ? 'postgres' : 'sqlite', seed: 7, name: 'contract' });
  try {
    const configFile = path.join(dir, 'schemathesis.toml');
    // the bundle of the files as they are now (openapi.yaml with its examples inlined), never a stale copy
    const spec = path.join(dir, 'openapi.bundled.yaml');
    fs.writeFileSync(spec, bundleYaml(bundledDocument()));
    const get = getter(call);
    const keyId = await ownKeyId(get);
    // a second key of the team, so generated revocations have a real key to revoke
    const spare = await call('POST', '/platform/api-keys', { label: 'contract spare', scopes: ['read:entities'] });
    if (spare.status !== 201) throw new Error(`POST /platform/api-keys: ${spare.status}`);
    fs.writeFileSync(configFile, fs.readFileSync('test/contract/schemathesis.toml', 'utf8') + (await knownIds(get)));
    const bin = path.resolve('.venv/bin/schemathesis');
    const st = [
      '--config-file', configFile,
      'run', spec, '-u', server.baseUrl,
      '-H', `Authorization: Bearer ${token}`, '-H', 'X-Client-Id: dev-client',
      // every check but missing_required_header: Authorization and X-Client-Id are global headers here,
      // which that check cannot take away (it reads complete requests as missing-header ones); both
      // missing headers are tested in test/integration/auth.test.ts
      '-c', 'all', '--exclude-checks', 'missing_required_header', '--max-examples', maxExamples, '--seed', '1',
      ...extra,
    ];
    process.stderr.write(`schemathesis against ${server.baseUrl} (${kind})\n`);
    // hooks.py keeps the run from revoking its own key; PYTHONPATH makes it importable by module name
    const env = { ...process.env, SCHEMATHESIS_HOOKS: 'hooks', PYTHONPATH: path.resolve('test/contract'), CONTRACT_KEY_ID: String(keyId) };
    return await spawnCounted(`schemathesis-${kind}`, bin, st, env, caseCounts);
  } finally {
    await close();
  }
}

exitWith(main);
