/**
 * MCP tools generated from openapi.yaml: one per read operation under `/data`, `/analytics` and
 * `/reference` that answers 200 with a JSON object (the `full` toolset, and the operations the agent
 * toolset calls); the streamed exports (`/data/exports/...`, NDJSON or CSV) are for HTTP clients.
 * Name = operationId; input schema = the operation's path and query parameters (same enums, bounds
 * and defaults) plus `api_version`, nothing else (`additionalProperties: false`).
 * `$ref`s are inlined so a client needs nothing but the tool entry. No output schema: results are
 * shaped to fit a context window (shape.ts), so they are not the 200 body's shape. A new operation
 * in the document becomes a tool with no code here.
 */
import type { Document } from 'openapi-backend';

type Json = Record<string, unknown>;

export interface ToolParameter {
  name: string;
  in: 'path' | 'query';
  /** `style: form, explode: false` arrays travel as one comma-separated value. */
  commaSeparated: boolean;
}

export interface OperationTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Json & { type: 'object' };
  annotations: Json;
  /** Where the call goes: the operation's path template and its parameters. */
  path: string;
  parameters: ToolParameter[];
}

/** The largest `limit` a tool takes for data and analytics: what an answer that fits a result can hold, and then some. */
export const MAX_PAGE = 100;
/** The argument that pins `API-Version` (a header in HTTP, so no parameter name can collide with it). */
export const VERSION_ARGUMENT = 'api_version';
const EXPOSED = /^\/(data|analytics|reference)\//;
/** Keys of an OpenAPI schema object that mean nothing to a JSON Schema validator or a model. */
const DROPPED_KEYS = new Set(['example', 'x-error-code', 'xml', 'externalDocs', 'discriminator']);

/** Resolves a local `$ref` (`#/components/...`). */
function lookup(doc: Document, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    node = (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined) throw new Error(`Unresolved $ref ${ref}`);
  return node;
}

/**
 * A copy of `node` with every `$ref` replaced by its target. A reference back into a schema being
 * expanded (a recursive shape) becomes `{}` (any value) there: the document has none today.
 */
export function inline(doc: Document, node: unknown, expanding: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(doc, n, expanding));
  if (node === null || typeof node !== 'object') return node;
  const obj = node as Json;
  if (typeof obj.$ref === 'string') {
    if (expanding.has(obj.$ref)) return {};
    const { $ref, ...siblings } = obj;
    const target = inline(doc, lookup(doc, $ref), new Set([...expanding, $ref])) as Json;
    return Object.keys(siblings).length > 0 ? { ...target, ...(inline(doc, siblings, expanding) as Json) } : target;
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) {
    if (DROPPED_KEYS.has(k)) continue;
    // `properties` maps names to schemas: a property may be called `example` too
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, inline(doc, s, expanding)])) : inline(doc, v, expanding);
  }
  return out;
}

/** The document's prose without its references to the specification it was written from (a model cannot open them). */
const withoutSpecRefs = (text: string) => text.replace(/\s*\((?:as )?SPEC\.md[^)]*\)/g, '').replace(/ of SPEC\.md \d+(?:\.\d+)*/g, '');

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Json;
  style?: string;
  explode?: boolean;
}

interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: unknown[];
  responses?: Record<string, unknown>;
}

function toolOf(doc: Document, path: string, pathParameters: unknown[], op: OpenApiOperation): OperationTool | null {
  const ok = op.responses?.['200'] ? (inline(doc, op.responses['200']) as { content?: Record<string, { schema?: Json }> }) : undefined;
  const output = ok?.content?.['application/json']?.schema;
  if (!op.operationId || !output || output.type !== 'object') return null;
  const properties: Json = {};
  const required: string[] = [];
  const parameters: ToolParameter[] = [];
  let versionSchema: Json | undefined;
  // operation-level parameters override path-level ones of the same name and location
  const all = [...pathParameters, ...(op.parameters ?? [])].map((p) => inline(doc, p) as OpenApiParameter);
  const byKey = new Map(all.map((p) => [`${p.in}:${p.name}`, p]));
  for (const p of byKey.values()) {
    if (p.in === 'header' && p.name.toLowerCase() === 'api-version') versionSchema = p.schema;
    if (p.in !== 'path' && p.in !== 'query') continue;
    let schema = p.schema ?? {};
    // a result holds ~80 KB: a bigger page would be computed only to be cut (reference values are small)
    const capped = p.name === 'limit' && !path.startsWith('/reference/') && typeof schema.maximum === 'number' && schema.maximum > MAX_PAGE;
    if (capped) schema = { ...schema, maximum: MAX_PAGE, ...(typeof schema.default === 'number' && schema.default > MAX_PAGE ? { default: MAX_PAGE } : {}) };
    const description = capped ? `Page size, 1..${MAX_PAGE} (results fit a context window).` : p.description;
    properties[p.name] = { ...schema, ...(description ? { description: withoutSpecRefs(description) } : {}) };
    if (p.required || p.in === 'path') required.push(p.name);
    parameters.push({ name: p.name, in: p.in, commaSeparated: p.schema?.type === 'array' && p.explode === false });
  }
  if (versionSchema && !(VERSION_ARGUMENT in properties)) {
    properties[VERSION_ARGUMENT] = {
      ...versionSchema,
      description:
        'Pins the API version (the HTTP `API-Version` header); omitted means the latest. An earlier version answers in the shape it documents.',
    };
  }
  const description = withoutSpecRefs([op.summary, op.description].filter(Boolean).join('\n\n'));
  return {
    name: op.operationId,
    ...(op.summary ? { title: op.summary } : {}),
    description: description || `GET ${path}`,
    inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    path,
    parameters,
  };
}

/** Every tool of the document, in the document's order (`exposed`: the paths that have tools). */
export function toolsFromDocument(doc: Document, exposed: RegExp = EXPOSED): OperationTool[] {
  const tools: OperationTool[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const get = item.get as OpenApiOperation | undefined;
    if (!exposed.test(path) || !get) continue;
    const tool = toolOf(doc, path, (item.parameters as unknown[]) ?? [], get);
    if (tool) tools.push(tool);
  }
  return tools;
}
