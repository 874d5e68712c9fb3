/**
 * The probes an orchestrator and a load balancer use: liveness (the process answers, whatever the
 * database does), readiness (database reachable, every migration applied) and the public health
 * probe; after SIGTERM all but liveness answer 503 while the process keeps serving for
 * SHUTDOWN_DELAY_MS, so a balancer stops sending before the listeners close.
 */
import { expect, it } from 'vitest';
import { forEachDatabase } from '../helpers/harness.js';

forEachDatabase(
  'probes',
  (h) => {
    it('tells readiness from liveness: migrations pending make it not ready, still alive', async () => {
      const applied = await h().db('knex_migrations').where({ name: '013_sign_in_codes' }).first();
      await h().db('knex_migrations').where({ name: '013_sign_in_codes' }).delete();
      try {
        const notReady = await h().get('/system/ready');
        expect(notReady.status).toBe(503);
        expect(notReady.body).toMatchObject({ status: 'not_ready', database: { status: 'up' }, migrations: { status: 'pending', pending: ['013_sign_in_codes'] } });
        expect((await h().get('/system/live')).body).toMatchObject({ status: 'alive', draining: false });
      } finally {
        await h().db('knex_migrations').insert(applied);
      }
      const ready = await h().get('/system/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ready', migrations: { status: 'current', pending: [] } });
      expect((await h().get('/system/health')).body.status).toBe('ok');
    });

    it('answers 503 on health and readiness while draining, keeps serving until the delay ends', async () => {
      const closed = h().server.close();
      const health = await h().get('/system/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'draining', database: { status: 'up' } });
      const ready = await h().get('/system/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('draining');
      const live = await h().get('/system/live');
      expect(live.status).toBe(200);
      expect(live.body).toMatchObject({ status: 'alive', draining: true });
      expect((await h().get('/data/transactions?limit=1')).status).toBe(200);
      await closed;
    });
  },
  { SHUTDOWN_DELAY_MS: '2000' },
);
