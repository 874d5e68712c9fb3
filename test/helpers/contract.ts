/**
 * The one response validator every test uses: finds the operation of a request in openapi.yaml,
 * checks that the status is documented, validates the JSON body against the response schema and
 * the documented headers (required ones present, all matching their schema).
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { bundledDocument } from '../../src/openapi/bundle.js';

type Json = Record<string, any>;

const doc = bundledDocument();
const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);
ajv.addSchema(doc, 'openapi');

const routes = Object.keys(doc.paths as Json).map((template) => ({
  template,
  re: new RegExp('^' + template.replace(/\{[^}]+\}/g, '[^/]+') + '$'),
  literal: !template.includes('{'),
}));

function deref(obj: Json): Json {
  let o = obj;
  while (o && typeof o.$ref === 'string') {
    const path = (o.$ref as string).replace(/^#\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    o = path.reduce((acc: Json, k) => acc[k], doc);
  }
  return o;
}

const pointer = (...parts: string[]) => 'openapi#/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function findOperation(method: string, path: string): { template: string; op: Json } | null {
  const p = path.split('?')[0]!;
  const hit = routes.find((r) => r.literal && r.re.test(p)) ?? routes.find((r) => r.re.test(p));
  if (!hit) return null;
  const op = (doc.paths as Json)[hit.template][method.toLowerCase()];
  return op ? { template: hit.template, op } : null;
}

/** Whether a Content-Type is one JSON document (`application/json`, `+json`): NDJSON, a stream of them, is not. */
export const isJsonType = (type: string | null): boolean => /^application\/(?:[\w.-]+\+)?json(?:;|$)/i.test(type ?? '');

/** Throws with a readable message when the response breaks the contract. */
export function assertContract(method: string, fullPath: string, status: number, headers: Headers, body: unknown): void {
  const path = fullPath.length > 200 ? `${fullPath.slice(0, 200)}...` : fullPath;
  const found = findOperation(method, fullPath);
  if (!found) {
    // undocumented routes and methods must still answer with the error envelope
    const v = ajv.getSchema(pointer('components', 'schemas', 'ApiError'))!;
    if (!v(body)) throw new Error(`${method} ${path} -> ${status}: body is not the error envelope: ${ajv.errorsText(v.errors)}`);
    return;
  }
  const { template, op } = found;
  const responses = op.responses as Json;
  const key = String(status) in responses ? String(status) : 'default' in responses ? 'default' : null;
  if (!key) throw new Error(`${method} ${template}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
  const response = deref(responses[key]);
  const schemaRef = (responses[key] as Json).$ref
    ? pointer(...((responses[key] as Json).$ref as string).slice(2).split('/').map((s) => s.replace(/~1/g, '/')), 'content', 'application/json', 'schema')
    : pointer('paths', template, method.toLowerCase(), 'responses', key, 'content', 'application/json', 'schema');
  if (response.content?.['application/json']) {
    const validate = ajv.getSchema(schemaRef);
    if (!validate) throw new Error(`no schema at ${schemaRef}`);
    if (!validate(body)) {
      throw new Error(`${method} ${path} -> ${status}: body breaks the schema: ${ajv.errorsText(validate.errors, { separator: '\n  ' })}\n${JSON.stringify(body).slice(0, 800)}`);
    }
  }
  for (const [name, h] of Object.entries((response.headers ?? {}) as Json)) {
    const header = deref(h as Json);
    const value = headers.get(name);
    if (value === null) {
      if (header.required) throw new Error(`${method} ${path} -> ${status}: required header ${name} missing`);
      continue;
    }
    const v = ajv.compile(header.schema ?? {});
    if (!v(value)) throw new Error(`${method} ${path} -> ${status}: header ${name}=${value} breaks its schema`);
  }
}

/**
 * Headers every HTTP answer of this server carries whatever the operation: message framing and the
 * fixed security headers of src/pipeline/requestLog.ts (`FIXED_HEADERS`, which also starts every answer
 * with `Cache-Control: no-store`). All others must be declared on the response that sends them.
 */
const FRAMING = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'vary',
  'cache-control', 'x-content-type-options', 'content-security-policy', 'x-frame-options', 'referrer-policy']);

/** The headers of an answer its operation's response in openapi.yaml does not declare (lower-case names). */
export function undeclaredHeaders(method: string, fullPath: string, status: number, headers: Headers): string[] {
  const found = findOperation(method, fullPath);
  if (!found) throw new Error(`${method} ${fullPath}: no operation`);
  const responses = found.op.responses as Json;
  const response = responses[String(status)] ?? responses.default;
  if (!response) throw new Error(`${method} ${found.template}: status ${status} is not documented`);
  const declared = new Set(Object.keys((deref(response).headers ?? {}) as Json).map((n) => n.toLowerCase()));
  return [...headers.keys()].filter((n) => !FRAMING.has(n) && !declared.has(n));
}
