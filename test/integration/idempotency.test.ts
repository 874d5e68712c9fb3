import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { teamKey } from '../helpers/principals.js';

const newKey = () => `retry-${crypto.randomUUID()}`;
const post = (h: () => Harness, url: string, body: unknown, key: string | null, headers: Record<string, string> = {}) =>
  h().call('POST', url, { body, headers: key === null ? headers : { ...headers, 'Idempotency-Key': key } });

forEachDatabase('safe retries of POST (Idempotency-Key)', (h) => {
  const keyCount = async (teamId: number) => Number(((await h().db('api_keys').where('team_id', teamId).count({ n: '*' }).first()) as { n: number }).n);

  it('a retried POST /platform/api-keys creates one key and answers the same secret twice', async () => {
    const team = await teamKey(h(), ['read:transactions', 'manage:platform']);
    const before = await keyCount(team.teamId);
    const key = newKey();
    const body = { label: 'sync', scopes: ['read:transactions'] };
    const first = await post(h, '/platform/api-keys', body, key, team.headers);
    expect(first.status).toBe(201);
    // the same body with its keys in another order is the same request
    const retry = await post(h, '/platform/api-keys', { scopes: ['read:transactions'], label: 'sync' }, key, team.headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.body.data.client_secret).toBe(first.body.data.client_secret);
    expect(await keyCount(team.teamId)).toBe(before + 1);
    const list = await h().get('/platform/api-keys?limit=100', team.headers);
    expect(list.body.data.filter((k: { label: string }) => k.label === 'sync').map((k: { client_id: string }) => k.client_id)).toEqual([first.body.data.client_id]);
    // the stored answer reveals neither the key nor the secret
    const rows = await h().db('idempotency_keys').where('scope', `team:${team.teamId}`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(first.body.data.client_secret);
    expect(JSON.stringify(rows)).not.toContain(key);
    // the secret works
    expect((await h().tokenFor(first.body.data.client_id, first.body.data.client_secret)).status).toBe(200);
  });

  it('refuses the same key with another body (422 IDEMPOTENCY_KEY_REUSED), writing nothing', async () => {
    const team = await teamKey(h(), ['read:transactions', 'manage:platform']);
    const key = newKey();
    expect((await post(h, '/platform/api-keys', { label: 'a', scopes: ['read:transactions'] }, key, team.headers)).status).toBe(201);
    const before = await keyCount(team.teamId);
    const other = await post(h, '/platform/api-keys', { label: 'b', scopes: ['read:transactions'] }, key, team.headers);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await keyCount(team.teamId)).toBe(before);
  });

  it('keeps keys per team: another team using the same key value gets its own key', async () => {
    const a = await teamKey(h(), ['read:transactions', 'manage:platform']);
    const b = await teamKey(h(), ['read:transactions', 'manage:platform']);
    const key = newKey();
    const body = { label: 'shared-key', scopes: ['read:transactions'] };
    const ra = await post(h, '/platform/api-keys', body, key, a.headers);
    const rb = await post(h, '/platform/api-keys', body, key, b.headers);
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(rb.body.data.client_id).not.toBe(ra.body.data.client_id);
    expect(rb.body.data.client_secret).not.toBe(ra.body.data.client_secret);
  });

  it('without a key each POST is a new request; a failed attempt frees its key', async () => {
    const team = await teamKey(h(), ['read:transactions', 'manage:platform']);
    const before = await keyCount(team.teamId);
    const body = { label: 'plain', scopes: ['read:transactions'] };
    expect((await post(h, '/platform/api-keys', body, null, team.headers)).status).toBe(201);
    expect((await post(h, '/platform/api-keys', body, null, team.headers)).status).toBe(201);
    expect(await keyCount(team.teamId)).toBe(before + 2);
    const key = newKey();
    // a scope the caller does not hold: 403 from the handler, nothing stored
    const refused = await post(h, '/platform/api-keys', { label: 'x', scopes: ['read:entities'] }, key, team.headers);
    expect(refused.status).toBe(403);
    const fixed = await post(h, '/platform/api-keys', { label: 'x', scopes: ['read:transactions'] }, key, team.headers);
    expect(fixed.status).toBe(201);
    expect(await keyCount(team.teamId)).toBe(before + 3);
  });

  it('validates the key format (400 VALIDATION_ERROR)', async () => {
    const team = await teamKey(h(), ['read:transactions', 'manage:platform']);
    for (const bad of ['x'.repeat(256), 'caf\u00e9']) {
      const r = await h().call('POST', '/platform/api-keys', {
        body: { label: 'bad', scopes: ['read:transactions'] },
        headers: { ...team.headers, 'Idempotency-Key': bad },
      });
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('a concurrent retry while the first attempt runs does not run twice', async () => {
    const team = await teamKey(h(), ['read:transactions', 'manage:platform']);
    const before = await keyCount(team.teamId);
    const key = newKey();
    const body = { label: 'race', scopes: ['read:transactions'] };
    const replies = await Promise.all(Array.from({ length: 5 }, () => post(h, '/platform/api-keys', body, key, team.headers)));
    for (const r of replies) expect([201, 409]).toContain(r.status);
    const ok = replies.filter((r) => r.status === 201);
    expect(new Set(ok.map((r) => r.body.data.client_secret)).size).toBe(1);
    for (const r of replies.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('CONFLICT');
    expect(await keyCount(team.teamId)).toBe(before + 1);
  });

  it('answers 409 CONFLICT while the first attempt is pending; a pending claim left by a dead worker, and an answer older than 24 h, are not kept', async () => {
    const team = await teamKey(h(), ['read:transactions', 'manage:platform']);
    const scope = `team:${team.teamId}`;
    const key = newKey();
    const body = { label: 'pending', scopes: ['read:transactions'] };
    const first = await post(h, '/platform/api-keys', body, key, team.headers);
    expect(first.status).toBe(201);
    // as while the first attempt runs: claimed, no answer yet
    await h().db('idempotency_keys').where('scope', scope).update({ status: null, response: null });
    const busy = await post(h, '/platform/api-keys', body, key, team.headers);
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('CONFLICT');
    expect(busy.headers.get('retry-after')).toBe('1');
    // the claim of a worker that died 6 minutes ago is taken over: the request runs
    await h().db('idempotency_keys').where('scope', scope).update({ created_ms: Date.now() - 6 * 60_000 });
    const taken = await post(h, '/platform/api-keys', body, key, team.headers);
    expect(taken.status).toBe(201);
    expect(taken.body.data.client_id).not.toBe(first.body.data.client_id);
    // 25 hours later the key is free again, and the old row is gone
    await h().db('idempotency_keys').where('scope', scope).update({ created_ms: Date.now() - 25 * 3600_000 });
    const later = await post(h, '/platform/api-keys', { label: 'other body', scopes: ['read:transactions'] }, key, team.headers);
    expect(later.status).toBe(201);
    const rows = await h().db('idempotency_keys').where('scope', scope);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].created_ms)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a retried POST /data/notes creates one note; POST /platform/teams one team', async () => {
    const uuid = ((await h().db('entities').orderBy('id').first('uuid')) as { uuid: string }).uuid;
    const key = newKey();
    const text = `idempotent ${key}`;
    const first = await post(h, '/data/notes', { entity: uuid, body: text }, key);
    const retry = await post(h, '/data/notes', { entity: uuid, body: text }, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(Number(((await h().db('notes').where('body', text).count({ n: '*' }).first()) as { n: number }).n)).toBe(1);
    const reused = await post(h, '/data/notes', { entity: uuid, body: 'another text' }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const slug = `idem-${crypto.randomBytes(4).toString('hex')}`;
    const t1 = await post(h, '/platform/teams', { name: 'Idem', slug }, newKey() + 'T');
    expect(t1.status).toBe(201);
    const tKey = newKey();
    const a = await post(h, '/platform/teams', { name: 'Idem2', slug: `${slug}-2` }, tKey);
    const b = await post(h, '/platform/teams', { name: 'Idem2', slug: `${slug}-2` }, tKey);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.data.id).toBe(a.body.data.id);
  });
});
