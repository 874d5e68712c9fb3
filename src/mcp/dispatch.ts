/**
 * A tool call is an HTTP GET of an operation, injected in-process into the API's own request
 * handler with the caller's Authorization and X-Client-Id: validation, token and scopes, tier caps,
 * `locked[]`, version, currency, rate limit, credits and the query budget are the HTTP pipeline's,
 * not a copy of it. Errors become tool errors carrying the error envelope of openapi.yaml
 * (`{"error":{"code","message","details"}}`), and what the call consumed is `_meta.credits_used`
 * (from `X-Credits-Used`).
 *
 * Every call ends: it has the query budget as its deadline (QUERY_TIMEOUT past it), it stops when
 * the MCP client goes away, and its answer may not grow past MAX_OPERATION_BYTES (memory per call
 * is bounded whatever the operation). A call cut off that way runs no further and is not charged.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { queryTimeout } from '../errors.js';
import { headerOverflowMessage, MAX_HEADER_BYTES } from '../http/limits.js';
import { inject, InjectCut, type RequestHandler } from './inject.js';
import { VERSION_ARGUMENT, type ToolParameter } from './tools.js';

/** The most an operation's answer may weigh before the call is cut (the tool result is far smaller). */
export const MAX_OPERATION_BYTES = 4 * 1024 * 1024;

/** Headers of the MCP request that the operation's request carries on. */
const FORWARDED = ['authorization', 'x-client-id', 'x-request-id', 'user-agent', 'x-forwarded-for'] as const;

type ErrorBody = { error: { code: string; message: string; details: unknown } };

/** Where a call goes: an operation's path template and its parameters. */
export interface OperationTarget {
  name: string;
  path: string;
  parameters: ToolParameter[];
}

/** What a call needs of the MCP request it belongs to. */
export interface CallContext {
  app: RequestHandler;
  headers: IncomingHttpHeaders;
  remoteAddress?: string;
  /** Aborts when the MCP client goes away or cancels the call. */
  signal?: AbortSignal;
  budgetMs: number;
  maxBytes?: number;
}

export function toolError(code: string, message: string, details: unknown, meta: Record<string, unknown> = {}): CallToolResult {
  const body: ErrorBody = { error: { code, message, details } };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], _meta: { credits_used: 0, ...meta } };
}

export const validationError = (problems: { path: string; message: string }[]): CallToolResult =>
  toolError('VALIDATION_ERROR', `Request validation failed: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, problems);

function queryValue(value: unknown, commaSeparated: boolean): string[] {
  if (Array.isArray(value)) return commaSeparated ? [value.map(String).join(',')] : value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)));
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

/**
 * The request line of a call: path parameters substituted, the declared query parameters in the
 * query, and the path parameters that are missing. Arguments the operation does not declare are not
 * sent (the tool's input schema refuses them before this).
 */
export function requestUrl(tool: OperationTarget, args: Record<string, unknown>): { url: string; missing: string[] } {
  const missing: string[] = [];
  let path = tool.path;
  const query = new URLSearchParams();
  for (const p of tool.parameters) {
    const v = args[p.name];
    if (p.in === 'path') {
      if (v === undefined || v === null || v === '') missing.push(p.name);
      // a `.` or `..` segment must stay a value, never a step up the path
      else path = path.replace(`{${p.name}}`, encodeURIComponent(String(v)).replace(/^\.{1,2}$/, (dots) => '%2E'.repeat(dots.length)));
      continue;
    }
    if (v === undefined || v === null) continue;
    for (const s of queryValue(v, p.commaSeparated)) query.append(p.name, s);
  }
  const qs = query.toString();
  return { url: qs ? `${path}?${qs}` : path, missing };
}

export type Outcome = { ok: true; body: Record<string, unknown>; meta: Record<string, unknown> } | { ok: false; result: CallToolResult };

/** Runs one operation for a tool call: its JSON body, or the tool error to answer. */
export async function runOperation(target: OperationTarget, args: Record<string, unknown>, ctx: CallContext): Promise<Outcome> {
  const { url, missing } = requestUrl(target, args);
  if (missing.length > 0) return { ok: false, result: validationError(missing.map((name) => ({ path: `path.${name}`, message: 'is required' }))) };
  const headers: Record<string, string> = {};
  let size = url.length;
  for (const name of FORWARDED) {
    const v = ctx.headers[name];
    if (typeof v === 'string') {
      headers[name] = v;
      size += name.length + v.length;
    }
  }
  // what Node's parser refuses over HTTP is refused here too (the MCP body may be larger)
  if (size > MAX_HEADER_BYTES) return { ok: false, result: toolError('VALIDATION_ERROR', headerOverflowMessage(), null) };
  const version = args[VERSION_ARGUMENT];
  if (version !== undefined && version !== null) headers['api-version'] = String(version);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), ctx.budgetMs);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, deadline.signal]) : deadline.signal;
  let res;
  try {
    res = await inject(ctx.app, { method: 'GET', url, headers, remoteAddress: ctx.remoteAddress, signal, maxBytes: ctx.maxBytes ?? MAX_OPERATION_BYTES });
  } catch (err) {
    if (!(err instanceof InjectCut)) throw err;
    if (err.reason === 'too_large') {
      const message = `The answer of ${target.name} exceeds ${MAX_OPERATION_BYTES} bytes; ask for fewer rows (limit) or narrow the filter`;
      return { ok: false, result: toolError('PAYLOAD_TOO_LARGE', message, { max_bytes: MAX_OPERATION_BYTES }, { status: 413 }) };
    }
    if (deadline.signal.aborted) {
      const e = queryTimeout();
      return { ok: false, result: toolError(e.code, e.message, e.details, { status: e.status }) };
    }
    // read by no one: the SDK sends nothing for a request whose client is gone or cancelled it
    return { ok: false, result: toolError('CLIENT_CLOSED_REQUEST', 'The call was cancelled', null, { status: 499 }) };
  } finally {
    clearTimeout(timer);
  }
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
    if (error && typeof error.code === 'string') return { ok: false, result: toolError(error.code, error.message, error.details ?? null, { ...meta, status: res.status }) };
    return { ok: false, result: toolError('INTERNAL_SERVER_ERROR', `The operation answered ${res.status} without a JSON body`, null, { ...meta, status: res.status }) };
  }
  return { ok: true, body: body as Record<string, unknown>, meta };
}
