/**
 * `npm run admin -- <command>`: the operator command line (src/admin/cli.ts). In a development
 * checkout (tsx installed) it runs the sources, so it needs no build and is never stale; in a
 * production install (`npm prune --omit=dev`: no tsx) it runs the build's dist/src/admin/cli.js.
 * Plain JavaScript, so that it runs in both.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

const sources = here('../src/admin/cli.ts');
const built = here('../dist/src/admin/cli.js');
const entry = hasTsx() && existsSync(sources) ? ['--import', 'tsx', sources] : existsSync(built) ? [built] : null;
if (!entry) {
  process.stderr.write('npm run admin: no dist/src/admin/cli.js and no tsx to run the sources: run make build (or npm ci for the development packages)\n');
  process.exit(2);
}
const r = spawnSync(process.execPath, [...entry, ...process.argv.slice(2)], { stdio: 'inherit' });
if (r.error) throw r.error;
process.exit(r.status ?? 1);
