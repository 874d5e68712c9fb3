/**
 * Browser-app sign-in: authorization code with PKCE (S256 only) for the configured single-page
 * client and for clients registered at `POST /register` (register.ts, e.g. MCP clients). `GET /authorize`
 * shows the sign-in page (src/auth/signInPage.ts); the form posts
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
import { holdRefusal, issueToken, refused, type IdpDeps } from './grant.js';
import { dummyHash, verifySecret } from './secrets.js';
import { SIGN_IN_CSP, signInPage } from './signInPage.js';

const CODE_TTL_MS = 60_000;


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

  private page(res: Response, status: number, html: string): void {
    res.status(status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': SIGN_IN_CSP }).send(html);
  }

  loginPage = async (req: Request, res: Response): Promise<void> => {
    const p = await this.request(req.query as Record<string, unknown>, res);
    if (!p) return;
    this.page(res, 200, signInPage(p));
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
        return this.tooMany(res, wait, p);
      }
      grant = { sub: `guest:${crypto.randomUUID()}`, tier: 'anonymous', ecosystem: null };
    } else {
      const email = typeof body.username === 'string' ? body.username.toLowerCase() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      const wait = await this.deps.attempts.retryAfter('account', email, address);
      if (wait > 0) {
        refused(this.deps, 'authorize', { account: email }, address, 'rate_limited');
        return this.tooMany(res, wait, p, email);
      }
      const user = email.length <= 200 ? await findUserByEmail(this.deps.db, email) : null;
      // unknown accounts cost the same scrypt work as wrong passwords
      const match = await verifySecret(password, user?.password_hash ?? dummyHash());
      if (!match || !user) {
        await this.deps.attempts.fail('account', email, address);
        refused(this.deps, 'authorize', { account: email }, address, user ? 'wrong_password' : 'unknown_account');
        // the same form again, the email kept, so that only the password is typed anew
        return this.page(res, 401, signInPage(p, { error: 'Wrong email or password.', email: typeof body.username === 'string' ? body.username.slice(0, 200) : '' }));
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

  private async tooMany(res: Response, wait: number, p: Record<string, string>, email = ''): Promise<void> {
    await holdRefusal(this.cfg);
    res.set('Retry-After', String(wait));
    this.page(res, 429, signInPage(p, { error: `Too many sign-in attempts. Try again in ${wait} seconds.`, email }));
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
