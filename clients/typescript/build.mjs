/**
 * Builds dist/ (ES modules and .d.ts) from the package's modules (index.ts, webhooks.ts) and the repository's generated/api.ts, so the
 * package has no path out of its folder: both are copied into a staging folder, where index.ts imports
 * the types from ./api.js, compiled with tsconfig.build.json, and the staging folder removed.
 * `npm run build`; `npm pack` and `npm publish` run it first (prepack).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const stage = path.join(here, '.build');
const GENERATED = "from '../../generated/api.js'";

const source = fs.readFileSync(path.join(here, 'index.ts'), 'utf8');
if (!source.includes(GENERATED)) throw new Error(`index.ts no longer imports its types ${GENERATED}`);
fs.rmSync(stage, { recursive: true, force: true });
fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
fs.mkdirSync(stage);
try {
  fs.copyFileSync(path.join(here, '..', '..', 'generated', 'api.ts'), path.join(stage, 'api.ts'));
  // every module of the package (index.ts and what it imports, e.g. webhooks.ts), with the types from ./api.js
  for (const file of fs.readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
    fs.writeFileSync(path.join(stage, file), fs.readFileSync(path.join(here, file), 'utf8').replace(GENERATED, "from './api.js'"));
  }
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
