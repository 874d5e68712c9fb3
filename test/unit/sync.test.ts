import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { exportFormat } from '../../src/http/export.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { parseFilter } from '../../src/query/filter.js';
import { SCOPES } from '../../src/query/registry.js';

const usd = new Money('USD', 1);
const compile = (f: string, scope = 'funding') => compileFilter(parseFilter(f), SCOPES[scope]!, { alias: 't', money: usd });

describe('updated_at filter (ISO 8601 date-time)', () => {
  it('compares an instant with the stored UTC text, normalising its offset', () => {
    expect(compile('updated_at[gt]:2026-01-01T10:00:00+02:00')).toEqual({ sql: 't.updated_at > ?', bindings: ['2026-01-01T08:00:00.000Z'] });
    expect(compile('updated_at[lte]:2026-01-01T10:00Z')).toEqual({ sql: 't.updated_at <= ?', bindings: ['2026-01-01T10:00:00.000Z'] });
  });
  it('compares a date at its precision', () => {
    expect(compile('updated_at[gt]:2026-01')).toEqual({ sql: 't.updated_at >= ?', bindings: ['2026-02-01'] });
  });
  it('is on every scope a partner copies', () => {
    for (const scope of ['funding', 'entity', 'job', 'fund', 'valuation', 'news']) expect(compile('updated_at[gte]:2026-01-01T00:00:00Z', scope)?.sql).toBe('t.updated_at >= ?');
  });
  it('refuses what is no date-time (FILTER_VALIDATION_ERROR) and equality (UNSUPPORTED_OPERATOR)', () => {
    for (const bad of ['updated_at[gt]:yesterday', 'updated_at[gt]:2026-01-01T25:00:00Z', 'updated_at[gt]:2026-01-01T10:00:00']) {
      expect(() => compile(bad), bad).toThrow(ApiError);
      try {
        compile(bad);
      } catch (e) {
        expect((e as ApiError).code, bad).toBe('FILTER_VALIDATION_ERROR');
      }
    }
    expect(() => compile('updated_at[eq]:2026-01-01T00:00:00Z')).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_OPERATOR' }));
  });
});

describe('export format', () => {
  it('format wins over Accept; Accept asks for NDJSON', () => {
    expect(exportFormat('ndjson', undefined)).toBe('ndjson');
    expect(exportFormat('json', 'application/x-ndjson')).toBeNull();
    expect(exportFormat(undefined, 'application/x-ndjson')).toBe('ndjson');
    expect(exportFormat(undefined, 'application/json, */*')).toBeNull();
    expect(exportFormat(undefined, undefined)).toBeNull();
  });
});
