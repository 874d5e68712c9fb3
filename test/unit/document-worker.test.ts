/**
 * The record documents' worker (src/documents/pool.ts, worker.ts) finishes a batch of settled
 * records into the same rows as the calling thread (src/documents/finish.ts): texts and version
 * downgrades (their stored fields asked back of the caller), lock sites, CSV records, objects
 * several records share; a failing batch rejects; a started worker with no batch out does not keep
 * its process alive.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { asText, finishRows, fromText, type FinishJob } from '../../src/documents/finish.js';
import { listCsvColumns, operationLockPlan } from '../../src/documents/plans.js';
import { finishInWorker } from '../../src/documents/pool.js';
import type { StoredFields } from '../../src/versions/change.js';

const asked: number[][] = [];
const stored: StoredFields = {
  transactionCreatedAt: async (ids) => {
    asked.push(ids);
    return new Map(ids.map((id) => [id, `2020-01-0${id}T00:00:00.000Z`]));
  },
  fundAnnouncedDate: async () => new Map(),
};

function roundsJob(): FinishJob {
  const company = { id: 'c1', name: 'Acme', service_url: '/companies/acme', funding_total: 12 };
  const records = [1, 2, 3].map((id) => ({ id, company, announced_date: `2012-0${id}-04`, amount: id * 1000, round_type: 'SEED', investors: [{ name: 'Fund', service_url: '/investors/fund' }] }));
  return {
    operationId: 'getTransaction',
    row: false,
    plan: operationLockPlan('getTransaction'),
    columns: listCsvColumns('listTransactions'),
    ids: [1, 2, 3],
    records,
    settled: records.map((_, i) => ({ money: [['amount'], ['company', 'funding_total']], plain: i !== 2 })),
    shared: [company],
  };
}

describe('record documents worker', () => {
  it('finishes a batch into the rows this thread finishes', async () => {
    const here = await finishRows(roundsJob(), stored);
    asked.length = 0;
    const there = await finishInWorker(roundsJob(), stored);
    expect(there).toEqual(here);
    expect(asked).toEqual([[1, 2, 3]]);
    expect(JSON.parse(there[0]!.downgrades)).toHaveLength(1);
    expect(there[1]!.csv).not.toBeNull();
  });

  it("a batch that holds its records' stored fields asks nothing, and asks only for those it lacks", async () => {
    const here = await finishRows(roundsJob(), stored);
    asked.length = 0;
    const known: FinishJob['known'] = { transactionCreatedAt: [1, 2, 3].map((id) => [id, `2020-01-0${id}T00:00:00.000Z`]) };
    expect(await finishInWorker({ ...roundsJob(), known }, stored, true)).toEqual(here);
    expect(await finishRows({ ...roundsJob(), known }, stored)).toEqual(here);
    expect(asked).toEqual([]);
    const partly = await finishInWorker({ ...roundsJob(), known: { transactionCreatedAt: known.transactionCreatedAt!.slice(0, 2) } }, stored);
    expect(partly).toEqual(here);
    expect(asked).toEqual([[3]]);
  });

  it('several batches at once come back each to its caller', async () => {
    const jobs = [roundsJob(), { ...roundsJob(), ids: [4, 5, 6] }];
    const rows = await Promise.all(jobs.map((j) => finishInWorker(j, stored)));
    expect(rows.map((r) => r.map((d) => d.record_id))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('a batch sent as its JSON text finishes into the same rows, its shared object one object again', async () => {
    const here = await finishRows(roundsJob(), stored);
    expect(await finishInWorker(roundsJob(), stored, true)).toEqual(here);
    const job = roundsJob();
    const sent = asText(job);
    // the shared company is written once, not once a round
    expect(sent.text.split('"Acme"')).toHaveLength(2);
    const back = fromText(sent);
    expect(back.records).toEqual(job.records);
    expect(back.records[0]!.company).toBe(back.records[2]!.company);
    expect(back.shared).toEqual([back.records[0]!.company]);
    expect(back.shared[0]).toBe(back.records[0]!.company);
  });

  it('a batch whose stored fields cannot be read rejects', async () => {
    const failing: StoredFields = { ...stored, transactionCreatedAt: async () => Promise.reject(new Error('no database')) };
    await expect(finishInWorker(roundsJob(), failing)).rejects.toThrow('no database');
  });

  it('an idle worker does not keep its process alive', () => {
    const pool = fileURLToPath(new URL('../../src/documents/pool.ts', import.meta.url));
    const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'documents-worker-')), 'idle.mts');
    fs.writeFileSync(script, `import { startDocumentsWorker } from ${JSON.stringify(pool)};\nstartDocumentsWorker();\nconsole.log('started');\n`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 });
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
  }, 90_000);
});
