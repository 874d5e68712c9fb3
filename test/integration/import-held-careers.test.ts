/**
 * An import of our own export (`--type`, src/import/exported.ts): a person's career is written with
 * its batch when every organisation it names is written, and held in the database until the file
 * ends when it names one written later in the file (memory stays flat whatever the file's size).
 * Either way the person's line counts once, an organisation in no file rejects it at the end (the
 * whole import in all-or-nothing mode, the line alone in skip-invalid), and importing again changes
 * nothing.
 */
import { expect, it } from 'vitest';
import { uuidOf } from '../../src/db/imports.js';
import { verifyDerived } from '../../src/import/derived.js';
import { runImport, type ImportOptions, type Input } from '../../src/import/engine.js';
import { forEachDatabase } from '../helpers/harness.js';

const uuid = (label: string) => uuidOf('test', 'held-careers', label);
const ADDED = '2024-01-01T00:00:00.000Z';
const org = (name: string) => ({ uuid: uuid(name), type: 'organization', name, added_at: ADDED, roles: ['company'], locations: [], taxonomy: [], classifications: [], links: {}, investor: null });
const person = (name: string, at: string[]) => ({
  uuid: uuid(name), type: 'person', name, added_at: ADDED, roles: ['employee'], locations: [], taxonomy: [], classifications: [], links: {}, investor: null,
  career: {
    total: at.length,
    items: at.map((o, i) => ({ company: { uuid: uuid(o) }, raw_title: 'Engineer', titles: ['Engineer'], is_founder: false, is_executive: false, is_partner: false, is_past: i > 0, start_date: '2019-01', end_date: null })),
  },
  education: { total: 0, items: [] },
});

/**
 * Ada names Orbit, written later in the file: the repeated Nimbus line starts a new batch, so Ada's
 * batch is written before Orbit. Bo names Orbit once it is written; Cy names an organisation in no file.
 */
const LINES = [org('Nimbus'), person('Ada', ['Orbit', 'Nimbus']), org('Nimbus'), org('Orbit'), person('Bo', ['Orbit']), person('Cy', ['Nowhere'])];
const file = (lines: object[]): Input => {
  const text = `${[...lines, { _export: { complete: true } }].map((l) => JSON.stringify(l)).join('\n')}\n`;
  return { name: 'entities.ndjson', size: text.length, open: () => [Buffer.from(text)] as unknown as AsyncIterable<Buffer> };
};
const opts = (mode: ImportOptions['mode']): ImportOptions => ({ format: 'ndjson', type: 'entities', mode, dryRun: false, source: 'held-careers' });

forEachDatabase('import of an export: careers held until the file ends', (h) => {
  const careerOf = async (name: string) =>
    ((await h().db('career as c').join('entities as p', 'p.id', 'c.person_id').join('entities as o', 'o.id', 'c.org_id').where('p.uuid', uuid(name)).orderBy('o.name').select('o.name')) as { name: string }[]).map((r) => r.name);

  it('all-or-nothing: a career naming an organisation in no file rejects its line at the end, and nothing is written', async () => {
    const r = await runImport(h().db, [file(LINES)], opts('all-or-nothing'));
    expect(r.committed).toBe(false);
    expect(r.rejections).toEqual([{ file: 'entities.ndjson', line: 6, column: 'career.company', value: JSON.stringify(uuid('Nowhere')), reason: expect.stringContaining('in no import') }]);
    expect(await h().db('entities').whereIn('uuid', [uuid('Ada'), uuid('Orbit')]).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('skip-invalid: the held career is written at the end, each line counts once, and verify finds nothing', async () => {
    const r = await runImport(h().db, [file(LINES)], opts('skip-invalid'));
    expect(r.committed).toBe(true);
    expect(r.files[0]!.types).toEqual({ entities: { read: 6, inserted: 4, updated: 0, unchanged: 1, deleted: 0, rejected: 1 } });
    expect(r.rejections.map((x) => x.line)).toEqual([6]);
    expect(await careerOf('Ada')).toEqual(['Nimbus', 'Orbit']);
    expect(await careerOf('Bo')).toEqual(['Orbit']);
    expect(await verifyDerived(h().db)).toEqual({ figures: [], classifications: [], search_terms: [], facts: [], rollup: [], documents: [] });
  });

  it('the same file again changes nothing, held career included', async () => {
    const r = await runImport(h().db, [file(LINES.slice(0, 5))], opts('all-or-nothing'));
    expect(r.committed).toBe(true);
    expect(r.files[0]!.types).toEqual({ entities: { read: 5, inserted: 0, updated: 0, unchanged: 5, deleted: 0, rejected: 0 } });
    expect(await careerOf('Ada')).toEqual(['Nimbus', 'Orbit']);
  });
});
