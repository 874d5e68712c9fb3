/**
 * Precomputed version downgrades of record documents (src/documents/downgrades.ts): the stored
 * text with its edits applied is byte for byte the body the version change's downgrade writes, for
 * the edited key first, in the middle or last, next to members JSON leaves out; a pin no change
 * rewrites gets the text as it is; an operation whose downgrade is not kept as edits gets null.
 */
import { describe, expect, it } from 'vitest';
import { documentTexts, downgraderFor, precomputeDowngrades } from '../../src/documents/downgrades.js';
import type { StoredFields } from '../../src/versions/change.js';
import { change20261009 } from '../../src/versions/changes/2026-10-09.js';
import { LATEST_VERSION, V2026_09_01, V2026_10_07 } from '../../src/versions/table.js';

const CREATED: Record<number, string> = { 1: '2020-01-02T03:04:05.000Z', 2: '2021-06-07T08:09:10.000Z' };
const stored: StoredFields = {
  transactionCreatedAt: async (ids) => new Map(ids.filter((id) => CREATED[id]).map((id) => [id, CREATED[id]!])),
  fundAnnouncedDate: async () => new Map(),
};

const downgradedText = (body: string, downgrades: string, pinned: string, op: string) => downgraderFor(pinned, op)(body, downgrades);

const RECORDS: Record<string, unknown>[] = [
  { id: 1, name: 'middle', announced_date: '2012-03-04', amount: 5, nested: { announced_date: 'x', service_url: '/a' } },
  { announced_date: '2013', id: 2, skipped: undefined, tags: ['a,"b"'] },
  { id: 3, skipped: undefined, amount: null, announced_date: null },
];

async function downgradedByChange(record: Record<string, unknown>): Promise<string> {
  const body = { data: structuredClone(record) };
  await change20261009.downgradeResponse!('getTransaction', body, stored);
  return JSON.stringify(body.data);
}

describe('precomputed version downgrades', () => {
  it('give the downgrade of the version change, as text edits, and leave the records as they were', async () => {
    const before = JSON.stringify(RECORDS);
    const edits = await precomputeDowngrades('getTransaction', RECORDS, stored);
    expect(JSON.stringify(RECORDS)).toBe(before);
    for (const [i, record] of RECORDS.entries()) {
      expect(edits[i]!.length).toBe(1);
      for (const pinned of [V2026_10_07, V2026_09_01]) {
        for (const op of ['getTransaction', 'listTransactions']) expect(downgradedText(JSON.stringify(record), JSON.stringify(edits[i]), pinned, op)).toBe(await downgradedByChange(record));
      }
      expect(downgradedText(JSON.stringify(record), JSON.stringify(edits[i]), LATEST_VERSION, 'getTransaction')).toBe(JSON.stringify(record));
    }
  });

  it('keep no edits for operations whose downgrade is not an edit per record, and such a pin gets no text', async () => {
    expect(await precomputeDowngrades('getFund', RECORDS, stored)).toEqual([[], [], []]);
    expect(downgradedText('{"id":1}', '[]', V2026_10_07, 'getFund')).toBeNull();
    expect(downgradedText('{"id":1}', '[]', V2026_10_07, 'getTransaction')).toBeNull();
    expect(downgradedText('{"id":1}', '[]', V2026_10_07, 'getCompany')).toBe('{"id":1}');
  });

  it("give each record's text as JSON writes it, and an edit where a record already holds an appended key only when its text allows", async () => {
    // `year` held but left out by JSON: the edit fills it in its place, still the kept text and a tail
    const records: Record<string, unknown>[] = [...RECORDS, { id: 1, announced_date: '2014-05', year: undefined }];
    const texts = await documentTexts('getTransaction', records, stored);
    for (const [i, record] of records.entries()) {
      expect(texts[i]!.body).toBe(JSON.stringify(record));
      for (const op of ['getTransaction', 'listTransactions']) expect(downgradedText(texts[i]!.body, JSON.stringify(texts[i]!.downgrades), V2026_10_07, op)).toBe(await downgradedByChange(record));
    }
    // `year` before the cut: the downgraded text is no cut and tail, so none is kept (the pinned answer is parsed)
    const [before] = await documentTexts('getTransaction', [{ year: 1999, id: 1, announced_date: '2014-05' }], stored);
    expect(before).toEqual({ body: '{"year":1999,"id":1,"announced_date":"2014-05"}', downgrades: [] });
    expect((await documentTexts('getCompany', records, stored)).map((t) => t.body)).toEqual(records.map((r) => JSON.stringify(r)));
  });

  it('write an object several records hold once, with the same texts and edits as each record on its own', async () => {
    const company = { name: 'Acme', service_url: '/organizations/acme', funding: { total: 5 } };
    const records: Record<string, unknown>[] = [
      { company, id: 1, announced_date: '2012-03-04' },
      { id: 2, announced_date: '2013', company },
      { id: 3, company: { ...company }, announced_date: null },
    ];
    const alone = await documentTexts('getTransaction', records.map((r) => structuredClone(r)), stored);
    expect(await documentTexts('getTransaction', records, stored, new Set([company]))).toEqual(alone);
  });
});
