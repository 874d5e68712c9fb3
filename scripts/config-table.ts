/**
 * Renders README.md's configuration table from the schema in src/config.ts (SETTINGS), between
 * the `config:start` and `config:end` markers. `--check` only says whether it is current (exit 1
 * when not). Run by `make generate`; test/unit/config.test.ts fails when the README differs.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configTable } from '../src/config.js';
import { writeOrCheck } from './rendered.js';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
const BLOCK = /(<!-- config:start[^>]*-->\n)[\s\S]*?(\n<!-- config:end -->)/;

export function renderReadme(readme: string): string {
  if (!BLOCK.test(readme)) throw new Error('README.md has no <!-- config:start --> / <!-- config:end --> markers');
  return readme.replace(BLOCK, (_m, start: string, end: string) => `${start}${configTable()}${end}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = fs.readFileSync(README, 'utf8');
  writeOrCheck(README, current, renderReadme(current), 'README.md configuration table differs from SETTINGS in src/config.ts: run make generate');
}
