import { describe, expect, it } from 'vitest';
import { compose, requiredScopes, type Stage } from '../../src/pipeline/operation.js';
import { answer, exchange } from '../helpers/exchange.js';

describe('operation stages', () => {
  it('run in list order before the handler and in reverse order after it', async () => {
    const seen: string[] = [];
    const stage =
      (name: string): Stage =>
      async (_x, next) => {
        seen.push(`${name}>`);
        const r = await next();
        seen.push(`<${name}`);
        return r;
      };
    const run = compose([stage('a'), stage('b')], async () => {
      seen.push('handler');
      return { status: 200, body: null };
    });
    await run(exchange());
    expect(seen).toEqual(['a>', 'b>', 'handler', '<b', '<a']);
  });

  it('let a stage answer without the rest of the chain', async () => {
    let reached = false;
    const run = compose([async () => ({ status: 304, body: '' })], async () => {
      reached = true;
      return { status: 200, body: null };
    });
    expect((await run(exchange())).status).toBe(304);
    expect(reached).toBe(false);
  });

  it('let an error of a stage leave through the stages before it', async () => {
    const run = compose([async (_x, next) => next(), answer()], async () => ({ status: 200, body: null }));
    await expect(compose([async () => Promise.reject(new Error('boom'))], answer())(exchange())).rejects.toThrow('boom');
    expect((await run(exchange())).status).toBe(200);
  });

  it('read the scopes of an operation from its security requirement', () => {
    expect(requiredScopes({ security: [] })).toBeNull();
    expect(requiredScopes({})).toBeNull();
    expect(requiredScopes({ security: [{ oauth2: ['read:entities'], bearerAuth: ['read:entities', 'read:founders'] }] })).toEqual(['read:entities', 'read:founders']);
  });
});
