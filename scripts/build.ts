/**
 * The part of `make build` after `tsc -p tsconfig.build.json`: puts beside the compiled JavaScript
 * in dist/ what the server reads at run time and tsc does not emit: the plain-JavaScript worker
 * modules (*.mjs), openapi.yaml (found from dist/src/pipeline/routing.js as from src/pipeline/routing.ts: two folders up), and
 * the docs renderer (src/http/docs.ts), so that `node dist/main.js` needs neither TypeScript
 * nor any development dependency.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devRenderer, localLogo, RENDERER_IN_BUILD } from '../src/http/docs.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');

function copy(rel: string): void {
  fs.mkdirSync(path.dirname(path.join(DIST, rel)), { recursive: true });
  fs.copyFileSync(path.join(ROOT, rel), path.join(DIST, rel));
}

function modules(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => path.join(dir, f));
}

if (!fs.existsSync(path.join(DIST, 'main.js'))) {
  console.error('dist/main.js is missing: run tsc -p tsconfig.build.json first (make build)');
  process.exit(1);
}
const examples = fs.readdirSync(path.join(ROOT, 'openapi/examples')).map((f) => `openapi/examples/${f}`);
// the record documents' plans compiled from openapi.yaml (src/documents/plans.ts), so a built process does not compile them
const files = [...modules('src'), ...modules('seeds'), 'openapi.yaml', ...examples, 'docs/evaluating.md', 'generated/record-plans.json'];
for (const f of files) copy(f);
const renderer = devRenderer();
if (!renderer) {
  console.error('the docs renderer (@redocly/cli lib/chunks/redoc.standalone.js) is not installed: run npm ci');
  process.exit(1);
}
const built = path.join(DIST, RENDERER_IN_BUILD);
fs.mkdirSync(path.dirname(built), { recursive: true });
fs.writeFileSync(built, localLogo(renderer));
console.error(`dist/: ${files.length} files copied, docs renderer written`);
