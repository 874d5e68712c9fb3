/** `make mock`: Prism serves openapi.yaml; a documented call gets a schema-valid answer. */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertContract } from '../helpers/contract.js';

const PORT = 4600 + Math.floor(Math.random() * 300);
let prism: ChildProcess;

beforeAll(async () => {
  prism = spawn('node_modules/.bin/prism', ['mock', 'openapi.yaml', '--port', String(PORT), '--dynamic', '--host', '127.0.0.1'], { stdio: 'ignore' });
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/system/health`);
      if (r.status) return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('prism did not start');
}, 60_000);

afterAll(() => {
  prism?.kill();
});

it('answers documented calls with schema-valid mocks', async () => {
  const calls = ['/data/transactions/12', '/data/transactions?limit=3', '/analytics/funding-analytics/funnel'];
  for (const url of calls) {
    const r = await fetch(`http://127.0.0.1:${PORT}${url}`, { headers: { Authorization: 'Bearer mock', 'X-Client-Id': 'mock' } });
    expect(r.status, url).toBe(200);
    assertContract('GET', url, 200, r.headers, await r.json());
  }
});
