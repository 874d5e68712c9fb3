/**
 * Requests to the identity provider from a chosen local address (127.0.0.x: every loopback address
 * reaches a server on 127.0.0.1) and with raw headers (X-Forwarded-For), and the browser sign-in
 * form of the PKCE flow.
 */
import crypto from 'node:crypto';
import http from 'node:http';

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request over a fresh connection, from `localAddress` when given. */
export function send(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {}): Promise<RawReply> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: u.port, path: u.pathname + u.search, method: opts.method ?? 'GET', headers: { Connection: 'close', ...opts.headers }, localAddress: opts.localAddress, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
    req.end(opts.body);
  });
}

/** POST {authUrl}/oauth/token with client credentials. */
export function tokenRequest(authUrl: string, audience: string, clientId: string, secret: string, opts: { headers?: Record<string, string>; localAddress?: string } = {}) {
  const body = JSON.stringify({ client_id: clientId, client_secret: secret, audience, grant_type: 'client_credentials' });
  return send(`${authUrl}/oauth/token`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...opts.headers }, localAddress: opts.localAddress });
}

export const REDIRECT = 'http://localhost:5173/callback';

export function pkcePair() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** Posts the sign-in form (`username` + `password`, or `guest=1`) for a fresh PKCE challenge. */
export async function postSignIn(authUrl: string, form: Record<string, string>, opts: { headers?: Record<string, string>; localAddress?: string } = {}) {
  const { verifier, challenge } = pkcePair();
  const params = { client_id: 'web-app', redirect_uri: REDIRECT, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 's' };
  const reply = await send(`${authUrl}/authorize`, {
    method: 'POST',
    body: new URLSearchParams({ ...params, ...form }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...opts.headers },
    localAddress: opts.localAddress,
  });
  return { ...reply, verifier };
}

/** A guest's access token through the whole flow (sign-in form, code exchange). */
export async function guestToken(authUrl: string, opts: { localAddress?: string } = {}): Promise<string> {
  const r = await postSignIn(authUrl, { guest: '1' }, opts);
  if (r.status !== 302) throw new Error(`guest sign-in answered ${r.status}`);
  const code = new URL(r.headers.location!).searchParams.get('code')!;
  const tok = await send(`${authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code, code_verifier: r.verifier, redirect_uri: REDIRECT, client_id: 'web-app' }),
  });
  return (JSON.parse(tok.text) as { access_token: string }).access_token;
}
