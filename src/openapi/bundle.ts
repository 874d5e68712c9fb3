/**
 * The contract as one document. The hand-written `openapi.yaml` keeps its large captured examples in
 * `openapi/examples/` (an Example Object's `externalValue`, a media type's `x-example`: scripts/split-examples.ts), writes the blocks every
 * operation repeats in a shorthand (src/openapi/shorthand.ts) and keeps its
 * per-subtype schemas and rows of several shapes as `x-flatten` and `x-merge` stubs (src/openapi/flatten.ts) and leaves the version
 * table of its description to src/versions/render.ts; the bundle fills in all three, so the
 * server, the tests and every tool read a single self-contained document. The server bundles when it
 * starts; `make generate` also writes it to `generated/openapi.bundled.yaml` for the tools that take a
 * file (Redocly, Prism, schemathesis, the client generators), and `make check-generated` checks it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { flattenInto, mergeInto } from './flatten.js';
import { expandShorthand } from './shorthand.js';
import { fillVersionTable } from '../versions/render.js';

type Json = Record<string, any>;

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The hand-written document. */
export const OPENAPI_PATH = path.join(ROOT, 'openapi.yaml');
/** Where its examples live; `externalValue`s are relative to openapi.yaml's folder. */
export const EXAMPLES_DIR = path.join(ROOT, 'openapi', 'examples');
/** The bundled document as a file, for tools (`make generate`). */
export const BUNDLE_PATH = path.join(ROOT, 'generated', 'openapi.bundled.yaml');

/** Reads an example file named by `externalValue`: JSON files are values, any other file is text. */
export type ExampleReader = (ref: string) => string;
export const readExample: ExampleReader = (ref) => fs.readFileSync(path.join(ROOT, ref), 'utf8');

/** The value an example file holds. */
export function exampleValue(ref: string, content: string): unknown {
  return ref.endsWith('.json') ? JSON.parse(content) : content;
}

/**
 * Replaces every Example Object's `externalValue` under `node` with the `value` its file holds, and a
 * media type's `x-example` (the file of its single example) with that `example`, at its place.
 */
function inlineExamples(node: unknown, read: ExampleReader): void {
  if (Array.isArray(node)) for (const item of node) inlineExamples(item, read);
  else if (node && typeof node === 'object') {
    const o = node as Json;
    if (typeof o['x-example'] === 'string') {
      const entries = Object.entries(o).map(([k, v]) => (k === 'x-example' ? ['example', exampleValue(v, read(v))] : [k, v]));
      for (const k of Object.keys(o)) delete o[k];
      Object.assign(o, Object.fromEntries(entries));
    }
    if (o.examples && typeof o.examples === 'object' && !Array.isArray(o.examples))
      for (const ex of Object.values(o.examples as Json))
        if (ex && typeof ex.externalValue === 'string' && !/^[a-z]+:/.test(ex.externalValue)) {
          ex.value = exampleValue(ex.externalValue, read(ex.externalValue));
          delete ex.externalValue;
        }
    for (const v of Object.values(o)) inlineExamples(v, read);
  }
}

/** The bundled document of an openapi.yaml text: shorthand and per-subtype schemas expanded, examples inlined. */
export function bundleText(text: string, read: ExampleReader = readExample): Json {
  const doc = expandShorthand(YAML.parse(mergeInto(flattenInto(text))) as Json);
  if (typeof doc.info?.description === 'string') doc.info.description = fillVersionTable(doc.info.description);
  inlineExamples(doc, read);
  return doc;
}

/** The bundled document of the files as they are now. */
export function bundledDocument(): Json {
  return bundleText(fs.readFileSync(OPENAPI_PATH, 'utf8'));
}

/** The bundle as the text of `generated/openapi.bundled.yaml`. */
export function bundleYaml(doc: Json): string {
  return `# Generated from openapi.yaml and openapi/examples/ by \`make generate\` (src/openapi/bundle.ts): do not edit\n${YAML.stringify(doc, { version: '1.1', lineWidth: 0, aliasDuplicateObjects: false })}`;
}
