import crypto from 'node:crypto';
import fs from 'node:fs';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { expect, it } from 'vitest';
import { hashSecret } from '../../src/auth/secrets.js';
import { loadSigningKey } from '../../src/auth/signing.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { postSignIn, send, tokenRequest } from '../helpers/signin.js';

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

  it('stops accepting a token at its expiry even after it was accepted (verified tokens are remembered)', async () => {
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await sign({}, { exp });
    expect((await withToken(token)).status).toBe(200);
    expect((await withToken(token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 50));
    const late = await withToken(token);
    expect(late.status).toBe(401);
    expect(late.body.error.message).toBe('The access token has expired');
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

/** An active key of team 1 with the given scopes, straight in the database; returns its token and headers. */
async function extraKey(h: Harness, name: string, scopes = ['read:transactions']) {
  const clientId = `${name}-${crypto.randomBytes(3).toString('hex')}`;
  await h.db('api_keys').insert({
    client_id: clientId,
    secret_hash: hashSecret('extra-secret'),
    label: name,
    scopes: JSON.stringify(scopes),
    team_id: 1,
    created_by: 'test',
    status: 'active',
    created_at: new Date().toISOString(),
  });
  const t = await h.tokenFor(clientId, 'extra-secret');
  expect(t.status).toBe(200);
  return { clientId, token: t.body.access_token as string, headers: { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': clientId } };
}

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const parts = (jwt: string) => {
  const [hd, payload, sig] = jwt.split('.') as [string, string, string];
  return { hd, payload, sig, header: JSON.parse(Buffer.from(hd, 'base64url').toString()), claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) };
};

/**
 * Token attacks (issue "Reliability and security", part 1): every token below must be refused with
 * 401 UNAUTHORIZED and the error envelope, on both databases. The attack count is in the test name.
 */
forEachDatabase(
  'token attacks',
  (h) => {
    const attacks: Record<string, () => Promise<{ token: string; clientId?: string }>> = {};
    const cfg = () => h().server.cfg;
    const key = () => loadSigningKey(cfg().signingKeyFile);
    const now = () => Math.floor(Date.now() / 1000);
    const claims = (extra: Record<string, unknown> = {}) => ({
      scope: 'read:transactions manage:platform',
      gty: 'client-credentials',
      tier: 'premium',
      sub: 'dev-client',
      iss: cfg().issuer,
      aud: cfg().audience,
      iat: now() - 10,
      exp: now() + 600,
      ...extra,
    });
    /** Signs any claims (missing ones included) with the real key unless told otherwise. */
    const signed = async (c: Record<string, unknown>, header: Record<string, unknown> = {}, signer?: CryptoKey) => {
      const k = await key();
      return new SignJWT(c).setProtectedHeader({ alg: 'ES256', kid: k.kid, ...header } as never).sign(signer ?? k.privateKey);
    };
    /** Signs any header and payload with the real private key, bypassing the library's checks. */
    const rawSigned = async (header: Record<string, unknown>, payload: unknown) => {
      const privateJwk = JSON.parse(fs.readFileSync(cfg().signingKeyFile, 'utf8')) as crypto.JsonWebKey;
      const input = `${b64(header)}.${b64(payload)}`;
      const sig = crypto.sign('sha256', Buffer.from(input), { key: crypto.createPrivateKey({ key: privateJwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' });
      return `${input}.${sig.toString('base64url')}`;
    };
    const hmac = (secret: Buffer | string, header: Record<string, unknown>, c: Record<string, unknown>) => {
      const input = `${b64(header)}.${b64(c)}`;
      return `${input}.${crypto.createHmac('sha256', secret).update(input).digest('base64url')}`;
    };
    const real = async () => (await h().tokenFor('dev-client', 'dev-secret')).body.access_token as string;

    // alg confusion: HS256 keyed with the public key in every form a verifier might use
    const publicForms = async () => {
      const k = await key();
      const pub = crypto.createPublicKey({ key: k.publicJwk as crypto.JsonWebKey, format: 'jwk' });
      return {
        pem: pub.export({ type: 'spki', format: 'pem' }) as string,
        der: pub.export({ type: 'spki', format: 'der' }) as Buffer,
        jwk: JSON.stringify(k.publicJwk),
        x: Buffer.from(k.publicJwk.x!, 'base64url'),
      };
    };
    for (const form of ['pem', 'der', 'jwk', 'x'] as const) {
      attacks[`HS256 signed with the public key (${form})`] = async () => {
        const k = await key();
        return { token: hmac((await publicForms())[form], { alg: 'HS256', typ: 'JWT', kid: k.kid }, claims()) };
      };
    }
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      attacks[`alg ${alg}, no signature`] = async () => ({ token: `${b64({ alg, typ: 'JWT' })}.${b64(claims())}.` });
      attacks[`alg ${alg}, the real signature kept`] = async () => {
        const p = parts(await real());
        return { token: `${b64({ ...p.header, alg })}.${p.payload}.${p.sig}` };
      };
    }
    attacks['no signature part at all'] = async () => ({ token: `${b64({ alg: 'ES256' })}.${b64(claims())}` });
    attacks['ES384 header on an ES256 signature'] = async () => {
      const p = parts(await real());
      return { token: `${b64({ ...p.header, alg: 'ES384' })}.${p.payload}.${p.sig}` };
    };
    attacks['RS256 from an attacker key'] = async () => {
      const other = await generateKeyPair('RS256');
      return { token: await new SignJWT(claims()).setProtectedHeader({ alg: 'RS256', kid: (await key()).kid }).sign(other.privateKey) };
    };
    // audience
    attacks['aud = base URL'] = async () => ({ token: await signed(claims({ aud: h().server.baseUrl })) });
    attacks['aud = base URL with a slash'] = async () => ({ token: await signed(claims({ aud: `${h().server.baseUrl}/` })) });
    attacks['aud = [base URL]'] = async () => ({ token: await signed(claims({ aud: [h().server.baseUrl] })) });
    attacks['aud with a suffix'] = async () => ({ token: await signed(claims({ aud: `${cfg().audience}:evil` })) });
    attacks['aud missing'] = async () => {
      const { aud: _a, ...c } = claims();
      return { token: await signed(c) };
    };
    // issuer
    attacks['iss of another provider'] = async () => ({ token: await signed(claims({ iss: 'https://evil.example/' })) });
    attacks['iss without its trailing slash'] = async () => ({ token: await signed(claims({ iss: cfg().issuer.replace(/\/$/, '') })) });
    attacks['iss = the API base URL'] = async () => ({ token: await signed(claims({ iss: `${h().server.baseUrl}/` })) });
    attacks['iss missing'] = async () => {
      const { iss: _i, ...c } = claims();
      return { token: await signed(c) };
    };
    // time
    attacks['expired a minute ago'] = async () => ({ token: await signed(claims({ exp: now() - 60, iat: now() - 700 })) });
    attacks['expired a day ago'] = async () => ({ token: await signed(claims({ exp: now() - 86400, iat: now() - 2 * 86400 })) });
    attacks['exp missing'] = async () => {
      const { exp: _e, ...c } = claims();
      return { token: await signed(c) };
    };
    attacks['exp not a number'] = async () => ({ token: await signed(claims({ exp: 'never' })) });
    attacks['nbf an hour ahead'] = async () => ({ token: await signed(claims({ nbf: now() + 3600 })) });
    attacks['iat missing'] = async () => {
      const { iat: _i, ...c } = claims();
      return { token: await signed(c) };
    };
    // keys
    attacks['unknown kid, real key'] = async () => ({ token: await signed(claims(), { kid: 'unknown-kid' }) });
    attacks['unknown kid, other key pair'] = async () => ({ token: await signed(claims(), { kid: 'unknown-kid' }, (await generateKeyPair('ES256')).privateKey) });
    attacks['real kid, other key pair'] = async () => ({ token: await signed(claims(), {}, (await generateKeyPair('ES256')).privateKey) });
    attacks['embedded jwk of the attacker key'] = async () => {
      const other = await generateKeyPair('ES256', { extractable: true });
      const jwk = await exportJWK(other.publicKey);
      return { token: await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', jwk }).sign(other.privateKey) };
    };
    attacks['jku pointing at an attacker JWKS'] = async () => ({
      token: await signed(claims(), { kid: 'evil', jku: 'https://evil.example/jwks.json' }, (await generateKeyPair('ES256')).privateKey),
    });
    attacks['x5u pointing at an attacker certificate'] = async () => ({
      token: await signed(claims(), { x5u: 'https://evil.example/cert.pem' }, (await generateKeyPair('ES256')).privateKey),
    });
    attacks['unknown critical header, validly signed'] = async () => ({
      token: await rawSigned({ alg: 'ES256', kid: (await key()).kid, crit: ['exp-later'], 'exp-later': true }, claims()),
    });
    // tampering with a real token
    const tamper = (name: string, change: (c: Record<string, unknown>) => Record<string, unknown>) => {
      attacks[`tampered payload: ${name}`] = async () => {
        const p = parts(await real());
        return { token: `${p.hd}.${b64(change(p.claims))}.${p.sig}`, clientId: (change(p.claims).sub as string) ?? 'dev-client' };
      };
    };
    tamper('more scopes', (c) => ({ ...c, scope: `${c.scope} read:everything` }));
    tamper('another subject', (c) => ({ ...c, sub: 'other-client' }));
    tamper('later expiry', (c) => ({ ...c, exp: (c.exp as number) + 86400 }));
    tamper('browser grant', (c) => ({ ...c, gty: 'authorization-code', tier: 'premium' }));
    attacks['signature of another token'] = async () => {
      const a = parts(await real());
      const b = parts(await signed(claims({ scope: 'read:transactions' })));
      return { token: `${a.hd}.${a.payload}.${b.sig}` };
    };
    attacks['signature truncated'] = async () => {
      const p = parts(await real());
      return { token: `${p.hd}.${p.payload}.${p.sig.slice(0, -4)}` };
    };
    attacks['signature bit flipped'] = async () => {
      const p = parts(await real());
      const sig = Buffer.from(p.sig, 'base64url');
      sig[10] = sig[10]! ^ 1;
      return { token: `${p.hd}.${p.payload}.${sig.toString('base64url')}` };
    };
    // forged browser-app tokens (no X-Client-Id check applies to them: only the signature protects them)
    attacks['browser-app token from another key pair'] = async () => ({
      token: await signed(claims({ gty: 'authorization-code', sub: 'user:1', tier: 'premium' }), {}, (await generateKeyPair('ES256')).privateKey),
    });
    attacks['unknown grant type gty'] = async () => ({ token: await signed(claims({ gty: 'password' })) });
    attacks['sub missing'] = async () => {
      const { sub: _s, ...c } = claims();
      return { token: await signed(c) };
    };
    // shape
    attacks['garbage'] = async () => ({ token: 'not-a-jwt' });
    attacks['three empty parts'] = async () => ({ token: '..' });
    attacks['header not JSON'] = async () => ({ token: `${b64('not json')}.${b64(claims())}.AAAA` });
    attacks['payload not JSON'] = async () => ({ token: `${b64({ alg: 'ES256' })}.${b64('not json')}.AAAA` });
    attacks['payload a JSON array, validly signed'] = async () => ({ token: await rawSigned({ alg: 'ES256', kid: (await key()).kid }, [1, 2]) });
    attacks['a 16 KiB token'] = async () => ({ token: `${b64({ alg: 'ES256' })}.${'A'.repeat(16_384)}.AAAA` });

    it(`refuses ${Object.keys(attacks).length} forged, tampered and misdirected tokens with 401 UNAUTHORIZED`, async () => {
      // the forging tools work: the same tools with nothing wrong make an accepted token
      expect((await h().get('/data/transactions?limit=1', { Authorization: `Bearer ${await signed(claims())}` })).status).toBe(200);
      expect((await h().get('/data/transactions?limit=1', { Authorization: `Bearer ${await rawSigned({ alg: 'ES256', kid: (await key()).kid }, claims())}` })).status).toBe(200);
      const accepted: string[] = [];
      for (const [name, make] of Object.entries(attacks)) {
        const { token, clientId } = await make();
        for (const url of ['/data/transactions?limit=1', '/platform/teams']) {
          const r = await h().get(url, { Authorization: `Bearer ${token}`, 'X-Client-Id': clientId ?? 'dev-client' });
          if (r.status !== 401 || r.body.error?.code !== 'UNAUTHORIZED') accepted.push(`${name} ${url}: ${r.status}`);
          else expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
        }
      }
      expect(accepted).toEqual([]);
    });

    it('refuses a valid token sent with the client id of another valid key', async () => {
      const a = await extraKey(h(), 'attack-a');
      const b = await extraKey(h(), 'attack-b');
      expect((await h().get('/data/transactions?limit=1', a.headers)).status).toBe(200);
      for (const [token, clientId] of [
        [a.token, b.clientId],
        [b.token, a.clientId],
        [a.token, a.clientId.toUpperCase()],
      ] as const) {
        const r = await h().get('/data/transactions?limit=1', { Authorization: `Bearer ${token}`, 'X-Client-Id': clientId });
        expect(r.status, clientId).toBe(401);
        expect(r.body.error.code).toBe('UNAUTHORIZED');
      }
    });

    it('refuses a revoked and a deactivated key once the cache window has passed, with its unexpired token', async () => {
      const revoked = await extraKey(h(), 'attack-revoked');
      const deactivated = await extraKey(h(), 'attack-deactivated');
      for (const k of [revoked, deactivated]) expect((await h().get('/data/transactions?limit=1', k.headers)).status).toBe(200);
      await h().db('api_keys').where('client_id', revoked.clientId).update({ status: 'revoked', revoked_at: new Date().toISOString() });
      await h().db('api_keys').where('client_id', deactivated.clientId).update({ status: 'deactivated' });
      await new Promise((r) => setTimeout(r, 1200)); // KEY_CACHE_SECONDS=1
      for (const k of [revoked, deactivated]) {
        const r = await h().get('/data/transactions?limit=1', k.headers);
        expect(r.status).toBe(401);
        expect(r.body.error.code).toBe('UNAUTHORIZED');
        // and no new token either, with the same answer as a wrong secret
        const t = await h().tokenFor(k.clientId, 'extra-secret');
        expect(t.status).toBe(401);
        expect(t.body).toEqual((await h().tokenFor('dev-client', 'wrong')).body);
      }
    });

    it('refuses malformed Authorization headers and tokens outside the header', async () => {
      const token = await real();
      const headers: Record<string, string>[] = [
        { Authorization: `Basic ${Buffer.from('dev-client:dev-secret').toString('base64')}` },
        { Authorization: `Bearer ${token} ${token}` },
        { Authorization: `Bearer` },
        { Authorization: `Token ${token}` },
        { Authorization: `Bearer "${token}"` },
      ];
      for (const hd of headers) {
        const r = await h().get('/data/transactions?limit=1', hd);
        expect(r.status, hd.Authorization).toBe(401);
      }
      for (const url of [`/data/transactions?limit=1&access_token=${token}`, `/data/transactions?limit=1&token=${token}`]) {
        const r = await h().get(url, { Authorization: null });
        // refused either way: an undeclared parameter (400) or no bearer token (401)
        expect([400, 401], url).toContain(r.status);
      }
    });
  },
  { KEY_CACHE_SECONDS: '1' },
);

forEachDatabase(
  'token endpoint: enumeration and guessing',
  (h) => {
    const post = async (clientId: string, secret: string) => {
      const started = performance.now();
      const r = await h().tokenFor(clientId, secret);
      return { ...r, ms: performance.now() - started };
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

    it('answers a wrong secret, an unknown client, an over-long client id and a revoked key alike, in similar time', async () => {
      await h().db('api_keys').insert({
        client_id: `revoked-${h().kind}`,
        secret_hash: hashSecret('x'),
        label: 'revoked',
        scopes: JSON.stringify(['read:transactions']),
        team_id: 1,
        created_by: 'test',
        status: 'revoked',
        created_at: new Date().toISOString(),
      });
      const kinds = { wrong: ['dev-client', 'nope'], unknown: ['no-such-client', 'nope'], long: ['x'.repeat(300), 'nope'], revoked: [`revoked-${h().kind}`, 'x'] } as const;
      const times: Record<string, number[]> = { wrong: [], unknown: [], long: [], revoked: [] };
      const bodies = new Set<string>();
      // interleaved, so that load on the machine falls on every kind alike
      for (let i = 0; i < 7; i++) {
        for (const [kind, [id, secret]] of Object.entries(kinds)) {
          const r = await post(id, secret);
          expect(r.status, kind).toBe(401);
          bodies.add(JSON.stringify(r.body));
          times[kind]!.push(r.ms);
        }
      }
      expect([...bodies]).toEqual([JSON.stringify({ error: 'invalid_client', error_description: 'Client authentication failed' })]);
      // every refusal costs the same password-hash work: no kind answers several times faster than a wrong secret
      const reference = median(times.wrong!);
      for (const kind of ['unknown', 'long', 'revoked']) {
        const ratio = median(times[kind]!) / reference;
        expect(ratio, `${kind}: ${JSON.stringify(times)}`).toBeGreaterThan(0.33);
        expect(ratio, `${kind}: ${JSON.stringify(times)}`).toBeLessThan(3);
      }
    });
  },
  { AUTH_FAILURES_PER_CLIENT: '1000', AUTH_FAILURES_PER_ADDRESS: '1000' },
);

forEachDatabase(
  'token endpoint: failed attempts are rate limited',
  (h) => {
    it('limits failed attempts per client id, the right secret included, without locking out other clients', async () => {
      const victim = await extraKey(h(), 'victim');
      for (let i = 0; i < 3; i++) expect((await h().tokenFor(victim.clientId, `guess-${i}`)).status).toBe(401);
      const limited = await h().tokenFor(victim.clientId, 'guess-3');
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // the right secret is not confirmed during the lockout
      expect((await h().tokenFor(victim.clientId, 'extra-secret')).status).toBe(429);
      // unknown clients are limited the same way (no enumeration through the limit)
      for (let i = 0; i < 3; i++) expect((await h().tokenFor('ghost-client', `guess-${i}`)).status).toBe(401);
      expect((await h().tokenFor('ghost-client', 'guess-3')).status).toBe(429);
      // other clients still get tokens; successes do not count
      for (let i = 0; i < 3; i++) expect((await h().tokenFor('dev-client', 'dev-secret')).status).toBe(200);
    });

    it('limits a client address spraying many client ids', async () => {
      const replies = [];
      for (let i = 0; i < 12; i++) replies.push((await h().tokenFor(`spray-${i}`, 'guess')).status);
      // the address had 6 failures from the previous test and 4 more here reach its limit of 10
      expect(replies.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(replies.slice(4)).toEqual(Array(8).fill(429));
      expect((await h().tokenFor('dev-client', 'dev-secret')).status).toBe(429);
      // without TRUST_PROXY a forwarded address is the client's own claim: it changes nothing
      const forwarded = await tokenRequest(h().server.authUrl, h().server.cfg.audience, 'dev-client', 'dev-secret', { headers: { 'X-Forwarded-For': '198.51.100.77' } });
      expect(forwarded.status).toBe(429);
    });
  },
  { AUTH_FAILURES_PER_CLIENT: '3', AUTH_FAILURES_PER_ADDRESS: '10' },
);

forEachDatabase(
  'token endpoint and sign-in: a lockout is no denial of service',
  (h) => {
    const token = (clientId: string, secret: string, opts: { headers?: Record<string, string>; localAddress?: string } = {}) =>
      tokenRequest(h().server.authUrl, h().server.cfg.audience, clientId, secret, opts);

    it("does not lock a client's owner out when someone else fails with its client id", async () => {
      const victim = await extraKey(h(), 'owner');
      // the attacker's connections come from 127.0.0.2
      for (let i = 0; i < 3; i++) expect((await token(victim.clientId, `guess-${i}`, { localAddress: '127.0.0.2' })).status).toBe(401);
      const limited = await token(victim.clientId, 'guess-3', { localAddress: '127.0.0.2' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // the right secret is not confirmed to the attacker's address during the lockout
      expect((await token(victim.clientId, 'extra-secret', { localAddress: '127.0.0.2' })).status).toBe(429);
      // the owner, elsewhere, still gets tokens
      expect((await token(victim.clientId, 'extra-secret', { localAddress: '127.0.0.3' })).status).toBe(200);
    });

    it('with TRUST_PROXY takes the address from X-Forwarded-For: one address behind the proxy does not lock out the others', async () => {
      const from = (address: string) => ({ headers: { 'X-Forwarded-For': `10.9.9.9, ${address}` } });
      const replies = [];
      for (let i = 0; i < 12; i++) replies.push((await token(`spray-${i}`, 'guess', from('203.0.113.9'))).status);
      expect(replies).toEqual([...Array(10).fill(401), 429, 429]);
      expect((await token('dev-client', 'dev-secret', from('203.0.113.9'))).status).toBe(429);
      expect((await token('dev-client', 'dev-secret', from('198.51.100.3'))).status).toBe(200);
      // the entry the client wrote itself (left of the proxy's) is not the address
      expect((await token('dev-client', 'dev-secret', { headers: { 'X-Forwarded-For': '198.51.100.3, 203.0.113.9' } })).status).toBe(429);
    });

    it('limits failed sign-ins per account and per address with 429 and Retry-After, without locking the account out elsewhere', async () => {
      const signIn = (username: string, password: string, localAddress: string) => postSignIn(h().server.authUrl, { username, password }, { localAddress });
      for (let i = 0; i < 3; i++) expect((await signIn('free@example.com', `wrong-${i}`, '127.0.0.4')).status).toBe(401);
      const started = Date.now();
      const limited = await signIn('free@example.com', 'wrong-3', '127.0.0.4');
      expect(limited.status).toBe(429);
      // held before it is sent (AUTH_REFUSAL_DELAY_MS): a retry loop cannot spin on refusals
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited.headers['content-type']).toMatch(/text\/html/);
      expect((await signIn('free@example.com', 'free-password', '127.0.0.4')).status).toBe(429);
      expect((await signIn('free@example.com', 'free-password', '127.0.0.5')).status).toBe(302);
      // unknown accounts are limited alike (no enumeration through the limit)
      for (let i = 0; i < 3; i++) expect((await signIn('nobody@example.com', `wrong-${i}`, '127.0.0.4')).status).toBe(401);
      expect((await signIn('nobody@example.com', 'wrong-3', '127.0.0.4')).status).toBe(429);
      // the address has 6 failures (a 429 counts none): 4 more on other accounts reach its limit of 10
      for (const user of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) expect((await signIn(user, 'x', '127.0.0.4')).status).toBe(401);
      expect((await signIn('premium@example.com', 'premium-password', '127.0.0.4')).status).toBe(429);
      expect((await signIn('premium@example.com', 'premium-password', '127.0.0.5')).status).toBe(302);
    });

    it('keeps the sign-in page out of frames and every identity-provider answer unsniffed', async () => {
      const q = new URLSearchParams({ client_id: 'web-app', redirect_uri: 'http://localhost:5173/callback', response_type: 'code', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' });
      const page = await send(`${h().server.authUrl}/authorize?${q}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      const failed = await postSignIn(h().server.authUrl, { username: 'free@example.com', password: 'x' }, { localAddress: '127.0.0.6' });
      const tok = await token('dev-client', 'dev-secret', { localAddress: '127.0.0.6' });
      for (const r of [page, failed, tok, await send(`${h().server.authUrl}/.well-known/jwks.json`)]) {
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['x-frame-options']).toBe('DENY');
        expect(r.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      }
    });
  },
  { AUTH_FAILURES_PER_CLIENT: '3', AUTH_FAILURES_PER_ADDRESS: '10', TRUST_PROXY: '1', AUTH_REFUSAL_DELAY_MS: '300' },
);
