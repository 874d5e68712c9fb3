/**
 * `npm run admin -- <command>`: the operator command line (src/admin/cli.ts). In a development
 * checkout (tsx installed) it runs the sources, so it needs no build and is never stale; in a
 * production install (`npm prune --omit=dev`: no tsx) it runs the build's dist/src/admin/cli.js.
 * Plain JavaScript, so that it runs in both.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The heap limit of an import (docs/import.md, Speed and memory). An import holds a batch at a time,
 * 50-100 MB of live heap, but V8 lets garbage grow a heap before a full collection by a factor it
 * takes from the heap's limit, and that limit from the machine's memory: four times what is live past
 * a 2 GiB limit, 1.6 times at 1 GiB, for no more CPU (the garbage is short-lived). The flag holds
 * for every thread of the process (the documents' worker too); the operator's own
 * `--max-old-space-size` in NODE_OPTIONS wins.
 */
export const IMPORT_HEAP_MB = 1024;

/** The flags `node` starts an admin command with. */
export function nodeFlagsFor(command, nodeOptions = process.env.NODE_OPTIONS ?? '') {
  if (command !== 'import' || nodeOptions.includes('--max-old-space-size')) return [];
  return [`--max-old-space-size=${IMPORT_HEAP_MB}`];
}

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

function main() {
  const sources = here('../src/admin/cli.ts');
  const built = here('../dist/src/admin/cli.js');
  const entry = hasTsx() && existsSync(sources) ? ['--import', 'tsx', sources] : existsSync(built) ? [built] : null;
  if (!entry) {
    process.stderr.write('npm run admin: no dist/src/admin/cli.js and no tsx to run the sources: run make build (or npm ci for the development packages)\n');
    process.exit(2);
  }
  const r = spawnSync(process.execPath, [...nodeFlagsFor(process.argv[2]), ...entry, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (r.error) throw r.error;
  process.exit(r.status ?? 1);
}

// run, not imported (the benchmarks start an import with the same flags)
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) main();
