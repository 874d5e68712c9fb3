/**
 * Webhook deliveries survive a crash: a server killed (SIGKILL) while its delivery is in flight
 * leaves the delivery claimed in the database; a server started afterwards sends it once the claim
 * runs out, with the same webhook-id. On PostgreSQL the new server runs WORKERS=2: the deliveries of
 * a further import each arrive exactly once across both processes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { runImport } from '../../src/import/engine.js';
import { DATABASES, makeDatabase } from '../helpers/harness.js';
import { startReceiver } from '../helpers/receiver.js';
import { spawnServer, testServerConfig, tokenFor } from '../helpers/servers.js';
import type { ChangeLine } from '../helpers/changes.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_TIMEOUT_MS: '1000', RATE_LIMIT_BURST: '10000', RATE_LIMIT_PER_SECOND: '10000' };

async function importLines(db: ReturnType<typeof createDb>, lines: ChangeLine[]): Promise<void> {
  const text = lines.map((l) => JSON.stringify(l)).join('\n');
  const r = await runImport(db, [{ name: 'c.ndjson', size: text.length, open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> }], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'restart' });
  if (!r.committed) throw new Error(JSON.stringify(r.rejections));
}

const round = (key: string, amount: number) => ({ type: 'round', key, data: { company: 'rs', round_type: 'seed', announced_on: '2024-01-02', amount_usd: amount } });

describe.each(DATABASES)('webhook deliveries across a crash [%s]', (kind) => {
  it('a server killed mid-delivery: the next one delivers it, same webhook-id', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-wh-${kind}-`));
    const url = await makeDatabase(kind, dir);
    const db = createDb(testServerConfig(url, dir));
    const rx = await startReceiver((i) => (i === 0 ? 'hold' : 200));
    let a = await spawnServer(dir, { DATABASE_URL: url, ...ENV });
    let b: typeof a | null = null;
    try {
      const token = (await tokenFor(a.authUrl, 'urn:funding-data-api', 'dev-client', 'dev-secret')).body.access_token!;
      const res = await fetch(`${a.baseUrl}/platform/webhooks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'X-Client-Id': 'dev-client', 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: rx.url, events: ['transaction.created'] }),
      });
      expect(res.status).toBe(201);
      await importLines(db, [{ type: 'company', key: 'rs', data: { name: 'Restart Co', country: 'DEU', city: null, categories: [], status: 'operating', founded_on: '2020' } }, round('rs-1', 1_000_000)]);
      const [first] = await rx.until(1);
      a.proc.kill('SIGKILL');
      await a.exited;
      b = await spawnServer(dir, { DATABASE_URL: url, ...ENV, ...(kind === 'postgres' ? { WORKERS: '2', RATE_LIMIT_STORE: 'postgres' } : {}) });
      const got = await rx.until(2, 30_000);
      expect(got[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(got[1]!.body).toBe(first!.body);

      // SQLite: an import from another process fails ("database is locked") when a server writes
      // while its transaction upgrades to a writer, so it starts once the attempt is recorded
      for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
        if (((await db('webhook_deliveries').first('status')) as { status: string }).status === 'delivered') break;
      }
      // more events, every one exactly once (two processes on PostgreSQL)
      await importLines(db, Array.from({ length: 12 }, (_, i) => round(`rs-more-${i}`, 2_000_000 + i)));
      await rx.until(14, 30_000);
      await new Promise((r) => setTimeout(r, 1500));
      const ids = rx.received.slice(2).map((g) => g.headers['webhook-id']);
      expect(ids.length).toBe(12);
      expect(new Set(ids).size).toBe(12);
      const states = (await db('webhook_deliveries').select('status')) as { status: string }[];
      expect(states.map((s) => s.status)).toEqual(Array(13).fill('delivered'));
    } finally {
      for (const p of [a, b]) if (p && p.proc.exitCode === null) p.proc.kill('SIGTERM');
      await Promise.all([a.exited, b?.exited]);
      await rx.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
