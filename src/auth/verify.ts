/**
 * The API's token check (the `bearerAuth` scheme of openapi.yaml): signature, issuer, audience, expiry and an algorithm
 * allow-list; X-Client-Id against `sub` for API-key tokens; key status through a short cache so a
 * revoked key is refused within KEY_CACHE_SECONDS; scopes from the operation's security requirement.
 */
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { findKeyByClientId } from '../db/apiKeys.js';
import { ApiError } from '../errors.js';
import { SIGNING_ALG, type SigningKey } from './signing.js';

export type Tier = 'anonymous' | 'free' | 'premium';

export interface Principal {
  kind: 'api_key' | 'app';
  sub: string;
  scopes: Set<string>;
  tier: Tier;
  ecosystem: string | null;
  /** API keys only */
  clientId: string | null;
  teamId: number | null;
}

const CHALLENGE = 'Bearer realm="funding-data-api"';

/**
 * Whether verification failed because the remote key set could not be had (network error, timeout,
 * non-200 answer, no JSON, not a key set), as opposed to a token the keys refuse.
 */
function keySetUnavailable(err: unknown): boolean {
  if (!(err instanceof joseErrors.JOSEError)) return err instanceof Error && !(err instanceof SyntaxError);
  return err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid || err.code === 'ERR_JOSE_GENERIC';
}

export function unauthorized(message: string, error = 'invalid_token'): ApiError {
  return new ApiError('UNAUTHORIZED', message, null, {
    headers: { 'WWW-Authenticate': `${CHALLENGE}, error="${error}"` },
  });
}

/** Verified tokens are remembered this long at most (and never past their `exp`), up to this many. */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 10_000;

interface KeyStatus {
  active: boolean;
  teamId: number | null;
  expires: number;
}

export class Authenticator {
  private readonly keys: ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet>;
  private readonly remote: boolean;
  private readonly keyStatus = new Map<string, KeyStatus>();
  /** Tokens whose signature and claims checked out: the ES256 verification is the costliest step of a
   * request's authentication and a client sends the same token for its whole lifetime. Keyed by the
   * exact token string; refused tokens are never remembered. */
  private readonly verified = new Map<string, { payload: JWTPayload; until: number }>();

  constructor(
    private readonly db: Knex,
    private readonly cfg: Config,
    signing: SigningKey | null,
    jwksUrl?: string,
  ) {
    if (!jwksUrl && !signing) throw new Error('a signing key or JWKS_URL is needed to verify tokens');
    this.remote = !!jwksUrl;
    this.keys = jwksUrl ? createRemoteJWKSet(new URL(jwksUrl)) : createLocalJWKSet({ keys: [signing!.publicJwk] });
  }

  /** Forget cached key status (after a revoke in this process). */
  invalidateKey(clientId: string): void {
    this.keyStatus.delete(clientId);
  }

  private async status(clientId: string): Promise<KeyStatus> {
    const cached = this.keyStatus.get(clientId);
    if (cached && cached.expires > Date.now()) return cached;
    let row;
    try {
      row = await findKeyByClientId(this.db, clientId);
    } catch {
      throw new ApiError('SERVICE_UNAVAILABLE', 'The key status cannot be checked right now; retry shortly');
    }
    const status = {
      active: row?.status === 'active',
      teamId: row?.team_id ?? null,
      expires: Date.now() + this.cfg.keyCacheSeconds * 1000,
    };
    this.keyStatus.set(clientId, status);
    return status;
  }

  private async verify(token: string): Promise<JWTPayload> {
    const at = Date.now();
    const hit = this.verified.get(token);
    if (hit && hit.until > at) return hit.payload;
    if (hit) this.verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: this.cfg.issuer,
        audience: this.cfg.audience,
        algorithms: [SIGNING_ALG],
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
      // jose refuses a token from its exp second on
      this.verified.set(token, { payload, until: Math.min(payload.exp! * 1000, at + VERIFIED_TTL_MS) });
      return payload;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('The access token has expired');
      if (this.remote && keySetUnavailable(err)) {
        // the token may well be valid: a 401 would send clients to sign in again for our outage
        throw new ApiError('EXTERNAL_SERVICE_ERROR', 'The identity provider key set cannot be fetched; retry with backoff', null, {
          headers: { 'Retry-After': '5' },
        });
      }
      throw unauthorized('The access token is invalid');
    }
  }

  private notAToken(): string {
    const where = this.remote ? "your identity provider's token endpoint" : `POST ${this.cfg.authUrl}/oauth/token`;
    return `The access token is invalid: it is not a JWT. A client secret is not a token: exchange the client id and client secret for one with ${where}, grant_type=client_credentials, and send the access_token it returns`;
  }

  async authenticate(headers: Record<string, string | string[] | undefined>, required: string[]): Promise<Principal> {
    const header = headers.authorization;
    if (header === undefined || header === '') {
      throw new ApiError('UNAUTHORIZED', 'Missing bearer token: send Authorization: Bearer <ACCESS_TOKEN>', null, {
        headers: { 'WWW-Authenticate': CHALLENGE },
      });
    }
    const match = typeof header === 'string' ? /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header) : null;
    if (!match) throw unauthorized('Malformed Authorization header: expected Bearer <ACCESS_TOKEN>', 'invalid_request');
    // an access token is a JWT (three dot-separated parts); anything else is most often the API key's secret
    if (match[1]!.split('.').length !== 3) throw unauthorized(this.notAToken());
    const claims = await this.verify(match[1]!);
    const sub = claims.sub!;
    const scopes = new Set(typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : []);
    let principal: Principal;
    if (claims.gty === 'client-credentials') {
      const clientIdHeader = headers['x-client-id'];
      if (clientIdHeader === undefined || clientIdHeader === '') {
        const message = 'The X-Client-Id header is required for API key requests';
        throw new ApiError('VALIDATION_ERROR', message, [{ path: 'header.X-Client-Id', message }]);
      }
      if (clientIdHeader !== sub) throw unauthorized('X-Client-Id does not match the client the token was issued to');
      const status = await this.status(sub);
      if (!status.active) throw unauthorized('The API key has been revoked or deactivated');
      principal = { kind: 'api_key', sub, scopes, tier: 'premium', ecosystem: null, clientId: sub, teamId: status.teamId };
    } else if (claims.gty === 'authorization-code') {
      const tier = (['anonymous', 'free', 'premium'] as const).find((t) => t === claims.tier) ?? 'anonymous';
      const ecosystem = typeof claims.ecosystem === 'string' ? claims.ecosystem : null;
      principal = { kind: 'app', sub, scopes, tier, ecosystem, clientId: null, teamId: null };
    } else {
      throw unauthorized('The access token is invalid');
    }
    const missing = required.filter((s) => !scopes.has(s));
    if (missing.length > 0) {
      throw new ApiError('FORBIDDEN', `The token lacks the required scope: ${missing.join(', ')}`, {
        required_scope: missing.join(' '),
      });
    }
    return principal;
  }
}
