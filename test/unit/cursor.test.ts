import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { CURSOR_MESSAGES, MAX_CURSOR_LENGTH, decodeCursor, encodeCursor, type CursorPayload } from '../../src/query/cursor.js';
import { normalizeFilter } from '../../src/query/filter.js';

/** `make fuzz` runs FUZZ_RUNS=100000. */
const RUNS = Number(process.env.FUZZ_RUNS) || 300;
const FUZZ = { timeout: Math.max(30_000, RUNS * 2) };
const SECRET = 'test-secret';
const payload: CursorPayload = {
  v: 1,
  sort: '-date,id',
  filter: 'year[gte]:2020',
  parent: null,
  dir: 'next',
  key: ['2024-01-01', 42],
  offset: 25,
  limit: 25,
  ver: '2026-10-09',
};
const binding = { sort: '-date,id', filter: 'year[gte]:2020', parent: null };

/** The message of the ApiError `fn` throws, after checking the error contract; 'ok' when it returns. */
function outcome(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    const err = e as ApiError;
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.status).toBe(400);
    expect(err.details).toEqual([{ path: 'query.cursor', message: err.message }]);
    return err.message;
  }
  return 'ok';
}

const replaceAt = (s: string, i: number, ch: string) => s.slice(0, i) + ch + s.slice(i + 1);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';

describe('cursors', () => {
  it('round-trip, URL-safe', () => {
    const token = encodeCursor(payload, SECRET);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(decodeCursor(token, SECRET, binding)).toEqual(payload);
    const nested: CursorPayload = { ...payload, parent: '3f0f1a52-6a4b-4c6e-9d7a-0b4e2f1c9a10', dir: 'prev', key: [null, -1.5, 'Zürich 🚀', 7] };
    delete nested.ver;
    const sort = 'name,-signal_rating,start_date,id';
    expect(decodeCursor(encodeCursor({ ...nested, sort }, SECRET), SECRET, { ...binding, sort, parent: nested.parent })).toEqual({ ...nested, sort });
  });

  it('stay short whatever the filter (the filter is bound by digest)', () => {
    const filter = normalizeFilter(`or(${Array.from({ length: 100 }, (_v, i) => `name[eq]:"company number ${i}"`).join(',')})`);
    expect(filter.length).toBeGreaterThan(2500);
    const token = encodeCursor({ ...payload, filter }, SECRET);
    expect(token.length).toBeLessThan(400);
    expect(decodeCursor(token, SECRET, { ...binding, filter }).filter).toBe(filter);
    expect(outcome(() => decodeCursor(token, SECRET, { ...binding, filter: filter.replace('number 99', 'number 98') }))).toBe(CURSOR_MESSAGES.filter);
  });

  it('are bound to sort, filter and parent with messages that say how to restart', () => {
    const token = encodeCursor(payload, SECRET);
    expect(outcome(() => decodeCursor(token, SECRET, { ...binding, sort: 'amount,id' }))).toBe('Invalid cursor for this sort order; restart from the first page');
    expect(outcome(() => decodeCursor(token, SECRET, { ...binding, sort: 'date,id' }))).toBe(CURSOR_MESSAGES.sort);
    expect(outcome(() => decodeCursor(token, SECRET, { ...binding, filter: '' }))).toBe('Cursor bound to a different filter; restart from the first page');
    expect(outcome(() => decodeCursor(token, SECRET, { ...binding, filter: 'year[gte]:2021' }))).toBe(CURSOR_MESSAGES.filter);
    expect(outcome(() => decodeCursor(token, SECRET, { ...binding, parent: 'x' }))).toBe('Cursor belongs to a different parent record; restart from the first page');
    expect(outcome(() => decodeCursor(token, SECRET, { sort: binding.sort, filter: binding.filter }))).toBe('ok');
    const child = encodeCursor({ ...payload, parent: 'p1' }, SECRET);
    expect(outcome(() => decodeCursor(child, SECRET, { ...binding, parent: 'p2' }))).toBe(CURSOR_MESSAGES.parent);
    expect(outcome(() => decodeCursor(child, SECRET, { sort: binding.sort, filter: binding.filter }))).toBe(CURSOR_MESSAGES.parent);
    // sort is checked first, then filter, then parent
    expect(outcome(() => decodeCursor(child, SECRET, { sort: 'id', filter: '', parent: null }))).toBe(CURSOR_MESSAGES.sort);
    expect(outcome(() => decodeCursor(child, SECRET, { ...binding, filter: '', parent: null }))).toBe(CURSOR_MESSAGES.filter);
  });

  it('accept any spelling of the same filter once it is normalised', () => {
    const token = encodeCursor({ ...payload, filter: normalizeFilter('and( year[gte]:2020 , name[eq]:"Acme" )') }, SECRET);
    expect(outcome(() => decodeCursor(token, SECRET, { ...binding, filter: normalizeFilter('and(year[gte]:2020,name[eq]:Acme)') }))).toBe('ok');
  });

  it('refuse another secret, and well-signed payloads of the wrong shape', () => {
    expect(outcome(() => decodeCursor(encodeCursor(payload, SECRET), 'other-secret', binding))).toBe(CURSOR_MESSAGES.invalid);
    const bad: Partial<Record<keyof CursorPayload, unknown>>[] = [
      { limit: 0 },
      { limit: 5001 },
      { limit: 2.5 },
      { offset: -1 },
      { offset: 0.5 },
      { offset: Number.MAX_SAFE_INTEGER + 2 },
      { key: [] },
      { key: [{}, 1] },
      { key: [true, 1] },
      { parent: 5 },
      { sort: 7 },
      { ver: 20261009 },
    ];
    for (const patch of bad) {
      const token = encodeCursor({ ...payload, ...patch } as CursorPayload, SECRET);
      expect(outcome(() => decodeCursor(token, SECRET, binding)), JSON.stringify(patch)).toBe(CURSOR_MESSAGES.invalid);
    }
    // key length must match the sort
    expect(outcome(() => decodeCursor(encodeCursor({ ...payload, key: [1] }, SECRET), SECRET, binding))).toBe(CURSOR_MESSAGES.sort);
  });

  it('refuse malformed and oversized tokens', () => {
    const token = encodeCursor(payload, SECRET);
    const [data, mac] = token.split('.') as [string, string];
    for (const t of ['', '.', token + '.', `${data}.`, `.${mac}`, `${data}.${mac}=`, `${data}.${mac}A`, `${data}+.${mac}`, token.replace('.', '..'), `a.${mac}`, `${data}.${mac.slice(1)}`]) {
      expect(outcome(() => decodeCursor(t, SECRET, binding)), t).toBe(CURSOR_MESSAGES.invalid);
    }
    expect(outcome(() => decodeCursor('A'.repeat(MAX_CURSOR_LENGTH + 1), SECRET, binding))).toBe(CURSOR_MESSAGES.invalid);
    expect(outcome(() => decodeCursor(`${'A'.repeat(MAX_CURSOR_LENGTH)}.${mac}`, SECRET, binding))).toBe(CURSOR_MESSAGES.invalid);
    for (const t of [undefined, null, 42, {}] as unknown as string[]) expect(outcome(() => decodeCursor(t, SECRET, binding))).toBe(CURSOR_MESSAGES.invalid);
  });

  it('refuse every single-character change of a token', () => {
    const token = encodeCursor(payload, SECRET);
    for (let i = 0; i < token.length; i++) {
      for (const ch of ALPHABET) {
        if (ch === token[i]) continue;
        expect(outcome(() => decodeCursor(replaceAt(token, i, ch), SECRET, binding)), `${i}:${ch}`).not.toBe('ok');
      }
    }
  });
});

describe('cursors: properties', () => {
  const keyValue = fc.oneof(fc.constant(null), fc.string({ maxLength: 30, unit: 'binary' }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
  const payloadArb = fc.record({
    sortKeys: fc.array(fc.stringMatching(/^-?[a-z_]{1,12}$/), { minLength: 1, maxLength: 5 }),
    filter: fc.string({ maxLength: 4096, unit: 'binary' }),
    parent: fc.option(fc.uuid(), { nil: null }),
    dir: fc.constantFrom('next' as const, 'prev' as const),
    offset: fc.nat(),
    limit: fc.integer({ min: 1, max: 5000 }),
    ver: fc.option(fc.constantFrom('2026-10-09', '2026-09-01'), { nil: undefined }),
    values: fc.array(keyValue, { minLength: 5, maxLength: 5 }),
  });

  it(
    'any payload round-trips, within the length limit',
    () => {
      fc.assert(
        fc.property(payloadArb, (p) => {
          const sort = p.sortKeys.join(',');
          const cursor: CursorPayload = { v: 1, sort, filter: p.filter, parent: p.parent, dir: p.dir, key: p.values.slice(0, p.sortKeys.length), offset: p.offset, limit: p.limit };
          if (p.ver !== undefined) cursor.ver = p.ver;
          const token = encodeCursor(cursor, SECRET);
          expect(token.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
          // -0 travels as 0 in JSON
          expect(decodeCursor(token, SECRET, { sort, filter: p.filter, parent: p.parent })).toEqual({ ...cursor, key: cursor.key.map((k) => (Object.is(k, -0) ? 0 : k)) });
        }),
        { numRuns: RUNS },
      );
    },
    FUZZ.timeout,
  );

  it(
    'a random change anywhere in a token is refused',
    () => {
      const token = encodeCursor({ ...payload, key: ['a much longer boundary value, to give the fuzzer room', 42] }, SECRET);
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.nat(token.length - 1), fc.constantFrom(...ALPHABET)), { minLength: 1, maxLength: 4 }), (edits) => {
          const t = edits.reduce((s, [i, ch]) => replaceAt(s, i, ch), token);
          fc.pre(t !== token);
          expect(outcome(() => decodeCursor(t, SECRET, binding))).not.toBe('ok');
        }),
        { numRuns: RUNS },
      );
    },
    FUZZ.timeout,
  );

  it(
    'arbitrary strings get VALIDATION_ERROR and nothing else',
    () => {
      const b64 = fc.string({ unit: fc.constantFrom(...ALPHABET.slice(0, 64)), maxLength: 200 });
      const tokenLike = fc.tuple(b64, fc.string({ unit: fc.constantFrom(...ALPHABET.slice(0, 64)), minLength: 43, maxLength: 43 })).map(([a, b]) => `${a}.${b}`);
      const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
      fc.assert(
        fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 3000 }), fc.string({ unit: anyUnit, maxLength: 100 }), tokenLike), (s) => {
          expect(outcome(() => decodeCursor(s, SECRET, binding))).toBe(CURSOR_MESSAGES.invalid);
        }),
        { numRuns: RUNS },
      );
    },
    FUZZ.timeout,
  );
});
