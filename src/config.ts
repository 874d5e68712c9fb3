/**
 * One typed configuration object read from the environment and validated at start.
 * Every variable is documented in README.md ("Configuration").
 */
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
  seedScale: 'tiny' | 'demo' | 'large';
  nodeEnv: string;
  logLevel: string;
  tokenTtlSeconds: number;
  signingKeyFile: string;
  /** HMAC secret of list cursors; '' until the server fills in the install's generated one. */
  cursorSecret: string;
  queryBudgetMs: number;
  keyCacheSeconds: number;
  /** How often usage counted in memory is written (SPEC.md 5.5 allows 60 s). */
  usageFlushMs: number;
  appUrl: string;
  dbPoolMax: number;
  /** PostgreSQL: run marked lookups as named prepared statements (off behind PgBouncer before 1.21). */
  dbPreparedStatements: boolean;
  /** Server processes (node:cluster) sharing the ports; 1 = this process serves. */
  workers: number;
  /** Slow-client (slowloris) limits of both listeners: all headers within, whole request within. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
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
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, dflt: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function onOff(env: NodeJS.ProcessEnv, name: string, dflt: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const authPort = int(env, 'AUTH_PORT', 3001, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const baseUrl = url('BASE_URL', env.BASE_URL || `http://localhost:${port}`);
  const authUrl = url('AUTH_URL', env.AUTH_URL || `http://localhost:${authPort}`);
  const audience = env.AUDIENCE || 'urn:funding-data-api';
  if (audience.replace(/\/$/, '') === baseUrl) throw new ConfigError('AUDIENCE must differ from BASE_URL (SPEC.md 5.2)');
  const issuer = env.ISSUER || `${authUrl}/`;
  const databaseUrl = env.DATABASE_URL || 'sqlite:data/demo.sqlite';
  let dbClient: DbClient;
  let sqliteFile = '';
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) dbClient = 'postgres';
  else if (databaseUrl.startsWith('sqlite:')) {
    dbClient = 'sqlite';
    sqliteFile = databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!sqliteFile) throw new ConfigError('DATABASE_URL sqlite: needs a file path, e.g. sqlite:data/demo.sqlite');
  } else throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres://, got "${databaseUrl}"`);
  let apiNow: Date | null = null;
  if (env.API_NOW) {
    const d = new Date(env.API_NOW);
    if (Number.isNaN(d.getTime())) throw new ConfigError(`API_NOW must be an ISO 8601 date or date-time, got "${env.API_NOW}"`);
    apiNow = d;
  }
  const seedScale = (env.SEED_SCALE || 'demo') as Config['seedScale'];
  if (!['tiny', 'demo', 'large'].includes(seedScale)) throw new ConfigError('SEED_SCALE must be tiny, demo or large');
  const nodeEnv = env.NODE_ENV || 'development';
  const rateStore = (env.RATE_LIMIT_STORE || 'memory') as 'memory' | 'postgres';
  if (!['memory', 'postgres'].includes(rateStore)) throw new ConfigError('RATE_LIMIT_STORE must be memory or postgres');
  if (rateStore === 'postgres' && dbClient !== 'postgres') throw new ConfigError('RATE_LIMIT_STORE=postgres needs a postgres:// DATABASE_URL');
  const redirectUris = (env.APP_REDIRECT_URIS || 'http://localhost:5173/callback,http://127.0.0.1:5173/callback')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of redirectUris) url('APP_REDIRECT_URIS', u);
  const origins = [...new Set(redirectUris.map((u) => new URL(u).origin))];
  // unset outside production: the server generates one per install (loadCursorSecret)
  const cursorSecret = env.CURSOR_SECRET || '';
  if (!cursorSecret && nodeEnv === 'production') throw new ConfigError('CURSOR_SECRET is required when NODE_ENV=production');
  const headersTimeoutMs = int(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = int(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000);
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
    logLevel: env.LOG_LEVEL || 'info',
    tokenTtlSeconds: int(env, 'TOKEN_TTL', 86400, 60, 7 * 86400),
    signingKeyFile: env.SIGNING_KEY_FILE || 'data/signing-key.json',
    cursorSecret,
    queryBudgetMs: int(env, 'QUERY_BUDGET_MS', 15000, 1, 600000),
    keyCacheSeconds: int(env, 'KEY_CACHE_SECONDS', 60, 0, 300),
    usageFlushMs: int(env, 'USAGE_FLUSH_MS', 1000, 0, 60_000),
    appUrl: url('APP_URL', env.APP_URL || 'https://app.fundingdata.example'),
    dbPoolMax: int(env, 'DB_POOL_MAX', 10, 1, 200),
    dbPreparedStatements: onOff(env, 'DB_PREPARED_STATEMENTS', true),
    workers: int(env, 'WORKERS', 1, 1, 64),
    headersTimeoutMs,
    requestTimeoutMs,
    authFailures: {
      perClient: int(env, 'AUTH_FAILURES_PER_CLIENT', 10, 1, 1_000_000),
      perAddress: int(env, 'AUTH_FAILURES_PER_ADDRESS', 100, 1, 1_000_000),
    },
    trustProxy: int(env, 'TRUST_PROXY', 0, 0, 10),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256, 0, 1_000_000),
    guestSignInsPerAddress: int(env, 'GUEST_SIGNINS_PER_ADDRESS', 30, 1, 1_000_000),
    authRefusalDelayMs: int(env, 'AUTH_REFUSAL_DELAY_MS', 1000, 0, 10_000),
    rateLimit: {
      capacity: int(env, 'RATE_LIMIT_BURST', 100, 1, 1_000_000),
      perSecond: int(env, 'RATE_LIMIT_PER_SECOND', 20, 1, 1_000_000),
      store: rateStore,
    },
    app: { clientId: env.APP_CLIENT_ID || 'web-app', redirectUris, origins },
    metricsToken: env.METRICS_TOKEN || '',
  };
}

/** The service clock: API_NOW when set (tests, demos), otherwise the real time. */
export function now(cfg: Pick<Config, 'apiNow'>): Date {
  return cfg.apiNow ? new Date(cfg.apiNow.getTime()) : new Date();
}
