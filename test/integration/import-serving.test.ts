/**
 * An import from the command line, in a process of its own, against the database a running server
 * uses (docs/import.md): metered requests (lists, details and a note written) keep answering while
 * it runs, with credits and usage adding up; an import killed midway (SIGKILL, SIGINT) leaves the
 * database exactly as it was.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startHarness, type Harness } from '../helpers/harness.js';
import { teamKey } from '../helpers/principals.js';

const FULL = ['companies', 'rounds', 'acquisitions'].map((n) => `../shared/data/crunchbase-2013/crunchbase-${n}.csv`);
const FIXTURES = ['companies', 'rounds', 'acquisitions'].map((n) => `test/fixtures/crunchbase-2013/crunchbase-${n}.csv`);
/** The full 2013 export when this checkout has it (several seconds of writing), else the fixture subset. */
const FILES = FULL.every((f) => fs.existsSync(f)) ? FULL : FIXTURES;

interface Child {
  proc: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function importInBackground(databaseUrl: string, files: string[]): Child {
  // vitest sets BASE_URL for Vite ('/'): the command line derives its own
  const { BASE_URL: _vite, ...env } = process.env;
  const proc = spawn('node', ['--import', 'tsx', 'src/admin/cli.ts', 'import', '--format', 'crunchbase-csv', ...files], {
    env: { ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => proc.on('exit', (code, signal) => r({ code, signal })));
  return { proc, stdout: () => out, stderr: () => err, exited };
}

/** Resolves once the import has written rows inside its transaction (its first progress line). */
async function midway(c: Child, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!/import: [\d,]+ rows/.test(c.stderr()) && Date.now() < until && c.proc.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  expect(c.proc.exitCode, c.stderr()).toBeNull();
}

const databaseUrl = (h: Harness) => (h.kind === 'sqlite' ? `sqlite:${h.server.cfg.sqliteFile}` : h.server.cfg.databaseUrl);

/** Row counts of everything an import writes, and the change log's end. */
async function fingerprint(h: Harness): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['entities', 'transactions', 'places', 'taxonomy', 'search_terms', 'analytics_facts', 'analytics_rollup', 'import_keys', 'change_log']) {
    const [row] = (await h.db(t).count({ n: '*' })) as { n: number | string }[];
    out[t] = Number(row!.n);
  }
  const [end] = (await h.db('change_log').max({ seq: 'seq' })) as { seq: number | string | null }[];
  out.change_log_seq = Number(end!.seq ?? 0);
  return out;
}

describe.each(DATABASES)('serving while an import runs [%s]', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  }, 60_000);
  afterAll(async () => {
    await h?.server.close();
  });

  it.each(['SIGKILL', 'SIGINT'] as const)('an import stopped by %s midway leaves the database exactly as it was', async (signal) => {
    const before = await fingerprint(h);
    const child = importInBackground(databaseUrl(h), FILES);
    await midway(child);
    child.proc.kill(signal);
    const done = await child.exited;
    if (signal === 'SIGKILL') expect(done.signal).toBe('SIGKILL');
    else {
      expect(done.code, child.stderr()).not.toBe(0);
      expect(done.code).not.toBeNull();
      expect(child.stderr()).toMatch(/import: interrupted.*nothing written/);
    }
    expect(await fingerprint(h)).toEqual(before);
  }, 240_000);

  it('answers every metered request during an import from another process, and credits and usage add up', async () => {
    const balance = 100_000;
    const k = await teamKey(h, ['read:transactions', 'read:entities', 'manage:platform'], balance);
    const tx = (await h.db('transactions').whereNull('deleted_at').orderBy('id').first('id')) as { id: number };
    const company = (await h.db('entities').orderBy('id').first('uuid')) as { uuid: string };
    const requests: (() => Promise<{ status: number; headers: Headers; body: unknown }>)[] = [
      () => h.get('/data/transactions?limit=5', k.headers),
      () => h.get(`/data/transactions/${tx.id}`, k.headers),
      () => h.get('/data/companies?limit=5', k.headers),
      () => h.call('POST', '/data/notes', { headers: k.headers, body: { entity: company.uuid, body: 'Seen during an import' } }),
    ];

    const child = importInBackground(databaseUrl(h), FILES);
    await midway(child);
    const statuses: number[] = [];
    const failures: string[] = [];
    let credits = 0;
    // a bounded loop: four callers at a time until the import ends (at most 2,000 requests)
    await Promise.all(
      Array.from({ length: 4 }, async (_v, lane) => {
        for (let i = lane; i < 2000 && child.proc.exitCode === null; i += 4) {
          const r = await requests[i % requests.length]!();
          statuses.push(r.status);
          if (r.status >= 300) failures.push(`${r.status} ${JSON.stringify(r.body)}`);
          credits += Number(r.headers.get('x-credits-used') ?? 0);
        }
      }),
    );
    const done = await child.exited;
    expect(done.code, child.stderr()).toBe(0);
    expect(JSON.parse(child.stdout())).toMatchObject({ committed: true });
    expect(statuses.length).toBeGreaterThan(8);
    expect(failures).toEqual([]);

    // metering settles after the answer: the balance and the usage rows catch up with the replies
    const until = Date.now() + 10_000;
    const account = async () => {
      const b = (await h.db('credit_balances').where('team_id', k.teamId).first('balance')) as { balance: number | string };
      const u = (await h.db('usage_daily').where('team_id', k.teamId).sum({ requests: 'requests', credits: 'credits' }).first()) as { requests: unknown; credits: unknown };
      return { balance: Number(b.balance), requests: Number(u.requests ?? 0), credits: Number(u.credits ?? 0) };
    };
    const expected = { balance: balance - credits, requests: statuses.length, credits };
    let seen = await account();
    while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await account();
    }
    expect(seen).toEqual(expected);
    expect(credits).toBe(statuses.length);
  }, 240_000);
});
