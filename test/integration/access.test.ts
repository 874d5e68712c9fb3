import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { createMeteringDb, isSqlite } from '../../src/db/knex.js';
import { forEachDatabase, settled, type Harness } from '../helpers/harness.js';
import { teamKey } from '../helpers/principals.js';
import { guestToken, postSignIn } from '../helpers/signin.js';

/** A key of its own team with the given balance; returns its headers for calls. */
const teamWithKey = (h: Harness, balance: number, scopes = ['read:transactions', 'manage:platform']) => teamKey(h, scopes, balance);

forEachDatabase('API keys and teams', (h) => {
  it('creates a key (secret once), lists it without the secret, uses it and revokes it', async () => {
    const created = await h().call('POST', '/platform/api-keys', { body: { label: 'reporting', scopes: ['read:transactions'] } });
    expect(created.status).toBe(201);
    const key = created.body.data;
    expect(key.client_secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(key.scopes).toEqual(['read:transactions']);
    const stored = await h().db('api_keys').where('id', key.id).first();
    expect(stored.secret_hash).not.toContain(key.client_secret);

    const list = await h().get('/platform/api-keys?limit=100');
    expect(list.status).toBe(200);
    expect(list.body.page).toMatchObject({ limit: 100, offset: 0 });
    expect(list.body.data.some((k: { id: number }) => k.id === key.id)).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain(key.client_secret);
    expect((await h().get(`/platform/api-keys/${key.id}`)).body.data.client_id).toBe(key.client_id);

    const token = await h().tokenFor(key.client_id, key.client_secret);
    const auth = { Authorization: `Bearer ${token.body.access_token}`, 'X-Client-Id': key.client_id };
    expect((await h().get('/data/transactions?limit=1', auth)).status).toBe(200);
    expect((await h().get('/data/companies/00000000-0000-4000-8000-000000000000', auth)).status).toBe(403);

    const revoked = await h().call('DELETE', `/platform/api-keys/${key.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe('revoked');
    expect((await h().get('/data/transactions?limit=1', auth)).status).toBe(401);
    expect((await h().tokenFor(key.client_id, key.client_secret)).status).toBe(401);
  });

  it('grants only scopes the creator holds, at least one', async () => {
    const narrow = await teamWithKey(h(), 100, ['manage:platform', 'read:entities']);
    const r = await h().call('POST', '/platform/api-keys', { body: { label: 'x', scopes: ['read:transactions'] }, headers: narrow.headers });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
    const none = await h().call('POST', '/platform/api-keys', { body: { label: 'x', scopes: [] } });
    expect(none.status).toBe(400);
  });

  it('hides other teams (404, not 403)', async () => {
    const other = await teamWithKey(h(), 100);
    const otherKey = (await h().db('api_keys').where('client_id', other.clientId).first('id')) as { id: number };
    expect((await h().get(`/platform/api-keys/${otherKey.id}`)).status).toBe(404);
    expect((await h().call('DELETE', `/platform/api-keys/${otherKey.id}`)).status).toBe(404);
    expect((await h().get(`/platform/teams/${other.teamId}`)).status).toBe(404);
    expect((await h().get('/platform/teams/1')).status).toBe(200);
    const teams = await h().get('/platform/teams');
    expect(teams.body.page.total).toBeGreaterThanOrEqual(1);
    expect(teams.body.data.every((t: { id: number }) => t.id !== other.teamId)).toBe(true);
  });
});

forEachDatabase('credits and usage', (h) => {
  it('admits exactly the balance when 20 metered requests race on 7 credits', async () => {
    const k = await teamWithKey(h(), 7);
    const replies = await Promise.all(Array.from({ length: 20 }, () => h().get('/data/transactions?limit=1', k.headers)));
    const codes = replies.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 402)).toHaveLength(13);
    const denied = replies.find((r) => r.status === 402)!;
    expect(denied.body.error.code).toBe('CREDITS_EXHAUSTED');
    expect(denied.headers.get('x-credits-used')).toBe('0');
    const bal = await h().db('credit_balances').where('team_id', k.teamId).first('balance');
    expect(Number(bal.balance)).toBe(0);
  });

  it('charges successful calls only and reports usage per day and operation', async () => {
    const k = await teamWithKey(h(), 10);
    expect((await h().get('/data/transactions?limit=1', k.headers)).headers.get('x-credits-used')).toBe('1');
    expect((await h().get('/data/transactions/999999999', k.headers)).status).toBe(404);
    expect((await h().get('/data/transactions?limit=0', k.headers)).status).toBe(400);
    // refunds of failed calls settle after the response
    const balance = () => h().db('credit_balances').where('team_id', k.teamId).first('balance').then((b: { balance: unknown }) => Number(b.balance));
    expect(await settled(balance, 9)).toBe(9);
    const usage = await h().get('/platform/usage', k.headers);
    expect(usage.status).toBe(200);
    expect(usage.headers.get('x-credits-used')).toBe('0');
    expect(usage.body.balance).toEqual({ remaining: 9, granted: 10 });
    expect(usage.body.data).toEqual([{ day: expect.any(String), operation_id: 'listTransactions', requests: 1, credits: 1 }]);
  });

  it('writes credits through the metering connections, which alone commit asynchronously on PostgreSQL', async () => {
    const { db, server } = h();
    const metering = createMeteringDb(server.cfg, db);
    if (isSqlite(db)) return expect(metering).toBe(db);
    const setting = async (k: typeof db) => (await k.raw(`select current_setting('synchronous_commit') as s`)).rows[0].s;
    try {
      expect(await setting(metering)).toBe('off');
      expect(await setting(db)).toBe('on');
    } finally {
      await metering.destroy();
    }
    const k = await teamWithKey(h(), 3);
    expect((await h().get('/data/transactions?limit=1', k.headers)).status).toBe(200);
    // the decrement is visible to every other connection as soon as the call is answered
    expect(Number((await db('credit_balances').where('team_id', k.teamId).first('balance')).balance)).toBe(2);
    const sessions = (await db.raw(`select query from pg_stat_activity where datname = current_database() and application_name = 'fdapi-metering'`)).rows as { query: string }[];
    // the take is one statement (the balance's update feeding the call's usage): the metering sessions' last
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s.query).toMatch(/^(COMMIT|update "credit_balances"|insert into usage_daily|with taken as \(\s*update credit_balances)/);
  });

  it('answers 402 when no credits were granted', async () => {
    const k = await teamWithKey(h(), 0);
    const r = await h().get('/data/transactions?limit=1', k.headers);
    expect(r.status).toBe(402);
  });
});

forEachDatabase(
  'rate limits and key cache',
  (h) => {
    it('answers 429 with Retry-After and RateLimit headers once the bucket is empty', async () => {
      const k = await teamWithKey(h(), 100);
      const replies = [];
      for (let i = 0; i < 4; i++) replies.push(await h().get('/data/transactions?limit=1', k.headers));
      expect(replies.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
      expect(replies[0]!.headers.get('ratelimit-policy')).toBe('3;w=3');
      expect(replies[0]!.headers.get('ratelimit')).toMatch(/^limit=3, remaining=2, reset=\d+$/);
      const limited = replies[3]!;
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });

    it('refuses a key revoked elsewhere once the status cache window has passed', async () => {
      const k = await teamWithKey(h(), 100);
      expect((await h().get('/system/health')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1100)); // refill the bucket
      expect((await h().get('/data/transactions?limit=1', k.headers)).status).toBe(200);
      await h().db('api_keys').where('client_id', k.clientId).update({ status: 'revoked' });
      await new Promise((r) => setTimeout(r, 1100));
      const r = await h().get('/data/transactions?limit=1', k.headers);
      expect(r.status).toBe(401);
    });
  },
  { RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_SECOND: '1', KEY_CACHE_SECONDS: '1' },
);

forEachDatabase('browser-app sign-in (PKCE) and tiers', (h) => {
  const redirect = 'http://localhost:5173/callback';
  const pkce = () => {
    const verifier = crypto.randomBytes(32).toString('base64url');
    return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
  };
  const authorize = async (form: Record<string, string>, challenge: string, redirectUri = redirect) => {
    const params = { client_id: 'web-app', redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 'xyz' };
    const page = await fetch(`${h().server.authUrl}/authorize?${new URLSearchParams(params)}`);
    const res = await fetch(`${h().server.authUrl}/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, ...form }),
      redirect: 'manual',
    });
    return { page, res };
  };
  const exchange = (code: string, verifier: string) =>
    fetch(`${h().server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirect, client_id: 'web-app' }),
    });
  const signIn = async (form: Record<string, string>) => {
    const { verifier, challenge } = pkce();
    const { page, res } = await authorize(form, challenge);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(redirect);
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;
    const tok = await exchange(code, verifier);
    expect(tok.status).toBe(200);
    return { code, verifier, token: ((await tok.json()) as { access_token: string }).access_token };
  };

  it('signs in a free user end to end and caps the list, locking investors', async () => {
    const { token, code, verifier } = await signIn({ username: 'free@example.com', password: 'free-password' });
    const r = await h().get('/data/transactions?limit=200', { Authorization: `Bearer ${token}`, 'X-Client-Id': null });
    expect(r.status).toBe(200);
    expect(r.body.page).toMatchObject({ limit: 100, capped: true, tier: 'free' });
    expect(r.body.data).toHaveLength(100);
    expect(r.body.data[0].investors).toBeNull();
    expect(r.body.data[0].locked).toEqual([
      { field: 'valuation', reason: 'PREMIUM_REQUIRED' },
      { field: 'investors', reason: 'PREMIUM_REQUIRED' },
    ]);
    expect(r.headers.get('x-credits-used')).toBe('0');
    // only the core lists (x-plan-capped) are clamped: valuations are, funds keep the size asked for
    const auth = { Authorization: `Bearer ${token}`, 'X-Client-Id': null };
    expect((await h().get('/data/valuations?limit=200', auth)).body.page).toMatchObject({ limit: 100, capped: true, tier: 'free' });
    expect((await h().get('/data/funds?limit=200', auth)).body.page).toMatchObject({ limit: 200, capped: false, tier: 'free' });
    // the code is single-use
    expect((await exchange(code, verifier)).status).toBe(400);
    // browser-app tokens cannot write
    const w = await h().call('POST', '/platform/teams', { body: { name: 'x', slug: 'x-app' }, headers: { Authorization: `Bearer ${token}`, 'X-Client-Id': null } });
    expect(w.status).toBe(403);
  });

  it('gives premium users all fields and guests the anonymous tier with its depth cap', async () => {
    const premium = await signIn({ username: 'premium@example.com', password: 'premium-password' });
    const p = await h().get('/data/transactions?limit=5', { Authorization: `Bearer ${premium.token}`, 'X-Client-Id': null });
    expect(p.body.page).toMatchObject({ tier: 'premium', capped: false });
    expect(Array.isArray(p.body.data[0].investors)).toBe(true);
    const guest = await signIn({ guest: '1' });
    const auth = { Authorization: `Bearer ${guest.token}`, 'X-Client-Id': null };
    let r = await h().get('/data/transactions?limit=50', auth);
    expect(r.body.page).toMatchObject({ tier: 'anonymous', limit: 50 });
    expect(r.body.data[0].locked).toEqual([
      { field: 'valuation', reason: 'ACCOUNT_REQUIRED' },
      { field: 'investors', reason: 'ACCOUNT_REQUIRED' },
    ]);
    for (let i = 0; i < 14; i++) {
      r = await h().get(`/data/transactions?limit=50&cursor=${encodeURIComponent(r.body.page.next_cursor)}`, auth);
      expect(r.status).toBe(200);
    }
    expect(r.body.page.offset).toBe(700);
    const deep = await h().get(`/data/transactions?limit=50&cursor=${encodeURIComponent(r.body.page.next_cursor)}`, auth);
    expect(deep.status).toBe(400);
    expect(deep.body.error.code).toBe('PAGINATION_DEPTH_EXCEEDED');
  });

  it('refuses a wrong verifier, an unregistered redirect URI, a plain challenge and a wrong password', async () => {
    const { challenge } = pkce();
    const { res } = await authorize({ guest: '1' }, challenge);
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const bad = await exchange(code, pkce().verifier);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_grant');
    const evil = await authorize({ guest: '1' }, challenge, 'https://evil.example/callback');
    expect(evil.page.status).toBe(400);
    expect(evil.res.status).toBe(400);
    expect(evil.res.headers.get('location')).toBeNull();
    const wrong = await authorize({ username: 'free@example.com', password: 'nope' }, challenge);
    expect(wrong.res.status).toBe(401);
  });

  it('allows CORS from the registered origin only', async () => {
    const ok = await fetch(`${h().server.baseUrl}/data/transactions`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' } });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await fetch(`${h().server.baseUrl}/system/health`, { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

forEachDatabase(
  'guests: sign-ins and calls limited per address',
  (h) => {
    it('limits guest sign-ins per address with 429 and Retry-After', async () => {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await postSignIn(h().server.authUrl, { guest: '1' }, { localAddress: '127.0.0.7' })).status);
      expect(statuses).toEqual([302, 302, 302, 302, 429]);
      const limited = await postSignIn(h().server.authUrl, { guest: '1' }, { localAddress: '127.0.0.7' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // another address still signs in
      expect((await postSignIn(h().server.authUrl, { guest: '1' }, { localAddress: '127.0.0.8' })).status).toBe(302);
    });

    it('gives all guest tokens from one address one rate-limit bucket: three tokens get no more than one would', async () => {
      const tokens = [await guestToken(h().server.authUrl), await guestToken(h().server.authUrl), await guestToken(h().server.authUrl)];
      const replies = await Promise.all(
        tokens.flatMap((t) => Array.from({ length: 5 }, () => h().get('/data/transactions?limit=1', { Authorization: `Bearer ${t}`, 'X-Client-Id': null }))),
      );
      const ok = replies.filter((r) => r.status === 200).length;
      // a burst of 5 (and at most a token or two refilled while the 15 requests run)
      expect(ok).toBeGreaterThanOrEqual(5);
      expect(ok).toBeLessThanOrEqual(7);
      const limited = replies.find((r) => r.status === 429)!;
      expect(limited.body.error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });
  },
  { RATE_LIMIT_BURST: '5', RATE_LIMIT_PER_SECOND: '1', GUEST_SIGNINS_PER_ADDRESS: '4' },
);
