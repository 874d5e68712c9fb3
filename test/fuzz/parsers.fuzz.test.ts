/**
 * Long fuzzing of the filter parser, the filter compiler and the cursor decoder (issue "Reliability
 * and security", part 2): `make fuzz` runs each property FUZZ_RUNS times (100,000). The smaller
 * runs in `make test` are the property tests of test/unit/filter.test.ts and cursor.test.ts and the
 * HTTP property in test/integration/hostile.test.ts.
 *
 *   FUZZ_RUNS=100000 npx vitest run --config test/fuzz/vitest.config.ts
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter } from '../../src/query/compile.js';
import { CURSOR_MESSAGES, decodeCursor, encodeCursor, type CursorPayload } from '../../src/query/cursor.js';
import { DEFAULT_FILTER_LIMITS, FILTER_OPS, parseFilter, printFilter } from '../../src/query/filter.js';
import { SCOPES } from '../../src/query/registry.js';

const RUNS = Number(process.env.FUZZ_RUNS) || 100_000;
const SEED = Number(process.env.FUZZ_SEED) || 20261123;
const opts = { numRuns: RUNS, seed: SEED, endOnFailure: true };
const FILTER_CODES = ['FILTER_PARSE_ERROR', 'FILTER_VALIDATION_ERROR', 'UNKNOWN_FILTER', 'UNSUPPORTED_OPERATOR', 'VALIDATION_ERROR'];

/** Runs `fn`; anything thrown must be a 400 ApiError with one of `codes`. */
function refusedOrOk<T>(fn: () => T, codes: string[]): T | ApiError {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof ApiError)) throw new Error(`not an ApiError: ${(e as Error)?.stack ?? e}`);
    expect(codes).toContain(e.code);
    expect(e.status).toBe(400);
    return e;
  }
}

/** A marker that must never appear in SQL text: user values are bound, never interpolated. */
const MARK = 'zqx';

const token = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('and(', 'or(', ')', ',', '[', ']', ':', ' ', '(', '"', "'", '\\', ';', '--', '/*', '%', '.', '_') },
  { weight: 4, arbitrary: fc.constantFrom(...FILTER_OPS.map((o) => `[${o}]:`)) },
  { weight: 4, arbitrary: fc.constantFrom(...new Set(Object.values(SCOPES).flatMap((s) => s.keys.map((k) => k.key)))) },
  { weight: 3, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 2, arbitrary: fc.integer().map(String) },
);
const soup = fc.array(token, { maxLength: 40 }).map((t) => t.join(''));

const value = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => `${MARK}${s}`),
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.constantFrom('true', 'false', '2024', '2024-05', '2024-05-17', '00000000-0000-4000-8000-000000000000', `${MARK}' or '1'='1`),
);
/** Well-formed filters over a scope's real keys (and some unknown ones), any operator. */
function filterOf(keys: string[]) {
  const cond = fc
    .tuple(fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom('nope', `${MARK}key`) }), fc.constantFrom(...FILTER_OPS), fc.array(value, { minLength: 1, maxLength: 4 }))
    .map(([k, op, vs]) => (op.includes('_') || op === 'in' || op === 'nin' ? `${k}[${op}]:[${vs.map((v) => v.replace(/[,\]\[()\s]/g, '')).join(',')}]` : `${k}[${op}]:${vs[0]!.replace(/[,\]\[()\s]/g, '')}`));
  const { tree } = fc.letrec<{ tree: string }>((tie) => ({
    tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, cond, fc.tuple(fc.constantFrom('and', 'or'), fc.array(tie('tree'), { minLength: 1, maxLength: 3 })).map(([c, ch]) => `${c}(${ch.join(',')})`)),
  }));
  return tree;
}

describe('filter parser', () => {
  it(`refuses or parses ${RUNS} random token soups: only 400 ApiErrors, limits kept`, () => {
    fc.assert(
      fc.property(soup, (input) => {
        const r = refusedOrOk(() => parseFilter(input), FILTER_CODES);
        if (r instanceof ApiError) return;
        expect(input.length).toBeLessThanOrEqual(DEFAULT_FILTER_LIMITS.maxLength);
        // a parsed filter prints to a form that parses to the same tree
        expect(printFilter(parseFilter(printFilter(r)))).toBe(printFilter(r));
      }),
      opts,
    );
  });

  it(`refuses or parses ${RUNS} arbitrary strings (any code point) without crashing`, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (input) => {
        refusedOrOk(() => parseFilter(input), FILTER_CODES);
      }),
      opts,
    );
  });
});

describe('filter compiler', () => {
  const money = new Money('EUR', 0.9);
  const enums = { investor_types: [{ code: 'venture_capital', name: 'Venture Capital' }] };
  for (const scope of Object.values(SCOPES)) {
    it(`compiles ${RUNS} random filters of scope ${scope.name} to bound SQL or refuses them with 400`, () => {
      fc.assert(
        fc.property(filterOf(scope.keys.map((k) => k.key)), (input) => {
          const r = refusedOrOk(() => compileFilter(parseFilter(input), scope, { alias: 'b', money, enums }), FILTER_CODES);
          if (r instanceof ApiError || r === null) return;
          // no user value ever reaches the SQL text: values are bindings only
          expect(r.sql.toLowerCase()).not.toContain(MARK);
          expect(r.sql).not.toMatch(/;|--|\/\*/);
          expect(r.sql.split('?').length - 1).toBe(r.bindings.length);
        }),
        opts,
      );
    });
  }
});

describe('cursor decoder', () => {
  const SECRET = 'fuzz-secret';
  const binding = { sort: '-date,id', filter: '', parent: null };
  const valid = (p: Partial<CursorPayload>) =>
    encodeCursor({ v: 1, sort: '-date,id', filter: '', parent: null, dir: 'next', key: ['2024-01-01', 1], offset: 25, limit: 25, ver: '2026-10-09', ...p }, SECRET);
  const codes = ['VALIDATION_ERROR'];

  it(`refuses ${RUNS} arbitrary strings as cursors with 400`, () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 3000 }), fc.base64String({ maxLength: 400 })), (t) => {
        const r = refusedOrOk(() => decodeCursor(t, SECRET, binding), codes);
        expect(r).toBeInstanceOf(ApiError);
      }),
      opts,
    );
  });

  it(`refuses ${RUNS} single-character edits of a valid cursor`, () => {
    const good = valid({});
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
    fc.assert(
      fc.property(fc.nat(good.length - 1), fc.constantFrom(...alphabet), fc.constantFrom('replace', 'insert', 'delete'), (i, ch, how) => {
        const t = how === 'replace' ? good.slice(0, i) + ch + good.slice(i + 1) : how === 'insert' ? good.slice(0, i) + ch + good.slice(i) : good.slice(0, i) + good.slice(i + 1);
        const r = refusedOrOk(() => decodeCursor(t, SECRET, binding), codes);
        // the only edits that may pass are the ones that leave the text as it was
        if (!(r instanceof ApiError)) expect(t).toBe(good);
        else expect(r.message).toBe(CURSOR_MESSAGES.invalid);
      }),
      opts,
    );
  });

  it(`round-trips ${RUNS} random payloads and refuses them under another secret, sort or filter`, () => {
    const keyValue = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(keyValue, { minLength: 1, maxLength: 4 }), fc.nat(50_000), fc.integer({ min: 1, max: 500 }), fc.constantFrom('next', 'prev'), (key, offset, limit, dir) => {
        const t = valid({ key, offset, limit, dir: dir as 'next' | 'prev' });
        const back = refusedOrOk(() => decodeCursor(t, SECRET, binding), codes);
        if (back instanceof ApiError) return; // e.g. over the length limit
        expect(back).toMatchObject({ key, offset, limit, dir });
        expect(refusedOrOk(() => decodeCursor(t, 'other-secret', binding), codes)).toBeInstanceOf(ApiError);
        expect(refusedOrOk(() => decodeCursor(t, SECRET, { ...binding, sort: 'date,id' }), codes)).toBeInstanceOf(ApiError);
        expect(refusedOrOk(() => decodeCursor(t, SECRET, { ...binding, filter: 'year[gte]:2020' }), codes)).toBeInstanceOf(ApiError);
      }),
      opts,
    );
  });
});
