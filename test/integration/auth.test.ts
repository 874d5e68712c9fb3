import { SignJWT, generateKeyPair } from 'jose';
import { expect, it } from 'vitest';
import { hashSecret } from '../../src/auth/secrets.js';
import { loadSigningKey } from '../../src/auth/signing.js';
import { forEachDatabase } from '../helpers/harness.js';

forEachDatabase('tokens and scopes', (h) => {
  const sign = async (claims: Record<string, unknown>, opts: { exp?: number; nbf?: number; aud?: string; iss?: string; key?: CryptoKey; kid?: string } = {}) => {
    const k = await loadSigningKey(h().server.cfg.signingKeyFile);
    const now = Math.floor(Date.now() / 1000);
    let jwt = new SignJWT({ scope: 'read:transactions', gty: 'client-credentials', tier: 'premium', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: opts.kid ?? k.kid })
      .setSubject('dev-client')
      .setIssuer(opts.iss ?? h().server.cfg.issuer)
      .setAudience(opts.aud ?? h().server.cfg.audience)
      .setIssuedAt(now - 10)
      .setExpirationTime(opts.exp ?? now + 600);
    if (opts.nbf) jwt = jwt.setNotBefore(opts.nbf);
    return jwt.sign(opts.key ?? k.privateKey);
  };
  const withToken = (token: string) => h().get('/data/transactions?limit=1', { Authorization: `Bearer ${token}` });

  it('exchanges the dev key for a signed token with the documented shape', async () => {
    const r = await h().tokenFor('dev-client', 'dev-secret');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
    expect(r.body.access_token.split('.')).toHaveLength(3);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a wrong secret and an unknown client with the same answer', async () => {
    const wrong = await h().tokenFor('dev-client', 'nope');
    const unknown = await h().tokenFor('no-such-client', 'nope');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('invalid_client');
  });

  it('refuses the base URL as audience', async () => {
    const r = await h().tokenFor('dev-client', 'dev-secret', h().server.baseUrl);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('access_denied');
  });

  it('serves the JWKS the API verifies against', async () => {
    const r = await fetch(`${h().server.authUrl}/.well-known/jwks.json`);
    const body = await r.json();
    expect(body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(body.keys[0].d).toBeUndefined();
  });

  it('answers 401 with a Bearer challenge when Authorization is missing', async () => {
    const r = await h().get('/data/transactions', { Authorization: null });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('UNAUTHORIZED');
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers 400 when an API-key token comes without X-Client-Id', async () => {
    const r = await h().get('/data/transactions', { 'X-Client-Id': null });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.message).toMatch(/X-Client-Id header is required for API key requests/);
    expect(r.body.error.details).toEqual([{ path: 'header.X-Client-Id', message: expect.any(String) }]);
  });

  it('answers 401 when X-Client-Id differs from the token subject', async () => {
    const r = await h().get('/data/transactions', { 'X-Client-Id': 'someone-else' });
    expect(r.status).toBe(401);
  });

  it('refuses forged, tampered, expired, early, foreign and alg:none tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const good = await sign({});
    expect((await withToken(good)).status).toBe(200);
    const [hd, payload, sig] = good.split('.');
    const tampered = `${hd}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), scope: 'manage:platform' })).toString('base64url')}.${sig}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const other = await generateKeyPair('ES256');
    const cases = {
      tampered,
      none,
      expired: await sign({}, { exp: now - 60 }),
      notYetValid: await sign({}, { nbf: now + 3600 }),
      wrongAudience: await sign({}, { aud: h().server.baseUrl }),
      wrongIssuer: await sign({}, { iss: 'https://evil.example/' }),
      otherKeyPair: await sign({}, { key: other.privateKey }),
      unknownKid: await sign({}, { key: other.privateKey, kid: 'unknown' }),
      garbage: 'not-a-jwt',
    };
    for (const [name, token] of Object.entries(cases)) {
      const r = await withToken(token);
      expect(r.status, name).toBe(401);
      expect(r.body.error.code, name).toBe('UNAUTHORIZED');
    }
  });

  it('answers 403 when the token lacks the operation scope', async () => {
    await h().db('api_keys').insert({
      client_id: `narrow-${h().kind}`,
      secret_hash: hashSecret('narrow-secret'),
      label: 'narrow',
      scopes: JSON.stringify(['read:entities']),
      team_id: 1,
      created_by: 'test',
      status: 'active',
      created_at: new Date().toISOString(),
    });
    const t = await h().tokenFor(`narrow-${h().kind}`, 'narrow-secret');
    expect(t.status).toBe(200);
    const r = await h().get('/data/transactions', { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': `narrow-${h().kind}` });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
  });
});
