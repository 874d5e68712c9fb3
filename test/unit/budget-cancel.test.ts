/** A query whose request was given up stops: the SQLite query worker is terminated, not left running. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgeted, closeBudgetRunner } from '../../src/db/budget.js';
import { withSignal } from '../../src/db/cancel.js';
import { createDb } from '../../src/db/knex.js';

/** Counts to 300 million: several seconds of work for one SQLite statement. */
const SLOW = 'with recursive c(x) as (select 1 union all select x + 1 from c limit 300000000) select count(*) as n from c';

describe('cancelling a SQLite query', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-cancel-'));
  const file = path.join(dir, 'db.sqlite');
  const db = createDb({ dbClient: 'sqlite', sqliteFile: file, databaseUrl: `sqlite:${file}`, dbPoolMax: 1 });
  beforeAll(async () => {
    await db.raw('create table t (x integer)');
  });
  afterAll(async () => {
    await closeBudgetRunner(db);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rejects and stops the worker when the signal aborts, and the next query runs on a fresh worker', async () => {
    const abort = new AbortController();
    const running = withSignal(abort.signal, () => budgeted(db, db.raw(SLOW), 600_000));
    setTimeout(() => abort.abort(), 100);
    // settled by the abort: run to its end, the count would take minutes (past the test's timeout)
    await expect(running).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await budgeted<{ n: number }>(db, db.raw(SLOW.replace('300000000', '100000')), 60_000))[0]!.n).toBe(100_000);
  });

  it('refuses to start a query for a signal already aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(withSignal(abort.signal, () => budgeted(db, db.raw('select 1 as n'), 1000))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
