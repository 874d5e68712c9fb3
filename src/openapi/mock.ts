/**
 * The document Prism's dynamic mock serves (`make mock`): the bundle, with one change a real server
 * needs none of. A list's `data` may be empty (a filter that matches nothing), so the contract allows
 * `[]`, and Prism's generator then answers an empty page about as often as a full one. In the mock's
 * copy, each operation whose 200 examples show rows gets its own copy of its response schema with
 * `data` of at least one item; operations whose examples are empty (a team's notes) keep `[]`
 * possible, and the served contract is not changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { bundledDocument, ROOT } from './bundle.js';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The most rows any of a JSON media type's examples shows in its `data`. */
export function exampleRows(media: Json | undefined): number {
  const values = [media?.example, ...Object.values<Json>(media?.examples ?? {}).map((e) => e?.value)];
  return Math.max(0, ...values.map((v) => (Array.isArray(v?.data) ? v.data.length : 0)));
}

/** A copy of `doc` for the mock: `data` has at least one item wherever the operation's example has rows. */
export function mockDocument(doc: Json): Json {
  const out = structuredClone(doc) as Json;
  for (const item of Object.values<Json>(out.paths ?? {}))
    for (const m of METHODS)
      for (const [code, response] of Object.entries<Json>(item[m]?.responses ?? {})) {
        const media = response?.content?.['application/json'];
        if (!/^2\d\d$/.test(code) || !media?.schema || exampleRows(media) === 0) continue;
        const ref = media.schema.$ref as string | undefined;
        const schema = ref ? (ref.slice(2).split('/').reduce((a: Json, k: string) => a?.[k], out) as Json) : media.schema;
        const data = schema?.properties?.data;
        if (data?.type !== 'array') continue;
        media.schema = { ...schema, properties: { ...schema.properties, data: { ...data, minItems: Math.max(1, data.minItems ?? 0) } } };
      }
  return out;
}

/** Where `make mock` writes it (not committed: it is derived on every start). */
export const MOCK_PATH = path.join(ROOT, 'generated', 'openapi.mock.yaml');

/** Writes the mock's document of the files as they are now to `file` and returns its path. */
export function writeMockDocument(file = MOCK_PATH): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = YAML.stringify(mockDocument(bundledDocument()), { version: '1.1', lineWidth: 0, aliasDuplicateObjects: false });
  fs.writeFileSync(file, `# Prism's copy of the bundle, written by \`make mock\` (src/openapi/mock.ts): do not edit\n${text}`);
  return file;
}
