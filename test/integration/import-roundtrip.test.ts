/**
 * Our own export imported back (docs/import.md, "An export of this API"): instance A holds the tiny
 * seed, every exportable list is exported from it over HTTP (its export operation, NDJSON), and the files are
 * imported into an empty instance B (`SEED_SCALE=none`) from the command line (`--format ndjson
 * --type LIST`), two of them through `POST /platform/imports?type=LIST`. Every record then reads the same on both through its detail operation, apart
 * from `updated_at` and the fields no export carries (DETAIL_ONLY); `verify` finds no difference in
 * B; importing the same files again reports every record unchanged.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { handlers } from '../../handlers/index.js';
import { blankDatabase, DATABASES, makeDatabase } from '../helpers/harness.js';
import { comparableDetails, cutShortPeople, EXPORT_LISTS } from '../helpers/roundtrip.js';
import { teamWithKey, testServerConfig, tokenFor } from '../helpers/servers.js';

const run = promisify(execFile);

/** The lists, in import order; two of them through the HTTP door (POST /platform/imports?type=LIST), the rest from the command line. */
const LISTS = EXPORT_LISTS.map((l) => ({ ...l, http: l.list === 'valuations' || l.list === 'news' }));


describe.each(DATABASES)('an export imported into an empty instance [%s]', (kind) => {
  let dir: string;
  let a: RunningServer;
  let b: RunningServer | null = null;
  let bDb: ReturnType<typeof createDb> | null = null;
  let pipeline: { clientId: string };
  let env: NodeJS.ProcessEnv;
  const files = new Map<string, string>();
  const auth = async (s: RunningServer) => ({
    Authorization: `Bearer ${(await tokenFor(s.authUrl, s.cfg.audience, 'dev-client', 'dev-secret')).body.access_token!}`,
    'X-Client-Id': 'dev-client',
  });
  const cli = (script: string, args: string[]) =>
    run('node', ['--import', 'tsx', script, ...args], { env, maxBuffer: 64 << 20 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-roundtrip-${kind}-`));
    a = await startServer(testServerConfig(await makeDatabase(kind, dir), dir), handlers, { logger: pino({ level: 'silent' }) });
    const { BASE_URL: _vite, ...inherited } = process.env;
    env = { ...inherited, DATABASE_URL: await blankDatabase(kind, dir), SEED_SCALE: 'none' };
    const ensured = await cli('src/admin/database.ts', ['ensure']);
    expect(ensured.code, ensured.stderr).toBe(0);
    b = await startServer(testServerConfig(env.DATABASE_URL!, dir), handlers, { logger: pino({ level: 'silent' }) });
    bDb = createDb(b.cfg);
    pipeline = await teamWithKey(bDb, 0, ['manage:data']);
    const headers = await auth(a);
    for (const l of LISTS) {
      const res = await fetch(`${a.baseUrl}/data/exports/${l.list}?${(l.query ?? '').slice(1)}`, { headers });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(JSON.parse(text.trimEnd().split('\n').at(-1)!)._export.complete).toBe(true);
      const file = path.join(dir, `${l.list}.ndjson`);
      fs.writeFileSync(file, text);
      files.set(l.list, file);
    }
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await bDb?.destroy();
    await b?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The list's file through POST /platform/imports, polled until it finished: its report. */
  const post = async (list: string) => {
    const headers = { Authorization: `Bearer ${(await tokenFor(b!.authUrl, b!.cfg.audience, pipeline.clientId, 's3cret')).body.access_token!}`, 'X-Client-Id': pipeline.clientId };
    const res = await fetch(`${b!.baseUrl}/platform/imports?type=${list}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/x-ndjson' }, body: fs.readFileSync(files.get(list)!) });
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;
    for (let i = 0; i < 600; i++) {
      const run = ((await (await fetch(`${b!.baseUrl}${location}`, { headers })).json()) as { data: { status: string; report: unknown; error: string | null } }).data;
      if (run.status === 'succeeded' || run.status === 'failed') {
        expect(run, JSON.stringify(run).slice(0, 2000)).toMatchObject({ status: 'succeeded', error: null });
        return run.report as { source: string; committed: boolean; rejected_total: number; files: { types: Record<string, unknown> }[] };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`import ${location} did not finish`);
  };

  const importAll = async () => {
    const reports: Record<string, { read: number; inserted: number; updated: number; unchanged: number; rejected: number }> = {};
    for (const l of LISTS) {
      let report;
      if (l.http) report = await post(l.list);
      else {
        const r = await cli('src/admin/cli.ts', ['import', '--format', 'ndjson', '--type', l.list, files.get(l.list)!]);
        expect(r.code, r.stderr + r.stdout.slice(0, 2000)).toBe(0);
        report = JSON.parse(r.stdout);
      }
      expect(report).toMatchObject({ source: 'export', committed: true, rejected_total: 0 });
      reports[l.list] = report.files[0]!.types[l.list] as (typeof reports)[string];
    }
    return reports;
  };

  it('every record of every list reads the same on both; verify finds nothing; a second import changes nothing', async () => {
    const first = await importAll();
    for (const l of LISTS) {
      const rows = fs.readFileSync(files.get(l.list)!, 'utf8').trimEnd().split('\n').length - 1;
      expect(first[l.list]!.read, l.list).toBe(rows);
      expect(first[l.list]!.rejected, l.list).toBe(0);
    }
    const verified = await cli('src/admin/cli.ts', ['verify']);
    expect(verified.code, verified.stdout.slice(0, 2000)).toBe(0);

    const [ha, hb] = [await auth(a), await auth(b!)];
    const cut = cutShortPeople(fs.readFileSync(files.get('people')!, 'utf8'));
    expect(cut.size).toBeGreaterThan(0);
    const differing: string[] = [];
    let compared = 0;
    for (const l of LISTS) {
      const keys = fs.readFileSync(files.get(l.list)!, 'utf8').trimEnd().split('\n').slice(0, -1).map((line) => JSON.parse(line)[l.key] as string | number);
      for (const key of keys) {
        const query = l.list === 'transactions' ? '?include_deleted=true' : '';
        const [ra, rb] = await Promise.all([fetch(`${a.baseUrl}/data/${l.detail}/${key}${query}`, { headers: ha }), fetch(`${b!.baseUrl}/data/${l.detail}/${key}${query}`, { headers: hb })]);
        const [ja, jb] = [await ra.json(), await rb.json()];
        expect(rb.status, `${l.detail}/${key}: ${JSON.stringify(jb).slice(0, 300)}`).toBe(ra.status);
        compared++;
        const [ca, cb] = comparableDetails(l.list, ja.data ?? ja, jb.data ?? jb, cut);
        if (JSON.stringify(ca) !== JSON.stringify(cb)) differing.push(`${l.detail}/${key}`);
        // the first difference in full, for the failure message
        if (differing.length === 1 && differing[0] === `${l.detail}/${key}`) expect(cb, `${l.detail}/${key}`).toEqual(ca);
      }
    }
    expect(compared).toBeGreaterThan(3000);
    expect(differing).toEqual([]);

    const second = await importAll();
    for (const l of LISTS) expect(second[l.list], l.list).toMatchObject({ inserted: 0, updated: 0, rejected: 0, unchanged: first[l.list]!.read });
  }, 600_000);
});
