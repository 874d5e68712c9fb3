/**
 * The error envelope (openapi.yaml `ApiError`): `{error: {code, message, details}}`.
 * Everything that leaves the server as an error is an ApiError by the time it reaches the mapper.
 */
export type ErrorDetails = null | Record<string, string | number | boolean> | { path: string; message: string }[];

const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_ENTITY_ID: 400,
  UNKNOWN_FILTER: 400,
  FILTER_PARSE_ERROR: 400,
  FILTER_VALIDATION_ERROR: 400,
  UNSUPPORTED_OPERATOR: 400,
  PAGINATION_DEPTH_EXCEEDED: 400,
  UNAUTHORIZED: 401,
  CREDITS_EXHAUSTED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PATH_RENAMED: 404,
  ENDPOINT_REMOVED: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  IDEMPOTENCY_KEY_REUSED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  DATABASE_ERROR: 500,
  SCHEMA_ERROR: 500,
  EXTERNAL_SERVICE_ERROR: 503,
  SERVICE_UNAVAILABLE: 503,
  QUERY_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = null,
    opts: { status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = opts.status ?? ERROR_STATUS[code];
    this.headers = opts.headers ?? {};
  }

  toBody(): { error: { code: string; message: string; details: ErrorDetails } } {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }
}

export const notFound = (message = 'Resource not found') => new ApiError('NOT_FOUND', message);
/** A query past its execution budget, whichever engine stopped it (src/db/budget.ts, the rounds snapshot, PostgreSQL's statement_timeout). */
export const queryTimeout = () =>
  new ApiError('QUERY_TIMEOUT', 'The query exceeded the execution budget; narrow the filters, use a smaller limit or an aggregate endpoint');
