/**
 * Callers for integration tests beyond the dev key: an API key of its own team with chosen scopes,
 * and browser-app (PKCE) tokens of the three tiers (guest, free, premium).
 */
import crypto from 'node:crypto';
import { hashSecret } from '../../src/auth/secrets.js';
import type { Harness } from './harness.js';

export type Headers = Record<string, string | null>;

/** A key of its own team with the given scopes and balance: its team, client id and the headers to call with it. */
export async function teamKey(h: Harness, scopes: string[], balance = 1000): Promise<{ teamId: number; clientId: string; headers: Record<string, string> }> {
  const at = new Date().toISOString();
  const slug = `t-${crypto.randomBytes(4).toString('hex')}`;
  const [team] = (await h.db('teams').insert({ name: slug, slug, created_by: 'test', is_active: true, created_at: at, updated_at: at }).returning('id')) as { id: number }[];
  await h.db('credit_balances').insert({ team_id: team!.id, balance, granted: balance, updated_at: at });
  const clientId = `key-${slug}`;
  await h.db('api_keys').insert({ client_id: clientId, secret_hash: hashSecret('s3cret'), label: slug, scopes: JSON.stringify(scopes), team_id: team!.id, created_by: 'test', status: 'active', created_at: at });
  const t = await h.tokenFor(clientId, 's3cret');
  return { teamId: team!.id, clientId, headers: { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': clientId } };
}

/** The headers of a new key with the given scopes. */
export async function keyWithScopes(h: Harness, scopes: string[], balance = 1000): Promise<Headers> {
  return (await teamKey(h, scopes, balance)).headers;
}

export type BrowserTier = 'guest' | 'free' | 'premium';

const FORMS: Record<BrowserTier, Record<string, string>> = {
  guest: { guest: '1' },
  free: { username: 'free@example.com', password: 'free-password' },
  premium: { username: 'premium@example.com', password: 'premium-password' },
};

/** Signs in through the authorization-code + PKCE flow of the bundled identity provider. */
export async function browserHeaders(h: Harness, tier: BrowserTier): Promise<Headers> {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const redirect = 'http://localhost:5173/callback';
  const params = { client_id: 'web-app', redirect_uri: redirect, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 's' };
  const res = await fetch(`${h.server.authUrl}/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, ...FORMS[tier] }),
    redirect: 'manual',
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const tok = await fetch(`${h.server.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirect, client_id: 'web-app' }),
  });
  const { access_token } = (await tok.json()) as { access_token: string };
  return { Authorization: `Bearer ${access_token}`, 'X-Client-Id': null };
}
