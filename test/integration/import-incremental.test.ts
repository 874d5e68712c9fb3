/**
 * An incremental import's touched-key paths (docs/import.md, "Derived state"): a batch's delete
 * records withdraw their rounds together, renamed companies are written in one statement, and the
 * facts and rollup of a few changed rounds are refreshed from those rounds' keys, without a statement
 * over every round; after each import the changed-since walk returns exactly the changed records and
 * `verify` finds every derived structure true.
 */
import { expect, it } from 'vitest';
import type { Knex } from 'knex';
import { DIMENSIONS } from '../../src/db/dimensions.js';
import { verifyDerived } from '../../src/import/derived.js';
import { runImport, type ImportOptions, type ImportReport, type Input } from '../../src/import/engine.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';

const input = (name: string, text: string): Input => ({ name, size: Buffer.byteLength(text), open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> });
const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');
const OPTS: ImportOptions = { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'incremental' };
const COMPANIES = 6;

const company = (i: number) => ({ type: 'company', key: `ic${i}`, data: { name: `Incremental Co ${i}`, country: 'DEU', city: 'Jena', categories: ['software'], status: 'operating', founded_on: '2019' } });
const round = (i: number, s: 'a' | 'b', amount: number) => ({
  type: 'round', key: `ir${i}${s}`, data: { company: `ic${i}`, round_type: s === 'a' ? 'seed' : 'series_a', announced_on: `${s === 'a' ? 2020 : 2022}-0${1 + i}-15`, amount_usd: amount },
});

/** The import's report and the text of every statement it ran. */
async function traced(db: Knex, records: unknown[]): Promise<{ report: ImportReport; sql: string[] }> {
  const sql: string[] = [];
  const listen = (q: { sql: string }) => sql.push(q.sql.replace(/\s+/g, ' ').trim());
  db.on('query', listen);
  try {
    const report = await runImport(db, [input('changes.ndjson', ndjson(records))], OPTS);
    // a turn of the loop: the server's idle keep-alive sockets close before the next request (import.test.ts)
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { report, sql };
  } finally {
    db.removeListener('query', listen);
  }
}

async function expectTrue(h: Harness): Promise<void> {
  expect(await verifyDerived(h.db)).toEqual({ figures: [], classifications: [], search_terms: [], facts: [], rollup: [], documents: [] });
}

/** The rounds the changed-since walk (with withdrawn ones) returns after `mark`, by id. */
async function changedSince(h: Harness, mark: string): Promise<string[]> {
  const walk = await h.get(`/data/transactions?sort=updated_at&include_deleted=true&filter=${encodeURIComponent(`updated_at[gt]:${mark}`)}`);
  expect(walk.status, JSON.stringify(walk.body)).toBe(200);
  return walk.body.data.map((t: { id: string | number }) => String(t.id)).sort();
}

const roundIds = async (h: Harness, keys: string[]) =>
  ((await h.db('import_keys').where({ source: 'incremental', type: 'round' }).whereIn('key', keys).select('record_id')) as { record_id: number }[]).map((r) => String(r.record_id)).sort();

forEachDatabase('import-incremental', (h) => {
  it('sets up companies with two rounds each', async () => {
    const records = [...Array.from({ length: COMPANIES }, (_v, i) => company(i)), ...Array.from({ length: COMPANIES }, (_v, i) => [round(i, 'a', 1_000_000 + i), round(i, 'b', 5_000_000 + i)]).flat()];
    const { report } = await traced(h().db, records);
    expect(report.committed).toBe(true);
    expect(report.files[0]!.types.rounds).toMatchObject({ inserted: COMPANIES * 2, rejected: 0 });
    await expectTrue(h());
  });

  it("a batch's delete records withdraw their rounds in one statement; unknown and withdrawn keys are unchanged; the walk returns exactly them", async () => {
    const first = await traced(h().db, [{ type: 'round', key: 'ir0b', delete: true }]);
    expect(first.report.files[0]!.types.rounds).toMatchObject({ deleted: 1, unchanged: 0 });
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const keys = ['ir1b', 'ir2b', 'ir3b', 'ir4b'];
    const { report, sql } = await traced(h().db, [
      ...keys.map((key) => ({ type: 'round', key, delete: true })),
      { type: 'round', key: 'ir0b', delete: true }, // withdrawn before
      { type: 'round', key: 'no-such-round', delete: true },
    ]);
    expect(report.committed).toBe(true);
    expect(report.files[0]!.types.rounds).toEqual({ read: 6, inserted: 0, updated: 0, unchanged: 2, deleted: 4, rejected: 0 });
    // one soft delete for the batch (it was one per delete record, each with its own key lookup)
    expect(sql.filter((s) => /^update ["`]transactions["`] set ["`]deleted_at["`]/.test(s))).toHaveLength(1);
    expect(sql.filter((s) => /^select ["`]key["`], ["`]record_id["`] from ["`]import_keys["`]/.test(s))).toHaveLength(1);
    const ids = await roundIds(h(), keys);
    const logged = (await h().db('change_log').where({ type: 'transaction', kind: 'delete' }).whereIn('record_id', ids.map(Number)).select('record_id')) as { record_id: number }[];
    expect(logged.map((r) => String(r.record_id)).sort()).toEqual(ids);
    expect(await changedSince(h(), mark)).toEqual(ids);
    await expectTrue(h());
  });

  it('a few changed rounds refresh their facts and rollup groups by key: no statement counts every round, one share statement per dimension', async () => {
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const { report, sql } = await traced(h().db, [round(1, 'a', 2_000_001), round(2, 'a', 2_000_002), round(5, 'a', 2_000_005), { type: 'round', key: 'ir5b', delete: true }]);
    expect(report.committed).toBe(true);
    expect(report.files[0]!.types.rounds).toEqual({ read: 4, inserted: 0, updated: 3, unchanged: 0, deleted: 1, rejected: 0 });
    expect(report.derived).toMatchObject({ facts_rounds: 4, rollup_by_difference: true });
    // the facts' choice between by key and whole read every round's row (a full count) before
    expect(sql.filter((s) => /^select count\(\*\) as n from transactions$/.test(s))).toEqual([]);
    expect(sql.filter((s) => /^delete from analytics_facts where round_id/.test(s))).toHaveLength(1);
    // the three companies' shares, before the change and after it: their rounds and each dimension's labels, one statement each
    const shares = sql.filter((s) => /^with base as not materialized \(select .* from transactions t where .*t\.company_id (in|= any)/.test(s));
    expect(shares).toHaveLength(2 * (Object.keys(DIMENSIONS).length + 1));
    expect(await changedSince(h(), mark)).toEqual(await roundIds(h(), ['ir1a', 'ir2a', 'ir5a', 'ir5b']));
    const c1 = (await h().db('entities').where('name', 'Incremental Co 1').first('uuid')) as { uuid: string };
    expect((await h().get(`/data/companies/${c1.uuid}`)).body.data.funding).toMatchObject({ total: 2_000_001, rounds_count: 1 });
    await expectTrue(h());
  });

  it('renamed companies are written in one statement, each stamped changed, their documents and search terms following', async () => {
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const renamed = [1, 2, 3].map((i) => ({ ...company(i), data: { ...company(i).data, name: `Renamed Co ${i}` } }));
    const { report, sql } = await traced(h().db, renamed);
    expect(report.files[0]!.types.companies).toEqual({ read: 3, inserted: 0, updated: 3, unchanged: 0, deleted: 0, rejected: 0 });
    expect(sql.filter((s) => /^update ["`]?entities["`]? set/.test(s) && /name/.test(s.split(' where ')[0]!))).toHaveLength(1);
    const walk = await h().get(`/data/companies?sort=updated_at&filter=${encodeURIComponent(`updated_at[gt]:${mark}`)}`);
    expect(walk.status, JSON.stringify(walk.body)).toBe(200);
    expect(walk.body.data.map((c: { name: string }) => c.name).sort()).toEqual(['Renamed Co 1', 'Renamed Co 2', 'Renamed Co 3']);
    await expectTrue(h());
  });

  it('a rejected row rolls back the batched withdrawals with the rest', async () => {
    const before = (await h().db('transactions').whereNull('deleted_at').count({ n: '*' }).first()) as { n: number | string };
    const { report } = await traced(h().db, [{ type: 'round', key: 'ir1a', delete: true }, { type: 'round', key: 'ir9z', data: { company: 'no-such-company', round_type: 'seed', announced_on: '2021', amount_usd: 1 } }]);
    expect(report.committed).toBe(false);
    expect(report.rejected_total).toBe(1);
    const after = (await h().db('transactions').whereNull('deleted_at').count({ n: '*' }).first()) as { n: number | string };
    expect(Number(after.n)).toBe(Number(before.n));
    await expectTrue(h());
  });
});
