/**
 * The SDKs as a user installs them (docs/publishing.md): the TypeScript client packed by `npm pack`
 * (its `prepack` builds dist/) installs into an empty project, imports and type-checks there with no
 * file of this repository; the Python wheel built by `python -m build` holds both packages and
 * imports from where it was installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-packages-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });

it('npm pack: the TypeScript client installs from its tarball, imports and type-checks outside the repository', () => {
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tmp], path.join(ROOT, 'clients/typescript'))) as { filename: string; files: { path: string }[] }[];
  const files = packed[0]!.files.map((f) => f.path).sort();
  expect(files).toEqual(['README.md', 'dist/api.d.ts', 'dist/api.js', 'dist/index.d.ts', 'dist/index.js', 'dist/webhooks.d.ts', 'dist/webhooks.js', 'package.json']);
  const consumer = path.join(tmp, 'consumer');
  fs.mkdirSync(consumer);
  fs.writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(tmp, packed[0]!.filename)], consumer);
  const installed = path.join(consumer, 'node_modules/@funding-data/client');
  for (const f of ['dist/index.js', 'dist/index.d.ts']) expect(fs.readFileSync(path.join(installed, f), 'utf8')).not.toContain('../../generated');
  const exported = run('node', ['-e', "import('@funding-data/client').then((m) => console.log(typeof m.createFundingClient, typeof m.paginate))"], consumer);
  expect(exported.trim()).toBe('function function');
  // the types come with it: a wrong field of a typed answer is a compile error
  const good = "import { createFundingClient } from '@funding-data/client';\nconst api = createFundingClient({ baseUrl: 'http://x', token: 't' });\nconst { data } = await api.GET('/data/transactions/{id}', { params: { path: { id: '1' } } });\nexport const amount: number | null | undefined = data?.data.amount;\n";
  fs.writeFileSync(path.join(consumer, 'good.ts'), good);
  fs.writeFileSync(path.join(consumer, 'bad.ts'), good.replace('data?.data.amount', 'data?.data.no_such_field'));
  const tsc = (file: string) => ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', file];
  run(path.join(ROOT, 'node_modules/.bin/tsc'), tsc('good.ts'), consumer);
  const bad = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), tsc('bad.ts'), { cwd: consumer, encoding: 'utf8' });
  expect(bad.status).not.toBe(0);
  expect(bad.stdout).toContain("Property 'no_such_field' does not exist");
}, 240_000);

it('python -m build: the wheel holds both packages and imports from where it is installed', () => {
  const python = path.join(ROOT, '.venv/bin/python');
  expect(fs.existsSync(python), `${python} is missing: make generate builds it`).toBe(true);
  const out = path.join(tmp, 'wheel');
  run(python, ['-m', 'build', '--no-isolation', '--wheel', '--outdir', out, 'clients/python'], ROOT);
  const wheel = fs.readdirSync(out).find((f) => f.endsWith('.whl'))!;
  expect(wheel).toMatch(/^funding_data_sdk-[\d.]+-py3-none-any\.whl$/);
  const target = path.join(tmp, 'site');
  run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--target', target, path.join(out, wheel)], ROOT);
  const where = execFileSync(python, ['-c', 'import funding_data_sdk, funding_data_api_client.api.transactions.list_transactions as m; print(funding_data_sdk.__file__); print(m.__file__)'], {
    cwd: tmp,
    env: { PATH: process.env.PATH ?? '', PYTHONPATH: target },
    encoding: 'utf8',
  });
  for (const line of where.trim().split('\n')) expect(line.startsWith(target)).toBe(true);
}, 240_000);
