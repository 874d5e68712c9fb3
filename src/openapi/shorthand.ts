/**
 * The shorthand of openapi.yaml for blocks every operation repeats, and its expansion in the bundle.
 *
 * Declared once under `components`:
 * - `x-shared-responses: {'400': BadRequest, ...}`: the response component each shared status names;
 * - `x-header-sets: {name: {Header: {$ref: ...}, ...}}`: named sets of response headers.
 *
 * Used in the paths:
 * - `x-shared: [304, 400, 401]` in an operation's `responses`: `'400': {$ref: '#/components/responses/BadRequest'}`, ...;
 * - `x-headers: name` on a response: the set's headers, then the response's own `headers`;
 * - `x-json: Schema` on a response: JSON `content` of that schema with its example in `openapi/examples/<operationId>.<status>.json`;
 *   `x-json: {schema: Schema, currencies: [USD, ...]}`: one example per currency, `<operationId>.<status>.<currency>.json`;
 * - `x-parameters: [Filter, Cursor]` on an operation or path item whose parameters are all references, and
 *   `- Cursor` among parameters written out: the reference to that component;
 * - `x-scopes: ['read:entities']` on an operation: `security` by OAuth2 (with the client id) or a bearer token, both with those scopes;
 * - a schema `{x-page-of: Row}`: a page of rows (`data`, `page`, `currency`, `meta`), `{x-data-of: Record}`: one record (`data`, `currency`);
 * - `x-export: {path, operationId, summary, noun}` on a list operation: its export operation (src/openapi/exports.ts);
 * - `{x-sort: [keys]}` in `components.parameters` and `x-notes: [name]` on an operation: wording kept once (src/openapi/phrases.ts).
 *
 * `expandShorthand` turns a parsed document into the long form (src/openapi/bundle.ts applies it, so the
 * bundle and everything that reads it see plain OpenAPI); `shorten` rewrites the long-form blocks of the
 * document's text into the shorthand (scripts/shorten-openapi.ts, `make generate`), line by line, so
 * operations added in the long form are folded the next time it runs and the rest of the text is kept.
 */
import YAML from 'yaml';
import { expandExports, parameterRef } from './exports.js';
import { blockEnd, expandPhrases, foldPhrases, indentOf } from './phrases.js';

type Json = Record<string, any>;

const RESPONSES = '#/components/responses/';
const HEADERS = '#/components/headers/';
const PARAMETERS = '#/components/parameters/';
const SCHEMAS = '#/components/schemas/';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `security` of an operation by its scopes. */
export const securityOf = (scopes: string[]) => [{ oauth2: scopes, clientId: [] }, { bearerAuth: scopes }];

/** A copy of `o` with `key` replaced, at its place, by `name: value`. */
function renamed(o: Json, key: string, name: string, value: unknown): Json {
  return Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (k === key ? [[name, value]] : k === name ? [] : [[k, v]])));
}

function replaceIn(target: Json, next: Json): void {
  for (const k of Object.keys(target)) delete target[k];
  Object.assign(target, next);
}

/** Response codes first in numeric order, then `default`, then extensions: the order the long form is written in. */
function sortedResponses(responses: Json): Json {
  const rank = (k: string) => (/^\d/.test(k) ? 0 : k === 'default' ? 1 : 2);
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => rank(a) - rank(b) || (rank(a) === 0 ? a.localeCompare(b) : 0)));
}

function expandParameters(node: Json): void {
  if (Array.isArray(node.parameters)) node.parameters = node.parameters.map(parameterRef);
  if (!Array.isArray(node['x-parameters'])) return;
  const refs = (node['x-parameters'] as string[]).map(parameterRef);
  replaceIn(node, renamed(node, 'x-parameters', 'parameters', [...refs, ...(node.parameters ?? [])]));
}

function expandResponse(response: Json, sets: Json): void {
  const name = response['x-headers'];
  if (name === undefined) return;
  const set = sets[name];
  if (!set) throw new Error(`x-headers: ${name} is not a set of components.x-header-sets`);
  replaceIn(response, renamed(response, 'x-headers', 'headers', { ...structuredClone(set), ...(response.headers ?? {}) }));
}

/** Where `x-json` finds a response's example: `openapi/examples/` by operation, status and currency. */
const exampleFile = (operationId: string, status: string, currency?: string) => `openapi/examples/${operationId}.${status}${currency ? `.${currency}` : ''}.json`;
const moneyIn = (currency: string) => `Money in ${currency}`;

/** The example files the `x-json` of an operation's responses name (scripts/split-examples.ts keeps them). */
export function jsonExampleFiles(op: Json): string[] {
  return Object.entries((op.responses ?? {}) as Json).flatMap(([status, r]) => {
    const json = (r as Json | null)?.['x-json'];
    if (json === undefined) return [];
    if (typeof json === 'string') return [exampleFile(op.operationId, status)];
    return ((json.currencies ?? []) as string[]).map((c) => exampleFile(op.operationId, status, c));
  });
}

function expandJson(response: Json, operationId: string, status: string): void {
  const json = response['x-json'] as string | { schema: string; currencies: string[] } | undefined;
  if (json === undefined) return;
  const schema = typeof json === 'string' ? json : json.schema;
  if (typeof schema !== 'string' || (typeof json !== 'string' && !Array.isArray(json.currencies)))
    throw new Error(`x-json of ${operationId} ${status}: a schema name, or {schema, currencies}`);
  const examples =
    typeof json === 'string'
      ? { default: { externalValue: exampleFile(operationId, status) } }
      : Object.fromEntries(json.currencies.map((c) => [c, { summary: moneyIn(c), externalValue: exampleFile(operationId, status, c) }]));
  const content = { 'application/json': { schema: { $ref: SCHEMAS + schema }, examples } };
  replaceIn(response, renamed(response, 'x-json', 'content', content));
}

function expandOperation(op: Json, shared: Json, sets: Json): void {
  expandParameters(op);
  if (Array.isArray(op['x-scopes'])) replaceIn(op, renamed(op, 'x-scopes', 'security', securityOf(op['x-scopes'])));
  const responses = op.responses as Json | undefined;
  if (!responses) return;
  if (Array.isArray(responses['x-shared'])) {
    for (const code of responses['x-shared'] as (string | number)[]) {
      const component = shared[String(code)];
      if (!component) throw new Error(`x-shared: ${code} is not a status of components.x-shared-responses`);
      responses[String(code)] = { $ref: RESPONSES + component };
    }
    delete responses['x-shared'];
    replaceIn(responses, sortedResponses(responses));
  }
  for (const [status, r] of Object.entries(responses))
    if (r && typeof r === 'object') {
      expandResponse(r as Json, sets);
      expandJson(r as Json, String(op.operationId), status);
    }
}

/**
 * The schemas of a page of rows and of one record in the currency of the request, as openapi.yaml
 * writes them (`ROW` is the row's or record's schema): the expansion parses them, the fold matches them.
 */
const SCHEMA_SHORTHAND: Record<string, string> = {
  'x-page-of': `      type: object
      additionalProperties: false
      required: [data, page, currency]
      properties:
        data:
          type: array
          items: {$ref: '#/components/schemas/ROW'}
        page: {$ref: '#/components/schemas/Page'}
        currency: {$ref: '#/components/schemas/CurrencyCode'}
        meta: {$ref: '#/components/schemas/Meta'}
`,
  'x-data-of': `      type: object
      additionalProperties: false
      required: [data, currency]
      properties:
        data: {$ref: '#/components/schemas/ROW'}
        currency: {$ref: '#/components/schemas/CurrencyCode'}
`,
};

/** Expands the shorthand of a parsed document in place and drops its definitions. */
export function expandShorthand(doc: Json): Json {
  expandExports(doc);
  expandPhrases(doc);
  const components = (doc.components ?? {}) as Json;
  const shared = (components['x-shared-responses'] ?? {}) as Json;
  const sets = (components['x-header-sets'] ?? {}) as Json;
  for (const items of [doc.paths, doc.webhooks])
    for (const item of Object.values((items ?? {}) as Json)) {
      expandParameters(item as Json);
      for (const m of METHODS) if ((item as Json)[m]) expandOperation((item as Json)[m], shared, sets);
    }
  for (const r of Object.values((components.responses ?? {}) as Json)) expandResponse(r as Json, sets);
  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Json))
    for (const [key, expand] of Object.entries(SCHEMA_SHORTHAND))
      if (schema && typeof schema[key] === 'string') components.schemas[name] = YAML.parse(expand.replace('ROW', schema[key]));
  delete components['x-shared-responses'];
  delete components['x-header-sets'];
  return doc;
}

// ---- the rewrite into the shorthand, on the text ----


const quoteRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const SHARED_LINE = new RegExp(`^'(\\d{3})': \\{\\$ref: '${quoteRe(RESPONSES)}([\\w-]+)'\\}$`);
const HEADER_LINE = new RegExp(`^([\\w-]+): \\{\\$ref: '${quoteRe(HEADERS)}([\\w-]+)'\\}$`);
const PARAMETER_LINE = new RegExp(`^- \\$ref: '${quoteRe(PARAMETERS)}([\\w-]+)'$`);
const BARE_PARAMETER_LINE = /^- ([A-Z][\w-]*)$/;

type Rewrite = (lines: string[], at: number, end: number, indent: string) => string[] | undefined;

/** `responses:` with shared entries: those entries folded into one `x-shared` list where the first of them was. */
const foldResponses =
  (shared: Json): Rewrite =>
  (lines, at, end, indent) => {
    const inner = `${indent}  `;
    const codes = new Set<string>();
    let first = -1;
    const kept: string[] = [];
    for (let i = at + 1; i < end; i++) {
      const line = lines[i]!;
      const m = line.startsWith(inner) && !line.startsWith(`${inner} `) ? SHARED_LINE.exec(line.trim()) : null;
      const existing = line.startsWith(inner) ? /^x-shared: \[(.*)\]$/.exec(line.trim()) : null;
      if ((m && shared[m[1]!] === m[2]) || existing) {
        if (first < 0) first = kept.length;
        for (const c of m ? [m[1]!] : existing![1]!.split(',').map((s) => s.trim()).filter(Boolean)) codes.add(c);
      } else kept.push(line);
    }
    if (first < 0) return undefined;
    kept.splice(first, 0, `${inner}x-shared: [${[...codes].sort().join(', ')}]`);
    return [lines[at]!, ...kept];
  };

/** `headers:` of a response holding every header of a set: `x-headers` naming the largest such set, the rest kept. */
const foldHeaders =
  (sets: Json): Rewrite =>
  (lines, at, end, indent) => {
    const inner = `${indent}  `;
    if (lines[at - 1]?.startsWith(`${indent}x-headers:`)) return undefined;
    const refs = new Map<string, number>();
    for (let i = at + 1; i < end; i++) {
      const line = lines[i]!;
      if (!line.startsWith(inner) || line.startsWith(`${inner} `)) continue;
      const m = HEADER_LINE.exec(line.trim());
      if (m) refs.set(`${m[1]}=${m[2]}`, i);
    }
    let best: [string, string[]] | undefined;
    for (const [name, set] of Object.entries(sets)) {
      const keys = Object.entries(set as Json).map(([h, v]) => `${h}=${String((v as Json).$ref).slice(HEADERS.length)}`);
      if (keys.every((k) => refs.has(k)) && keys.length > (best?.[1].length ?? 0)) best = [name, keys];
    }
    if (!best) return undefined;
    const drop = new Set(best[1].map((k) => refs.get(k)!));
    const rest = lines.slice(at + 1, end).filter((_, j) => !drop.has(at + 1 + j));
    return [`${indent}x-headers: ${best[0]}`, ...(rest.length ? [lines[at]!, ...rest] : [])];
  };

/**
 * `parameters:` that are all references: one `x-parameters` list of their names; references among
 * parameters written out: their bare names.
 */
const foldParameters: Rewrite = (lines, at, end, indent) => {
  const item = `${indent}  - `;
  const nameOf = (line: string) => (line.startsWith(item) ? (PARAMETER_LINE.exec(line.trim()) ?? BARE_PARAMETER_LINE.exec(line.trim()))?.[1] : undefined);
  const names = lines.slice(at + 1, end).map(nameOf);
  if (names.every((n) => n !== undefined)) return names.length ? [`${indent}x-parameters: [${names.join(', ')}]`] : undefined;
  const body = lines.slice(at + 1, end).map((line, j) => (names[j] !== undefined ? `${item}${names[j]}` : line));
  return body.some((line, j) => line !== lines[at + 1 + j]) ? [lines[at]!, ...body] : undefined;
};

/** `security:` by OAuth2 with the client id or a bearer token, both with the same scopes: `x-scopes`. */
const foldSecurity: Rewrite = (lines, at, end, indent) => {
  if (end - at !== 4) return undefined;
  const [a, b, c] = lines.slice(at + 1, end).map((l) => l.trim());
  const oauth = /^- oauth2: (\[.*\])$/.exec(a!);
  const bearer = /^- bearerAuth: (\[.*\])$/.exec(c!);
  if (!oauth || !bearer || b !== 'clientId: []' || oauth[1] !== bearer[1]) return undefined;
  if (!lines[at + 2]!.startsWith(`${indent}    clientId`)) return undefined;
  return [`${indent}x-scopes: ${oauth[1]}`];
};

/** The status and operation of the response whose entry at `at` is indented by `indent`. */
function responseAt(lines: string[], at: number, indent: string): { status?: string; operationId?: string } {
  let s = at - 1;
  while (s >= 0 && indentOf(lines[s]!) >= indent.length) s--;
  const status = /^\s*'(\d{3})':$/.exec(lines[s] ?? '')?.[1];
  let o = s;
  while (o >= 0 && !/^\s*operationId: /.test(lines[o]!)) o--;
  return { status, operationId: o >= 0 ? lines[o]!.trim().slice('operationId: '.length) : undefined };
}

/**
 * The text with each `x-json` written out in the long form `shorten` folds (test/contract/examples.ts
 * captures examples into that form; the rest of the text is kept).
 */
export function unfoldJson(text: string): string {
  const lines = text.split('\n');
  return lines
    .flatMap((line, at) => {
      const m = /^(\s+)x-json: (.+)$/.exec(line);
      if (!m) return [line];
      const [, indent, value] = m as unknown as [string, string, string];
      const { status, operationId } = responseAt(lines, at, indent);
      if (!status || !operationId) throw new Error(`x-json at line ${at + 1}: no enclosing status and operationId`);
      const json = YAML.parse(value) as string | { schema: string; currencies: string[] };
      const schema = typeof json === 'string' ? json : json.schema;
      const examples =
        typeof json === 'string'
          ? [`      default:`, `        externalValue: '${exampleFile(operationId, status)}'`]
          : json.currencies.flatMap((c) => [`      ${c}:`, `        summary: "${moneyIn(c)}"`, `        externalValue: '${exampleFile(operationId, status, c)}'`]);
      return [`content:`, `  application/json:`, `    schema: {$ref: '${SCHEMAS}${schema}'}`, `    examples:`, ...examples].map((l) => `${indent}${l}`);
    })
    .join('\n');
}

const JSON_SCHEMA_LINE = new RegExp(`^schema: \\{\\$ref: '${quoteRe(SCHEMAS)}(\\w+)'\\}$`);

/**
 * `content:` of JSON only, a schema by reference and examples in the files `x-json` names (the default
 * one, or one per currency): `x-json`. The status and operation are the enclosing ones.
 */
const foldJson: Rewrite = (lines, at, end, indent) => {
  const body = lines.slice(at + 1, end).map((l) => (l.startsWith(`${indent}  `) ? l.slice(indent.length + 2) : null));
  if (body.some((l) => l === null) || body[0] !== 'application/json:' || body[2] !== '  examples:') return undefined;
  const schema = JSON_SCHEMA_LINE.exec(body[1]!.trim())?.[1];
  if (!body[1]!.startsWith('  schema') || !schema) return undefined;
  const { status, operationId } = responseAt(lines, at, indent);
  if (!status || !operationId) return undefined;
  const examples = body.slice(3) as string[];
  if (examples.join('\n') === `    default:\n      externalValue: '${exampleFile(operationId, status)}'`) return [`${indent}x-json: ${schema}`];
  const currencies: string[] = [];
  for (let i = 0; i < examples.length; i += 3) {
    const c = /^ {4}([A-Z]{3}):$/.exec(examples[i]!)?.[1];
    if (!c || examples[i + 1] !== `      summary: "${moneyIn(c)}"` || examples[i + 2] !== `      externalValue: '${exampleFile(operationId, status, c)}'`) return undefined;
    currencies.push(c);
  }
  return currencies.length ? [`${indent}x-json: {schema: ${schema}, currencies: [${currencies.join(', ')}]}`] : undefined;
};

/** Where the shorthand applies: below `paths:` and `webhooks:`, and `headers:` below `components.responses` too. */
function sectionOf(lines: string[], at: number): string | undefined {
  for (let i = at; i >= 0; i--) if (/^[a-z]/.test(lines[i]!)) return lines[i]!.replace(/:.*/, '');
  return undefined;
}

/** A schema written out as `SCHEMA_SHORTHAND` writes it, folded to `{x-page-of: Row}` or `{x-data-of: Record}`. */
function foldSchemas(text: string): string {
  return Object.entries(SCHEMA_SHORTHAND).reduce((t, [key, long]) => {
    const re = new RegExp(`^ {4}(\\w+):\\n${quoteRe(long).replace('ROW', '(\\w+)')}`, 'gm');
    return t.replace(re, (_m, name: string, row: string) => `    ${name}: {${key}: ${row}}\n`);
  }, text);
}

/** The text with every long-form block that has a shorthand rewritten into it; a shortened text is left as it is. */
export function shorten(text: string): string {
  const components = ((YAML.parse(text) as Json).components ?? {}) as Json;
  const rewrites: [RegExp, Rewrite, (section: string | undefined) => boolean][] = [
    [/^(\s+)responses:$/, foldResponses(components['x-shared-responses'] ?? {}), (s) => s === 'paths' || s === 'webhooks'],
    [/^(\s+)headers:$/, foldHeaders(components['x-header-sets'] ?? {}), (s) => s === 'paths' || s === 'webhooks' || s === 'components'],
    [/^(\s+)parameters:$/, foldParameters, (s) => s === 'paths' || s === 'webhooks'],
    [/^(\s+)security:$/, foldSecurity, (s) => s === 'paths' || s === 'webhooks'],
    [/^(\s+)content:$/, foldJson, (s) => s === 'paths' || s === 'webhooks'],
  ];
  // one pass a rule: a block one rule rewrites may hold blocks of the next (a response's headers in `responses:`)
  let lines = text.split('\n');
  for (const [re, rewrite, applies] of rewrites) {
    const out: string[] = [];
    for (let i = 0; i < lines.length; ) {
      const m = re.exec(lines[i]!);
      const end = m && applies(sectionOf(lines, i)) ? blockEnd(lines, i) : i + 1;
      const replaced = m && end > i + 1 ? rewrite(lines, i, end, m[1]!) : undefined;
      if (replaced) {
        out.push(...replaced);
        i = end;
      } else out.push(lines[i++]!);
    }
    lines = out;
  }
  return foldPhrases(foldSchemas(lines.join('\n')));
}
