/** Authorization codes of the browser sign-in (src/auth/pkce.ts): SQL only. Codes are kept by their SHA-256. */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

export interface AuthCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  sub: string;
  tier: 'anonymous' | 'free' | 'premium';
  ecosystem: string | null;
  expiresMs: number;
}

const digest = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** Stores a new code, dropping expired ones first so the table holds only live codes. */
export async function saveAuthCode(db: Knex, code: string, c: AuthCode, nowMs: number): Promise<void> {
  await db('auth_codes').where('expires_ms', '<', nowMs).delete();
  await db('auth_codes').insert({
    code_hash: digest(code),
    client_id: c.clientId,
    redirect_uri: c.redirectUri,
    challenge: c.challenge,
    sub: c.sub,
    tier: c.tier,
    ecosystem: c.ecosystem,
    expires_ms: c.expiresMs,
  });
}

/**
 * Takes a code: it is deleted whatever happens next (single use), and returned only to the one
 * caller whose delete removed it, so two exchanges racing on one code, in any processes, get it once.
 */
export async function takeAuthCode(db: Knex, code: string): Promise<AuthCode | null> {
  const hash = digest(code);
  const row = (await db('auth_codes').where('code_hash', hash).first()) as Record<string, unknown> | undefined;
  if (!row) return null;
  if ((await db('auth_codes').where('code_hash', hash).delete()) !== 1) return null;
  return {
    clientId: String(row.client_id),
    redirectUri: String(row.redirect_uri),
    challenge: String(row.challenge),
    sub: String(row.sub),
    tier: row.tier as AuthCode['tier'],
    ecosystem: row.ecosystem === null ? null : String(row.ecosystem),
    expiresMs: Number(row.expires_ms),
  };
}
