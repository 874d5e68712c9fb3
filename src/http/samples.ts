/**
 * Code samples of every operation, made from the document (openapi.yaml) for one deployment's URLs:
 * curl, the Python SDK (clients/python) and the TypeScript client (clients/typescript), as Redoc's
 * `x-codeSamples` (src/http/docs.ts lists the three languages for Redoc, which shows only listed ones). A sample fills the operation's path parameters from the parameter's own example,
 * else from the example of a list that links to it (the examples come from the tiny seed: `make
 * examples`), else from the schema's example, and its required query parameters and request body
 * from their examples, defaults or first enum values; `x-sample-query` on an operation adds query values,
 * `x-sample-env` on a path parameter reads it from the environment (the caller's own webhook id).
 * test/integration/docs-samples.test.ts runs them.
 */

type Json = Record<string, unknown>;
type Param = { name: string; in: string; required?: boolean; example?: unknown; schema?: Json; $ref?: string; 'x-sample-env'?: string };

export interface SampleTarget {
  baseUrl: string;
  authUrl: string;
}

export interface CodeSample {
  lang: 'curl' | 'Python' | 'TypeScript';
  label: string;
  source: string;
}

export interface OperationSample {
  operationId: string;
  method: string;
  path: string;
  /** The path with its parameters filled (a parameter read from the environment as `{{NAME}}`). */
  url: string;
  /** Path parameters no seed record can fill (the id of the caller's own webhook): name -> environment variable. */
  env: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  secured: boolean;
  samples: CodeSample[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** An operation's call before its samples are written: the filled parameters by name, query values typed. */
type Call = Omit<OperationSample, 'samples'> & {
  params: Record<string, string>;
  typedQuery: Record<string, unknown>;
  bodySchema: string | null;
  /** `json`: a 2xx JSON body, read as the model; `redirect`: only a 3xx succeeds (shown, not followed); `text`: a 2xx body of another type. */
  answer: 'json' | 'redirect' | 'text';
};

/** openapi-python-client's names: module and tag folders in snake case (`Gov-NGO` -> gov_ngo, `NGOs` -> ng_os). */
export const snake = (s: string): string =>
  s
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();

/** Python builtins and keywords the generator suffixes with `_`. */
const PY_RESERVED = new Set(['filter', 'format', 'type', 'from', 'sum', 'min', 'max', 'list', 'dict', 'hash', 'range', 'object', 'input']);
const pyName = (name: string) => (PY_RESERVED.has(snake(name)) ? `${snake(name)}_` : snake(name));

function pointer(doc: Json, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((v, k) => (v as Json | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

const deref = <T>(doc: Json, v: T): T => {
  let out: unknown = v;
  while (out && typeof out === 'object' && typeof (out as Json).$ref === 'string') out = pointer(doc, (out as Json).$ref as string);
  return out as T;
};

function exampleOf(content: Json | undefined): unknown {
  const media = content?.['application/json'] as Json | undefined;
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples ?? {}) as Record<string, Json>)[0];
  return first?.value;
}

/** operationId -> path parameter values, read from the examples of the responses that link to it. */
function linkedIds(doc: Json): Map<string, Record<string, string>> {
  const ids = new Map<string, Record<string, string>>();
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const m of METHODS) {
      const op = item[m] as Json | undefined;
      const ok = deref(doc, ((op?.responses ?? {}) as Json)['200'] as Json | undefined);
      if (!ok?.links) continue;
      const example = exampleOf(ok.content as Json);
      for (const link of Object.values(ok.links as Record<string, Json>)) {
        const target = link.operationId as string;
        const values: Record<string, string> = {};
        for (const [name, expr] of Object.entries((link.parameters ?? {}) as Record<string, string>)) {
          const m2 = /^\$response\.body#(\/.*)$/.exec(expr);
          const v = m2 ? pointer(example as Json, '#' + m2[1]) : undefined;
          if (v !== undefined && v !== null) values[name] = String(v);
        }
        if (Object.keys(values).length && !ids.has(target)) ids.set(target, values);
      }
    }
  }
  return ids;
}

/** A value the schema accepts: its example, default or first enum value, else one made from its type (objects: the required fields). */
function valueFor(doc: Json, schema: Json | undefined, depth = 0): unknown {
  const s = deref(doc, schema ?? {});
  const picked = s.example ?? s.default ?? (Array.isArray(s.enum) ? s.enum[0] : undefined) ?? (Array.isArray(s.examples) ? s.examples[0] : undefined);
  if (picked !== undefined) return picked;
  const variant = ((s.oneOf ?? s.anyOf) as Json[] | undefined)?.[0];
  if (variant) return valueFor(doc, variant, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object' || s.properties) {
    if (depth > 4) return {};
    const props = (s.properties ?? {}) as Record<string, Json>;
    return Object.fromEntries(((s.required ?? []) as string[]).map((k) => [k, valueFor(doc, props[k], depth + 1)]));
  }
  return 'example';
}

/**
 * Path parameters of an operation no response links to: those of the longest linked path it extends
 * (`/data/companies/{id}/investors` takes the id of `/data/companies/{id}`).
 */
function inheritedIds(path: string, linked: Map<string, Record<string, string>>): Record<string, string> {
  let best: [string, Record<string, string>] | null = null;
  for (const [p, ids] of linked) if (path.startsWith(p + '/') && (!best || p.length > best[0].length)) best = [p, ids];
  return best?.[1] ?? {};
}

const pyLiteral = (v: unknown): string =>
  typeof v === 'boolean' ? (v ? 'True' : 'False') : v !== null && typeof v === 'object' ? `json.loads(${JSON.stringify(JSON.stringify(v))})` : JSON.stringify(v);
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curlSample(o: Call, t: SampleTarget): string {
  const qs = new URLSearchParams(o.query).toString();
  const url = o.url.replace(/\{\{(\w+)\}\}/g, '$$$1');
  const lines = [`curl -sS --globoff ${o.method === 'get' ? '' : `-X ${o.method.toUpperCase()} `}"${t.baseUrl}${url}${qs ? `?${qs}` : ''}"`];
  if (o.secured) lines.push(`  -H "Authorization: Bearer $TOKEN" -H "X-Client-Id: $CLIENT_ID"`);
  if (o.body !== undefined) lines.push(`  -H 'Content-Type: application/json' -d ${shellQuote(JSON.stringify(o.body))}`);
  const intro = o.secured ? [`# TOKEN: POST ${t.authUrl}/oauth/token with your client_id and client_secret (see Getting started)`] : [];
  return [...intro, lines.join(' \\\n')].join('\n');
}

function pythonSample(o: Call, tag: string, pathParams: string[], t: SampleTarget): string {
  const mod = snake(o.operationId);
  const args = [
    ...pathParams.map((n) => `${pyName(n)}=${o.env[n] ? `os.environ["${o.env[n]}"]` : pyLiteral(o.params[n])}`),
    ...Object.entries(o.typedQuery).map(([k, v]) => `${pyName(k)}=${pyLiteral(v)}`),
    ...(o.body !== undefined && o.bodySchema ? [`body=${o.bodySchema}.from_dict(${pyLiteral(o.body)})`] : []),
  ];
  const connect = `api = connect("${t.baseUrl}", auth_url="${t.authUrl}", client_id=os.environ["CLIENT_ID"], client_secret=os.environ["CLIENT_SECRET"])`;
  // `call` returns the parsed model of a JSON answer; a redirect or a non-JSON body is read from the raw response
  // (the generated client raises on a body type it has no model for: that one is fetched with its httpx client)
  const invoke = {
    json: [`print(call(${[mod, 'api', ...args].join(', ')}))`],
    redirect: [`response = ${mod}.sync_detailed(${['client=api', ...args].join(', ')})`, 'print(response.status_code, response.headers.get("location"))'],
    text: [`response = api.get_httpx_client().get(${[JSON.stringify(o.url), ...(Object.keys(o.query).length ? [`params=${pyLiteral(o.query)}`] : [])].join(', ')})`, 'print(response.status_code, response.text[:200])'],
  }[o.answer];
  const json = [...args, ...invoke].some((a) => a.includes('json.loads('));
  return [
    json ? 'import json\nimport os' : 'import os',
    '',
    ...(o.answer === 'text' ? [] : [`from funding_data_api_client.api.${snake(tag)} import ${mod}`]),
    ...(o.body !== undefined && o.bodySchema ? [`from funding_data_api_client.models import ${o.bodySchema}`] : []),
    `from funding_data_sdk import ${o.answer === 'json' ? 'call, connect' : 'connect'}`,
    '',
    connect,
    ...invoke,
  ].join('\n');
}

function typescriptSample(o: Call, pathParams: string[], t: SampleTarget): string {
  const params: string[] = [];
  if (pathParams.length) params.push(`path: { ${pathParams.map((n) => `${n}: ${o.env[n] ? `process.env.${o.env[n]}!` : JSON.stringify(o.params[n])}`).join(', ')} }`);
  if (Object.keys(o.typedQuery).length) params.push(`query: { ${Object.entries(o.typedQuery).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`);
  const options = [
    params.length ? `params: { ${params.join(', ')} }` : '',
    o.body !== undefined ? `body: ${JSON.stringify(o.body)}` : '',
    // fetch follows a redirect by itself: `manual` shows the 308 and its Location, as the curl sample does
    o.answer === 'redirect' ? "redirect: 'manual'" : '',
    o.answer === 'text' ? "parseAs: 'text'" : '',
  ].filter(Boolean);
  const client = `createFundingClient({ baseUrl: '${t.baseUrl}', authUrl: '${t.authUrl}', clientId: process.env.CLIENT_ID!, clientSecret: process.env.CLIENT_SECRET! })`;
  const call = `await api.${o.method.toUpperCase()}('${o.path}'${options.length ? `, { ${options.join(', ')} }` : ''});`;
  return [
    "import { createFundingClient } from '@funding-data/client';",
    '',
    `const api = ${client};`,
    ...(o.answer === 'redirect'
      ? [`const { data, error, response } = ${call}`, "console.log(response.status, response.headers.get('location'));"]
      : [`const { data, error } = ${call}`, 'console.log(data ?? error);']),
  ].join('\n');
}

/** How a sample reads the answer: the first success response's kind (a 2xx JSON body, a 3xx, or another body). */
function answerOf(doc: Json, op: Json): Call['answer'] {
  const responses = (op.responses ?? {}) as Record<string, Json>;
  const ok = Object.keys(responses).find((c) => /^2/.test(c));
  if (!ok) return Object.keys(responses).some((c) => /^3/.test(c)) ? 'redirect' : 'json';
  const content = (deref(doc, responses[ok]!).content ?? {}) as Json;
  // a JSON document (not NDJSON, a stream of them: an export is read as text)
  return !Object.keys(content).length || Object.keys(content).some((m) => /^application\/(?:[\w.-]+\+)?json$/.test(m)) ? 'json' : 'text';
}

/** Every operation of the document with its samples for the deployment at `t`. */
export function operationSamples(doc: Json, t: SampleTarget): OperationSample[] {
  const ids = linkedIds(doc);
  const linkedPaths = new Map<string, Record<string, string>>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const found = ids.get(((item.get as Json | undefined)?.operationId as string) ?? '');
    if (found) linkedPaths.set(path, found);
  }
  const out: OperationSample[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const operationId = op.operationId as string;
      const params = [...((item.parameters ?? []) as Param[]), ...((op.parameters ?? []) as Param[])].map((p) => deref(doc, p));
      const pathParams = params.filter((p) => p.in === 'path');
      const filled: Record<string, string> = {};
      const inherited = inheritedIds(path, linkedPaths);
      // a parameter's own example first, then a linked record's value, then its schema's example
      for (const p of pathParams) filled[p.name] = String(p.example ?? ids.get(operationId)?.[p.name] ?? inherited[p.name] ?? valueFor(doc, p.schema));
      const env = Object.fromEntries(pathParams.filter((p) => p['x-sample-env']).map((p) => [p.name, p['x-sample-env']!]));
      const typedQuery: Record<string, unknown> = {};
      for (const p of params) if (p.in === 'query' && p.required) typedQuery[p.name] = p.example ?? valueFor(doc, p.schema);
      // an operation whose query needs one of several optional parameters names them in `x-sample-query`
      Object.assign(typedQuery, (op['x-sample-query'] ?? {}) as Json);
      const query = Object.fromEntries(Object.entries(typedQuery).map(([k, v]) => [k, String(v)]));
      const content = op.requestBody ? ((deref(doc, op.requestBody) as Json).content as Json) : undefined;
      const body = content ? (exampleOf(content) ?? valueFor(doc, (content['application/json'] as Json | undefined)?.schema as Json)) : undefined;
      const security = (op.security ?? doc.security ?? []) as unknown[];
      const base = {
        operationId,
        method,
        path,
        url: path.replace(/\{(\w+)\}/g, (_m, n: string) => (env[n] ? `{{${env[n]}}}` : encodeURIComponent(filled[n]!))),
        env,
        query,
        body,
        secured: security.length > 0,
      };
      const ref = ((((deref(doc, op.requestBody ?? {}) as Json).content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined)?.$ref;
      const full: Call = { ...base, params: filled, typedQuery, bodySchema: typeof ref === 'string' ? ref.split('/').pop()! : null, answer: answerOf(doc, op) };
      const tag = ((op.tags ?? ['default']) as string[])[0]!;
      out.push({
        ...base,
        samples: [
          { lang: 'curl', label: 'curl', source: curlSample(full, t) },
          { lang: 'Python', label: 'Python SDK', source: pythonSample(full, tag, pathParams.map((p) => p.name), t) },
          { lang: 'TypeScript', label: 'TypeScript', source: typescriptSample(full, pathParams.map((p) => p.name), t) },
        ],
      });
    }
  }
  return out;
}
