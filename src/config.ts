/**
 * One typed configuration object read from the environment and validated at start. SETTINGS is
 * the schema: every variable the service (or `make run`) reads, its default and its meaning;
 * loadConfig reads only names declared there (the type says so), and README.md's configuration
 * table is rendered from it (`make generate`; test/unit/config.test.ts fails when they differ).
 */
interface Setting {
  /** The value used when the variable is unset or empty ('' = none or derived: see `shown`). */
  default: string;
  /** How the default reads in the README when it is derived or absent. */
  shown?: string;
  doc: string;
  /** Read by the Makefile, not by the server. */
  make?: true;
}

export const SETTINGS = {
  PORT: { default: '3000', doc: 'API port' },
  AUTH_PORT: { default: '3001', doc: 'Identity provider port (token endpoint, JWKS, browser sign-in)' },
  HOST: { default: '127.0.0.1', doc: 'Listen address (`0.0.0.0` to accept connections from other hosts, e.g. a proxy)' },
  BASE_URL: { default: '', shown: '`http://localhost:$PORT`', doc: 'Public base URL of the API' },
  AUTH_URL: { default: '', shown: '`http://localhost:$AUTH_PORT`', doc: 'Public URL of the identity provider' },
  DATABASE_URL: { default: 'sqlite:data/demo.sqlite', doc: '`sqlite:<file>` or `postgres://user:pass@host:port/db`' },
  AUDIENCE: { default: 'urn:funding-data-api', doc: 'Token audience (must differ from `BASE_URL`)' },
  ISSUER: { default: '', shown: '`$AUTH_URL/`', doc: 'Token issuer checked by the API' },
  JWKS_URL: { default: '', shown: '(bundled key)', doc: 'Verify tokens of an external OIDC provider instead; in production the bundled identity provider then runs only when a signing key file exists' },
  SIGNING_KEY_FILE: {
    default: 'data/signing-key.json',
    doc: 'ES256 private key of the bundled identity provider. Outside production it is created on first start; in production create it beforehand (`npm run admin -- signing-key create --out FILE`) and give every process the same file',
  },
  TOKEN_TTL: { default: '86400', doc: 'Token lifetime in seconds' },
  API_NOW: { default: '', shown: '(clock)', doc: 'Override "now" (ISO 8601) for tests and demos of version windows' },
  SEED_SCALE: { default: 'demo', doc: 'Seed size: `none` (reference tables, development key and demo users only), `tiny`, `demo` or `large`' },
  NODE_ENV: {
    default: 'development',
    doc: 'With `production` the server refuses to start without `CURSOR_SECRET`, without a signing key file or `JWKS_URL`, and while the development key or a demo user with its published password exists',
  },
  LOG_LEVEL: { default: 'info', doc: 'pino log level' },
  CURSOR_SECRET: {
    default: '',
    shown: 'generated',
    doc: 'HMAC secret of list cursors (required in production; the same in every process). Unset: a random secret of this install, created on first start as `cursor-secret` beside `SIGNING_KEY_FILE`',
  },
  QUERY_BUDGET_MS: { default: '15000', doc: 'Query execution budget' },
  KEY_CACHE_SECONDS: { default: '60', doc: "How long a key's status is cached (revocation takes effect within it; at most 300)" },
  CREDIT_LEASES: { default: 'on', doc: "`on`: a busy key's credits are leased per process in blocks from its balance and the unused part returned; `off`: one balance write per metered call" },
  RECORD_DOCUMENTS: {
    default: 'on',
    doc: '`on`: transaction and company answers are assembled from the stored record documents (docs/scaling.md); `off`: from the base rows on every request',
  },
  CREDIT_LEASE_TTL_MS: { default: '2000', doc: 'How long a process serves calls from one credit lease; a lease its process could not return (killed) comes back after twice that' },
  APP_URL: { default: 'https://app.fundingdata.example', doc: 'Web app base for `service_url`' },
  DB_POOL_MAX: { default: '10', doc: 'PostgreSQL pool size (per process)' },
  DB_PREPARED_STATEMENTS: {
    default: 'on',
    doc: 'PostgreSQL: lookups by key run as named prepared statements (planned once per connection); `off` behind PgBouncer in transaction mode before 1.21',
  },
  RATE_LIMIT_BURST: { default: '100', doc: 'Token bucket size per client (requests)' },
  RATE_LIMIT_PER_SECOND: { default: '20', doc: 'Token bucket refill per client (requests per second)' },
  RATE_LIMIT_STORE: { default: 'memory', doc: '`memory` (one process) or `postgres` (shared by every process on the database)' },
  WORKERS: {
    default: '1',
    doc: 'Server processes sharing the ports (node:cluster); with PostgreSQL set `RATE_LIMIT_STORE=postgres` so they share the rate limits',
  },
  SHUTDOWN_DELAY_MS: {
    default: '0',
    doc: 'On SIGTERM, keep serving this long with `/system/health` and `/system/ready` answering 503 (so a load balancer stops sending) before the listeners close and in-flight requests drain',
  },
  CHANGE_RETENTION_DAYS: { default: '30', doc: 'Days the change feed (`GET /data/changes`) keeps changes before pruning them (at least 30)' },
  WEBHOOK_ALLOW_PRIVATE: { default: 'off', doc: 'Let webhooks target loopback, private and link-local addresses and plain http (development and tests only)' },
  WEBHOOK_RETRY_BASE_MS: { default: '30000', doc: 'First retry delay of a failed webhook delivery; each later one doubles, up to a sixth of the retry window' },
  WEBHOOK_RETRY_WINDOW_MS: { default: '90000000', doc: 'How long a failed webhook delivery is retried (25 h)' },
  WEBHOOK_DISABLE_AFTER_MS: { default: '259200000', doc: 'A webhook whose deliveries all failed for this long is disabled (3 days)' },
  WEBHOOK_TIMEOUT_MS: { default: '10000', doc: 'Per delivery: connect and response deadline' },
  WEBHOOK_POLL_MS: { default: '1000', doc: 'How often each process looks for due webhook deliveries when not woken by a commit (one of its own; on PostgreSQL, of any process: LISTEN/NOTIFY)' },
  IMPORT_MAX_BYTES: { default: '104857600', doc: 'The largest NDJSON body POST /platform/imports accepts (100 MiB; larger is a 413)' },
  HEADERS_TIMEOUT_MS: {
    default: '10000',
    doc: 'A client must send all request headers within this (slow clients are cut off); a new connection that sends nothing is closed after it',
  },
  REQUEST_TIMEOUT_MS: { default: '30000', doc: 'A client must send the whole request within this' },
  SEND_TIMEOUT_MS: {
    default: '30000',
    doc: 'An answer whose client takes none of its bytes for this long is cut off and its queries cancelled (a client that stops reading holds no memory past it)',
  },
  HEAVY_REQUESTS_PER_KEY: {
    default: '8',
    doc: 'Exports, analytics and list pages over 100 rows running at once per API key, user or guest address (per process); more get 429 until one ends. `0` = no cap',
  },
  HEAVY_CONCURRENCY: {
    default: '2',
    doc: 'Heavy units (analytics, list pages over 100 rows, export batches) a process works on at once; the rest wait their turn, so cheap requests and the probes keep answering. `0` = no limit',
  },
  HEAVY_REQUESTS_PER_ADDRESS: {
    default: '16',
    doc: 'The same per client address, whatever the credentials (per process). `0` = no cap',
  },
  AUTH_FAILURES_PER_CLIENT: {
    default: '10',
    doc: 'Failed token requests per client id, and failed sign-ins per account, from one client address per minute before 429 (other addresses are not locked out)',
  },
  AUTH_FAILURES_PER_ADDRESS: { default: '100', doc: 'Failed token requests and sign-ins per client address per minute before 429' },
  TRUST_PROXY: {
    default: '0',
    doc: 'Reverse proxies in front of the server: the client address (sign-in and token limits, guest limits, anonymous rate limit) is that many entries from the right of `X-Forwarded-For`. `0`: the connection\'s address, `X-Forwarded-For` ignored',
  },
  KEEP_ALIVE_TIMEOUT_MS: {
    default: '5000',
    doc: 'A kept-alive connection idle this long between requests is closed (a new connection must send its first request within `HEADERS_TIMEOUT_MS`)',
  },
  MAX_CONNECTIONS_PER_ADDRESS: {
    default: '256',
    doc: 'Open connections per connecting address on each port (per process); more are closed at once. `0` = no cap (behind a proxy all connections come from its address)',
  },
  GUEST_SIGNINS_PER_ADDRESS: {
    default: '30',
    doc: 'Guest sign-ins per client address per minute before 429; guest (anonymous) API calls share one rate-limit bucket per address',
  },
  AUTH_REFUSAL_DELAY_MS: {
    default: '1000',
    doc: 'A 429 of the sign-in form or token endpoint is held this long before it is sent, so a client retrying in a loop makes at most about one attempt a second per connection instead of keeping the process busy',
  },
  APP_CLIENT_ID: { default: 'web-app', doc: 'Client id of the registered browser app (authorization code with PKCE)' },
  APP_REDIRECT_URIS: {
    default: 'http://localhost:5173/callback,http://127.0.0.1:5173/callback',
    doc: 'Comma-separated redirect URIs of the browser app; their origins are allowed by CORS on the identity provider',
  },
  METRICS_TOKEN: { default: '', shown: '(none)', doc: 'Bearer token of `GET /system/metrics` (Prometheus, every worker aggregated); unset = no metrics route' },
  HEAP_MB: {
    make: true,
    default: '1024',
    doc: "`make run` only: V8 old-space limit of each server process (`--max-old-space-size`). Node sizes its heap for the machine (4 GiB here) and lets garbage pile up as resident memory; with an explicit limit a process stays near 190–235 MB under load instead of 290–340 MB, for a few per cent of throughput and a higher p99 (docs/scaling.md). `0` = Node's default",
  },
  HEAP_YOUNG_MB: {
    make: true,
    default: '0',
    doc: "`make run` only: V8 semi-space size of each server process (`--max-semi-space-size`); `0` = Node's default (16). `32` keeps more of each response's garbage young: on PostgreSQL the p99 of a list at a fixed 200 requests/s fell from a median of 32 to 25 ms over six runs each, founders `view=full` served about 8 % more, and RSS under load rose from about 200 to 220–238 MB. On SQLite the same setting took a process to 271–303 MB, over the 300 MB target, so it is not the default (docs/scaling.md, Operating notes)",
  },
  MALLOC_MMAP_THRESHOLD: {
    make: true,
    default: '131072',
    doc: "`make run` only: glibc's `MALLOC_MMAP_THRESHOLD_` of each server process, in bytes. Allocations from this size up are mapped apart and leave the process when freed; with glibc's adaptive default, the large arrays of the analytics snapshot and its filters stayed resident after use (a server answering analytics on `large`: 340–345 MB before, 250–265 MB with it). Processes not started by `make run` set `MALLOC_MMAP_THRESHOLD_` in their own environment (README, Production)",
  },
  SEED_YOUNG_MB: {
    make: true,
    default: '64',
    doc: "`make run` (when it seeds) and `make seed` only: V8 semi-space size of the seeding process. The generator makes millions of short-lived rows; with 64 MB of young generation seeding `large` on SQLite generated its rows in about 53 s instead of 60 s. `0` = Node's default",
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** The README's configuration table, rendered from SETTINGS. */
export function configTable(): string {
  const rows = Object.entries(SETTINGS).map(([name, s]: [string, Setting]) => {
    const dflt = s.shown ?? (s.default === '' ? '(none)' : `\`${s.default}\``);
    return `| \`${name}\` | ${dflt} | ${s.doc} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

export type DbClient = 'sqlite' | 'postgres';

export interface Config {
  port: number;
  authPort: number;
  host: string;
  baseUrl: string;
  authUrl: string;
  audience: string;
  issuer: string;
  databaseUrl: string;
  dbClient: DbClient;
  sqliteFile: string;
  apiNow: Date | null;
  seedScale: 'none' | 'tiny' | 'demo' | 'large';
  nodeEnv: string;
  logLevel: string;
  tokenTtlSeconds: number;
  signingKeyFile: string;
  /** HMAC secret of list cursors; '' until the server fills in the install's generated one. */
  cursorSecret: string;
  queryBudgetMs: number;
  keyCacheSeconds: number;
  /** Credit leases (src/access/leases.ts). */
  creditLeases: { enabled: boolean; ttlMs: number };
  /** Transaction and company answers from the stored record documents (src/documents/read.ts). */
  recordDocuments: boolean;
  appUrl: string;
  dbPoolMax: number;
  /** PostgreSQL: run marked lookups as named prepared statements (off behind PgBouncer before 1.21). */
  dbPreparedStatements: boolean;
  /** Server processes (node:cluster) sharing the ports; 1 = this process serves. */
  workers: number;
  /** Slow-client (slowloris) limits of both listeners: all headers within, whole request within. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** An answer whose client takes no byte of it for this long is cut off. */
  sendTimeoutMs: number;
  /** Heavy requests (src/access/heavy.ts) at once per caller and per address; 0 = no cap. */
  heavyRequests: { perKey: number; perAddress: number };
  /** Heavy units worked on at once per process (src/access/workQueue.ts); 0 = no limit. */
  heavyConcurrency: number;
  /** Failed attempts allowed in a 60 s window: per client id (token endpoint) or account (sign-in)
   * from one address, and per address over both. */
  authFailures: { perClient: number; perAddress: number };
  /** Reverse proxies in front: the client address is that many entries from the right of
   * X-Forwarded-For (0: the socket's address, X-Forwarded-For ignored). */
  trustProxy: number;
  /** A kept-alive connection idle this long between requests is closed. */
  keepAliveTimeoutMs: number;
  /** Open connections per client (socket) address on each listener; 0 = no cap. */
  maxConnectionsPerAddress: number;
  /** Guest sign-ins per address in a 60 s window. */
  guestSignInsPerAddress: number;
  /** How long a 429 of the sign-in form or token endpoint is held before it is sent. */
  authRefusalDelayMs: number;
  rateLimit: { capacity: number; perSecond: number; store: 'memory' | 'postgres' };
  /** The registered single-page app of the browser sign-in (authorization code + PKCE). */
  app: { clientId: string; redirectUris: string[]; origins: string[] };
  /** Bearer token for GET /system/metrics; empty = no metrics route. */
  metricsToken: string;
  /** An external OIDC provider's JWKS the API verifies tokens with; empty = the bundled key. */
  jwksUrl: string;
  /** After SIGTERM: how long to keep serving with the probes answering 503 before the listeners close. */
  shutdownDelayMs: number;
  /** Days the change feed keeps changes. */
  changeRetentionDays: number;
  /** The largest body of POST /platform/imports (bytes). */
  importMaxBytes: number;
  /** Webhook deliveries (src/webhooks/). */
  webhooks: { allowPrivate: boolean; retryBaseMs: number; retryWindowMs: number; disableAfterMs: number; timeoutMs: number; pollMs: number };
}

export class ConfigError extends Error {}

/** The variable's value, or its schema default when unset or empty. */
function get(env: NodeJS.ProcessEnv, name: SettingName): string {
  const raw = env[name];
  return raw === undefined || raw === '' ? SETTINGS[name].default : raw;
}

function int(env: NodeJS.ProcessEnv, name: SettingName, min: number, max: number): number {
  const raw = get(env, name);
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function onOff(env: NodeJS.ProcessEnv, name: SettingName): boolean {
  const raw = get(env, name);
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new ConfigError(`${name} must be on or off, got "${raw}"`);
}

function url(name: string, value: string): string {
  try {
    const u = new URL(value);
    return u.toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${value}"`);
  }
}

/** BASE_URL and AUTH_URL when unset: the port on this host. */
const localUrl = (port: number) => `http://localhost:${port}`;

function checkAudience(audience: string, baseUrl: string): void {
  if (audience.replace(/\/$/, '') === baseUrl) throw new ConfigError('AUDIENCE must differ from BASE_URL (tokens name the API audience, not its URL)');
}

/**
 * `cfg` once its listeners are bound: a port 0 (any free port, as tests ask) becomes the port the
 * OS chose, and the URLs and issuer derived from it follow. Every other setting stays as given, so
 * nothing has to be re-listed or re-read from the environment.
 */
export function boundTo(cfg: Config, port: number, authPort: number): Config {
  const baseUrl = cfg.port === 0 ? localUrl(port) : cfg.baseUrl;
  const authUrl = cfg.authPort === 0 ? localUrl(authPort) : cfg.authUrl;
  checkAudience(cfg.audience, baseUrl);
  return { ...cfg, port, authPort, baseUrl, authUrl, issuer: cfg.authPort === 0 ? `${authUrl}/` : cfg.issuer };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 0, 65535);
  const authPort = int(env, 'AUTH_PORT', 0, 65535);
  const host = get(env, 'HOST');
  const baseUrl = url('BASE_URL', get(env, 'BASE_URL') || localUrl(port));
  const authUrl = url('AUTH_URL', get(env, 'AUTH_URL') || localUrl(authPort));
  const audience = get(env, 'AUDIENCE');
  checkAudience(audience, baseUrl);
  const issuer = get(env, 'ISSUER') || `${authUrl}/`;
  const databaseUrl = get(env, 'DATABASE_URL');
  let dbClient: DbClient;
  let sqliteFile = '';
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) dbClient = 'postgres';
  else if (databaseUrl.startsWith('sqlite:')) {
    dbClient = 'sqlite';
    sqliteFile = databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!sqliteFile) throw new ConfigError('DATABASE_URL sqlite: needs a file path, e.g. sqlite:data/demo.sqlite');
  } else throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres://, got "${databaseUrl}"`);
  let apiNow: Date | null = null;
  const apiNowRaw = get(env, 'API_NOW');
  if (apiNowRaw) {
    const d = new Date(apiNowRaw);
    if (Number.isNaN(d.getTime())) throw new ConfigError(`API_NOW must be an ISO 8601 date or date-time, got "${apiNowRaw}"`);
    apiNow = d;
  }
  const seedScale = get(env, 'SEED_SCALE') as Config['seedScale'];
  if (!['none', 'tiny', 'demo', 'large'].includes(seedScale)) throw new ConfigError('SEED_SCALE must be none, tiny, demo or large');
  const nodeEnv = get(env, 'NODE_ENV');
  const rateStore = get(env, 'RATE_LIMIT_STORE') as 'memory' | 'postgres';
  if (!['memory', 'postgres'].includes(rateStore)) throw new ConfigError('RATE_LIMIT_STORE must be memory or postgres');
  if (rateStore === 'postgres' && dbClient !== 'postgres') throw new ConfigError('RATE_LIMIT_STORE=postgres needs a postgres:// DATABASE_URL');
  const redirectUris = get(env, 'APP_REDIRECT_URIS')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of redirectUris) url('APP_REDIRECT_URIS', u);
  const origins = [...new Set(redirectUris.map((u) => new URL(u).origin))];
  // unset outside production: the server generates one per install (loadCursorSecret)
  const cursorSecret = get(env, 'CURSOR_SECRET');
  if (!cursorSecret && nodeEnv === 'production') throw new ConfigError('CURSOR_SECRET is required when NODE_ENV=production');
  if (nodeEnv === 'production' && onOff(env, 'WEBHOOK_ALLOW_PRIVATE')) throw new ConfigError('WEBHOOK_ALLOW_PRIVATE=on is for development and tests: not with NODE_ENV=production');
  const headersTimeoutMs = int(env, 'HEADERS_TIMEOUT_MS', 100, 600_000);
  const requestTimeoutMs = int(env, 'REQUEST_TIMEOUT_MS', 100, 3_600_000);
  if (requestTimeoutMs < headersTimeoutMs) throw new ConfigError('REQUEST_TIMEOUT_MS must not be below HEADERS_TIMEOUT_MS');
  return {
    port,
    authPort,
    host,
    baseUrl,
    authUrl,
    audience,
    issuer,
    databaseUrl,
    dbClient,
    sqliteFile,
    apiNow,
    seedScale,
    nodeEnv,
    logLevel: get(env, 'LOG_LEVEL'),
    tokenTtlSeconds: int(env, 'TOKEN_TTL', 60, 7 * 86400),
    signingKeyFile: get(env, 'SIGNING_KEY_FILE'),
    cursorSecret,
    queryBudgetMs: int(env, 'QUERY_BUDGET_MS', 1, 600000),
    keyCacheSeconds: int(env, 'KEY_CACHE_SECONDS', 0, 300),
    creditLeases: { enabled: onOff(env, 'CREDIT_LEASES'), ttlMs: int(env, 'CREDIT_LEASE_TTL_MS', 200, 60_000) },
    recordDocuments: onOff(env, 'RECORD_DOCUMENTS'),
    appUrl: url('APP_URL', get(env, 'APP_URL')),
    dbPoolMax: int(env, 'DB_POOL_MAX', 1, 200),
    dbPreparedStatements: onOff(env, 'DB_PREPARED_STATEMENTS'),
    workers: int(env, 'WORKERS', 1, 64),
    headersTimeoutMs,
    requestTimeoutMs,
    sendTimeoutMs: int(env, 'SEND_TIMEOUT_MS', 100, 3_600_000),
    heavyConcurrency: int(env, 'HEAVY_CONCURRENCY', 0, 1000),
    heavyRequests: { perKey: int(env, 'HEAVY_REQUESTS_PER_KEY', 0, 100_000), perAddress: int(env, 'HEAVY_REQUESTS_PER_ADDRESS', 0, 100_000) },
    authFailures: {
      perClient: int(env, 'AUTH_FAILURES_PER_CLIENT', 1, 1_000_000),
      perAddress: int(env, 'AUTH_FAILURES_PER_ADDRESS', 1, 1_000_000),
    },
    trustProxy: int(env, 'TRUST_PROXY', 0, 10),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 100, 600_000),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 0, 1_000_000),
    guestSignInsPerAddress: int(env, 'GUEST_SIGNINS_PER_ADDRESS', 1, 1_000_000),
    authRefusalDelayMs: int(env, 'AUTH_REFUSAL_DELAY_MS', 0, 10_000),
    rateLimit: {
      capacity: int(env, 'RATE_LIMIT_BURST', 1, 1_000_000),
      perSecond: int(env, 'RATE_LIMIT_PER_SECOND', 1, 1_000_000),
      store: rateStore,
    },
    app: { clientId: get(env, 'APP_CLIENT_ID'), redirectUris, origins },
    metricsToken: get(env, 'METRICS_TOKEN'),
    jwksUrl: get(env, 'JWKS_URL') && url('JWKS_URL', get(env, 'JWKS_URL')),
    shutdownDelayMs: int(env, 'SHUTDOWN_DELAY_MS', 0, 120_000),
    changeRetentionDays: int(env, 'CHANGE_RETENTION_DAYS', 30, 3650),
    importMaxBytes: int(env, 'IMPORT_MAX_BYTES', 1, 10 * 1024 * 1024 * 1024),
    webhooks: {
      allowPrivate: onOff(env, 'WEBHOOK_ALLOW_PRIVATE'),
      retryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 10, 3_600_000),
      retryWindowMs: int(env, 'WEBHOOK_RETRY_WINDOW_MS', 100, 30 * 86_400_000),
      disableAfterMs: int(env, 'WEBHOOK_DISABLE_AFTER_MS', 100, 90 * 86_400_000),
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 100, 60_000),
      pollMs: int(env, 'WEBHOOK_POLL_MS', 10, 60_000),
    },
  };
}

/** The service clock: API_NOW when set (tests, demos), otherwise the real time. */
export function now(cfg: Pick<Config, 'apiNow'>): Date {
  return cfg.apiNow ? new Date(cfg.apiNow.getTime()) : new Date();
}
