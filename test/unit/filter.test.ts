import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import {
  CURRENT_OPS,
  DEFAULT_FILTER_LIMITS,
  FILTER_OPS,
  FILTER_SYNTAX_DOC,
  LEGACY_OPS,
  normalizeFilter,
  parseFilter,
  printFilter,
  walkConditions,
  type FilterCondition,
  type FilterNode,
} from '../../src/query/filter.js';

/** `make fuzz` runs FUZZ_RUNS=100000. */
const RUNS = Number(process.env.FUZZ_RUNS) || 300;
const FUZZ = { timeout: Math.max(30_000, RUNS * 3) };
const UNLIMITED = { maxLength: Infinity, maxConditions: Infinity, maxValues: Infinity };

/** The tree without positions. */
const strip = (n: FilterNode): unknown =>
  n.kind === 'cond' ? { key: n.key, op: n.op, values: n.values, list: n.list } : { kind: n.kind, children: n.children.map(strip) };
const cond = (key: string, op: string, values: string[], list = false) => ({ key, op, values, list });
const parsed = (input: string) => strip(parseFilter(input));

function parseError(input: string, limits = {}): ApiError {
  try {
    parseFilter(input, limits);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error(`parsed: ${JSON.stringify(input)}`);
}

/** The contract of every parse failure. */
function expectParseError(e: unknown, input: string): void {
  expect(e).toBeInstanceOf(ApiError);
  const err = e as ApiError;
  expect(err.code).toBe('FILTER_PARSE_ERROR');
  expect(err.status).toBe(400);
  const position = (err.details as { position: number }).position;
  expect(Number.isInteger(position) && position >= 0 && position <= input.length).toBe(true);
  expect(err.message).toContain(`at position ${position}`);
}

describe('filter parser: examples', () => {
  it('parses a condition with every operator, legacy ones included', () => {
    for (const op of FILTER_OPS) expect(parsed(`amount[${op}]:100`)).toEqual(cond('amount', op, ['100']));
    expect(LEGACY_OPS).toEqual(['in', 'nin']);
    expect(CURRENT_OPS).toEqual(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in_any', 'nin_any', 'in_all', 'nin_all']);
    expect(parseFilter('amount[gt]:100')).toEqual({ kind: 'cond', key: 'amount', op: 'gt', values: ['100'], list: false, pos: 0 });
  });

  it('parses nested and/or with positions, single arguments and optional whitespace', () => {
    const input = ' and( year[gte]:2020 , or (round_type[in_any]:[ seed , series_a ],investor.uuid[eq]:x) ,and(k[eq]:v) ) ';
    const tree = parseFilter(input);
    expect(strip(tree)).toEqual({
      kind: 'and',
      children: [
        cond('year', 'gte', ['2020']),
        { kind: 'or', children: [cond('round_type', 'in_any', ['seed', 'series_a'], true), cond('investor.uuid', 'eq', ['x'])] },
        { kind: 'and', children: [cond('k', 'eq', ['v'])] },
      ],
    });
    const positions: number[] = [];
    walkConditions(tree, (c) => positions.push(c.pos));
    expect(positions).toEqual(['year[', 'round_type[', 'investor.uuid[', 'k[eq]'].map((k) => input.indexOf(k)));
    expect(tree.pos).toBe(1);
    expect(tree.kind === 'and' && tree.children.map((c) => c.pos)).toEqual(['year[', 'or (', 'and(k'].map((k) => input.indexOf(k)));
  });

  it('keeps keys raw: dotted, double underscore, and keys named like combinators', () => {
    expect(parsed('investor.uuid[eq]:x')).toEqual(cond('investor.uuid', 'eq', ['x']));
    expect(parsed('investor__uuid[eq]:x')).toEqual(cond('investor__uuid', 'eq', ['x']));
    expect(parsed('_a9.B_1[eq]:x')).toEqual(cond('_a9.B_1', 'eq', ['x']));
    expect(parsed('and[eq]:1')).toEqual(cond('and', 'eq', ['1']));
    expect(parsed('or(or[eq]:1)')).toEqual({ kind: 'or', children: [cond('or', 'eq', ['1'])] });
  });

  it('reads quoted values literally, with \\" and \\\\ escapes', () => {
    expect(parsed('name[eq]:"Acme, Inc. (US) [x] \\"y\\" \\\\ "')).toEqual(cond('name', 'eq', ['Acme, Inc. (US) [x] "y" \\ ']));
    expect(parsed('name[eq]:""')).toEqual(cond('name', 'eq', ['']));
    expect(parsed('name[eq]:"  "')).toEqual(cond('name', 'eq', ['  ']));
    expect(parsed('name[eq]:  "a" ')).toEqual(cond('name', 'eq', ['a']));
    expect(parsed('and(name[eq]:"a)" , b[eq]:"c,d")')).toEqual({ kind: 'and', children: [cond('name', 'eq', ['a)']), cond('b', 'eq', ['c,d'])] });
  });

  it('reads bare values up to , ) or ], trimmed, with backslash escapes', () => {
    expect(parsed('standardized_round[eq]:  Series A  ')).toEqual(cond('standardized_round', 'eq', ['Series A']));
    expect(parsed('name[eq]:Acme\\, Inc\\) \\(x\\) \\[y\\] \\"q\\" a\\\\b')).toEqual(cond('name', 'eq', ['Acme, Inc) (x) [y] "q" a\\b']));
    expect(parsed('d[gte]:2024-01-01T10:00:00Z')).toEqual(cond('d', 'gte', ['2024-01-01T10:00:00Z']));
    expect(parsed('name[eq]:Zürich 東京 🚀\u0000')).toEqual(cond('name', 'eq', ['Zürich 東京 🚀\u0000']));
    expect(parsed('and(name[eq]:a\\, ,b[eq]:c)')).toEqual({ kind: 'and', children: [cond('name', 'eq', ['a,']), cond('b', 'eq', ['c'])] });
  });

  it('parses [..] lists on any operator and leaves their meaning to the registries', () => {
    expect(parsed('year[in_any]:[2019, 2020 ,"2021,x", ""]')).toEqual(cond('year', 'in_any', ['2019', '2020', '2021,x', ''], true));
    expect(parsed('year[in_any]:2019')).toEqual(cond('year', 'in_any', ['2019']));
    expect(parsed('year[eq]:[2019]')).toEqual(cond('year', 'eq', ['2019'], true));
    expect(parsed('year[nin]:[ a ]')).toEqual(cond('year', 'nin', ['a'], true));
  });

  const errors: [input: string, position: number, fragment: string][] = [
    ['', 0, 'Expected a filter key'],
    ['   ', 3, 'found the end of the filter'],
    ['1a[eq]:1', 0, 'Expected a filter key, "and(" or "or(" at position 0, found "1"'],
    ['é[eq]:1', 0, 'Expected a filter key'],
    ['amount', 6, 'Expected "[" after filter key "amount" at position 6'],
    ['amount [gt]:1', 6, 'Expected "["'],
    ['a.b.c[eq]:1', 3, 'at most one "."'],
    ['a.[eq]:1', 2, 'Expected a name after "a."'],
    ['amount[gt', 9, 'Expected "]" after operator "gt"'],
    ['amount[]:1', 7, 'Expected an operator'],
    ['amount[foo]:1', 7, 'Unknown operator "foo"; operators: eq, neq'],
    ['amount[GT]:1', 7, 'Unknown operator "GT"'],
    ['amount[gt]1', 10, 'Expected ":" after "amount[gt]"'],
    ['amount[gt]:', 11, 'Expected a value'],
    ['amount[gt]:   ', 14, 'the empty value is written ""'],
    ['amount[gt]:1)', 12, 'Unexpected ")" after the end of the filter'],
    ['a[eq]:1,b[eq]:2', 7, 'Unexpected ","'],
    ['and(amount[gt]:1', 16, 'Expected "," or ")" after an argument of and(...)'],
    ['and()', 4, 'Expected a filter key'],
    ['or(a[eq]:1,)', 11, 'Expected a filter key'],
    ['and(a[eq]:1 b[eq]:2)', 12, 'Missing "," before "b[eq]"'],
    ['AND(a[eq]:1)', 0, 'Combinators are lower-case'],
    ['Or (a[eq]:1)', 0, 'Combinators are lower-case'],
    ['not(a[eq]:1)', 0, 'Unknown combinator "not"'],
    ['x[eq]:"open', 6, 'Unterminated quoted value'],
    ['x[eq]:"a"b', 9, 'Unexpected "b" after the end'],
    ['x[eq]:a"b', 7, 'Unexpected "\\"" in a value'],
    ['x[eq]:a(b', 7, 'escape it with a backslash or double-quote the value'],
    ['x[eq]:a\\n', 7, 'A backslash escapes only , ( ) [ ] " \\ but is followed by "n"'],
    ['x[eq]:a\\', 7, 'followed by the end of the filter'],
    ['x[eq]:"a\\n"', 8, 'A backslash escapes only'],
    ['x[eq]:\u0000(', 7, 'Unexpected "("'],
    ['x[in_any]:[]', 10, 'A value list needs at least one value'],
    ['x[in_any]:[a,]', 13, 'Expected a value in the list'],
    ['x[in_any]:[a', 12, 'Expected "]" or "," after a list value'],
    ['x[in_any]:[a)', 12, 'Expected "]" or ","'],
    ['x[in_any]:[a]]', 13, 'Unexpected "]"'],
  ];

  it.each(errors)('rejects %j at position %i', (input, position, fragment) => {
    const e = parseError(input);
    expectParseError(e, input);
    expect(e.details).toEqual(input.includes('[foo]') || input.includes('[GT]') ? { position, operator: input.slice(7, 10).replace(']', '') } : { position });
    expect(e.message).toContain(fragment);
  });

  it('points at a missing comma between two conditions and shows and(a,b)', () => {
    const inside = 'and(year[gte]:2024 amount[gt]:10000000)';
    const e = parseError(inside);
    expectParseError(e, inside);
    expect((e.details as { position: number }).position).toBe(inside.indexOf('amount'));
    expect(e.message).toContain('Missing "," before "amount[gt]"');
    expect(e.message).toContain('and(a,b)');
    // at the top level the fix is a combinator around both
    const top = 'year[gte]:2024 amount[gt]:10';
    const t = parseError(top);
    expectParseError(t, top);
    expect((t.details as { position: number }).position).toBe(top.indexOf('amount'));
    expect(t.message).toContain('and(year[gte]:2024,amount[gt]:10)');
    // a nested group after a space
    const nested = 'and(year[gte]:2024 or(a[eq]:1,b[eq]:2))';
    const n = parseError(nested);
    expect((n.details as { position: number }).position).toBe(nested.indexOf('or('));
    expect(n.message).toContain('Missing "," before "or("');
    // a space inside a value stays legal
    expect(parsed('standardized_round[eq]:Series A')).toEqual(cond('standardized_round', 'eq', ['Series A']));
  });

  it('enforces the length limit before parsing', () => {
    expect(DEFAULT_FILTER_LIMITS).toEqual({ maxLength: 4096, maxDepth: 8, maxConditions: 100, maxValues: 500 });
    const fits = 'a[eq]:' + 'x'.repeat(4090);
    expect(parseFilter(fits)).toMatchObject({ values: ['x'.repeat(4090)] });
    const e = parseError(fits + 'x');
    expect(e.code).toBe('FILTER_PARSE_ERROR');
    expect(e.message).toBe('Filter expression exceeds 4096 characters at position 4096');
    expect(e.details).toEqual({ position: 4096, limit: 4096 });
    expect(parseError('(((' + 'x'.repeat(5000)).details).toMatchObject({ limit: 4096 });
    expect(parseError('a[eq]:xyz', { maxLength: 5 }).details).toEqual({ position: 5, limit: 5 });
  });

  it('enforces the nesting limit before descending', () => {
    const deep = (n: number): string => (n === 0 ? 'a[eq]:1' : `and(${deep(n - 1)})`);
    expect(() => parseFilter(deep(8))).not.toThrow();
    const e = parseError(deep(9));
    expect(e.message).toBe('Filter nesting exceeds 8 levels at position 32');
    expect(e.details).toEqual({ position: 32, limit: 8 });
    expect(parseError('or('.repeat(9) + ')'.repeat(9)).details).toEqual({ position: 24, limit: 8 });
    expect(parseError(deep(3), { maxDepth: 2 }).details).toEqual({ position: 8, limit: 2 });
  });

  it('enforces the condition and list-size limits', () => {
    const conds = (n: number) => `or(${Array.from({ length: n }, () => 'a[eq]:1').join(',')})`;
    expect(() => parseFilter(conds(100))).not.toThrow();
    const e = parseError(conds(101));
    expect(e.message).toBe('Filter has more than 100 conditions at position 803');
    expect(e.details).toEqual({ position: 803, limit: 100 });
    const list = (n: number) => `a[in_any]:[${Array.from({ length: n }, (_v, i) => i % 10).join(',')}]`;
    expect(() => parseFilter(list(500))).not.toThrow();
    const v = parseError(list(501));
    expect(v.message).toBe('A value list has more than 500 values at position 1011');
    expect(v.details).toEqual({ position: 1011, limit: 500 });
    expect(parseError('and(a[eq]:1,b[eq]:2)', { maxConditions: 1 }).details).toEqual({ position: 12, limit: 1 });
  });

  it('runs in linear time with no recursion, whatever the limits', () => {
    const t0 = performance.now();
    parseFilter(`a[eq]:${'\\,'.repeat(500_000)}`, UNLIMITED);
    parseFilter(`a[in_any]:[${'x,'.repeat(200_000)}y]`, UNLIMITED);
    const deep = `${'and('.repeat(100_000)}a[eq]:1${')'.repeat(100_000)}`;
    const tree = parseFilter(deep, { ...UNLIMITED, maxDepth: Infinity });
    expect(printFilter(tree)).toBe(deep);
    let n = 0;
    walkConditions(tree, () => n++);
    expect(n).toBe(1);
    const err = parseError(`${' '.repeat(1_000_000)}and${' '.repeat(1_000_000)}`, UNLIMITED);
    expect(err.details).toEqual({ position: 1_000_003 });
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});

describe('printFilter, normalizeFilter and walkConditions', () => {
  it('prints the canonical form: no optional spaces, bare values where possible', () => {
    const input = ' and( name[eq]: "A, \\"b\\"" , x.y[in_any]:[ a b , "" , \\(c\\),"  d" ] , or(k[eq]:"v"),n[eq]:"\\\\") ';
    expect(normalizeFilter(input)).toBe('and(name[eq]:"A, \\"b\\"",x.y[in_any]:[a b,"","(c)","  d"],or(k[eq]:v),n[eq]:"\\\\")');
    expect(normalizeFilter('a[eq]:x')).toBe(normalizeFilter(' a[eq]:  "x" '));
    expect(normalizeFilter('a[eq]:\u00a0x\u00a0')).toBe('a[eq]:x');
    expect(printFilter({ kind: 'cond', key: 'a', op: 'eq', values: [' x'], list: false, pos: 0 })).toBe('a[eq]:" x"');
    expect(() => normalizeFilter('a[eq]:1', { maxLength: 3 })).toThrow(ApiError);
  });

  it('visits conditions left to right', () => {
    const keys: string[] = [];
    walkConditions(parseFilter('or(a[eq]:1,and(b[eq]:2,or(c[eq]:3)),d[eq]:4)'), (c: FilterCondition) => keys.push(c.key));
    expect(keys).toEqual(['a', 'b', 'c', 'd']);
  });

  it('documents the syntax in Markdown, with examples that parse', () => {
    expect(FILTER_SYNTAX_DOC).toContain('`round_type[in_any]:[seed,series_a]`');
    for (const limit of ['4096', '8 levels', '100 conditions', '500 values']) expect(FILTER_SYNTAX_DOC).toContain(limit);
    const examples = [...FILTER_SYNTAX_DOC.matchAll(/`([^`]*\[(?:[a-z_]+)\]:[^`]*)`/g)].map((m) => m[1]!).filter((x) => !x.includes('[op]'));
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const x of examples) expect(() => parseFilter(x), x).not.toThrow();
    expect(parsed('name[eq]:Acme\\, Inc.')).toEqual(cond('name', 'eq', ['Acme, Inc.']));
  });
});

// ---------------------------------------------------------------------------------------------
// properties

const WS = ['', ' ', '  ', '\t', '\n', '\u00a0', '\u3000'];
const nasty = fc.constantFrom('a', 'Z', '1', ' ', '\t', '\u00a0', ',', ')', '(', ']', '[', '"', '\\', ':', '.', 'é', '🚀', '\u0000', '\ud800');
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const valueArb = fc.oneof(fc.string({ maxLength: 12, unit: nasty }), fc.string({ maxLength: 6, unit: anyUnit }), fc.string({ maxLength: 6, unit: 'binary' }));
const keyArb = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}(\.[A-Za-z_][A-Za-z0-9_]{0,5})?$/);
const condArb = fc
  .record({ key: keyArb, op: fc.constantFrom(...FILTER_OPS), list: fc.boolean(), values: fc.array(valueArb, { minLength: 1, maxLength: 4 }) })
  .map((c): FilterNode => ({ kind: 'cond', ...c, values: c.list ? c.values : c.values.slice(0, 1), pos: 0 }));
const treeArb: fc.Arbitrary<FilterNode> = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 7, depthSize: 'small', withCrossShrink: true },
    condArb,
    fc
      .record({ kind: fc.constantFrom('and' as const, 'or' as const), children: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) })
      .map((g): FilterNode => ({ ...g, pos: 0 })),
  ),
})).node;

/** Any legal spelling of a tree: random whitespace, quoting and escaping, driven by `choices`. */
function spell(tree: FilterNode, choices: number[]): string {
  let k = 0;
  const pick = (n: number) => (choices.length ? choices[k++ % choices.length]! % n : 0);
  const ws = () => WS[pick(WS.length)]!;
  const value = (v: string): string => {
    const canBeBare = v !== '' && !/^\s|\s$/.test(v);
    if (canBeBare && pick(2) === 0) return v.replace(/[,()[\]"\\]/g, '\\$&');
    return `"${v.replace(pick(2) ? /[\\"]/g : /[,()[\]"\\]/g, '\\$&')}"`;
  };
  const go = (n: FilterNode): string => {
    if (n.kind !== 'cond') return `${n.kind}${ws().trim()}(${ws()}${n.children.map(go).join(`${ws()},${ws()}`)}${ws()})`;
    const v = n.list ? `[${ws()}${n.values.map(value).join(`${ws()},${ws()}`)}${ws()}]` : value(n.values[0]!);
    return `${n.key}[${n.op}]:${ws()}${v}`;
  };
  return `${ws()}${go(tree)}${ws()}`;
}

function mutate(s: string, edits: [number, number, string][]): string {
  for (const [at, kind, text] of edits) {
    const i = s.length ? at % (s.length + 1) : 0;
    s = kind % 3 === 0 ? s.slice(0, i) + s.slice(i + 1) : kind % 3 === 1 ? s.slice(0, i) + text + s.slice(i) : s.slice(0, i) + text + s.slice(i + 1);
  }
  return s;
}

describe('filter parser: properties', () => {
  it(
    'any tree prints to text that parses back to it; print is idempotent; every spelling parses to the same tree',
    () => {
      fc.assert(
        fc.property(treeArb, fc.array(fc.nat(), { maxLength: 40 }), (tree, choices) => {
          const text = printFilter(tree);
          const back = parseFilter(text, UNLIMITED);
          expect(strip(back)).toEqual(strip(tree));
          expect(printFilter(back)).toBe(text);
          expect(strip(parseFilter(spell(tree, choices), UNLIMITED))).toEqual(strip(tree));
        }),
        { numRuns: RUNS },
      );
    },
    FUZZ.timeout,
  );

  const fragments = fc.constantFrom('and(', 'or(', 'AND(', ')', '(', ',', '[', ']', ':', '"', '\\', ' ', 'v', '.', 'a[eq]:', 'x.y[in_any]:', 'k[gt]:1', 'k[foo]:');
  const inputs = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ maxLength: 100, unit: 'binary' }),
    fc.string({ maxLength: 100, unit: anyUnit }),
    fc.array(fragments, { maxLength: 40 }).map((a) => a.join('')),
    fc.tuple(treeArb, fc.array(fc.nat(), { maxLength: 20 }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 3, unit: nasty })), { minLength: 1, maxLength: 4 })).map(
      ([t, choices, edits]) => mutate(spell(t, choices), edits),
    ),
  );

  it(
    'arbitrary and mutated input either parses (and normalises stably) or fails with FILTER_PARSE_ERROR',
    () => {
      fc.assert(
        fc.property(inputs, (input) => {
          let tree: FilterNode;
          try {
            tree = parseFilter(input);
          } catch (e) {
            expectParseError(e, input);
            return;
          }
          const text = printFilter(tree);
          expect(strip(parseFilter(text, UNLIMITED))).toEqual(strip(tree));
          expect(normalizeFilter(text, UNLIMITED)).toBe(text);
        }),
        { numRuns: RUNS },
      );
    },
    FUZZ.timeout,
  );
});
