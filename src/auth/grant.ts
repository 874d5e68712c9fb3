/**
 * What the identity provider's grants share (the client-credentials token endpoint in idp.ts, the
 * browser sign-in in pkce.ts, client registration in register.ts): their dependencies, issuing an
 * access token, and how a refusal is recorded and held.
 */
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Metrics } from '../http/metrics.js';
import type { AuthAttempts } from './attempts.js';
import { SIGNING_ALG, type SigningKey } from './signing.js';

export interface TokenClaims {
  scope: string;
  /** `client-credentials` for API keys (M2M); `authorization-code` for browser apps. */
  gty: 'client-credentials' | 'authorization-code';
  tier: 'anonymous' | 'free' | 'premium';
  ecosystem?: string | null;
}

export async function issueToken(
  cfg: Config,
  key: SigningKey,
  sub: string,
  claims: TokenClaims,
): Promise<{ access_token: string; token_type: 'Bearer'; expires_in: number; scope: string }> {
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'at+jwt' })
    .setIssuer(cfg.issuer)
    .setAudience(cfg.audience)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(`${cfg.tokenTtlSeconds}s`)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
  return { access_token: token, token_type: 'Bearer', expires_in: cfg.tokenTtlSeconds, scope: claims.scope };
}

/** What the identity provider's handlers share. */
export interface IdpDeps {
  db: Knex;
  cfg: Config;
  key: SigningKey;
  log: Logger;
  metrics?: Metrics;
  attempts: AuthAttempts;
}

/**
 * Records a refused sign-in or token request: one warn line (the client id or account, the address
 * and the reason, never the secret) and the auth_failures_total metric.
 */
export function refused(deps: IdpDeps, endpoint: 'token' | 'authorize', who: { client_id?: string; account?: string }, address: string, reason: string): void {
  const subject = who.client_id !== undefined ? { client_id: who.client_id.slice(0, 100) } : { account: (who.account ?? '').slice(0, 200) };
  deps.log.warn({ event: 'auth_failure', endpoint, ...subject, address, reason }, 'authentication refused');
  deps.metrics?.authFailure(endpoint, reason);
}

/**
 * A refusal past a limit is held before it is sent (a timer, no work): a client retrying in a
 * loop then makes about one attempt a second per connection, where an immediate 429 let a flood of
 * them keep the process busy and slow the API it shares.
 */
export const holdRefusal = (cfg: Config) => new Promise<void>((r) => setTimeout(r, cfg.authRefusalDelayMs));
