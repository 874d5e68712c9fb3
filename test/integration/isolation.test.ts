/**
 * Isolation between teams (issue "Reliability and security", part 4): one team's keys, usage,
 * credits and team record are invisible to another (404, not 403); key creation cannot grant
 * scopes the creator lacks; browser-app tokens cannot write.
 */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { hashSecret } from '../../src/auth/secrets.js';
import { forEachDatabase, settled, type Harness } from '../helpers/harness.js';

const ALL_READ = ['read:transactions', 'read:entities', 'read:founders'];

/** A team of its own with one API key and a balance, straight in the database. */
async function team(h: Harness, balance: number, scopes = ['manage:platform', ...ALL_READ]) {
  const at = new Date().toISOString();
  const slug = `iso-${crypto.randomBytes(4).toString('hex')}`;
  const [row] = (await h.db('teams').insert({ name: slug, slug, created_by: 'test', is_active: true, created_at: at, updated_at: at }).returning('id')) as { id: number }[];
  await h.db('credit_balances').insert({ team_id: row!.id, balance, granted: balance, updated_at: at });
  const clientId = `key-${slug}`;
  const [key] = (await h.db('api_keys')
    .insert({ client_id: clientId, secret_hash: hashSecret('s3cret'), label: slug, scopes: JSON.stringify(scopes), team_id: row!.id, created_by: 'test', status: 'active', created_at: at })
    .returning('id')) as { id: number }[];
  const t = await h.tokenFor(clientId, 's3cret');
  expect(t.status).toBe(200);
  return { teamId: row!.id, keyId: key!.id, clientId, slug, headers: { Authorization: `Bearer ${t.body.access_token}`, 'X-Client-Id': clientId } };
}

forEachDatabase('isolation between teams', (h) => {
  it("hides another team's keys: list, read and revoke answer as if they did not exist", async () => {
    const a = await team(h(), 100);
    const b = await team(h(), 100);
    const list = await h().get('/platform/api-keys?limit=100', a.headers);
    expect(list.status).toBe(200);
    const ids = list.body.data.map((k: { id: number }) => k.id);
    expect(ids).toContain(a.keyId);
    expect(ids).not.toContain(b.keyId);
    expect(JSON.stringify(list.body)).not.toContain(b.clientId);

    const missingId = 999_999;
    const read = await h().get(`/platform/api-keys/${b.keyId}`, a.headers);
    const readMissing = await h().get(`/platform/api-keys/${missingId}`, a.headers);
    const revoke = await h().call('DELETE', `/platform/api-keys/${b.keyId}`, { headers: a.headers });
    for (const r of [read, readMissing, revoke]) {
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
    // the same answer as for an id that does not exist (nothing but the id differs)
    expect(read.body.error.message.replace(String(b.keyId), 'ID')).toBe(readMissing.body.error.message.replace(String(missingId), 'ID'));
    // b's key is untouched and still works
    expect((await h().db('api_keys').where('id', b.keyId).first('status')).status).toBe('active');
    expect((await h().get('/data/transactions?limit=1', b.headers)).status).toBe(200);
  });

  it("hides another team's record (404) and leaves it out of lists", async () => {
    const a = await team(h(), 100);
    const b = await team(h(), 100);
    const other = await h().get(`/platform/teams/${b.teamId}`, a.headers);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('NOT_FOUND');
    expect((await h().get(`/platform/teams/${a.teamId}`, a.headers)).status).toBe(200);
    const list = await h().get('/platform/teams?limit=100', a.headers);
    expect(list.status).toBe(200);
    const slugs = list.body.data.map((t: { slug: string }) => t.slug);
    expect(slugs).toContain(a.slug);
    expect(slugs).not.toContain(b.slug);
    // and the dev key's team 1 is invisible to a
    expect((await h().get('/platform/teams/1', a.headers)).status).toBe(404);
  });

  it("keeps usage and credits per team: one team's calls never show up in or charge another", async () => {
    const a = await team(h(), 3);
    const b = await team(h(), 50);
    for (let i = 0; i < 3; i++) expect((await h().get('/data/transactions?limit=1', a.headers)).status).toBe(200);
    // a is out of credits; b is not affected
    const exhausted = await h().get('/data/transactions?limit=1', a.headers);
    expect(exhausted.status).toBe(402);
    expect(exhausted.body.error.code).toBe('CREDITS_EXHAUSTED');
    expect((await h().get('/data/companies?limit=1', b.headers)).status).toBe(200);
    const balance = (teamId: number) => async () => Number((await h().db('credit_balances').where('team_id', teamId).first('balance')).balance);
    expect(await settled(balance(a.teamId), 0)).toBe(0);
    expect(await settled(balance(b.teamId), 49)).toBe(49);

    const usageA = await h().get('/platform/usage', a.headers);
    const usageB = await h().get('/platform/usage', b.headers);
    expect(usageA.body.balance).toEqual({ remaining: 0, granted: 3 });
    expect(usageB.body.balance).toEqual({ remaining: 49, granted: 50 });
    expect(usageA.body.data).toEqual([{ day: expect.any(String), operation_id: 'listTransactions', requests: 3, credits: 3 }]);
    expect(usageB.body.data).toEqual([{ day: expect.any(String), operation_id: 'listCompanies', requests: 1, credits: 1 }]);
    // usage has no team parameter to point elsewhere: an extra one is refused, not obeyed
    const pointed = await h().get(`/platform/usage?team_id=${a.teamId}`, b.headers);
    expect(pointed.status).toBe(400);
  });

  it('creates keys only in the caller team, with scopes the caller holds', async () => {
    const a = await team(h(), 100, ['manage:platform', 'read:transactions']);
    const b = await team(h(), 100);
    const before = Number((await h().db('api_keys').count<{ n: number }[]>({ n: '*' }))[0]!.n);
    for (const scopes of [['read:entities'], ['read:transactions', 'read:valuations'], ['manage:platform', 'read:founders']]) {
      const r = await h().call('POST', '/platform/api-keys', { body: { label: 'escalate', scopes }, headers: a.headers });
      expect(r.status, scopes.join(' ')).toBe(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
    }
    for (const scopes of [['admin'], ['*'], ['read:transactions', 'read:transactions '], []]) {
      const r = await h().call('POST', '/platform/api-keys', { body: { label: 'odd', scopes }, headers: a.headers });
      expect([400, 403], scopes.join(' ')).toContain(r.status);
    }
    // a team id in the body is not a way into another team
    const smuggled = await h().call('POST', '/platform/api-keys', { body: { label: 'smuggle', scopes: ['read:transactions'], team_id: b.teamId }, headers: a.headers });
    expect(smuggled.status).toBe(400);
    expect(Number((await h().db('api_keys').count<{ n: number }[]>({ n: '*' }))[0]!.n)).toBe(before);

    const ok = await h().call('POST', '/platform/api-keys', { body: { label: 'fine', scopes: ['read:transactions'] }, headers: a.headers });
    expect(ok.status).toBe(201);
    expect((await h().db('api_keys').where('id', ok.body.data.id).first('team_id')).team_id).toBe(a.teamId);
    expect((await h().get(`/platform/api-keys/${ok.body.data.id}`, b.headers)).status).toBe(404);
    // a key without manage:platform manages nothing
    const reader = await team(h(), 100, ['read:transactions']);
    const denied = await h().call('POST', '/platform/api-keys', { body: { label: 'x', scopes: ['read:transactions'] }, headers: reader.headers });
    expect(denied.status).toBe(403);
    expect((await h().get(`/platform/api-keys/${reader.keyId}`, reader.headers)).status).toBe(403);
  });
});

forEachDatabase('browser-app tokens are read-only', (h) => {
  const redirect = 'http://localhost:5173/callback';
  const signIn = async (form: Record<string, string>) => {
    const verifier = crypto.randomBytes(32).toString('base64url');
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    const params = { client_id: 'web-app', redirect_uri: redirect, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 's' };
    const res = await fetch(`${h().server.authUrl}/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, ...form }),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const tok = await fetch(`${h().server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirect, client_id: 'web-app' }),
    });
    expect(tok.status).toBe(200);
    return ((await tok.json()) as { access_token: string }).access_token;
  };

  it('refuses every write of premium, free and guest browser sessions with 403, changing nothing', async () => {
    const devKey = (await h().db('api_keys').where('client_id', 'dev-client').first('id')) as { id: number };
    const counts = async () => ({
      teams: Number((await h().db('teams').count<{ n: number }[]>({ n: '*' }))[0]!.n),
      keys: Number((await h().db('api_keys').where('status', 'active').count<{ n: number }[]>({ n: '*' }))[0]!.n),
    });
    const before = await counts();
    const forms: Record<string, string>[] = [{ username: 'premium@example.com', password: 'premium-password' }, { username: 'free@example.com', password: 'free-password' }, { guest: '1' }];
    for (const form of forms) {
      const auth = { Authorization: `Bearer ${await signIn(form)}`, 'X-Client-Id': null };
      expect((await h().get('/data/transactions?limit=1', auth)).status).toBe(200);
      const writes = [
        await h().call('POST', '/platform/teams', { body: { name: 'From the browser', slug: `browser-${crypto.randomBytes(3).toString('hex')}` }, headers: auth }),
        await h().call('POST', '/platform/api-keys', { body: { label: 'from the browser', scopes: ['read:transactions'] }, headers: auth }),
        await h().call('DELETE', `/platform/api-keys/${devKey.id}`, { headers: auth }),
      ];
      for (const r of writes) {
        expect(r.status, JSON.stringify(form)).toBe(403);
        expect(r.body.error.code).toBe('FORBIDDEN');
      }
      // browser sessions have no team: no key list and no usage either
      expect((await h().get('/platform/api-keys', auth)).status).toBe(403);
      expect((await h().get('/platform/usage', auth)).status).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });
});
