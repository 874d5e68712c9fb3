/**
 * Keeps openapi.yaml readable: moves every large inline response example into `openapi/examples/`
 * (the Example Object's `externalValue`, or `x-example` for a media type's single `example`), cuts the per-subtype schemas back to their `x-flatten` stub,
 * deletes example files nothing names, and writes the bundle (`generated/openapi.bundled.yaml`,
 * src/openapi/bundle.ts). Re-runnable: whatever adds an inline example (test/contract/examples.ts,
 * scripts/csv-examples.ts, a hand edit) is moved out by the next run; a second run changes nothing.
 *
 *   tsx scripts/split-examples.ts [--check]
 *
 * `--check` changes nothing and fails when a run would change something.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML, { isMap, type Pair, type Scalar, type YAMLMap } from 'yaml';
import { BUNDLE_PATH, bundleText, bundleYaml, EXAMPLES_DIR, OPENAPI_PATH, readExample, ROOT, type ExampleReader } from '../src/openapi/bundle.js';
import { exportExampleFiles } from '../src/openapi/exports.js';
import { stubFlattened } from '../src/openapi/flatten.js';
import { jsonExampleFiles } from '../src/openapi/shorthand.js';

/** Named examples longer than this (as JSON, or as text for a string) leave the document. */
export const INLINE_LIMIT = 300;
/**
 * A media type's single `example` longer than this leaves it as `x-example: <file>`, which the bundle
 * turns back into `example` (src/openapi/bundle.ts). Those past `SINGLE_INLINE_LIMIT` of old left as a
 * named `default` example (`externalValue`), the form the bundle keeps for them.
 */
export const SINGLE_INLINE_LIMIT = 200;
const REF_DIR = path.relative(ROOT, EXAMPLES_DIR).split(path.sep).join('/');
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

type Range = [number, number, number];
type Edit = { from: number; to: number; text: string };
const keyOf = (p: Pair) => String((p.key as Scalar).value);
const rangeOf = (n: unknown) => (n as { range?: Range }).range!;
const sizeOf = (v: unknown) => (typeof v === 'string' ? v.length : JSON.stringify(v).length);

/** The file an example is kept in: named by where it is (operation and status, or the shared response). */
function fileFor(base: string, media: string, name: string | undefined, value: unknown): string {
  const ext = typeof value !== 'string' ? 'json' : media === 'text/csv' ? 'csv' : 'txt';
  const kind = media === 'application/json' || ext !== 'json' ? '' : `.${media.replace(/[^a-z0-9]+/gi, '-')}`;
  return `${REF_DIR}/${base}${kind}${name ? `.${name}` : ''}.${ext}`;
}

function fileContent(ref: string, value: unknown): string {
  return ref.endsWith('.json') ? `${JSON.stringify(value, null, 2)}\n` : String(value);
}

/** The media type maps of every response: [file name base, media type, map]. */
function mediaMaps(doc: YAML.Document): [string, string, YAMLMap][] {
  const found: [string, string, YAMLMap][] = [];
  const contentOf = (base: string, response: unknown) => {
    const content = isMap(response) ? response.get('content', true) : undefined;
    if (isMap(content)) for (const m of content.items) if (isMap(m.value)) found.push([base, keyOf(m), m.value]);
  };
  const paths = doc.get('paths', true);
  for (const item of isMap(paths) ? paths.items : [])
    for (const op of isMap(item.value) ? item.value.items : []) {
      if (!METHODS.has(keyOf(op)) || !isMap(op.value)) continue;
      const id = String(op.value.get('operationId') ?? `${keyOf(op)}${keyOf(item).replace(/[^a-z0-9]+/gi, '-')}`);
      const responses = op.value.get('responses', true);
      for (const r of isMap(responses) ? responses.items : []) contentOf(`${id}.${keyOf(r)}`, r.value);
    }
  const shared = doc.getIn(['components', 'responses'], true);
  for (const r of isMap(shared) ? shared.items : []) contentOf(keyOf(r), r.value);
  return found;
}

/** The text with its large inline examples replaced by references, and the files those name. */
export function splitExamples(text: string, read: ExampleReader = readExample): { text: string; files: Map<string, string> } {
  const doc = YAML.parseDocument(text);
  const edits: Edit[] = [];
  const files = new Map<string, string>();
  const indentAt = (at: number) => ' '.repeat(at - text.lastIndexOf('\n', at - 1) - 1);
  const replacePair = (pair: Pair, by: string) => {
    const from = rangeOf(pair.key)[0];
    const to = rangeOf(pair.value)[1];
    const old = text.slice(from, to);
    edits.push({ from, to, text: by + old.slice(old.trimEnd().length) });
  };
  const claim = (ref: string, content: string) => {
    if (files.has(ref) && files.get(ref) !== content) throw new Error(`two examples would be kept in ${ref}`);
    files.set(ref, content);
  };
  for (const [base, media, map] of mediaMaps(doc)) {
    const inFile = map.get('x-example');
    if (typeof inFile === 'string') claim(inFile, read(inFile));
    const single = map.items.find((p) => keyOf(p) === 'example');
    if (single) {
      const value = (single.value as YAML.Node).toJSON();
      if (sizeOf(value) <= SINGLE_INLINE_LIMIT) continue;
      const ref = fileFor(base, media, undefined, value);
      claim(ref, fileContent(ref, value));
      replacePair(single, `x-example: '${ref}'`);
      continue;
    }
    const named = map.get('examples', true);
    for (const ex of isMap(named) ? named.items : []) {
      if (!isMap(ex.value)) continue;
      const external = ex.value.get('externalValue');
      if (typeof external === 'string') {
        if (!/^[a-z]+:/.test(external)) claim(external, read(external));
        continue;
      }
      const pair = ex.value.items.find((p) => keyOf(p) === 'value');
      const value = pair && (pair.value as YAML.Node).toJSON();
      if (!pair || sizeOf(value) <= INLINE_LIMIT) continue;
      const ref = fileFor(base, media, keyOf(ex), value);
      claim(ref, fileContent(ref, value));
      replacePair(pair, `externalValue: '${ref}'`);
    }
  }
  // export operations are generated from their list's `x-export` (src/openapi/exports.ts), and `x-json`
  // names its example by the operation (src/openapi/shorthand.ts): keep the files they name
  const parsed = doc.toJSON() as Record<'paths' | 'webhooks', Record<string, Record<string, { 'x-export'?: { operationId: string } }>> | undefined>;
  for (const item of [...Object.values(parsed.paths ?? {}), ...Object.values(parsed.webhooks ?? {})])
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!METHODS.has(method) || !op) continue;
      if (op['x-export']) for (const ref of Object.values(exportExampleFiles(op['x-export'].operationId))) claim(ref, read(ref));
      for (const ref of jsonExampleFiles(op)) claim(ref, read(ref));
    }
  let out = text;
  for (const e of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.text + out.slice(e.to);
  return { text: stubFlattened(out), files };
}

function main(): number {
  const check = process.argv.includes('--check');
  const before = fs.readFileSync(OPENAPI_PATH, 'utf8');
  const { text, files } = splitExamples(before);
  const onDisk = fs.existsSync(EXAMPLES_DIR) ? fs.readdirSync(EXAMPLES_DIR).map((f) => `${REF_DIR}/${f}`) : [];
  const read = (ref: string) => {
    const content = files.get(ref);
    if (content === undefined) throw new Error(`openapi.yaml names ${ref}, which is not there`);
    return content;
  };
  const bundle = bundleYaml(bundleText(text, read));
  const stale: string[] = [];
  if (text !== before) stale.push('openapi.yaml (an inline example to move out, or an x-flatten or x-merge schema to cut back to its stub)');
  for (const [ref, content] of files) {
    const file = path.join(ROOT, ref);
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content) stale.push(ref);
  }
  const orphans = onDisk.filter((ref) => !files.has(ref));
  stale.push(...orphans.map((ref) => `${ref} (named by nothing)`));
  if (!fs.existsSync(BUNDLE_PATH) || fs.readFileSync(BUNDLE_PATH, 'utf8') !== bundle) stale.push(path.relative(ROOT, BUNDLE_PATH));
  if (check) {
    for (const s of stale) console.error(`stale: ${s}`);
    if (stale.length) console.error('run make split-examples (or make generate)');
    else console.log('openapi.yaml, openapi/examples/ and the bundle are up to date');
    return stale.length ? 1 : 0;
  }
  fs.mkdirSync(EXAMPLES_DIR, { recursive: true });
  for (const [ref, content] of files) {
    const file = path.join(ROOT, ref);
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content) fs.writeFileSync(file, content);
  }
  for (const ref of orphans) fs.rmSync(path.join(ROOT, ref));
  if (text !== before) fs.writeFileSync(OPENAPI_PATH, text);
  fs.mkdirSync(path.dirname(BUNDLE_PATH), { recursive: true });
  fs.writeFileSync(BUNDLE_PATH, bundle);
  console.log(`openapi.yaml ${before.length} -> ${text.length} bytes; ${files.size} example files; bundle ${bundle.length} bytes`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
