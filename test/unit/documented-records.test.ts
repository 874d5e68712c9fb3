/** Which imports rebuild record documents follows from the kinds of documents (src/db/documents.ts). */
import { expect, it } from 'vitest';
import { DOCUMENT_KINDS, DOCUMENTED_RECORDS, recordOf } from '../../src/db/documents.js';
import { EXPORTED_TYPES } from '../../src/import/exported.js';

it('names the records of exported lists that some document shows, one per kind of document', () => {
  expect([...DOCUMENTED_RECORDS].sort()).toEqual(['entity', 'fund', 'job', 'news', 'transaction', 'valuation']);
  expect(DOCUMENT_KINDS.filter((k) => recordOf(k) === 'entity')).toEqual(['company', 'investor', 'gov_ngo', 'university', 'company_row', 'investor_row', 'gov_ngo_row', 'university_row', 'person', 'person_row']);
  // each is a record an import of an export writes: a new kind of document names one, or an import would skip it
  const exported = new Set<string>(Object.values(EXPORTED_TYPES));
  for (const record of DOCUMENTED_RECORDS) expect(exported.has(record)).toBe(true);
});
