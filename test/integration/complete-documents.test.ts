/**
 * A rebuild of the record documents cut short (its process or its database stopped under it) leaves
 * the table neither empty, which `migrate` fills, nor whole: `completeDocuments` builds the documents
 * the records lack, of every kind, and leaves the others as they are. `migrate` builds a kind a
 * database holds no document of (one new to the build) the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeDocuments, documentDifferences } from '../../src/documents/build.js';
import { migrate } from '../../src/db/migrate.js';
import { DOCUMENT_KINDS, subtypeOf } from '../../src/db/documents.js';
import { DATABASES, startHarness, type Harness } from '../helpers/harness.js';

describe.each(DATABASES)('completing record documents (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  }, 120_000);
  afterAll(async () => {
    await h?.server.close();
  });

  it('builds the documents records lack, of every kind, and rewrites none that is there', async () => {
    const db = h.db;
    const kinds = ((await db('record_documents').distinct('kind')) as { kind: string }[]).map((r) => r.kind).sort();
    expect(kinds).toEqual([...DOCUMENT_KINDS].sort());
    // one kind gone whole (a rebuild stopped before it), half of another, and a kept document marked
    // (a byte the builder would not write) so that a rewrite of it shows
    await db('record_documents').where('kind', 'person').del();
    const rounds = ((await db('record_documents').where('kind', 'transaction').orderBy('record_id').select('record_id')) as { record_id: number }[]).map((r) => Number(r.record_id));
    const gone = rounds.filter((_id, i) => i % 2 === 1);
    for (let i = 0; i < gone.length; i += 400) await db('record_documents').where('kind', 'transaction').whereIn('record_id', gone.slice(i, i + 400)).del();
    const kept = { kind: 'company', record_id: Number(((await db('record_documents').where('kind', 'company').first('record_id')) as { record_id: number }).record_id) };
    const body = ((await db('record_documents').where(kept).first('body')) as { body: string }).body;
    await db('record_documents').where(kept).update({ body: `${body} ` });

    const missing = (await documentDifferences(db)).filter((d) => d.problem === 'missing');
    expect(missing.filter((d) => d.kind === 'transaction')).toHaveLength(gone.length);
    expect(missing.some((d) => d.kind === 'person')).toBe(true);

    const built = await completeDocuments(db);
    expect(built.transactions).toBe(gone.length);
    // a person's documents (the full record and the summary row) are written together
    expect(built.people).toBe(missing.filter((d) => d.kind === 'person').length * DOCUMENT_KINDS.filter((k) => subtypeOf(k) === 'person').length);
    expect(built.organizations).toBe(0);
    // the marked document was left as it was: the only difference left
    expect(await documentDifferences(db)).toEqual([{ ...kept, problem: 'body' }]);
    await db('record_documents').where(kept).update({ body });
    expect(await documentDifferences(db)).toEqual([]);
  }, 300_000);

  it('migrate builds the kinds a database has no document of, and rewrites none of the others', async () => {
    const db = h.db;
    const added = ['valuation', 'job', 'news'];
    const counts = async () => Object.fromEntries(((await db('record_documents').groupBy('kind').select('kind', db.raw('count(*) as n'))) as { kind: string; n: number }[]).map((r) => [r.kind, Number(r.n)]));
    const before = await counts();
    for (const k of added) expect(before[k], k).toBeGreaterThan(100);
    await db('record_documents').whereIn('kind', added).del();
    const kept = { kind: 'fund', record_id: Number(((await db('record_documents').where('kind', 'fund').orderBy('record_id').first('record_id')) as { record_id: number }).record_id) };
    const body = ((await db('record_documents').where(kept).first('body')) as { body: string }).body;
    await db('record_documents').where(kept).update({ body: `${body} ` });
    await migrate(db);
    expect(await counts()).toEqual(before);
    expect(await documentDifferences(db)).toEqual([{ ...kept, problem: 'body' }]);
    await db('record_documents').where(kept).update({ body });
  }, 300_000);
});
