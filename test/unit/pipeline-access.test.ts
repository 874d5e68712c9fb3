import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/errors.js';
import { accessStage, rateLimitKey, requireScopes } from '../../src/pipeline/access.js';
import { authenticateStage } from '../../src/pipeline/authenticate.js';
import { locksStage } from '../../src/pipeline/locks.js';
import type { Plan } from '../../src/access/locked.js';
import { answer, exchange, principal } from '../helpers/exchange.js';

const limiter = (taken: string[]) => ({
  take: async (key: string) => {
    taken.push(key);
    return { 'RateLimit-Remaining': '9' };
  },
});

describe('authentication stage', () => {
  it('authenticates protected operations only, leaving their scopes to access', async () => {
    const calls: string[][] = [];
    const auth = { authenticate: async (_h: unknown, required: string[]) => (calls.push(required), principal({ clientId: 'key_1', kind: 'api_key' })) };
    const x = exchange();
    await authenticateStage(auth)(x, answer());
    expect(calls).toEqual([[]]);
    expect(x.principal?.clientId).toBe('key_1');
    expect(x.state.clientId).toBe('key_1');
    const pub = exchange({ op: { id: 'getHealth', method: 'get', scopes: null, creditCost: 0, locks: null, cache: null, exportable: false, handler: answer() } });
    await authenticateStage(auth)(pub, answer());
    expect(calls).toHaveLength(1);
    expect(pub.principal).toBeNull();
  });
});

describe('access stage', () => {
  it('refuses a token without the operation\'s scopes, naming them', () => {
    try {
      requireScopes(principal({ scopes: new Set(['read:entities']) }), ['read:entities', 'read:analytics']);
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).code).toBe('FORBIDDEN');
      expect((e as ApiError).message).toContain('read:analytics');
    }
  });

  it('takes a rate-limit token, starts the credit count and hands the tier and caps on', async () => {
    const taken: string[] = [];
    const x = exchange({ principal: principal({ tier: 'free', ecosystem: 'eu' }) });
    await accessStage(limiter(taken), 0)(x, answer());
    expect(taken).toEqual(['user:user-1']);
    expect(x.fake.headers['RateLimit-Remaining']).toBe('9');
    expect(x.state.credits).toBe(0);
    expect(x.access).toEqual({ tier: 'free', caps: { tier: 'free', ecosystem: 'eu', pageSize: 100, depth: 5000 } });
  });

  it('leaves API keys uncapped with every field, and public calls untouched', async () => {
    const key = exchange({ principal: principal({ kind: 'api_key', tier: 'premium', clientId: 'key_1', teamId: 4 }) });
    await accessStage(limiter([]), 0)(key, answer());
    expect(key.access).toEqual({ tier: undefined, caps: null });
    const pub = exchange();
    await accessStage(limiter([]), 0)(pub, answer());
    expect(pub.state.credits).toBeUndefined();
  });

  it('draws guests from their address\'s bucket and keys from their own', () => {
    const x = exchange();
    expect(rateLimitKey(principal({ tier: 'anonymous' }), x.req, 0)).toBe('addr:127.0.0.1');
    expect(rateLimitKey(principal({ clientId: 'key_9' }), x.req, 0)).toBe('key_9');
  });
});

describe('locks stage', () => {
  const plan: Plan = { props: { data: { child: { record: true, props: { employees: { path: 'employees', need: 'premium' } } } } } };
  const body = () => ({ data: { id: 1, employees: 40 } as Record<string, unknown> });

  it('nulls and names fields above the caller\'s tier in a success body', async () => {
    const b = body();
    const x = exchange({ principal: principal({ tier: 'free' }), op: { id: 'getCompany', method: 'get', scopes: [], creditCost: 1, locks: plan, cache: null, exportable: false, handler: answer() } });
    await locksStage()(x, answer({ status: 200, body: b }));
    expect(b.data).toEqual({ id: 1, employees: null, locked: [{ field: 'employees', reason: 'PREMIUM_REQUIRED' }] });
  });

  it('leaves premium callers and error bodies alone', async () => {
    for (const [tier, status] of [['premium', 200], ['free', 404]] as const) {
      const b = body();
      const x = exchange({ principal: principal({ tier }), op: { id: 'getCompany', method: 'get', scopes: [], creditCost: 1, locks: plan, cache: null, exportable: false, handler: answer() } });
      await locksStage()(x, answer({ status, body: b }));
      expect(b).toEqual(body());
    }
  });
});
