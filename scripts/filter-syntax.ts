/**
 * Renders the filter syntax (`FILTER_SYNTAX_DOC`, src/query/filter.ts, next to the parser it describes)
 * as the description of openapi.yaml's `filter` parameter (`components.parameters.Filter`), so the
 * contract and the parser's limits cannot drift apart: `tsx scripts/filter-syntax.ts [--check]`, run by
 * `make generate`; `--check` (make check, make check-generated) fails when the description differs.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import YAML, { isScalar, type Pair, type Scalar } from 'yaml';
import { OPENAPI_PATH } from '../src/openapi/bundle.js';
import { FILTER_SYNTAX_DOC } from '../src/query/filter.js';
import { writeOrCheck } from './rendered.js';

/** The document with the `filter` parameter's description replaced by the syntax (a literal block). */
export function renderFilterSyntax(text: string): string {
  const doc = YAML.parseDocument(text);
  const param = doc.getIn(['components', 'parameters', 'Filter'], true) as YAML.YAMLMap | undefined;
  const pair = param?.items.find((p: Pair) => isScalar(p.key) && p.key.value === 'description');
  if (!pair || !isScalar(pair.value)) throw new Error('openapi.yaml: components.parameters.Filter has no description');
  const keyAt = (pair.key as Scalar).range![0];
  const indent = ' '.repeat(keyAt - text.lastIndexOf('\n', keyAt - 1) - 1 + 2);
  const [from, , to] = (pair.value as Scalar).range!;
  const body = FILTER_SYNTAX_DOC.split('\n').map((l) => (l ? indent + l : '')).join('\n');
  return `${text.slice(0, from)}|\n${body}\n${text.slice(to)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = fs.readFileSync(OPENAPI_PATH, 'utf8');
  writeOrCheck(
    OPENAPI_PATH,
    current,
    renderFilterSyntax(current),
    "openapi.yaml: the filter parameter's description differs from FILTER_SYNTAX_DOC (src/query/filter.ts): run make generate",
    "openapi.yaml: the filter parameter's description is current",
  );
}
