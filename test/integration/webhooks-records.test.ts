/**
 * Funds, valuations, jobs and news written through the data loader's writers (src/db/changes.ts):
 * each create, update and delete is a change-feed entry (from a position taken before the writes, in
 * order, with the record behind include=record as its own endpoint answers) and a signed webhook
 * delivery for the webhooks registered for its event, on both databases.
 */
import { afterAll, expect, it } from 'vitest';
import { verifyWebhook } from '../../clients/typescript/webhooks.js';
import { deleteRecords, insertRecords, updateRecords } from '../../src/documents/writes.js';
import { latest, walk } from '../helpers/changes.js';
import { forEachDatabase } from '../helpers/harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_TIMEOUT_MS: '2000' };

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

const PATH = { fund: '/data/funds', valuation: '/data/valuations', job: '/data/jobs', news: '/data/news' } as const;

forEachDatabase(
  'webhooks and the change feed for funds, valuations, jobs and news',
  (h) => {
    it('every write is a change and a delivery to the webhooks of its event, and nothing else is delivered', async () => {
      const rx = await startReceiver();
      receivers.push(rx);
      const events = ['fund.created', 'fund.updated', 'valuation.created', 'valuation.deleted', 'job.created', 'job.updated', 'news.created', 'news.deleted'];
      const res = await h().call('POST', '/platform/webhooks', { body: { url: rx.url, events } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const hook = res.body.data as { id: string; secret: string };
      const before = await latest(h());

      const db = h().db;
      const investor = (await db('entities').where('type', 'organization').where('subtype', 'investor').first('id')) as { id: number };
      const company = (await db('entities').where('type', 'organization').where('subtype', 'company').first('id')) as { id: number };
      const t = (s: number) => new Date(Date.UTC(2026, 10, 27, 6, 0, s));
      const [fund] = await insertRecords(db, 'funds', [{ investor_id: investor.id, name: 'Webhook Fund I', amount_usd: 50_000_000, announced_date: '2026-11-01', announced_sort: '2026-11-01', vintage_year: 2026, fund_type: 'venture', status: 'active' }], t(1));
      const [valuation] = await insertRecords(db, 'valuations', [{ company_id: company.id, value_usd: 120_000_000, valued_date: '2026-10-01', date_sort: '2026-10-01', source: 'webhook test' }], t(2));
      const [job] = await insertRecords(db, 'jobs', [{ entity_id: company.id, title: 'Webhook Engineer', posted_at: '2026-11-20', city_region_ids: '[]', is_active: true }], t(3));
      const [news] = await insertRecords(db, 'news', [{ title: 'Webhook Fund I closes', url: 'https://news.example/webhook-fund', source: 'example', published_at: '2026-11-25T10:00:00.000Z' }], t(4));
      expect(await updateRecords(db, 'funds', [fund!], { amount_usd: 60_000_000 }, t(5))).toBe(1);
      expect(await updateRecords(db, 'jobs', [job!], { title: 'Senior Webhook Engineer', is_active: false }, t(6))).toBe(1);
      // an event the webhook was not registered for: in the feed, not delivered
      expect(await updateRecords(db, 'valuations', [valuation!], { value_usd: 130_000_000 }, t(7))).toBe(1);
      expect(await deleteRecords(db, 'valuations', [valuation!], t(8))).toBe(1);
      expect(await deleteRecords(db, 'news', [news!], t(9))).toBe(1);
      // nothing to change: nothing logged
      expect(await updateRecords(db, 'funds', [999_999_999], { name: 'x' }, t(10))).toBe(0);
      expect(await deleteRecords(db, 'news', [news!], t(10))).toBe(0);

      const expected = [
        ['fund', fund, 'created', null],
        ['valuation', valuation, 'created', null],
        ['job', job, 'created', null],
        ['news', news, 'created', null],
        ['fund', fund, 'updated', ['amount_usd']],
        ['job', job, 'updated', ['title', 'is_active']],
        ['valuation', valuation, 'updated', ['value_usd']],
        ['valuation', valuation, 'deleted', null],
        ['news', news, 'deleted', null],
      ];
      // the writes (their documents refreshed) ran on this process's event loop, the server's too: a turn of it lets
      // the kept-alive sockets that timed out meanwhile close before the next request
      await new Promise((resolve) => setTimeout(resolve, 50));
      const w = await walk(h(), before, '&include=record', 4);
      expect(w.changes.map((c) => [c.type, c.id, c.kind, c.fields])).toEqual(expected);
      expect(w.changes[0].at).toBe(t(1).toISOString());
      // the records as their own endpoints answer now; deleted ones are null and 404
      for (const c of w.changes) {
        const own = await h().get(`${PATH[c.type as keyof typeof PATH]}/${c.id}`);
        expect(c.record, `${c.type} ${c.id}`).toEqual(own.status === 200 ? own.body.data : null);
        if (c.kind === 'deleted') expect(own.status).toBe(404);
      }
      expect(w.changes.find((c) => c.type === 'fund')!.record).toMatchObject({ name: 'Webhook Fund I' });
      // the news title index follows the writes: the deleted article is no longer found
      expect((await h().get('/data/news?q=webhook%20fund')).body.data).toEqual([]);

      const wanted = expected.filter(([type, , kind]) => events.includes(`${type}.${kind}`));
      const got = await rx.until(wanted.length, 15_000);
      await new Promise((r) => setTimeout(r, 600));
      expect(rx.received.length).toBe(wanted.length);
      const delivered = got.map((g) => verifyWebhook(g.headers as Record<string, string>, g.body, hook.secret));
      expect(delivered.map((e) => [e.data.type, e.data.id, e.data.kind]).sort()).toEqual(wanted.map(([type, id, kind]) => [type, id, kind]).sort());
      expect(delivered.every((e) => e.type === `${e.data.type}.${e.data.kind}`)).toBe(true);
    });

    it('the news written is found by its title until it is deleted', async () => {
      const [id] = await insertRecords(h().db, 'news', [{ title: 'Zqxv Robotics raises', url: 'https://news.example/zqxv', published_at: '2026-11-26T10:00:00.000Z' }], new Date());
      expect((await h().get('/data/news?q=zqxv')).body.data.map((n: any) => n.id)).toEqual([id]);
      await updateRecords(h().db, 'news', [id!], { title: 'Wvbn Robotics raises' }, new Date());
      expect((await h().get('/data/news?q=zqxv')).body.data).toEqual([]);
      expect((await h().get('/data/news?q=robotics')).body.data.map((n: any) => n.id)).toContain(id);
    });
  },
  ENV,
);
