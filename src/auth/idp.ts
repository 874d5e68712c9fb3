/**
 * The bundled identity provider (docs/architecture.md): its own Express app on AUTH_PORT with
 * `POST /oauth/token` (client credentials in a JSON or form body, or HTTP Basic) and the JWKS that the API verifies
 * against. Errors use the OAuth 2.0 error body (RFC 6749 5.2), not the API envelope.
 */
import express, { type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { findKeyByClientId } from '../db/apiKeys.js';
import { corsFor } from '../http/cors.js';
import { toApiError } from '../http/errors.js';
import pino, { type Logger } from 'pino';
import { clientAddress } from '../http/address.js';
import type { Metrics } from '../http/metrics.js';
import { AuthAttempts } from './attempts.js';
import { PkceFlow } from './pkce.js';
import { registerClient } from './register.js';
import { READ_ONLY_SCOPES } from '../access/scopes.js';
import { dummyHash, HashingBusy, verifySecret } from './secrets.js';
import { SIGNING_ALG, type SigningKey } from './signing.js';
import { holdRefusal, issueToken, refused, type IdpDeps } from './grant.js';

function oauthError(res: Response, status: number, error: string, description: string): void {
  res.status(status).set('Cache-Control', 'no-store').json({ error, error_description: description });
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * HTTP Basic client authentication (RFC 6749 2.3.1, Postman's default): `Authorization: Basic`
 * over the form-urlencoded client id and secret. Null without a Basic header (other schemes are
 * not client authentication and are ignored), 'malformed' when it cannot be read.
 */
export function basicClient(header: string | undefined): { id: string; secret: string } | 'malformed' | null {
  const m = header === undefined ? null : /^Basic(?: +(\S*))? *$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (!/^[A-Za-z0-9+/]+=*$/.test(m[1] ?? '') || colon < 0) return 'malformed';
  const form = (v: string) => decodeURIComponent(v.replace(/\+/g, ' '));
  try {
    return { id: form(decoded.slice(0, colon)), secret: form(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

async function clientCredentials(req: Request, res: Response, deps: IdpDeps): Promise<void> {
  const { cfg, db, attempts } = deps;
  const body = (req.body ?? {}) as Record<string, unknown>;
  const basic = basicClient(req.headers.authorization);
  if (basic === 'malformed') return oauthError(res, 400, 'invalid_request', 'Malformed Authorization header: expected Basic base64(client_id:client_secret)');
  // one authentication method per request (RFC 6749 2.3); a client_id beside Basic must agree with it
  if (basic && (body.client_secret !== undefined || (body.client_id !== undefined && body.client_id !== basic.id))) {
    return oauthError(res, 400, 'invalid_request', 'Send the client credentials once: in the Authorization header (Basic) or as client_id and client_secret in the body, not both');
  }
  const clientId = basic ? basic.id : str(body.client_id);
  const clientSecret = basic ? basic.secret : str(body.client_secret);
  const audience = str(body.audience);
  if (!clientId || !clientSecret) {
    return oauthError(res, 400, 'invalid_request', 'client_id and client_secret are required (in the body, or as HTTP Basic authentication)');
  }
  if (audience !== cfg.audience) {
    return oauthError(res, 403, 'access_denied', `Unknown audience ${JSON.stringify(audience ?? null)}: use ${cfg.audience}`);
  }
  const address = clientAddress(req, cfg.trustProxy);
  const wait = await attempts.retryAfter('client', clientId, address);
  if (wait > 0) {
    refused(deps, 'token', { client_id: clientId }, address, 'rate_limited');
    await holdRefusal(cfg);
    res.set('Retry-After', String(wait));
    return oauthError(res, 429, 'rate_limited', `Too many failed attempts; retry after ${wait} seconds`);
  }
  const row = clientId.length <= 64 ? await findKeyByClientId(db, clientId) : null;
  // unknown clients cost the same scrypt work as wrong secrets
  const match = await verifySecret(clientSecret, row?.secret_hash ?? dummyHash());
  const reason = !row ? 'unknown_client' : !match ? 'wrong_secret' : row.status !== 'active' ? 'inactive_key' : null;
  if (reason || !row) {
    await attempts.fail('client', clientId, address);
    refused(deps, 'token', { client_id: clientId }, address, reason ?? 'unknown_client');
    // a client that authenticated with a header is told which scheme (RFC 6749 5.2)
    if (basic) res.set('WWW-Authenticate', 'Basic realm="token"');
    return oauthError(res, 401, 'invalid_client', 'Client authentication failed');
  }
  const issued = await issueToken(cfg, deps.key, row.client_id, {
    scope: row.scopes.join(' '),
    gty: 'client-credentials',
    tier: 'premium',
  });
  res.set('Cache-Control', 'no-store').json(issued);
}

export function createIdentityProvider(db: Knex, cfg: Config, key: SigningKey, opts: { log?: Logger; metrics?: Metrics } = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // the sign-in page must not be framed (clickjacking) nor any answer sniffed as another type
  app.use((_req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'", 'Referrer-Policy': 'no-referrer' });
    next();
  });
  app.use(express.json({ limit: '16kb' }));
  app.use(express.urlencoded({ extended: false, limit: '16kb' }));

  const attempts = new AuthAttempts(db, { ...cfg.authFailures, guestsPerAddress: cfg.guestSignInsPerAddress });
  const deps: IdpDeps = { db, cfg, key, log: opts.log ?? pino({ level: 'silent' }), metrics: opts.metrics, attempts };
  const pkce = new PkceFlow(deps);
  app.use(corsFor(cfg.app.origins, 'POST'));
  app.get('/authorize', (req, res, next) => pkce.loginPage(req, res).catch(next));
  app.post('/register', (req, res, next) => registerClient(req, res, deps).catch(next));
  app.post('/authorize', (req, res, next) => pkce.login(req, res).catch(next));
  app.get('/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json({ keys: [key.publicJwk] });
  });
  // RFC 8414 metadata (what OAuth clients such as MCP clients discover), and the OpenID form of it
  const metadata = {
    issuer: cfg.issuer,
    authorization_endpoint: `${cfg.authUrl}/authorize`,
    token_endpoint: `${cfg.authUrl}/oauth/token`,
    registration_endpoint: `${cfg.authUrl}/register`,
    jwks_uri: `${cfg.authUrl}/.well-known/jwks.json`,
    scopes_supported: READ_ONLY_SCOPES,
    response_types_supported: ['code'],
    grant_types_supported: ['client_credentials', 'authorization_code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
  };
  app.get('/.well-known/oauth-authorization-server', (_req, res) => void res.set('Cache-Control', 'public, max-age=3600').json(metadata));
  app.get('/.well-known/openid-configuration', (_req, res) => void res.json({ ...metadata, id_token_signing_alg_values_supported: [SIGNING_ALG] }));
  app.post('/oauth/token', async (req, res, next) => {
    try {
      const grant = str((req.body as Record<string, unknown> | undefined)?.grant_type);
      if (grant === 'client_credentials') return await clientCredentials(req, res, deps);
      if (grant === 'authorization_code') return await pkce.exchange((req.body ?? {}) as Record<string, unknown>, res);
      return oauthError(res, 400, 'unsupported_grant_type', 'grant_type must be client_credentials or authorization_code');
    } catch (err) {
      next(err);
    }
  });
  app.use((_req: Request, res: Response) => oauthError(res, 404, 'not_found', 'No such endpoint'));
  // body parse errors and anything unexpected: an OAuth error body, never a stack
  app.use((err: { status?: number; type?: string }, _req: Request, res: Response, _next: express.NextFunction) => {
    if (err.type === 'entity.parse.failed') return oauthError(res, 400, 'invalid_request', 'Malformed request body');
    if (err.status === 413) return oauthError(res, 413, 'invalid_request', 'Request body too large');
    // a body that does not decompress, an unknown Content-Encoding or charset: the client's error
    const apiErr = toApiError(err);
    if (apiErr.status === 400 || apiErr.status === 415) return oauthError(res, apiErr.status, 'invalid_request', apiErr.message);
    // the key store (database) is down or too many password checks wait: a retryable answer, not a server error
    if (err instanceof HashingBusy || toApiError(err).code === 'SERVICE_UNAVAILABLE') return oauthError(res, 503, 'temporarily_unavailable', 'Try again shortly');
    return oauthError(res, 500, 'server_error', 'Unexpected error');
  });
  return app;
}
