/**
 * Writes the `application/x-ndjson` and `text/csv` example files of every export operation
 * (`x-export-of`, generated from its list's `x-export`: src/openapi/exports.ts) from its list's JSON example: a
 * row line and the trailer line of the NDJSON (src/http/export.ts), and the rows as the CSV writes them
 * (src/http/csv.ts; without the byte order mark) with its trailer, so the examples show the real rows and
 * columns. The JSON examples are read from the bundle. `--check` only says whether the files are current
 * (exit 1 when not). Run by `make generate`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { bundleText, OPENAPI_PATH, readExample, ROOT } from '../src/openapi/bundle.js';
import { exportExampleFiles } from '../src/openapi/exports.js';
import { columnsFor, csvPlan, csvRecord, csvHeader, csvTrailer } from '../src/http/csv.js';
import { ndjsonEncoding } from '../src/http/export.js';

type Json = Record<string, unknown>;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The example files of the export operations, by `externalValue`. */
export async function renderCsvExamples(text: string): Promise<Map<string, string>> {
  // the files being written may not be there yet: the bundle only needs them as placeholders here
  const read = (ref: string) => (fs.existsSync(path.join(ROOT, ref)) ? readExample(ref) : ref.endsWith('.json') ? 'null' : '');
  const api = new OpenAPIBackend({ definition: bundleText(text, read) as Document, quick: true, validate: false });
  await api.init();
  const files = new Map<string, string>();
  const ops = api.getOperations();
  for (const op of ops) {
    const listId = (op as unknown as Json)['x-export-of'];
    if (typeof listId !== 'string') continue;
    const list = ops.find((o) => o.operationId === listId);
    const content = (list?.responses?.['200'] as Json | undefined)?.content as Record<string, Json> | undefined;
    const media = content?.['application/json'];
    const plan = csvPlan(media?.schema);
    const page = (media?.example ?? Object.values((media?.examples ?? {}) as Record<string, Json>)[0]?.value) as { data: unknown[]; view?: string } | undefined;
    if (!plan || !page) throw new Error(`${op.operationId}: no CSV columns or no JSON example`);
    const columns = columnsFor(plan, page.view);
    const trailer = { rows: page.data.length, complete: true, credits: 0 };
    const csv = csvHeader(columns).slice(1) + page.data.map((r) => csvRecord(r, columns)).join('') + csvTrailer(trailer);
    // one example per kind of line: the NDJSON schema (`ExportLine`) is that of one line
    const refs = exportExampleFiles(op.operationId!);
    files.set(refs.row, json(page.data[0]));
    files.set(refs.trailer, json(JSON.parse(ndjsonEncoding.trailer(trailer))));
    files.set(refs.csv, csv);
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await renderCsvExamples(fs.readFileSync(OPENAPI_PATH, 'utf8'));
  const changed = [...files].filter(([ref, content]) => {
    const file = path.join(ROOT, ref);
    return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content;
  });
  if (process.argv.includes('--check')) {
    if (changed.length) {
      console.error(`export examples differ from the JSON examples (${changed.map(([ref]) => ref).join(', ')}): run make generate`);
      process.exit(1);
    }
    console.log('export examples are up to date');
  } else for (const [ref, content] of changed) fs.writeFileSync(path.join(ROOT, ref), content);
}
