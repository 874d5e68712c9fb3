/**
 * Commits wake other processes. On PostgreSQL two servers on one database poll only every 60 s, yet
 * an import committed by a third process (this one) is delivered to a webhook at once, exactly once,
 * and answers a change-feed reader waiting on the other server (`wait`); a delivery replayed from a
 * third process is sent again at once too (LISTEN/NOTIFY, migration 027). On SQLite, which has no
 * notifications, the same happens by polling (WEBHOOK_POLL_MS and the feed's wait poll).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { replayDelivery } from '../../src/db/webhooks.js';
import { runImport } from '../../src/import/engine.js';
import type { ChangeLine } from '../helpers/changes.js';
import { DATABASES, makeDatabase } from '../helpers/harness.js';
import { startReceiver } from '../helpers/receiver.js';
import { spawnServer, testServerConfig, tokenFor, type ServerProcess } from '../helpers/servers.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_TIMEOUT_MS: '1000', RATE_LIMIT_BURST: '10000', RATE_LIMIT_PER_SECOND: '10000' };
/** PostgreSQL: a poll too slow to deliver within the test's waits, so only notifications can. */
const POLL_MS = { postgres: '60000', sqlite: '200' };

async function importLines(db: ReturnType<typeof createDb>, lines: ChangeLine[]): Promise<void> {
  const text = lines.map((l) => JSON.stringify(l)).join('\n');
  const r = await runImport(db, [{ name: 'c.ndjson', size: text.length, open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> }], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'notify' });
  if (!r.committed) throw new Error(JSON.stringify(r.rejections));
}

const company = { type: 'company', key: 'nt', data: { name: 'Notify Co', country: 'DEU', city: null, categories: [], status: 'operating', founded_on: '2020' } };
const round = (key: string, amount: number) => ({ type: 'round', key, data: { company: 'nt', round_type: 'seed', announced_on: '2024-01-02', amount_usd: amount } });

describe.each(DATABASES)('commits wake other processes [%s]', (kind) => {
  it('an import by another process is delivered and answers a waiting feed reader at once, exactly once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-notify-${kind}-`));
    const url = await makeDatabase(kind, dir);
    const db = createDb(testServerConfig(url, dir));
    const rx = await startReceiver();
    const env = { DATABASE_URL: url, ...ENV, WEBHOOK_POLL_MS: POLL_MS[kind] };
    const servers: ServerProcess[] = [];
    try {
      servers.push(await spawnServer(dir, env));
      // SQLite: one server (its polling is what is tested); PostgreSQL: a second one on the same database
      if (kind === 'postgres') servers.push(await spawnServer(dir, env));
      const [a, b = a] = servers as [ServerProcess, ServerProcess?];
      // a token of each server's own identity provider (its issuer)
      const tokens = new Map<ServerProcess, string>();
      for (const s of servers) tokens.set(s, (await tokenFor(s.authUrl, 'urn:funding-data-api', 'dev-client', 'dev-secret')).body.access_token!);
      const call = (s: ServerProcess, p: string, init: RequestInit = {}) =>
        fetch(`${s.baseUrl}${p}`, { ...init, headers: { Authorization: `Bearer ${tokens.get(s)}`, 'X-Client-Id': 'dev-client', 'Content-Type': 'application/json' } });
      const reg = await call(a, '/platform/webhooks', { method: 'POST', body: JSON.stringify({ url: rx.url, events: ['transaction.created'] }) });
      expect(reg.status).toBe(201);
      const hook = ((await reg.json()) as { data: { id: string } }).data;
      const position = ((await (await call(b, '/data/changes?from=latest')).json()) as { page: { next_after: string } }).page.next_after;

      // a reader waiting on server b, with nothing to list yet
      const started = Date.now();
      const waiting = call(b, `/data/changes?after=${encodeURIComponent(position)}&type=transaction&wait=20`).then(async (r) => ({ status: r.status, body: (await r.json()) as any, ms: Date.now() - started }));
      await new Promise((r) => setTimeout(r, 300));
      await importLines(db, [company, round('nt-1', 1_000_000), round('nt-2', 2_000_000)]);
      const committed = Date.now() - started;
      const page = await waiting;
      expect(page.status).toBe(200);
      expect(page.body.data.map((c: any) => [c.type, c.kind])).toEqual([['transaction', 'created'], ['transaction', 'created']]);
      // answered on the commit (PostgreSQL: the notification; the reader's own poll is 10 s there), not at the wait's end
      expect(page.ms - committed).toBeLessThan(kind === 'postgres' ? 8000 : 5000);

      const got = await rx.until(2, 10_000);
      await new Promise((r) => setTimeout(r, 1000));
      expect(rx.received.length).toBe(2);
      expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(2);

      // a replay written by another process is sent again, same webhook-id
      const first = String(got[0]!.headers['webhook-id']);
      expect(await replayDelivery(db, hook.id, first, Date.now())).toBe(true);
      const again = await rx.until(3, 10_000);
      expect(again[2]!.headers['webhook-id']).toBe(first);

      // with nothing committed, a wait ends with the empty page at its end
      const quiet = await call(b, `/data/changes?after=${encodeURIComponent(page.body.page.next_after)}&wait=1`);
      expect(((await quiet.json()) as any).data).toEqual([]);
    } finally {
      for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await rx.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
