/**
 * Webhooks on both databases, receivers on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=on, short backoff):
 * a saved search (rounds in Germany over $5M) receives exactly the matching rounds of an import,
 * signed and verifiable with the TypeScript client's verifyWebhook; a receiver answering 500 twice
 * then 200 gets one webhook-id three times, and the delivery log says so; replay and a test event
 * keep the signing; rotation sends both signatures; registration refuses unsafe targets and bad searches.
 */
import { execFile } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../clients/typescript/webhooks.js';
import { webhookReceiver } from '../../examples/webhook-receiver.js';
import { pruneDeliveries } from '../../src/db/webhooks.js';
import { importLines } from '../helpers/changes.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';
import { keyWithScopes } from '../helpers/principals.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { freePort } from '../helpers/servers.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_DISABLE_AFTER_MS: '1500' };

const company = (key: string, name: string, country: string) => ({ type: 'company', key, data: { name, country, city: null, categories: ['software'], status: 'operating', founded_on: '2019' } });
const round = (key: string, companyKey: string, amount: number, date = '2024-05-04') => ({ type: 'round', key, data: { company: companyKey, round_type: 'series_a', announced_on: date, amount_usd: amount } });

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(answer?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

async function register(h: Harness, body: Record<string, unknown>) {
  const r = await h.call('POST', '/platform/webhooks', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; secret: string };
}

const roundId = async (h: Harness, companyName: string, amount: number) =>
  Number(((await h.db('transactions as t').join('entities as e', 'e.id', 't.company_id').where('e.name', companyName).where('t.amount_usd', amount).first('t.id')) as { id: number }).id);

/** The events' record ids as funding_data_sdk.verify_webhook (in the .venv's Python) reads the deliveries. */
function pythonVerify(deliveries: { headers: Record<string, unknown>; body: string }[], secret: string): Promise<unknown> {
  const script = `import json, sys\nfrom funding_data_sdk import verify_webhook\nargs = json.load(sys.stdin)\nprint(json.dumps([verify_webhook(d["headers"], d["body"].encode(), args["secret"])["data"]["id"] for d in args["deliveries"]]))`;
  return new Promise((resolve, reject) => {
    const child = execFile('.venv/bin/python', ['-c', script], { env: { PATH: process.env.PATH ?? '', PYTHONPATH: 'clients/python' }, timeout: 30_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(JSON.stringify({ deliveries, secret }));
  });
}

forEachDatabase(
  'webhooks',
  (h) => {
    it('a saved search for rounds in Germany over $5M receives exactly the matching rounds of an import, signed', async () => {
      const de = (await h().db('places').where({ kind: 'country', name: 'Germany' }).first('id')) as { id: number };
      const rx = await receiver();
      const hook = await register(h(), { url: rx.url, events: ['transaction.created'], filter: `and(company.country[eq]:${de.id},amount[gt]:5000000)`, description: 'DE over 5M' });
      expect(hook.secret).toMatch(/^whsec_/);
      await importLines(h(), [company('wh-de', 'Webhook Berlin', 'DEU'), company('wh-fr', 'Webhook Paris', 'FRA'), round('wh-de-big', 'wh-de', 6_000_000), round('wh-de-small', 'wh-de', 2_000_000, '2024-06-01'), round('wh-fr-big', 'wh-fr', 9_000_000)]);
      await importLines(h(), [round('wh-de-big', 'wh-de', 6_500_000), round('wh-de-next', 'wh-de', 8_000_000, '2024-09-01')]);
      const got = await rx.until(2);
      // nothing else arrives: every other change was fanned out in the same passes
      await new Promise((r) => setTimeout(r, 600));
      expect(rx.received.length).toBe(2);
      const events = got.map((g) => verifyWebhook(g.headers as Record<string, string>, g.body, hook.secret));
      const expected = [await roundId(h(), 'Webhook Berlin', 6_500_000), await roundId(h(), 'Webhook Berlin', 8_000_000)];
      expect(events.map((e) => e.data.id).sort()).toEqual(expected.sort());
      expect(events.every((e) => e.type === 'transaction.created' && e.data.kind === 'created' && e.data.type === 'transaction')).toBe(true);
      expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(2);
      // the Python SDK's helper verifies the same deliveries
      expect(await pythonVerify(got, hook.secret)).toEqual(events.map((e) => e.data.id));
      // a wrong secret or a changed body fails verification
      expect(() => verifyWebhook(got[0]!.headers as Record<string, string>, got[0]!.body, 'whsec_' + Buffer.alloc(32).toString('base64'))).toThrow(WebhookVerificationError);
      expect(() => verifyWebhook(got[0]!.headers as Record<string, string>, got[0]!.body.replace('created', 'updated'), hook.secret)).toThrow(WebhookVerificationError);
      const log = await h().get(`/platform/webhooks/${hook.id}/deliveries`);
      expect(log.body.data).toHaveLength(2);
      expect(log.body.data.every((a: any) => a.success && a.status_code === 200 && a.delivery_status === 'delivered')).toBe(true);
    });

    it('a watchlist of company uuids gets only those companies’ changes', async () => {
      const rx = await receiver();
      const watched = (await h().db('entities').where('name', 'Webhook Paris').first('uuid')) as { uuid: string };
      const hook = await register(h(), { url: rx.url, events: ['company.updated'], filter: `uuid[in_any]:${watched.uuid}` });
      await importLines(h(), [round('wh-fr-2', 'wh-fr', 1_000_000, '2025-01-01'), round('wh-de-3', 'wh-de', 1_000_000, '2025-01-01')]);
      const [one] = await rx.until(1);
      await new Promise((r) => setTimeout(r, 600));
      expect(rx.received.length).toBe(1);
      const e = verifyWebhook(one!.headers as Record<string, string>, one!.body, hook.secret);
      expect(e).toMatchObject({ type: 'company.updated', data: { type: 'company', id: watched.uuid, kind: 'updated' } });
    });

    it('a receiver answering 500 twice then 200 gets the same webhook-id three times; the log shows each attempt', async () => {
      const rx = await receiver((i) => (i < 2 ? 500 : 200));
      const hook = await register(h(), { url: rx.url, events: ['transaction.deleted'] });
      await importLines(h(), [{ type: 'round', key: 'wh-de-small', delete: true }]);
      const got = await rx.until(3);
      expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(1);
      expect(new Set(got.map((g) => g.body)).size).toBe(1);
      for (const g of got) verifyWebhook(g.headers as Record<string, string>, g.body, hook.secret);
      await new Promise((r) => setTimeout(r, 300));
      expect(rx.received.length).toBe(3);
      const log = await h().get(`/platform/webhooks/${hook.id}/deliveries`);
      expect(log.body.data.map((a: any) => a.status_code)).toEqual([200, 500, 500]);
      expect(log.body.data[0]).toMatchObject({ delivery_id: got[0]!.headers['webhook-id'], success: true, delivery_status: 'delivered', attempts: 3 });
      expect((await h().get('/platform/webhooks')).body.data.find((w: any) => w.id === hook.id)).toMatchObject({ status: 'active', failing_since: null });

      // replay: the same id and body once more
      const replay = await h().call('POST', `/platform/webhooks/${hook.id}/deliveries/${got[0]!.headers['webhook-id']}/replay`);
      expect(replay.status).toBe(202);
      const again = await rx.until(4);
      expect(again[3]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
      expect(again[3]!.body).toBe(got[0]!.body);
    });

    it('a test event, and a rotation that signs with both secrets during the overlap', async () => {
      const rx = await receiver();
      const hook = await register(h(), { url: rx.url, events: ['news.created'] });
      const rotated = await h().call('POST', `/platform/webhooks/${hook.id}/rotate-secret`, { body: { overlap_seconds: 3600 } });
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.secret).not.toBe(hook.secret);
      const test = await h().call('POST', `/platform/webhooks/${hook.id}/test`);
      expect(test.status).toBe(202);
      const [one] = await rx.until(1);
      expect(one!.headers['webhook-id']).toBe(test.body.data.delivery_id);
      expect(String(one!.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verifyWebhook(one!.headers as Record<string, string>, one!.body, hook.secret).type).toBe('webhook.test');
      expect(verifyWebhook(one!.headers as Record<string, string>, one!.body, rotated.body.data.secret).data).toEqual({ webhook_id: hook.id });
      expect((await h().get(`/platform/webhooks/${hook.id}`)).body.data).toMatchObject({ id: hook.id, url: rx.url, events: ['news.created'], status: 'active' });
      expect((await h().get(`/platform/webhooks/${hook.id}`)).body.data).not.toHaveProperty('secret');
      // another team's key does not see it
      const other = await keyWithScopes(h(), ['manage:platform', 'read:news']);
      expect((await h().get(`/platform/webhooks/${hook.id}`, other)).body.error).toMatchObject({ code: 'NOT_FOUND' });
      expect((await h().call('DELETE', `/platform/webhooks/${hook.id}`)).status).toBe(204);
      expect((await h().get(`/platform/webhooks/${hook.id}/deliveries`)).status).toBe(404);
      const gone = await h().get(`/platform/webhooks/${hook.id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Webhook ${hook.id} not found` });
    });

    it('the example receiver verifies deliveries and handles a replayed webhook-id once', async () => {
      const events: string[] = [];
      const port = await freePort();
      const hook = await register(h(), { url: `http://127.0.0.1:${port}/`, events: ['news.created'] });
      const server = webhookReceiver(hook.secret, (e, id) => events.push(`${id} ${e.type}`));
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      try {
        const attempts = async (n: number) => {
          for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
            const log = await h().get(`/platform/webhooks/${hook.id}/deliveries`);
            if (log.body.data.length >= n) return log.body.data;
          }
          throw new Error(`fewer than ${n} attempts`);
        };
        const test = await h().call('POST', `/platform/webhooks/${hook.id}/test`);
        expect((await attempts(1))[0]).toMatchObject({ status_code: 204, success: true });
        await h().call('POST', `/platform/webhooks/${hook.id}/deliveries/${test.body.data.delivery_id}/replay`);
        expect((await attempts(2))[0]).toMatchObject({ status_code: 204, success: true });
        expect(events).toEqual([`${test.body.data.delivery_id} webhook.test`]);
      } finally {
        await new Promise((r) => server.close(r));
      }
    });

    it('a webhook whose deliveries fail for the set time is disabled and says why; rotating re-enables it', async () => {
      const rx = await receiver(() => 503);
      const hook = await register(h(), { url: rx.url, events: ['transaction.updated'] });
      await importLines(h(), [round('wh-de-next', 'wh-de', 8_100_000, '2024-09-01')]);
      let w: any;
      for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
        w = (await h().get('/platform/webhooks')).body.data.find((x: any) => x.id === hook.id);
        if (w.status === 'disabled') break;
      }
      expect(w).toMatchObject({ status: 'disabled', disabled_reason: 'Disabled: every delivery failed for 1.5 s (last: HTTP 503)', failing_since: expect.any(String) });
      const sent = rx.received.length;
      expect(sent).toBeGreaterThanOrEqual(3);
      expect(new Set(rx.received.map((g) => g.headers['webhook-id'])).size).toBe(1);
      await new Promise((r) => setTimeout(r, 500));
      expect(rx.received.length).toBe(sent);
      expect((await h().get(`/platform/webhooks/${hook.id}`)).body.data).toEqual(w);
      const rotated = await h().call('POST', `/platform/webhooks/${hook.id}/rotate-secret`, { body: {} });
      expect(rotated.body.data).toMatchObject({ status: 'active', disabled_reason: null });
      // past the retention, the log and the finished deliveries go; a pending one stays
      await pruneDeliveries(h().db, Date.now() + 60_000);
      expect((await h().get(`/platform/webhooks/${hook.id}/deliveries`)).body.data).toEqual([]);
      expect(((await h().db('webhook_deliveries').where('webhook_id', hook.id)) as { status: string }[]).map((d) => d.status)).toEqual(['pending']);
    });

    it('refuses bad registrations with clear errors', async () => {
      const bad = async (body: Record<string, unknown>) => (await h().call('POST', '/platform/webhooks', { body })).body.error;
      expect(await bad({ url: 'ftp://x.example/', events: ['transaction.created'] })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.url', message: 'must be https' }] });
      expect(await bad({ url: 'https://x.example/', events: ['transaction.created'], filter: 'nope[eq]:1' })).toMatchObject({ code: 'UNKNOWN_FILTER' });
      expect(await bad({ url: 'https://x.example/', events: ['transaction.created'], filter: 'and(amount[gt]:1' })).toMatchObject({ code: 'FILTER_PARSE_ERROR' });
      expect(await bad({ url: 'https://x.example/', events: ['transaction.created', 'company.created'], filter: 'amount[gt]:1' })).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(await bad({ url: 'https://x.example/', events: ['transaction.exploded'] })).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((await h().get('/platform/webhooks/wh_nope')).body.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    });
  },
  ENV,
);
