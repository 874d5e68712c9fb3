import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { FILTER_OPS, parseFilter, printFilter, type FilterNode } from '../../src/query/filter.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const strip = (n: FilterNode): unknown =>
  n.kind === 'cond' ? { kind: n.kind, key: n.key, op: n.op, values: n.values, list: n.list } : { kind: n.kind, children: n.children.map(strip) };

const err = (input: string) => {
  try {
    parseFilter(input);
  } catch (e) {
    return e as ApiError;
  }
  throw new Error(`parsed: ${input}`);
};

describe('filter parser: examples', () => {
  it('parses conditions, lists, nesting and dotted keys', () => {
    expect(strip(parseFilter('amount[gt]:100'))).toEqual({ kind: 'cond', key: 'amount', op: 'gt', values: ['100'], list: false });
    expect(strip(parseFilter('and( year[gte]:2020 , or(round_type[in_any]:[seed, series_a],investor.uuid[eq]:x) )'))).toEqual({
      kind: 'and',
      children: [
        { kind: 'cond', key: 'year', op: 'gte', values: ['2020'], list: false },
        {
          kind: 'or',
          children: [
            { kind: 'cond', key: 'round_type', op: 'in_any', values: ['seed', 'series_a'], list: true },
            { kind: 'cond', key: 'investor.uuid', op: 'eq', values: ['x'], list: false },
          ],
        },
      ],
    });
  });

  it('keeps quoted and escaped commas, parentheses, brackets, quotes and spaces', () => {
    expect(parseFilter('name[eq]:"Acme, Inc. (US) \\"x\\""').kind === 'cond' && (parseFilter('name[eq]:"Acme, Inc. (US) \\"x\\""') as any).values).toEqual(['Acme, Inc. (US) "x"']);
    expect((parseFilter('name[eq]:Acme\\, Inc\\)') as any).values).toEqual(['Acme, Inc)']);
    expect((parseFilter('standardized_round[eq]:  Series A  ') as any).values).toEqual(['Series A']);
    expect((parseFilter('name[eq]:""') as any).values).toEqual(['']);
  });

  it('reports syntax errors with their position', () => {
    const cases: [string, number][] = [
      ['amount', 6],
      ['amount[gt', 9],
      ['amount[foo]:1', 7],
      ['amount[gt]1', 10],
      ['and(amount[gt]:1', 16],
      ['amount[gt]:', 11],
      ['amount[gt]:1)', 12],
      ['x[eq]:"open', 6],
      ['', 0],
    ];
    for (const [input, pos] of cases) {
      const e = err(input);
      expect(e.code, input).toBe('FILTER_PARSE_ERROR');
      expect(e.details, input).toMatchObject({ position: pos });
      expect(e.message, input).toContain(`position ${pos}`);
    }
  });

  it('enforces the size, depth, condition and value limits', () => {
    expect(err('a[eq]:' + 'x'.repeat(5000)).message).toMatch(/4096/);
    const deep = (n: number): string => (n === 0 ? 'a[eq]:1' : `and(${deep(n - 1)})`);
    expect(() => parseFilter(deep(8))).not.toThrow();
    expect(err(deep(9)).message).toMatch(/8 levels/);
    expect(err(`and(${Array.from({ length: 101 }, () => 'a[eq]:1').join(',')})`).message).toMatch(/100 conditions/);
    expect(err(`a[in_any]:[${Array.from({ length: 501 }, (_v, i) => i).join(',')}]`).message).toMatch(/500 values/);
  });
});

const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}(\.[a-z_][a-z0-9_]{0,5})?$/).filter((k) => !['and', 'or'].includes(k) || true);
const value = fc.string({ minLength: 0, maxLength: 12, unit: fc.constantFrom('a', 'Z', '1', ' ', ',', ')', '(', ']', '[', '"', '\\', 'é', '-', ':') });
const cond = fc.record({ key, op: fc.constantFrom(...FILTER_OPS), list: fc.boolean(), values: fc.array(value, { minLength: 1, maxLength: 4 }) }).map(
  (c): FilterNode => ({ kind: 'cond', key: c.key, op: c.op, list: c.list, values: c.list ? c.values : [c.values[0]!], pos: 0 }),
);
const tree: fc.Arbitrary<FilterNode> = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    cond,
    fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), children: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }).map((n) => ({ ...n, pos: 0 }) as FilterNode),
  ),
})).node.filter((n) => {
  const depth = (x: FilterNode): number => (x.kind === 'cond' ? 0 : 1 + Math.max(...x.children.map(depth)));
  return depth(n) <= 8;
});

describe('filter parser: properties', () => {
  it('prints any valid tree to text that parses back to the same tree, idempotently', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const text = printFilter(t);
        const back = parseFilter(text);
        expect(strip(back)).toEqual(strip(t));
        expect(printFilter(back)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it('never throws anything but FILTER_PARSE_ERROR on arbitrary or mutated input', () => {
    const mutated = fc.tuple(tree, fc.nat(), fc.string({ maxLength: 3 })).map(([t, at, ins]) => {
      const s = printFilter(t);
      const i = at % (s.length + 1);
      return s.slice(0, i) + ins + s.slice(i + 1);
    });
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 100 }), mutated), (input) => {
        try {
          parseFilter(input);
        } catch (e) {
          expect(e).toBeInstanceOf(ApiError);
          expect((e as ApiError).code).toBe('FILTER_PARSE_ERROR');
        }
      }),
      { numRuns: RUNS },
    );
  });
});
