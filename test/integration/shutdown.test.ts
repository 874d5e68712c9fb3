/**
 * Shutdown with requests still running whose clients hung up: the server lets them finish before
 * the pool closes, so every credit taken is either counted as usage or given back.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { startServer } from '../../src/server.js';
import { handlers } from '../../handlers/index.js';
import { DATABASES, makeDatabase } from '../helpers/harness.js';
import { teamWithKey, testServerConfig, tokenFor } from '../helpers/servers.js';

const BALANCE = 10_000;
const REQUESTS = 60;

describe.each(DATABASES)('shutdown under abandoned requests [%s]', (kind) => {
  it('loses no credits: taken = counted as usage', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-shutdown-${kind}-`));
    const cfg = testServerConfig(await makeDatabase(kind, dir), dir, { RATE_LIMIT_BURST: '10000', RATE_LIMIT_PER_SECOND: '10000' });
    const server = await startServer(cfg, handlers, { logger: pino({ level: 'silent' }) });
    const db = createDb(server.cfg);
    try {
      const { teamId, clientId } = await teamWithKey(db, BALANCE);
      const token = (await tokenFor(server.authUrl, server.cfg.audience, clientId, 's3cret')).body.access_token!;
      const port = Number(new URL(server.baseUrl).port);
      const request = `GET /data/transactions?limit=100&sort=-amount HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nX-Client-Id: ${clientId}\r\n\r\n`;
      const sockets = Array.from({ length: REQUESTS }, () => {
        const s = net.connect(port, '127.0.0.1', () => s.write(request));
        s.on('error', () => undefined);
        return s;
      });
      const balance = async () => Number((await db('credit_balances').where({ team_id: teamId }).first('balance'))!.balance);
      // hang up once the server has started charging, i.e. with requests in every stage of handling
      const until = Date.now() + 10_000;
      while ((await balance()) === BALANCE && Date.now() < until) await new Promise((r) => setTimeout(r, 1));
      for (const s of sockets) s.destroy();
      await server.close();

      const taken = BALANCE - (await balance());
      const usage = await db('usage_daily').where({ team_id: teamId }).sum({ credits: 'credits' }).first();
      // a call whose client hung up before its answer is given back, so few or none stay charged
      expect(taken).toBeGreaterThanOrEqual(0);
      expect(taken).toBeLessThan(REQUESTS);
      expect(Number(usage?.credits ?? 0)).toBe(taken);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
