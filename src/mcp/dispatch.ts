/**
 * A tool call is an HTTP GET of its operation, injected in-process into the API's own request
 * handler with the caller's Authorization and X-Client-Id: validation, token and scopes, tier caps,
 * `locked[]`, version, currency, rate limit, credits and the query budget are the HTTP pipeline's,
 * not a copy of it. The HTTP answer becomes the tool result: the body as `structuredContent` (and
 * as compact JSON text), errors as tool errors carrying the SPEC.md part 7 envelope, and what the
 * call consumed as `_meta.credits_used` (from `X-Credits-Used`).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { headerOverflowMessage, MAX_HEADER_BYTES } from '../http/limits.js';
import { inject, type RequestHandler } from './inject.js';
import { VERSION_ARGUMENT, type OperationTool } from './tools.js';

/** Headers of the MCP request that the operation's request carries on. */
const FORWARDED = ['authorization', 'x-client-id', 'x-request-id', 'user-agent'] as const;

type ErrorBody = { error: { code: string; message: string; details: unknown } };

function toolError(code: string, message: string, details: unknown, meta: Record<string, unknown> = {}): CallToolResult {
  const body: ErrorBody = { error: { code, message, details } };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], _meta: { credits_used: 0, ...meta } };
}

function queryValue(value: unknown, commaSeparated: boolean): string[] {
  if (Array.isArray(value)) return commaSeparated ? [value.map(String).join(',')] : value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)));
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

/**
 * The request line of a call: path parameters substituted, every other argument in the query
 * (unknown arguments too, so the API's validation judges them as it would over HTTP), and the path
 * parameters that are missing.
 */
export function requestUrl(tool: OperationTool, args: Record<string, unknown>): { url: string; missing: string[] } {
  const missing: string[] = [];
  let path = tool.path;
  const query = new URLSearchParams();
  const declared = new Map(tool.parameters.map((p) => [p.name, p]));
  for (const p of tool.parameters) {
    if (p.in !== 'path') continue;
    const v = args[p.name];
    if (v === undefined || v === null || v === '') missing.push(p.name);
    // a `.` or `..` segment must stay a value, never a step up the path
    else path = path.replace(`{${p.name}}`, encodeURIComponent(String(v)).replace(/^\.{1,2}$/, (dots) => '%2E'.repeat(dots.length)));
  }
  for (const [name, value] of Object.entries(args)) {
    if (name === VERSION_ARGUMENT || value === undefined || value === null || declared.get(name)?.in === 'path') continue;
    for (const v of queryValue(value, declared.get(name)?.commaSeparated ?? false)) query.append(name, v);
  }
  const qs = query.toString();
  return { url: qs ? `${path}?${qs}` : path, missing };
}

export async function callTool(app: RequestHandler, tool: OperationTool, args: Record<string, unknown>, incoming: IncomingHttpHeaders): Promise<CallToolResult> {
  const { url, missing } = requestUrl(tool, args);
  if (missing.length > 0) {
    const details = missing.map((name) => ({ path: `path.${name}`, message: 'is required' }));
    return toolError('VALIDATION_ERROR', `Request validation failed: ${missing.map((n) => `path.${n} is required`).join('; ')}`, details);
  }
  const headers: Record<string, string> = {};
  let size = url.length;
  for (const name of FORWARDED) {
    const v = incoming[name];
    if (typeof v === 'string') {
      headers[name] = v;
      size += name.length + v.length;
    }
  }
  // what Node's parser refuses over HTTP is refused here too (the MCP body may be larger)
  if (size > MAX_HEADER_BYTES) return toolError('VALIDATION_ERROR', headerOverflowMessage(), null);
  const version = args[VERSION_ARGUMENT];
  if (version !== undefined && version !== null) headers['api-version'] = String(version);
  const res = await inject(app, { method: 'GET', url, headers });
  const credits = Number(res.headers['x-credits-used'] ?? 0);
  const meta: Record<string, unknown> = { credits_used: Number.isFinite(credits) ? credits : 0, api_version: res.headers['api-version'] ?? null };
  const retryAfter = res.headers['retry-after'];
  if (retryAfter !== undefined) meta.retry_after = Number(retryAfter);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  if (res.status >= 400 || res.status < 200 || body === null || typeof body !== 'object' || Array.isArray(body)) {
    const error = (body as Partial<ErrorBody> | undefined)?.error;
    if (error && typeof error.code === 'string') return toolError(error.code, error.message, error.details ?? null, { ...meta, status: res.status });
    return toolError('INTERNAL_SERVER_ERROR', `The operation answered ${res.status} without a JSON body`, null, { ...meta, status: res.status });
  }
  return {
    content: [{ type: 'text', text: JSON.stringify(body) }],
    structuredContent: body as Record<string, unknown>,
    _meta: meta,
  };
}
