/**
 * An export batch's lines (src/db/documentLines.ts): on PostgreSQL a batch is read in parts on
 * several pooled connections at once when the pool has them to spare; the lines stay in the order of
 * the batch's ids, byte for byte those the records read one at a time give.
 */
import { expect, it } from 'vitest';
import { loadDocumentLines } from '../../src/db/documentLines.js';
import { forEachDatabase } from '../helpers/harness.js';

const APP_URL = 'https://app.example.com';

forEachDatabase('document lines', (h) => {
  it('a batch read in parts is the records read one at a time, in the order of its ids', async () => {
    const db = h().db;
    const found = (await db('record_documents').where('kind', 'transaction').whereNotNull('csv').select('record_id')).map((r: { record_id: number | string }) => Number(r.record_id));
    // a scrambled order, ids met twice, and enough of them for several parts
    const ids: number[] = [];
    for (let round = 0; ids.length < 600; round++) for (let i = 0; i < found.length && ids.length < 600; i++) ids.push(found[(i * 7 + round * 3) % found.length]!);
    for (const form of ['ndjson', 'csv'] as const) {
      const batch = await loadDocumentLines(db, 'transaction', ids, form, APP_URL);
      const single = new Map<number, Buffer>();
      for (const id of new Set(ids)) single.set(id, Buffer.from((await loadDocumentLines(db, 'transaction', [id], form, APP_URL))!.bytes));
      const expected = Buffer.concat(ids.map((id) => single.get(id)!));
      expect(batch).not.toBeNull();
      expect(Buffer.from(batch!.bytes).equals(expected)).toBe(true);
      let end = 0;
      expect([...batch!.ends]).toEqual(ids.map((id) => (end += single.get(id)!.length)));
    }
  });
});
