/**
 * Ajv request-validation failures -> 400 VALIDATION_ERROR with `details: [{path, message}]`
 * (INVALID_ENTITY_ID when the entity UUID in the path is malformed).
 */
import type { ErrorObject } from 'ajv';
import type { Context } from 'openapi-backend';
import { ApiError } from '../errors.js';

const SECTION: Record<string, string> = { path: 'path', query: 'query', header: 'header', requestBody: 'body', cookie: 'cookie' };

/** What to say of a query parameter given more than once where one value is expected. */
function repeated(name: string, times: number): string {
  const hint = name === 'filter' ? ': combine conditions in one filter with and(a,b)' : '';
  return `is given ${times} times; give it once${hint}`;
}

function toDetail(e: ErrorObject, query: Record<string, unknown>): { path: string; message: string } {
  const parts = e.instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] && SECTION[parts[0]]) parts[0] = SECTION[parts[0]]!;
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required' && typeof params.missingProperty === 'string') parts.push(params.missingProperty);
  if (e.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') parts.push(params.additionalProperty);
  let message = e.message ?? 'is invalid';
  if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) message = `must be one of: ${params.allowedValues.join(', ')}`;
  if (e.keyword === 'required') message = 'is required';
  if (e.keyword === 'additionalProperties') message = 'is not allowed';
  const given = parts[0] === 'query' && parts.length === 2 ? query[parts[1]!] : undefined;
  if (e.keyword === 'type' && params.type !== 'array' && Array.isArray(given)) message = repeated(parts[1]!, given.length);
  return { path: parts.join('.') || 'request', message };
}

/**
 * A malformed `sort` (`amount desc`) is left to the operation, which knows its sort keys and says
 * which are allowed and how to write descending (src/query/sort.ts, src/analytics/aggregate.ts);
 * the document's pattern alone could only quote a regular expression.
 */
export const leftToOperation = (e: ErrorObject): boolean => e.instancePath === '/query/sort' && e.keyword === 'pattern';

export function validationFailure(c: Pick<Context, 'validation' | 'operation'> & { request?: { query?: unknown } }): ApiError {
  const errors = (c.validation.errors ?? []) as ErrorObject[];
  const query = (c.request?.query ?? {}) as Record<string, unknown>;
  const seen = new Set<string>();
  const details = errors.map((e) => toDetail(e, query)).filter((d) => {
    const k = `${d.path}|${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const idParam = c.operation.parameters?.find((p) => 'in' in p && p.in === 'path' && p.name === 'id') as
    | { schema?: { format?: string }; 'x-error-code'?: string }
    | undefined;
  // entity UUIDs, and numeric ids whose parameter says so (funds: openapi.yaml `getFund`)
  const uuid = idParam?.schema?.format === 'uuid';
  if ((uuid || idParam?.['x-error-code'] === 'INVALID_ENTITY_ID') && details.some((d) => d.path === 'path.id')) {
    const message = uuid ? 'Invalid entity id: expected a UUID (numeric ids are not accepted on entity routes)' : 'Invalid id: expected a numeric id (digits only)';
    return new ApiError('INVALID_ENTITY_ID', message, details);
  }
  const first = details[0];
  const message = first ? `Request validation failed: ${first.path} ${first.message}` : 'Request validation failed';
  return new ApiError('VALIDATION_ERROR', message, details);
}

/**
 * Text no column can hold faithfully: NUL (PostgreSQL text refuses it) and unpaired UTF-16
 * surrogates (they would be stored as U+FFFD). Such input is refused with 400 at the edge.
 */
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path (`query.filter`, `body.name`, ...) of the first string in `value` with unsafe text, or null. Iterative: bodies may nest deeply. */
export function findUnsafeText(value: unknown, path: string): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [v, p] = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSAFE_TEXT.test(v)) return p;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (UNSAFE_TEXT.test(k)) return `${p}.${k.replace(UNSAFE_TEXT, '?')}`;
        stack.push([child, p.length > 200 ? p : `${p}.${k}`]);
      }
    }
  }
  return null;
}

export function unsafeTextError(path: string): ApiError {
  const message = 'must not contain NUL characters or invalid Unicode';
  return new ApiError('VALIDATION_ERROR', `Request validation failed: ${path} ${message}`, [{ path, message }]);
}
