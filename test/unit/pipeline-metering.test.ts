import { describe, expect, it } from 'vitest';
import { meteringStage } from '../../src/pipeline/metering.js';
import { idempotencyStage } from '../../src/pipeline/idempotency.js';
import type { Knex } from 'knex';
import { answer, exchange, principal, recordingMeter } from '../helpers/exchange.js';

const keyOfTeam = () => principal({ kind: 'api_key', tier: 'premium', clientId: 'key_1', teamId: 7 });

describe('metering stage', () => {
  it('reserves before the handler and keeps the credits of a success', async () => {
    const { m, log } = recordingMeter();
    const x = exchange({ principal: keyOfTeam() });
    const r = await meteringStage(m)(x, async () => (log.push('handler'), { status: 200, body: {} }));
    expect(r.status).toBe(200);
    expect(log).toEqual(['reserve 7 1', 'handler', 'settle 7 listCompanies 1 true']);
    expect(x.state.credits).toBe(1);
  });

  it('gives the credits back when the call fails, throws or its client left', async () => {
    for (const run of [answer({ status: 404, body: {} }), async () => Promise.reject(new Error('db down'))]) {
      const { m, log } = recordingMeter();
      const x = exchange({ principal: keyOfTeam() });
      await meteringStage(m)(x, run).catch(() => undefined);
      expect(log.at(-1)).toBe('settle 7 listCompanies 1 false');
      expect(x.state.credits).toBeUndefined();
    }
    const { m, log } = recordingMeter();
    const x = exchange({ principal: keyOfTeam() });
    x.fake.gone = true;
    await meteringStage(m)(x, answer());
    expect(log.at(-1)).toBe('settle 7 listCompanies 1 false');
  });

  it('meters neither callers without a team nor free operations', async () => {
    const { m, log } = recordingMeter();
    await meteringStage(m)(exchange({ principal: principal() }), answer());
    await meteringStage(m)(exchange({ principal: keyOfTeam(), op: { id: 'getUsage', method: 'get', scopes: [], creditCost: 0, locks: null, cache: null, exportable: false, handler: answer() } }), answer());
    expect(log).toEqual([]);
  });
});

describe('idempotency stage', () => {
  it('passes every method but POST straight to the handler', async () => {
    // a database that is never reached: a GET must not claim a key
    const db = (() => {
      throw new Error('touched the database');
    }) as unknown as Knex;
    const x = exchange({ headers: { 'idempotency-key': 'k-123456789' } });
    expect((await idempotencyStage(db, () => new Date())(x, answer({ status: 200, body: 'ran' }))).body).toBe('ran');
  });
});
