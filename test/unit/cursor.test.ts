import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { decodeCursor, encodeCursor, type CursorPayload } from '../../src/query/cursor.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SECRET = 'test-secret';
const payload: CursorPayload = { v: 1, sort: '-date,id', filter: 'year[gte]:2020', parent: null, dir: 'next', key: ['2024-01-01', 42], offset: 25, limit: 25, ver: '2026-10-09' };
const expectFor = { sort: '-date,id', filter: 'year[gte]:2020', parent: null };
const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect((e as ApiError).code).toBe('VALIDATION_ERROR');
    return (e as ApiError).message;
  }
  return 'ok';
};

describe('cursors', () => {
  it('round-trip', () => {
    expect(decodeCursor(encodeCursor(payload, SECRET), SECRET, expectFor)).toEqual(payload);
  });

  it('are bound to sort, filter and parent with SPEC.md messages', () => {
    const c = encodeCursor(payload, SECRET);
    expect(message(() => decodeCursor(c, SECRET, { ...expectFor, sort: 'amount,id' }))).toMatch(/invalid cursor for this sort order; restart from the first page/i);
    expect(message(() => decodeCursor(c, SECRET, { ...expectFor, filter: '' }))).toMatch(/cursor bound to a different filter; restart from the first page/i);
    expect(message(() => decodeCursor(c, SECRET, { ...expectFor, parent: 'x' }))).toMatch(/different parent/);
    expect(message(() => decodeCursor(c, 'other-secret', expectFor))).toMatch(/restart from the first page/);
  });

  it('refuses any single-character tampering', () => {
    const c = encodeCursor(payload, SECRET);
    fc.assert(
      fc.property(fc.nat(c.length - 1), fc.constantFrom(...'ABCxyz019-_.'), (i, ch) => {
        fc.pre(c[i] !== ch);
        const t = c.slice(0, i) + ch + c.slice(i + 1);
        expect(message(() => decodeCursor(t, SECRET, expectFor))).not.toBe('ok');
      }),
      { numRuns: Math.min(RUNS, 2000) },
    );
  });

  it('answers arbitrary strings with VALIDATION_ERROR only', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 3000 })), (s) => {
        expect(message(() => decodeCursor(s, SECRET, expectFor))).not.toBe('ok');
      }),
      { numRuns: RUNS },
    );
  });
});
