/**
 * The Python SDK from the outside: clients/python/examples/quickstart.py, run by the .venv's Python
 * (make builds it) against a test server with the dev key, must page, read and exit 0. The SDK
 * does not care which database is behind the server, so SQLite alone keeps this quick.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/harness.js';

const PYTHON = '.venv/bin/python';
let h: Harness;

beforeAll(async () => {
  h = await startHarness('sqlite');
}, 60_000);
afterAll(async () => {
  await h?.server.close();
});

// asynchronous on purpose: the server answering the script runs in this process
function runQuickstart(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(PYTHON, ['clients/python/examples/quickstart.py'], { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as NodeJS.ErrnoException & { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

it('runs the quickstart: three transaction pages, a full company record and a heatmap', async () => {
  expect(fs.existsSync(PYTHON), `${PYTHON} is missing: make test builds it (clients/python/requirements-dev.txt)`).toBe(true);
  const run = await runQuickstart({
    BASE_URL: h.server.baseUrl,
    AUTH_URL: h.server.authUrl,
    CLIENT_ID: 'dev-client',
    CLIENT_SECRET: 'dev-secret',
    AUDIENCE: h.server.cfg.audience,
  });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(5);
  expect(lines.slice(0, 3).map((l) => l.split(':')[0])).toEqual(['transactions page 1', 'transactions page 2', 'transactions page 3']);
  for (const line of lines.slice(0, 3)) expect(line).toMatch(/: 5 rounds of at least 1,000,000 USD, newest \d+ on /);
  const newest = lines.slice(0, 3).map((l) => Number(/newest (\d+)/.exec(l)![1]));
  expect(new Set(newest).size).toBe(3);
  const company = /^company ([0-9a-f-]{36}): (.+), status /.exec(lines[3]!);
  expect(company, lines[3]).not.toBeNull();
  const check = await h.get(`/data/companies/${company![1]}`);
  expect(check.status).toBe(200);
  expect(company![2]).toBe(check.body.data.name);
  expect(lines[4]).toMatch(/^heatmap round_year x standardized_round: \d+ x \d+ cells, count grand total \d+/);
});

it('fails with the reason on stderr and exit 1 when the key is wrong', async () => {
  const run = await runQuickstart({ BASE_URL: h.server.baseUrl, AUTH_URL: h.server.authUrl, CLIENT_ID: 'dev-client', CLIENT_SECRET: 'wrong', AUDIENCE: h.server.cfg.audience });
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^quickstart: token exchange failed \(401\)/);
});
