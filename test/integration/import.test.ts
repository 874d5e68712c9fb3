/**
 * The import engine on real data (docs/import.md): a subset cut byte for byte from Crunchbase's
 * October 2013 export (test/fixtures/crunchbase-2013: CR line endings, Latin-1 bytes, quoted commas,
 * repeated rows, empty rows) imported into the tiny seed, then served by the API; re-imported (no
 * change), corrected (one update, found by a changed-since walk), a round withdrawn; bad input
 * refused with its file, line and column, and nothing half-written. After each step `verify`
 * finds every derived structure true.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, it } from 'vitest';
import { snapshotAnswer } from '../../src/analytics/snapshot.js';
import { heatmapMetric, HEATMAP_SOURCE } from '../../src/db/analytics.js';
import { DIMENSIONS } from '../../src/db/dimensions.js';
import { filterEnums } from '../../src/db/refCache.js';
import { verifyDerived } from '../../src/import/derived.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { parseFilter } from '../../src/query/filter.js';
import { SCOPES } from '../../src/query/registry.js';
import { readCsv } from '../../src/import/csv.js';
import { runImport, type ImportOptions, type ImportReport, type Input } from '../../src/import/engine.js';
import { InputError } from '../../src/import/errors.js';
import { forEachDatabase, type Harness } from '../helpers/harness.js';

const DIR = path.resolve('test/fixtures/crunchbase-2013');
const FILES = ['companies', 'rounds', 'acquisitions'].map((n) => path.join(DIR, `crunchbase-${n}.csv`));
const read = (f: string) => fs.readFileSync(f);

const input = (name: string, bytes: Buffer | string): Input => ({ name, size: Buffer.byteLength(bytes), open: () => [Buffer.from(bytes)] as unknown as AsyncIterable<Buffer> });
const files = (replace: Record<string, Buffer> = {}) => FILES.map((f) => input(path.basename(f), replace[path.basename(f)] ?? read(f)));
const CSV: ImportOptions = { format: 'crunchbase-csv', mode: 'all-or-nothing', dryRun: false };

/** The rows of a fixture file by column name. */
async function rowsOf(file: string): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = [];
  let header: string[] | null = null;
  for await (const r of readCsv([read(file)] as unknown as AsyncIterable<Buffer>, file)) {
    if (!header) header = r.fields;
    else if (r.fields.some((f) => f)) out.push(Object.fromEntries(header.map((h, i) => [h, r.fields[i]!])));
  }
  return out;
}

/**
 * An import on SQLite runs on this process's event loop, the server's too: the server's idle
 * keep-alive sockets time out when the loop is free again. A turn of the loop lets them close before
 * the next request instead of under it (ECONNRESET); the command-line import runs in a process of its own.
 */
async function imported(...args: Parameters<typeof runImport>): Promise<ImportReport> {
  const r = await runImport(...args);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return r;
}

const counts = (r: ImportReport) => Object.fromEntries(r.files.map((f) => [f.file, f.types]));

async function expectTrue(h: Harness): Promise<void> {
  expect(await verifyDerived(h.db)).toEqual({ figures: [], classifications: [], search_terms: [], facts: [], rollup: [], documents: [] });
}

/** What an unchanged database looks like: row counts, the latest change stamps and the change log's end. */
async function fingerprint(h: Harness): Promise<unknown> {
  const one = async (sql: string) => Object.values(((await h.db.raw(sql)) as any).rows?.[0] ?? (await h.db.raw(sql))[0])[0];
  const out: Record<string, unknown> = {};
  for (const t of ['entities', 'transactions', 'places', 'taxonomy', 'search_terms', 'analytics_facts', 'analytics_rollup', 'import_keys', 'change_log']) {
    out[t] = Number(await one(`select count(*) from ${t}`));
  }
  out.entities_updated = await one('select max(updated_at) from entities');
  out.transactions_updated = await one('select max(updated_at) from transactions');
  out.amounts = String(await one('select sum(amount_usd) from transactions'));
  return out;
}

forEachDatabase('import', (h) => {
  let companyUuid = '';
  let companyKey = '';

  it('imports the 2013 subset: every row read is inserted, and every derived structure is true', async () => {
    const r = await imported(h().db, files(), CSV);
    expect(r.committed).toBe(true);
    expect(r.rejected_total).toBe(0);
    expect(counts(r)).toEqual({
      'crunchbase-companies.csv': { companies: { read: 279, inserted: 279, updated: 0, unchanged: 0, deleted: 0, rejected: 0 } },
      'crunchbase-rounds.csv': { rounds: { read: 475, inserted: 475, updated: 0, unchanged: 0, deleted: 0, rejected: 0 } },
      // 15 acquisitions (3 of the export's empty rows are not records) and the acquirers and acquired companies not in the companies file
      'crunchbase-acquisitions.csv': {
        companies: expect.objectContaining({ updated: 0, unchanged: 0, rejected: 0 }),
        acquisitions: { read: 15, inserted: 15, updated: 0, unchanged: 0, deleted: 0, rejected: 0 },
      },
    });
    for (const f of r.files) for (const c of Object.values(f.types)) expect(c.read).toBe(c.inserted + c.rejected);
    await expectTrue(h());
    // each company created is written once, with its funding figures: no update of it follows its insert
    const created = (await h().db('change_log').where({ type: 'entity', kind: 'insert' }).select('record_id', 'at')) as { record_id: number; at: string }[];
    const at = created.map((c) => c.at).sort().at(-1)!;
    const ids = created.filter((c) => c.at === at).map((c) => Number(c.record_id));
    expect(ids.length).toBe(Number(counts(r)['crunchbase-companies.csv']!.companies!.inserted) + Number(counts(r)['crunchbase-acquisitions.csv']!.companies!.inserted));
    expect(Number(((await h().db('change_log').where({ type: 'entity', at }).whereNot('kind', 'insert').whereIn('record_id', ids).count({ n: '*' }).first()) as { n: unknown }).n)).toBe(0);
    expect(Number(((await h().db('entities').whereIn('id', ids).where('funding_rounds_count', '>', 0).count({ n: '*' }).first()) as { n: unknown }).n)).toBeGreaterThan(200);
  });

  it('serves what the files say: a company with its rounds and their sum, the heatmap by year and sector, search by name', async () => {
    const rounds = await rowsOf(FILES[1]!);
    const byCompany = new Map<string, Record<string, string>[]>();
    for (const r of rounds) byCompany.set(r.company_permalink!, [...(byCompany.get(r.company_permalink!) ?? []), r]);
    // the company with the most rounds in the file
    const [key, its] = [...byCompany].sort((a, b) => b[1].length - a[1].length)[0]!;
    companyKey = key;
    const sum = its.reduce((a, r) => a + Number(r.raised_amount_usd || 0), 0);
    const row = (await h().db('import_keys as k').join('entities as e', 'e.id', 'k.record_id').where({ 'k.type': 'company', 'k.key': key }).first('e.uuid', 'e.name')) as { uuid: string; name: string };
    companyUuid = row.uuid;
    const company = await h().get(`/data/companies/${row.uuid}`);
    expect(company.status, JSON.stringify(company.body)).toBe(200);
    expect(company.body.data.funding).toEqual({ total: sum, total_vc: expect.any(Number), rounds_count: its.length });
    expect(company.body.data.links.crunchbase).toBe(`https://www.crunchbase.com/organization/${key.replace('/company/', '')}`);
    const listed = await h().get(`/data/companies/${row.uuid}/funding-rounds?limit=100`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((t: { amount: number | null }) => t.amount ?? 0).reduce((a: number, b: number) => a + b, 0)).toBe(sum);
    expect(listed.body.data.map((t: { announced_date: string }) => t.announced_date).sort()).toEqual(its.map((r) => r.funded_at).sort());

    // the heatmap by year and sector: the `web` category is a sector of its own, created by the import
    const companies = await rowsOf(FILES[0]!);
    const acquisitions = await rowsOf(FILES[2]!);
    const category = new Map(companies.map((c) => [c.permalink!, c.category_code!]));
    const web = new Map<string, number>();
    for (const r of rounds) if (r.company_category_code === 'web') web.set(r.funded_year!, (web.get(r.funded_year!) ?? 0) + 1);
    for (const a of acquisitions) {
      if ((category.get(a.company_permalink!) ?? a.company_category_code) === 'web') web.set(a.acquired_year!, (web.get(a.acquired_year!) ?? 0) + 1);
    }
    const heat = await h().get('/analytics/funding-analytics/heatmap?x=round_year&y=sector&top_n_x=50&top_n_y=50');
    expect(heat.status, JSON.stringify(heat.body)).toBe(200);
    const yi = heat.body.y_labels.indexOf('Web');
    expect(yi).toBeGreaterThanOrEqual(0);
    const served = Object.fromEntries(heat.body.x_labels.map((x: string, j: number) => [x, heat.body.cells[yi][j]]).filter(([, n]: [string, number]) => n > 0));
    expect(served).toEqual(Object.fromEntries(web));

    const found = await h().get(`/data/search?q=${encodeURIComponent(row.name)}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.map((d: { uuid: string }) => d.uuid)).toContain(row.uuid);
  });

  it('verify reports a stored figure, search term, fact or rollup row that its definition does not give', async () => {
    const db = h().db;
    const company = (await db('import_keys').where({ type: 'company', key: companyKey }).first('record_id')) as { record_id: number };
    const id = Number(company.record_id);
    const was = (await db('entities').where('id', id).first('funding_total_usd')) as { funding_total_usd: number | string };
    const fact = (await db('analytics_facts').first('*')) as { dim: number; round_id: number; value_id: number };
    const rollup = (await db('analytics_rollup').where({ dim_a: 'sector', dim_b: '' }).first('*')) as Record<string, unknown>;
    await db('entities').where('id', id).update({ funding_total_usd: Number(was.funding_total_usd) + 1 });
    await db('search_terms').where('entity_id', id).delete();
    await db('analytics_facts').where(fact).delete();
    await db('analytics_rollup').where({ dim_a: 'sector', dim_b: '', label_a: rollup.label_a }).update({ rounds: Number(rollup.rounds) + 1 });
    try {
      const d = await verifyDerived(db);
      expect(d.figures).toEqual([{ entity_id: id, column: 'funding_total_usd', stored: expect.anything(), expected: expect.anything() }]);
      expect(d.search_terms).toEqual([id]);
      expect(d.facts).toHaveLength(1);
      // (the rollup is derived from the facts: the missing fact shows there too)
      expect(d.rollup).toContainEqual(expect.stringMatching(new RegExp(`^sector=${String(rollup.label_a).replace(/[^\w ]/g, '.')}/=: stored ${Number(rollup.rounds) + 1} rounds`)));
    } finally {
      await db('entities').where('id', id).update({ funding_total_usd: was.funding_total_usd });
      await db('analytics_facts').insert(fact);
      await db('analytics_rollup').where({ dim_a: 'sector', dim_b: '', label_a: rollup.label_a }).update({ rounds: rollup.rounds });
      const { refreshSearchTerms } = await import('../../src/db/search.js');
      await refreshSearchTerms(db, [id]);
    }
    await expectTrue(h());
  });

  it('importing the same files again changes nothing', async () => {
    const before = await fingerprint(h());
    const r = await imported(h().db, files(), CSV);
    expect(r.committed).toBe(true);
    for (const f of r.files) for (const c of Object.values(f.types)) expect([c.inserted, c.updated, c.deleted, c.rejected, c.read]).toEqual([0, 0, 0, 0, c.unchanged]);
    expect(await fingerprint(h())).toEqual(before);
  });

  it('one amount changed: exactly one update, which the changed-since walk returns', async () => {
    const rounds = read(FILES[1]!);
    const line = rounds.toString('latin1').split('\r').find((l) => l.startsWith(`${companyKey},`) && /,\d+$/.test(l))!;
    const amount = Number(line.split(',').at(-1));
    const changed = Buffer.from(rounds.toString('latin1').replace(line, line.replace(/,\d+$/, `,${amount + 1234}`)), 'latin1');
    const mark = new Date().toISOString();
    const total = (await h().get(`/data/companies/${companyUuid}`)).body.data.funding.total;
    await new Promise((r) => setTimeout(r, 5));
    const r = await imported(h().db, files({ 'crunchbase-rounds.csv': changed }), CSV);
    expect(counts(r)['crunchbase-rounds.csv']).toEqual({ rounds: { read: 475, inserted: 0, updated: 1, unchanged: 474, deleted: 0, rejected: 0 } });
    const walk = await h().get(`/data/transactions?sort=updated_at&filter=${encodeURIComponent(`updated_at[gt]:${mark}`)}`);
    expect(walk.status, JSON.stringify(walk.body)).toBe(200);
    expect(walk.body.data).toHaveLength(1);
    expect(walk.body.data[0]).toMatchObject({ amount: amount + 1234, company: { uuid: companyUuid } });
    // the company's figures follow, and its record is stamped changed
    const company = await h().get(`/data/companies/${companyUuid}`);
    expect(company.body.data.funding.total).toBe(total + 1234);
    expect(company.body.data.updated_at > mark).toBe(true);
    await expectTrue(h());
  });

  it('a round missing from a complete file is withdrawn: soft-deleted, shown with include_deleted', async () => {
    const text = read(FILES[1]!).toString('latin1');
    const lines = text.split('\r');
    // a round of the company other than the one corrected above (its first with an amount)
    const corrected = lines.find((l) => l.startsWith(`${companyKey},`) && /,\d+$/.test(l));
    const gone = [...lines].reverse().find((l) => l.startsWith(`${companyKey},`) && l !== corrected && lines.indexOf(l) === lines.lastIndexOf(l))!;
    const fewer = Buffer.from(lines.filter((l) => l !== gone).join('\r'), 'latin1');
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const r = await imported(h().db, [input('crunchbase-rounds.csv', fewer)], { ...CSV, complete: true });
    // the round corrected before is back to the file's amount: one update, one withdrawal
    expect(counts(r)['crunchbase-rounds.csv']).toEqual({ rounds: { read: 474, inserted: 0, updated: 1, unchanged: 473, deleted: 1, rejected: 0 } });
    const log = (await h().db('change_log').where({ type: 'transaction', kind: 'delete' }).select('record_id')) as { record_id: number }[];
    expect(log).toHaveLength(1);
    const id = Number(log[0]!.record_id);
    expect((await h().get(`/data/transactions/${id}`)).status).toBe(404);
    const walk = (deleted: boolean) => h().get(`/data/transactions?sort=updated_at${deleted ? '&include_deleted=true' : ''}&filter=${encodeURIComponent(`updated_at[gt]:${mark}`)}`);
    const shown = await walk(true);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    // the two changes: the corrected round back at the file's amount, and the withdrawn one
    expect(shown.body.data).toHaveLength(2);
    const withdrawn = shown.body.data.find((t: { id: number }) => t.id === id);
    expect(withdrawn.deleted_at).toBe(withdrawn.updated_at);
    expect((await walk(false)).body.data.map((t: { id: number }) => t.id)).toEqual(shown.body.data.filter((t: { id: number }) => t.id !== id).map((t: { id: number }) => t.id));
    await expectTrue(h());
  });

  it('all-or-nothing: one rejected row leaves the database exactly as it was; skip-invalid writes the valid rows', async () => {
    const header = read(FILES[1]!).toString('latin1').split('\r')[0]!;
    const good = `${companyKey},X,web,USA,CA,SF Bay,San Francisco,series-b,2013-09-01,2013-09,2013-Q3,2013,5000000`;
    const bad = `${companyKey},X,web,USA,CA,SF Bay,San Francisco,series-c+,2013-10-01,2013-10,2013-Q4,2013,5 million`;
    const file = () => [input('more-rounds.csv', [header, good, bad].join('\r'))];
    const before = await fingerprint(h());
    const r = await imported(h().db, file(), CSV);
    expect(r.committed).toBe(false);
    expect(r.rejections).toEqual([{ file: 'more-rounds.csv', line: 3, column: 'raised_amount_usd', value: '5 million', reason: 'an amount must be a number' }]);
    expect(await fingerprint(h())).toEqual(before);
    const skip = await imported(h().db, file(), { ...CSV, mode: 'skip-invalid' });
    expect(skip.committed).toBe(true);
    expect(counts(skip)['more-rounds.csv']).toEqual({ rounds: { read: 2, inserted: 1, updated: 0, unchanged: 0, deleted: 0, rejected: 1 } });
    await expectTrue(h());
  });

  it('refuses bad input with its file, line and column', async () => {
    const header = read(FILES[1]!).toString('latin1').split('\r')[0]!;
    const failing = async (inputs: Input[], opts: Partial<ImportOptions> = {}) => {
      const err = await imported(h().db, inputs, { ...CSV, ...opts }).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(InputError);
      return (err as InputError).message;
    };
    expect(await failing(files(), { format: 'xml' as never })).toMatch(/^crunchbase-companies\.csv: unknown format "xml" \(known: crunchbase-csv, ndjson\)/);
    expect(await failing([input('data.json', '{"companies": [1, 2]}\n')])).toMatch(/^data\.json, line 1: not a recognised crunchbase-csv header \(is this a CSV export\?\)/);
    expect(await failing([input('wrong.csv', 'name,amount\r1,2')])).toMatch(/^wrong\.csv, line 1: not a recognised crunchbase-csv header/);
    // a header missing: the first line is a data row
    expect(await failing([input('headless.csv', read(FILES[1]!).toString('latin1').split('\r').slice(1).join('\r'))])).toMatch(/^headless\.csv, line 1: not a recognised/);
    expect(await failing([input('empty.csv', '')])).toMatch(/^empty\.csv, line 1: an empty file/);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(header, 'utf16le')]);
    expect(await failing([input('utf16.csv', utf16)])).toBe('utf16.csv, line 1: unreadable encoding: UTF-16 (save the file as UTF-8 or Latin-1)');
    expect(await failing([input('binary.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))])).toMatch(/^binary\.csv, line 1, column 1: unreadable encoding: a NUL byte/);
    const long = `${header}\r${companyKey},"${'x'.repeat(10 * 1024 * 1024 + 10)}`;
    expect(await failing([input('long.csv', long)])).toMatch(/^long\.csv, line 2: a line longer than 10 MB/);

    const rows = [
      `${companyKey},X,web,USA,CA,SF Bay,San Francisco,series-b,2013-09-01,2013-09,2013-Q3,2013,#NAME?`,
      `${companyKey},X,web,USA,CA,SF Bay,San Francisco,series-b,2013-13-45,2013-09,2013-Q3,2013,100`,
      `/company/nowhere-to-be-found,X,web,USA,CA,SF Bay,San Francisco,series-b,2013-09-01,2013-09,2013-Q3,2013,100`,
      `${companyKey},X,web,USA,CA,SF Bay,San Francisco,series-z,2013-09-01,2013-09,2013-Q3,2013,100`,
      `${companyKey},X,web`,
    ];
    const before = await fingerprint(h());
    const r = await imported(h().db, [input('bad.csv', [header, ...rows].join('\r'))], CSV);
    expect(r.committed).toBe(false);
    expect(r.rejected_total).toBe(5);
    expect(r.rejections.map(({ line, column, value }) => [line, column, value])).toEqual([
      [2, 'raised_amount_usd', '#NAME?'],
      [3, 'funded_at', '2013-13-45'],
      [6, null, null],
      [4, 'company_permalink', '/company/nowhere-to-be-found'],
      [5, 'funding_round_type', 'series-z'],
    ].sort((a, b) => (a[0] as number) - (b[0] as number)));
    expect(r.rejections.find((x) => x.line === 4)!.reason).toBe('a round of a company that is in no file of this import and not in the database');
    expect(r.rejections.find((x) => x.line === 3)!.reason).toBe('a date must be YYYY-MM-DD, YYYY-MM or YYYY');
    expect(r.rejections.find((x) => x.line === 6)!.reason).toBe('3 fields where the header has 13');
    expect(await fingerprint(h())).toEqual(before);
  });

  it('writes a batch of more rows than one SQLite INSERT holds (a compound SELECT of at most 500 terms)', async () => {
    const many = Array.from({ length: 900 }, (_v, i) => JSON.stringify({ type: 'company', key: `bulk-${i}`, data: { name: `Bulk ${i}`, country: 'USA', city: 'Boston', categories: ['web', 'mobile'] } }));
    const r = await imported(h().db, [input('bulk.ndjson', many.join('\n'))], { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'bulk' });
    expect(r.files[0]!.types.companies).toEqual({ read: 900, inserted: 900, updated: 0, unchanged: 0, deleted: 0, rejected: 0 });
    await expectTrue(h());
  });

  it('a withdrawn company takes its documents with it: the API answers 404 and verify finds nothing stale', async () => {
    const opts: ImportOptions = { format: 'ndjson', mode: 'all-or-nothing', dryRun: false, source: 'pipeline' };
    const line = (l: unknown) => JSON.stringify(l);
    await imported(h().db, [input('gone.ndjson', line({ type: 'company', key: 'gone-co', data: { name: 'Gone Gadgets', country: 'FRA', city: 'Lyon', categories: ['web'] } }))], opts);
    const gone = (await h().db('entities').where('name', 'Gone Gadgets').first('id', 'uuid')) as { id: number; uuid: string };
    expect((await h().get(`/data/companies/${gone.uuid}`)).status).toBe(200);
    const r = await imported(h().db, [input('gone2.ndjson', line({ type: 'company', key: 'gone-co', delete: true }))], opts);
    expect(r.files[0]!.types.companies).toMatchObject({ deleted: 1, rejected: 0 });
    expect(Number(((await h().db('record_documents').where('record_id', gone.id).whereIn('kind', ['company', 'company_row']).count({ n: '*' }).first()) as { n: number | string }).n)).toBe(0);
    expect((await h().get(`/data/companies/${gone.uuid}`)).status).toBe(404);
    await expectTrue(h());
  });

  it('NDJSON change records create, replace and withdraw records', async () => {
    const lines = [
      { type: 'company', key: 'acme', data: { name: 'Acme Rockets', country: 'DEU', city: 'Jena', categories: ['space', 'hardware'], status: 'operating', founded_on: '2019-03' } },
      { type: 'round', key: 'acme-a', data: { company: 'acme', round_type: 'series_a', announced_on: '2021-05-04', amount_usd: 12000000 } },
      { type: 'round', key: 'acme-seed', data: { company: 'acme', round_type: 'seed', announced_on: '2020', amount_usd: '1500000' } },
      'not json',
    ];
    const text = (ls: unknown[]) => ls.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
    const opts: ImportOptions = { format: 'ndjson', mode: 'skip-invalid', dryRun: false, source: 'pipeline' };
    const r = await imported(h().db, [input('changes.ndjson', text(lines))], opts);
    expect(r.committed).toBe(true);
    expect(r.files[0]!.types).toEqual({
      companies: { read: 1, inserted: 1, updated: 0, unchanged: 0, deleted: 0, rejected: 0 },
      rounds: { read: 2, inserted: 2, updated: 0, unchanged: 0, deleted: 0, rejected: 0 },
      records: { read: 1, inserted: 0, updated: 0, unchanged: 0, deleted: 0, rejected: 1 },
    });
    expect(r.rejections[0]).toMatchObject({ file: 'changes.ndjson', line: 4, column: null, value: 'not json' });
    const acme = (await h().db('entities').where('name', 'Acme Rockets').first('uuid')) as { uuid: string };
    const company = await h().get(`/data/companies/${acme.uuid}`);
    expect(company.body.data.funding).toMatchObject({ total: 13_500_000, rounds_count: 2 });
    expect(company.body.data.taxonomy.map((t: { name: string }) => t.name).sort()).toEqual(['Hardware', 'Space']);
    expect(company.body.data.locations[0]).toMatchObject({ role: 'hq', city: { name: 'Jena' }, country: { name: 'Germany' } });
    await expectTrue(h());

    // a replacement and a withdrawal; a company still named by its rounds is kept
    const next = [
      { type: 'round', key: 'acme-a', data: { company: 'acme', round_type: 'series_a', announced_on: '2021-05-04', amount_usd: 13000000 } },
      { type: 'round', key: 'acme-seed', delete: true },
      { type: 'company', key: 'acme', delete: true },
    ];
    const r2 = await imported(h().db, [input('more.ndjson', text(next))], opts);
    expect(r2.files[0]!.types).toEqual({
      rounds: { read: 2, inserted: 0, updated: 1, unchanged: 0, deleted: 1, rejected: 0 },
      companies: { read: 1, inserted: 0, updated: 0, unchanged: 0, deleted: 0, rejected: 1 },
    });
    expect(r2.rejections[0]!.reason).toMatch(/still named by 2 other records/);
    expect((await h().get(`/data/companies/${acme.uuid}`)).body.data.funding).toMatchObject({ total: 13_000_000, rounds_count: 1 });
    await expectTrue(h());

    // a round moved to another year: the whole set's count and sum stay, and the rounds snapshot still follows
    const byYear = async () => {
      const ast = parseFilter('year[gte]:1900');
      const where = { ...compileFilter(ast, SCOPES.funding!, { alias: 't', money: new Money('USD', 1), enums: await filterEnums(h().db) })!, ast };
      const sets = [{ groups: [DIMENSIONS.round_year!], metrics: [heatmapMetric('count')] }];
      const answer = await snapshotAnswer(h().db, HEATMAP_SOURCE, where, new Money('USD', 1), sets);
      expect(answer).not.toBeNull(); // answered from the snapshot, not live SQL
      return Object.fromEntries(answer![0]!.map((g) => [g.labels[0], g.values[0]]));
    };
    const before = await byYear();
    const moved = { type: 'round', key: 'acme-a', data: { company: 'acme', round_type: 'series_a', announced_on: '2019-05-04', amount_usd: 13000000 } };
    expect((await imported(h().db, [input('moved.ndjson', text([moved]))], opts)).files[0]!.types.rounds!.updated).toBe(1);
    const after = await byYear();
    expect([after['2019']! - (before['2019'] ?? 0), (after['2021'] ?? 0) - before['2021']!]).toEqual([1, -1]);
    await expectTrue(h());
    // three imports and three verifies, each rebuilding every record document of the database
  }, 120_000);

  it('an export line of a person whose career names an unknown entity counts once, as rejected', async () => {
    // a connection of its own: the imports before left the shared keep-alive sockets timed out (see `imported`)
    const text = await new Promise<string>((resolve, reject) => {
      const req = http.get(`${h().server.baseUrl}/data/people?format=ndjson&limit=100`, { agent: false, headers: { Authorization: `Bearer ${h().token}`, 'X-Client-Id': 'dev-client' } }, (res) => {
        expect(res.statusCode).toBe(200);
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
    });
    const people = text.trimEnd().split('\n').slice(0, -1).map((l) => JSON.parse(l));
    const [other, person] = people.filter((p) => p.career?.items?.length > 0);
    expect(person && other).toBeTruthy();
    person.career.items[0].company = { ...person.career.items[0].company, uuid: '00000000-0000-4000-8000-0000000000c5' };
    const r = await imported(h().db, [input('people.ndjson', [other, person].map((p) => JSON.stringify(p)).join('\n'))], { format: 'ndjson', type: 'people', mode: 'skip-invalid', dryRun: true });
    expect(r.rejections).toEqual([expect.objectContaining({ line: 2, column: 'career.company' })]);
    const c = r.files[0]!.types.people!;
    expect(c).toMatchObject({ read: 2, rejected: 1 });
    expect(c.inserted + c.updated + c.unchanged + c.rejected).toBe(c.read);
  });
});
