/**
 * Writes the `application/x-ndjson` and `text/csv` examples of every export operation in openapi.yaml
 * (`x-export-of`) from its list's JSON example: a row line and the trailer line of the NDJSON
 * (src/http/export.ts), and the rows as the CSV writes them (src/http/csv.ts; without the byte order
 * mark) with its trailer, so the examples show the real rows and columns. The JSON examples are read from the bundle and the exports are kept in
 * openapi/examples/ like any large example (scripts/split-examples.ts). `--check` only says whether
 * they are current (exit 1 when not). Run by `make generate`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { bundleText, ROOT } from '../src/openapi/bundle.js';
import { columnsFor, csvPlan, csvRecord, csvHeader, csvTrailer } from '../src/http/csv.js';
import { ndjsonEncoding } from '../src/http/export.js';
import { splitExamples } from './split-examples.js';

const FILE = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
const NDJSON_MEDIA = / {12}application\/x-ndjson:\n {14}schema: \{\$ref: '#\/components\/schemas\/ExportLine'\}\n(?: {14}.*\n)*(?: {12}text\/csv:\n(?: {14}.*\n)+)?/;

type Json = Record<string, unknown>;

export async function renderCsvExamples(text: string): Promise<string> {
  const api = new OpenAPIBackend({ definition: bundleText(text) as Document, quick: true, validate: false });
  await api.init();
  let out = text;
  const ops = api.getOperations();
  for (const op of ops) {
    const listId = (op as unknown as Json)['x-export-of'];
    if (typeof listId !== 'string') continue;
    const list = ops.find((o) => o.operationId === listId);
    const json = (list?.responses?.['200'] as Json | undefined)?.content as Record<string, Json> | undefined;
    const media = json?.['application/json'];
    const plan = csvPlan(media?.schema);
    const page = (media?.example ?? Object.values((media?.examples ?? {}) as Record<string, Json>)[0]?.value) as { data: unknown[]; view?: string } | undefined;
    if (!plan || !page) throw new Error(`${op.operationId}: no CSV columns or no JSON example`);
    const columns = columnsFor(plan, page.view);
    const trailer = { rows: page.data.length, complete: true, credits: 0 };
    const csv = csvHeader(columns).slice(1) + page.data.map((r) => csvRecord(r, columns)).join('') + csvTrailer(trailer);
    // one example per kind of line: the NDJSON schema (`ExportLine`) is that of one line
    const lines = { row: page.data[0], trailer: JSON.parse(ndjsonEncoding.trailer(trailer)) as unknown };
    const ndjson = Object.entries(lines).map(([name, value]) => `                ${name}:\n                  value: ${JSON.stringify(value)}\n`).join('');
    const at = out.indexOf(`operationId: ${op.operationId}\n`);
    const rest = out.slice(at);
    const m = NDJSON_MEDIA.exec(rest);
    if (!m) throw new Error(`${op.operationId}: no application/x-ndjson media type`);
    const block = `${m[0].split('\n').slice(0, 2).join('\n')}\n              examples:\n${ndjson}            text/csv:\n              schema: {type: string}\n              example: ${JSON.stringify(csv)}\n`;
    out = out.slice(0, at) + rest.slice(0, m.index) + block + rest.slice(m.index + m[0].length);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = fs.readFileSync(FILE, 'utf8');
  const { text: rendered, files } = splitExamples(await renderCsvExamples(current));
  const changed = [...files].filter(([ref, content]) => {
    const file = path.join(ROOT, ref);
    return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content;
  });
  if (process.argv.includes('--check')) {
    if (rendered !== current || changed.length) {
      console.error('openapi.yaml text/csv examples differ from the JSON examples: run make generate');
      process.exit(1);
    }
    console.log('openapi.yaml text/csv examples are up to date');
  } else {
    for (const [ref, content] of changed) fs.writeFileSync(path.join(ROOT, ref), content);
    if (rendered !== current) fs.writeFileSync(FILE, rendered);
  }
}
