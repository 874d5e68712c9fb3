/**
 * Lines of an export imported back (src/import/exported.ts): the complete trailer is skipped, and a
 * line that cannot be what the list's export writes is a rejection naming its column, never a
 * database error later.
 */
import { describe, expect, it } from 'vitest';
import { RowError } from '../../src/import/errors.js';
import { parseExportedLine } from '../../src/import/exported.js';

const company = { uuid: '0234c37e-d6b3-42af-95bb-f0fc8bee0dd2', type: 'organization', subtype: 'company', name: 'Fyrora', added_at: '2021-06-16T07:14:25.107Z' };
const round = { id: 703, amount: null, round_type: 'SERIES C', company, investors: [] };

function rejection(type: Parameters<typeof parseExportedLine>[0], row: unknown): RowError {
  try {
    parseExportedLine(type, typeof row === 'string' ? row : JSON.stringify(row), 7);
  } catch (err) {
    if (err instanceof RowError) return err;
    throw err;
  }
  throw new Error('no rejection');
}

describe('an export line', () => {
  it('becomes its record, keyed by uuid (entities) or id', () => {
    expect(parseExportedLine('companies', JSON.stringify(company), 1)).toMatchObject({ kind: 'entity', key: company.uuid, line: 1 });
    expect(parseExportedLine('transactions', JSON.stringify(round), 2)).toMatchObject({ kind: 'transaction', key: '703' });
  });

  it('skips the trailer of a complete export and rejects an incomplete one', () => {
    expect(parseExportedLine('news', JSON.stringify({ _export: { rows: 3, complete: true, credits: 1 } }), 4)).toBeNull();
    const e = rejection('news', { _export: { rows: 3, complete: false, credits: 1, error: { code: 'CREDITS_EXHAUSTED' } } });
    expect(e.column).toBe('_export');
    expect(e.message).toContain('incomplete');
  });

  it('rejects rows withheld by a plan, rows of another list, rows without their required fields and non-JSON', () => {
    expect(rejection('companies', { ...company, locked: ['employees_count'] }).column).toBe('locked');
    expect(rejection('companies', round).message).toContain('is this an export of companies?');
    expect(rejection('transactions', company).message).toContain('is this an export of transactions?');
    expect(rejection('companies', { ...company, name: null }).column).toBe('name');
    expect(rejection('jobs', { id: 5, entity: company, title: 'Engineer' }).column).toBe('posted_at');
    expect(rejection('valuations', { id: 5, company, value: '12', valued_date: '2024-01-01' }).column).toBe('value');
    expect(rejection('people', '{"uuid": ').message).toMatch(/^not JSON/);
  });
});
