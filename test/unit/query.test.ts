import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { Money } from '../../src/money/fx.js';
import { compileFilter, compileFilterCached, partialDateRange } from '../../src/query/compile.js';
import { parseFilter, printFilter } from '../../src/query/filter.js';
import { SCOPES } from '../../src/query/registry.js';
import { resolveSort } from '../../src/query/sort.js';

const usd = new Money('USD', 1);
const compile = (f: string, money = usd) => compileFilter(parseFilter(f), SCOPES.funding!, { alias: 't', money });
const code = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as ApiError).code;
  }
};

describe('filter compilation', () => {
  it('binds every value as a parameter', () => {
    const c = compile("and(amount[gt]:100,round_type[in_any]:[seed,SERIES A])")!;
    expect(c.sql).not.toContain('100');
    expect(c.sql).not.toMatch(/seed/i);
    expect(c.bindings).toEqual([100, 'seed', 'series_a']);
  });

  it('takes countries and continents by code or name where a place id is expected', () => {
    const places = [
      { code: 'NA', name: 'Namibia', id: 10, kind: 'country' },
      { code: 'NA', name: 'North America', id: 2, kind: 'continent' },
      { code: 'DE', name: 'Germany', id: 11, kind: 'country' },
    ];
    const entity = (f: string) => compileFilter(parseFilter(f), SCOPES.entity!, { alias: 'e', money: usd, enums: { places } })!;
    expect(entity('country[eq]:na').bindings).toEqual([10]);
    expect(entity('continent[eq]:NA').bindings).toEqual([2]);
    expect(entity('country[in_any]:[Germany,de,11]').bindings).toEqual([11]);
    expect(entity('hq_location[eq]:Germany').bindings).toEqual([11, 11, 11]);
    let err: ApiError | undefined;
    try {
      entity('hq_location[eq]:NA');
    } catch (e) {
      err = e as ApiError;
    }
    expect(err?.code).toBe('FILTER_VALIDATION_ERROR');
    expect(err?.message).toContain('the country Namibia (10) and the continent North America (2)');
    expect(code(() => entity('country[eq]:North America'))).toBe('FILTER_VALIDATION_ERROR');
  });

  it('reads money in the request currency', () => {
    const c = compile('amount[gte]:920', new Money('EUR', 0.92))!;
    expect(c.bindings).toEqual([1000]);
    expect(compile('amount[gt]:1000', new Money('EUR', 0.92))!.bindings).toEqual([1086]);
    expect(compile('amount[gte]:1000', new Money('EUR', 0.92))!.bindings).toEqual([1087]);
  });

  it('compares partial dates at their precision', () => {
    expect(partialDateRange('date', '2024')).toEqual(['2024-01-01', '2025-01-01']);
    expect(partialDateRange('date', '2024-12')).toEqual(['2024-12-01', '2025-01-01']);
    expect(partialDateRange('date', '2024-02-29')).toEqual(['2024-02-29', '2024-03-01']);
    expect(code(() => partialDateRange('date', '2023-02-29'))).toBe('FILTER_VALIDATION_ERROR');
    expect(code(() => partialDateRange('date', '2024-13'))).toBe('FILTER_VALIDATION_ERROR');
    expect(compile('date[gt]:2024-05')!.bindings).toEqual(['2024-06-01']);
    expect(compile('date[lte]:2024')!.bindings).toEqual(['2025-01-01']);
  });

  it('gives the four filter codes', () => {
    expect(code(() => compile('nope[eq]:1'))).toBe('UNKNOWN_FILTER');
    expect(code(() => compile('amount[in_all]:[1]'))).toBe('UNSUPPORTED_OPERATOR');
    expect(code(() => compile('amount[gt]:1.5'))).toBe('FILTER_VALIDATION_ERROR');
    expect(code(() => compile('is_exit[eq]:maybe'))).toBe('FILTER_VALIDATION_ERROR');
    expect(code(() => compile('standardized_round[eq]:Series Z'))).toBe('FILTER_VALIDATION_ERROR');
    expect(code(() => compile('amount[gt]:[1,2]'))).toBe('FILTER_VALIDATION_ERROR');
  });

  it('uses EXISTS for related records and a distinct count for in_all', () => {
    const any = compile('investor.uuid[in_any]:[3f0f1a52-6a4b-4c6e-9d7a-0b4e2f1c9a10]')!;
    expect(any.sql).toMatch(/^exists \(select 1 from transaction_investors/);
    const all = compile('investor.uuid[in_all]:[3f0f1a52-6a4b-4c6e-9d7a-0b4e2f1c9a10,4f0f1a52-6a4b-4c6e-9d7a-0b4e2f1c9a10]')!;
    expect(all.sql).toMatch(/count\(distinct ie\.uuid\)/);
    expect(all.bindings.at(-1)).toBe(2);
  });
});

describe('sort resolution', () => {
  const reg = { keys: [{ key: 'date', sql: '{b}.d' }, { key: 'amount', sql: '{b}.a' }, { key: 'id', sql: '{b}.id' }], default: '-date', id: '{b}.id', retired: { created_at: { replacement: 'date', since: '2026-10-09', sql: '{b}.c' } } };
  it('defaults, appends the id tie-breaker and canonicalises', () => {
    expect(resolveSort(undefined, reg, 't').canonical).toBe('-date,id');
    expect(resolveSort('amount,-date', reg, 't').canonical).toBe('amount,-date,id');
    expect(resolveSort('-id', reg, 't').canonical).toBe('-id');
  });
  it('refuses unknown and retired keys naming the alternatives', () => {
    try {
      resolveSort('popularity', reg, 't');
    } catch (e) {
      expect((e as ApiError).message).toContain('date, amount, id');
    }
    expect(code(() => resolveSort('-created_at', reg, 't'))).toBe('VALIDATION_ERROR');
    expect(resolveSort('-created_at', reg, 't', '2026-10-07').keys[0]!.sql).toBe('t.c');
  });
});

describe('compiled filters kept by their text', () => {
  const cached = (f: string, opts: Partial<Parameters<typeof compileFilterCached>[3]> = {}) => {
    const ast = parseFilter(f);
    return compileFilterCached(ast, printFilter(ast), SCOPES.funding!, { alias: 't', money: usd, ...opts });
  };

  it('gives a filter sent again, in any spelling, the compilation of the first, as compileFilter gives it', () => {
    const first = cached('and(year[gte]:2018,amount[gt]:5000000)');
    expect(cached('and( year[gte]:2018 , amount[gt]:5000000 )')).toBe(first);
    expect(first).toEqual(compile('and(year[gte]:2018,amount[gt]:5000000)'));
    // shared by every request that sends it: nobody may edit it
    expect(Object.isFrozen(first) && Object.isFrozen(first!.bindings)).toBe(true);
  });

  it('compiles again for what the SQL depends on besides the text: currency and rate, alias, tier, version, enums', () => {
    const f = 'amount[gt]:1000';
    const base = cached(f);
    const eur = cached(f, { money: new Money('EUR', 0.5) });
    expect(eur).not.toBe(base);
    expect(eur!.bindings).toEqual([2000]);
    expect(cached(f, { money: new Money('EUR', 0.25) })!.bindings).toEqual([4000]);
    expect(cached(f, { alias: 'x' })!.sql).toContain('x.amount_usd');
    expect(cached(f, { tier: 'free' })).not.toBe(base);
    expect(cached(f, { version: '2026-01-01' })).not.toBe(base);
    expect(cached(f, { enums: { places: [] } })).not.toBe(base);
  });

  it('keeps no refusal: a filter refused for one tier is compiled (and refused) each time, and served for another', () => {
    const f = 'valuation[gt]:1';
    expect(code(() => cached(f, { tier: 'free' }))).toBe('FORBIDDEN');
    expect(code(() => cached(f, { tier: 'free' }))).toBe('FORBIDDEN');
    expect(cached(f)!.bindings).toEqual([1]);
  });
});
