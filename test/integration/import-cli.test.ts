/**
 * The operator's path (docs/import.md), from the command line as a checkout runs it without a build:
 * a database with no demo data (`SEED_SCALE=none`: reference rows, the development key, demo users),
 * the 2013 subset imported with its JSON report on stdout, the same files again (everything
 * unchanged), `verify` (no difference), and bad input exiting 2 with a message naming the file.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankDatabase, DATABASES } from '../helpers/harness.js';

const run = promisify(execFile);
const FIXTURES = ['companies', 'rounds', 'acquisitions'].map((n) => `test/fixtures/crunchbase-2013/crunchbase-${n}.csv`);


describe.each(DATABASES)('import from the command line [%s]', (kind) => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const cli = (script: string, args: string[]) =>
    run('node', ['--import', 'tsx', script, ...args], { env, maxBuffer: 64 << 20 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );
  const admin = (...args: string[]) => cli('src/admin/cli.ts', args);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-import-cli-'));
    // vitest sets BASE_URL for Vite ('/'): the command line derives its own
    const { BASE_URL: _vite, ...inherited } = process.env;
    env = { ...inherited, DATABASE_URL: await blankDatabase(kind, dir), SEED_SCALE: 'none' };
    const ensured = await cli('src/admin/database.ts', ['ensure']);
    expect(ensured.code, ensured.stderr).toBe(0);
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('starts from no companies, imports the files, imports them again unchanged, and verifies', async () => {
    const listed = await admin('verify');
    expect(listed.code, listed.stdout).toBe(0);

    const first = await admin('import', '--format', 'crunchbase-csv', ...FIXTURES);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({ source: 'crunchbase', mode: 'all-or-nothing', dry_run: false, committed: true, rejected_total: 0, rejections: [] });
    expect(report.files.map((f: { file: string; layout: string }) => [path.basename(f.file), f.layout])).toEqual([
      ['crunchbase-companies.csv', 'companies'], ['crunchbase-rounds.csv', 'rounds'], ['crunchbase-acquisitions.csv', 'acquisitions'],
    ]);
    expect(report.files[0].types.companies).toEqual({ read: 279, inserted: 279, updated: 0, unchanged: 0, deleted: 0, rejected: 0 });
    for (const f of report.files) for (const c of Object.values(f.types) as { read: number; inserted: number; rejected: number }[]) expect(c.read).toBe(c.inserted + c.rejected);

    const again = await admin('import', '--format', 'crunchbase-csv', ...FIXTURES);
    expect(again.code, again.stderr).toBe(0);
    for (const f of JSON.parse(again.stdout).files) {
      for (const c of Object.values(f.types) as { read: number; unchanged: number }[]) expect(c.unchanged).toBe(c.read);
    }
    const verified = await admin('verify');
    expect(verified.code, verified.stdout).toBe(0);
    expect(JSON.parse(verified.stdout).differences).toBe(0);
  }, 120_000);

  it('exits 2 with a message naming the file for input it cannot read', async () => {
    const bad = await admin('import', '--format', 'xml', FIXTURES[0]!);
    expect([bad.code, bad.stderr.trim()]).toEqual([2, 'unknown format "xml" (known: crunchbase-csv, ndjson)']);
    const notCsv = await admin('import', '--format', 'crunchbase-csv', 'package.json');
    expect(notCsv.code).toBe(2);
    expect(notCsv.stderr).toMatch(/^package\.json, line 1: not a recognised crunchbase-csv header/);
    expect(notCsv.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
