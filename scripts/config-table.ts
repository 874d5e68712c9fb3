/**
 * Renders README.md's configuration table from the schema in src/config.ts (SETTINGS), between
 * the `config:start` and `config:end` markers. `--check` only says whether it is current (exit 1
 * when not). Run by `make generate`; test/unit/config.test.ts fails when the README differs.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configTable } from '../src/config.js';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
const BLOCK = /(<!-- config:start[^>]*-->\n)[\s\S]*?(\n<!-- config:end -->)/;

export function renderReadme(readme: string): string {
  if (!BLOCK.test(readme)) throw new Error('README.md has no <!-- config:start --> / <!-- config:end --> markers');
  return readme.replace(BLOCK, (_m, start: string, end: string) => `${start}${configTable()}${end}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = fs.readFileSync(README, 'utf8');
  const rendered = renderReadme(current);
  if (process.argv.includes('--check')) {
    if (rendered !== current) {
      console.error('README.md configuration table differs from SETTINGS in src/config.ts: run make generate');
      process.exit(1);
    }
  } else if (rendered !== current) fs.writeFileSync(README, rendered);
}
