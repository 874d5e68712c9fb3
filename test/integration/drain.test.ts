/**
 * SIGTERM to what `make run` leaves running, with 40 requests in flight: every request is answered,
 * the process exits 0 (so make does), and credits are taken only for the answered calls. (The tsx
 * launcher `make run` used to start killed its child 30 ms after SIGTERM: 32-37 of 40 were reset.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, inject, it } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { requestsThroughSigterm } from '../helpers/drain.js';
import { childrenOf, childServerEnv, freePort, sqliteCopy, teamWithKey, tokenFor } from '../helpers/servers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-make-run-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('make run drains 40 in-flight requests on SIGTERM and exits 0, charging only answered calls', async () => {
  const databaseUrl = sqliteCopy(dir, inject('sqliteTemplate'));
  const [port, authPort] = [await freePort(), await freePort()];
  const make = spawn('make', ['--no-print-directory', 'run'], {
    cwd: ROOT,
    env: { ...childServerEnv(dir, port, authPort), DATABASE_URL: databaseUrl, RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_SECOND: '100000' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  make.stderr!.on('data', (d) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => make.on('exit', (code) => r(code)));
  const deadline = Date.now() + 90_000;
  while (!stderr.includes('Funding Data API is running') && make.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(stderr).toContain('Funding Data API is running');

  const db = createDb({ dbClient: 'sqlite', sqliteFile: databaseUrl.slice('sqlite:'.length), databaseUrl, dbPoolMax: 1 });
  try {
    const { teamId, clientId } = await teamWithKey(db, 1000);
    const token = (await tokenFor(`http://localhost:${authPort}`, 'urn:funding-data-api', clientId, 's3cret')).body.access_token!;
    // whatever make left running: with `exec`, the server itself
    const [running] = childrenOf(make.pid!);
    const outcome = await requestsThroughSigterm(`http://localhost:${port}`, { Authorization: `Bearer ${token}`, 'X-Client-Id': clientId }, () => process.kill(running!, 'SIGTERM'));
    expect(await exited).toBe(0);
    expect(outcome.answeredAtSignal).toBeLessThan(40);
    expect(outcome.statuses).toEqual(new Array(40).fill(200));
    const balance = (await db('credit_balances').where({ team_id: teamId }).first('balance')) as { balance: number };
    expect(1000 - Number(balance.balance)).toBe(40 * 1);
  } finally {
    await db.destroy();
    if (make.exitCode === null) make.kill('SIGKILL');
  }
}, 150_000);
