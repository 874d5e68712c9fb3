/**
 * Browser-app sign-in: authorization code with PKCE (S256 only) for the configured single-page
 * client and for clients registered at `POST /register` (register.ts, e.g. MCP clients). `GET /authorize` shows a small login page; the form posts
 * `username` + `password` (seeded users of the free and premium plans) or `guest=1` (anonymous);
 * the code is single-use and lives 60 s; `POST /oauth/token` with `grant_type=authorization_code`
 * exchanges it for a read-only token carrying the tier and ecosystem. Codes live in the database
 * (src/db/authCodes.ts), so the exchange may land on any process of the deployment.
 */
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { READ_ONLY_SCOPES } from '../access/scopes.js';
import type { Config } from '../config.js';
import { saveAuthCode, takeAuthCode, type AuthCode } from '../db/authCodes.js';
import { findOAuthClient } from '../db/oauthClients.js';
import { findUserByEmail } from '../db/users.js';
import { clientAddress } from '../http/address.js';
import { holdRefusal, issueToken, refused, type IdpDeps } from './idp.js';
import { DUMMY_HASH, verifySecret } from './secrets.js';

const CODE_TTL_MS = 60_000;


const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class PkceFlow {
  private readonly cfg: Config;

  constructor(private readonly deps: IdpDeps) {
    this.cfg = deps.cfg;
  }

  private bad(res: Response, status: number, error: string, description: string): void {
    res.status(status).set('Cache-Control', 'no-store').json({ error, error_description: description });
  }

  /** The redirect URIs of a client: the browser app's, or those a client registered itself. */
  private async redirectUris(clientId: string | undefined): Promise<readonly string[] | null> {
    if (clientId === this.cfg.app.clientId) return this.cfg.app.redirectUris;
    if (!clientId || clientId.length > 64) return null;
    return (await findOAuthClient(this.deps.db, clientId))?.redirectUris ?? null;
  }

  /** Validates the authorization request; answers the error itself and returns null when invalid. */
  private async request(params: Record<string, unknown>, res: Response): Promise<Record<string, string> | null> {
    const p = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : ''])) as Record<string, string>;
    // never redirect to an unregistered URI: answer here instead
    const registered = await this.redirectUris(p.client_id);
    if (!registered) {
      this.bad(res, 400, 'invalid_client', 'Unknown client_id');
      return null;
    }
    if (!registered.includes(p.redirect_uri ?? '')) {
      this.bad(res, 400, 'invalid_request', 'redirect_uri is not registered for this client');
      return null;
    }
    if (p.response_type !== 'code') {
      this.bad(res, 400, 'unsupported_response_type', 'response_type must be code');
      return null;
    }
    if (p.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge ?? '')) {
      this.bad(res, 400, 'invalid_request', 'PKCE is required: code_challenge (base64url SHA-256) with code_challenge_method=S256');
      return null;
    }
    return p;
  }

  loginPage = async (req: Request, res: Response): Promise<void> => {
    const p = await this.request(req.query as Record<string, unknown>, res);
    if (!p) return;
    const hidden = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state']
      .map((k) => `<input type="hidden" name="${k}" value="${esc(p[k] ?? '')}">`)
      .join('');
    res
      .status(200)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'" })
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title>
<style>body{font:16px system-ui;max-width:22rem;margin:4rem auto}input{display:block;width:100%;margin:.4rem 0 1rem;padding:.4rem}</style></head>
<body><h1>Sign in</h1><form method="post" action="/authorize">${hidden}
<label>Email<input name="username" type="email" autocomplete="username"></label>
<label>Password<input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button></form>
<form method="post" action="/authorize">${hidden}<input type="hidden" name="guest" value="1"><button type="submit">Continue as guest</button></form>
</body></html>`);
  };

  login = async (req: Request, res: Response): Promise<void> => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const p = await this.request(body, res);
    if (!p) return;
    const address = clientAddress(req, this.cfg.trustProxy);
    let grant: Pick<AuthCode, 'sub' | 'tier' | 'ecosystem'>;
    if (body.guest === '1') {
      const wait = await this.deps.attempts.guest(address);
      if (wait > 0) {
        refused(this.deps, 'authorize', { account: 'guest' }, address, 'guest_rate_limited');
        return this.tooMany(res, wait);
      }
      grant = { sub: `guest:${crypto.randomUUID()}`, tier: 'anonymous', ecosystem: null };
    } else {
      const email = typeof body.username === 'string' ? body.username.toLowerCase() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      const wait = await this.deps.attempts.retryAfter('account', email, address);
      if (wait > 0) {
        refused(this.deps, 'authorize', { account: email }, address, 'rate_limited');
        return this.tooMany(res, wait);
      }
      const user = email.length <= 200 ? await findUserByEmail(this.deps.db, email) : null;
      // unknown accounts cost the same scrypt work as wrong passwords
      const match = await verifySecret(password, user?.password_hash ?? DUMMY_HASH);
      if (!match || !user) {
        await this.deps.attempts.fail('account', email, address);
        refused(this.deps, 'authorize', { account: email }, address, user ? 'wrong_password' : 'unknown_account');
        res.status(401).set('Content-Type', 'text/html; charset=utf-8').send('<!doctype html><p>Wrong email or password. Go back and try again.</p>');
        return;
      }
      grant = { sub: `user:${user.id}`, tier: user.plan, ecosystem: user.ecosystem };
    }
    const code = crypto.randomBytes(32).toString('base64url');
    const at = Date.now();
    await saveAuthCode(this.deps.db, code, { ...grant, clientId: p.client_id!, redirectUri: p.redirect_uri!, challenge: p.code_challenge!, expiresMs: at + CODE_TTL_MS }, at);
    const to = new URL(p.redirect_uri!);
    to.searchParams.set('code', code);
    if (p.state) to.searchParams.set('state', p.state);
    res.redirect(302, to.toString());
  };

  private async tooMany(res: Response, wait: number): Promise<void> {
    await holdRefusal(this.cfg);
    res
      .status(429)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(wait) })
      .send(`<!doctype html><p>Too many sign-in attempts. Try again in ${wait} seconds.</p>`);
  }

  /** `grant_type=authorization_code` at the token endpoint. */
  exchange = async (body: Record<string, unknown>, res: Response): Promise<void> => {
    const code = typeof body.code === 'string' ? body.code : '';
    // single use: a code is gone after its first exchange attempt
    const pending = code && code.length <= 200 ? await takeAuthCode(this.deps.db, code) : null;
    if (!pending || pending.expiresMs < Date.now()) return this.bad(res, 400, 'invalid_grant', 'The authorization code is invalid, expired or already used');
    if (body.client_id !== pending.clientId || body.redirect_uri !== pending.redirectUri) {
      return this.bad(res, 400, 'invalid_grant', 'client_id or redirect_uri does not match the authorization request');
    }
    const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    const a = Buffer.from(challenge);
    const b = Buffer.from(pending.challenge);
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
      return this.bad(res, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    }
    const issued = await issueToken(this.cfg, this.deps.key, pending.sub, {
      scope: READ_ONLY_SCOPES.join(' '),
      gty: 'authorization-code',
      tier: pending.tier,
      ecosystem: pending.ecosystem,
    });
    res.set('Cache-Control', 'no-store').json(issued);
  };
}
