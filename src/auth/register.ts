/**
 * Dynamic client registration (RFC 7591) at `POST /register`, for MCP clients that sign in by
 * themselves: public clients only (no secret; the authorization code flow with PKCE S256), redirect
 * URIs on the loopback interface (`http://localhost`, `127.0.0.1`, `[::1]`, any port) or `https`,
 * and the tokens they get are the browser flow's, read-only. Registrations per address share the
 * guest sign-in limit.
 */
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { READ_ONLY_SCOPES } from '../access/scopes.js';
import { saveOAuthClient } from '../db/oauthClients.js';
import { clientAddress } from '../http/address.js';
import { holdRefusal, type IdpDeps } from './grant.js';

const MAX_REDIRECT_URIS = 5;

function redirectProblem(uri: unknown): string | null {
  if (typeof uri !== 'string' || uri.length > 2000) return 'redirect_uris must be strings of at most 2000 characters';
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return `${uri} is not an absolute URI`;
  }
  if (u.hash) return `${uri} has a fragment`;
  const loopback = u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  if (!loopback && u.protocol !== 'https:') return `${uri} must be https or http on the loopback interface`;
  return null;
}

export async function registerClient(req: Request, res: Response, deps: IdpDeps): Promise<void> {
  const bad = (error: string, description: string) => res.status(400).set('Cache-Control', 'no-store').json({ error, error_description: description });
  const body = (req.body ?? {}) as Record<string, unknown>;
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) return void bad('invalid_redirect_uri', `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs`);
  for (const uri of uris) {
    const problem = redirectProblem(uri);
    if (problem) return void bad('invalid_redirect_uri', problem);
  }
  const method = body.token_endpoint_auth_method ?? 'none';
  if (method !== 'none') return void bad('invalid_client_metadata', 'Only public clients are registered: token_endpoint_auth_method must be none');
  const name = typeof body.client_name === 'string' ? body.client_name.slice(0, 200) : null;
  const address = clientAddress(req, deps.cfg.trustProxy);
  const wait = await deps.attempts.registration(address);
  if (wait > 0) {
    await holdRefusal(deps.cfg);
    res.set('Retry-After', String(wait));
    return void res.status(429).set('Cache-Control', 'no-store').json({ error: 'rate_limited', error_description: `Too many registrations; retry after ${wait} seconds` });
  }
  const clientId = `mcp-${crypto.randomBytes(16).toString('base64url')}`;
  const at = Date.now();
  await saveOAuthClient(deps.db, { clientId, redirectUris: uris as string[], clientName: name }, at);
  res
    .status(201)
    .set('Cache-Control', 'no-store')
    .json({
      client_id: clientId,
      client_id_issued_at: Math.floor(at / 1000),
      client_name: name,
      redirect_uris: uris,
      token_endpoint_auth_method: 'none',
      // what is granted, whatever was asked: the code flow and read-only scopes (no refresh tokens)
      grant_types: ['authorization_code'],
      response_types: ['code'],
      scope: READ_ONLY_SCOPES.join(' '),
    });
}
