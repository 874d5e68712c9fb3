/**
 * Imports posted over HTTP survive no crash half-way and never stay unfinished forever: a server
 * killed (SIGKILL) while its import runs leaves the run `running`; the next server to start marks it
 * failed with a clear error, nothing of it written, and the status reads so over HTTP. Runs another
 * live process owns (on this host, by pid; on another host, by a recent `alive_at`) are left alone;
 * a silent owner of another host is abandoned (src/import/owner.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/knex.js';
import { ABANDONED_ERROR } from '../../src/import/owner.js';
import { DATABASES, makeDatabase } from '../helpers/harness.js';
import { spawnServer, teamWithKey, testServerConfig, tokenFor } from '../helpers/servers.js';

const ENV = { RATE_LIMIT_BURST: '10000', RATE_LIMIT_PER_SECOND: '10000' };

/** Enough change records for the import to still run when the process is killed after the 202. */
function body(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(JSON.stringify({ type: 'company', key: `rs-${i}`, data: { name: `Restart Co ${i}`, country: 'DEU', categories: ['software'], status: 'operating', founded_on: '2020' } }));
  return lines.join('\n');
}

describe.each(DATABASES)('imports of a killed process [%s]', (kind) => {
  it('a run left running by a killed server is failed by the next one; runs of live owners are kept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fdapi-imprestart-${kind}-`));
    const url = await makeDatabase(kind, dir);
    const db = createDb(testServerConfig(url, dir));
    let a = await spawnServer(dir, { DATABASE_URL: url, ...ENV });
    let b: typeof a | null = null;
    try {
      const key = await teamWithKey(db, 1000, ['manage:data']);
      const auth = async (authUrl: string) => ({
        Authorization: `Bearer ${(await tokenFor(authUrl, 'urn:funding-data-api', key.clientId, 's3cret')).body.access_token!}`,
        'X-Client-Id': key.clientId,
      });
      const posted = await fetch(`${a.baseUrl}/platform/imports?source=restart`, { method: 'POST', headers: { ...(await auth(a.authUrl)), 'Content-Type': 'application/x-ndjson' }, body: body(60_000) });
      expect(posted.status).toBe(202);
      const id = ((await posted.json()) as { data: { id: string } }).data.id;
      for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
        if (((await db('import_runs').where({ id }).first('status')) as { status: string }).status === 'running') break;
      }
      a.proc.kill('SIGKILL');
      await a.exited;
      expect(((await db('import_runs').where({ id }).first('status')) as { status: string }).status).toBe('running');

      // other owners' unfinished runs: a live process of this host, another host alive, another host silent
      const now = Date.now();
      const other = (rid: string, owner: string, aliveAt: number) => ({
        id: rid, team_id: key.teamId, source: 'restart', mode: 'all-or-nothing', dry_run: false, status: 'queued', bytes: 1,
        created_at: new Date(now).toISOString(), owner, alive_at: new Date(aliveAt).toISOString(),
      });
      await db('import_runs').insert([
        other('imp_live_here', `${os.hostname()}/${process.pid}/aaaaaaaaaaaa`, now - 3_600_000),
        other('imp_live_there', `elsewhere.invalid/1/bbbbbbbbbbbb`, now),
        other('imp_silent_there', `elsewhere.invalid/1/cccccccccccc`, now - 3_600_000),
      ]);

      b = await spawnServer(dir, { DATABASE_URL: url, ...ENV });
      const read = await fetch(`${b.baseUrl}/platform/imports/${id}`, { headers: await auth(b.authUrl) });
      expect(read.status).toBe(200);
      const run = ((await read.json()) as { data: Record<string, unknown> }).data;
      expect(run).toMatchObject({ id, status: 'failed', error: ABANDONED_ERROR, report: null });
      expect(typeof run.finished_at).toBe('string');
      // one transaction: nothing of the killed import was written
      expect(Number(((await db('import_keys').where({ source: 'restart' }).count('* as n').first()) as { n: number }).n)).toBe(0);
      const statuses = Object.fromEntries(((await db('import_runs').whereIn('id', ['imp_live_here', 'imp_live_there', 'imp_silent_there']).select('id', 'status')) as { id: string; status: string }[]).map((r) => [r.id, r.status]));
      expect(statuses).toEqual({ imp_live_here: 'queued', imp_live_there: 'queued', imp_silent_there: 'failed' });
    } finally {
      for (const p of [a, b]) if (p && p.proc.exitCode === null) p.proc.kill('SIGTERM');
      await Promise.all([a.exited, b?.exited]);
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
