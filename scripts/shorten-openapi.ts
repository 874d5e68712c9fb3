/**
 * Rewrites the long-form blocks of openapi.yaml that have a shorthand (shared error responses, header
 * sets, parameter lists, security by scopes, JSON content, page and record schemas: src/openapi/shorthand.ts;
 * sort parameters, description notes: src/openapi/phrases.ts) into it. Re-runnable: a shortened
 * document is left as it is, and operations added in the long form are folded. `--check` fails when a
 * block is left to fold. The bundle is unchanged by it (test/unit/openapi-shorthand.test.ts).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPENAPI_PATH } from '../src/openapi/bundle.js';
import { shorten } from '../src/openapi/shorthand.js';

function main(): number {
  const before = fs.readFileSync(OPENAPI_PATH, 'utf8');
  const after = shorten(before);
  if (process.argv.includes('--check')) {
    if (after === before) console.log('openapi.yaml uses its shorthand throughout');
    else console.error('openapi.yaml has long-form blocks to fold into its shorthand: run make generate');
    return after === before ? 0 : 1;
  }
  if (after !== before) fs.writeFileSync(OPENAPI_PATH, after);
  console.log(`openapi.yaml ${before.length} -> ${after.length} bytes`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
