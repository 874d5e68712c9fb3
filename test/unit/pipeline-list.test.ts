import { describe, expect, it } from 'vitest';
import { Money } from '../../src/money/fx.js';
import { listInputOf, listInputStage } from '../../src/pipeline/listInput.js';
import { capPage, compileListFilter, prepareList, type ListInput } from '../../src/query/list.js';
import { decodeCursor } from '../../src/query/cursor.js';
import { SCOPES } from '../../src/query/registry.js';
import type { SortRegistry } from '../../src/query/sort.js';
import { answer, codeOf, exchange } from '../helpers/exchange.js';

const usd = new Money('USD', 1);
const cfg = { cursorSecret: 'test-secret-of-enough-length-0123456789', queryBudgetMs: 1000 };
const SORTS: SortRegistry = { keys: [{ key: 'date', sql: '{b}.date_sort' }, { key: 'id', sql: '{b}.id' }], default: '-date', id: '{b}.id' };
const code = codeOf;

function input(rawQuery: Record<string, unknown>, over: Partial<ListInput> = {}, pin?: string): ListInput {
  const x = exchange({ rawQuery, pin, path: '/data/transactions' });
  return { ...listInputOf(x, cfg, usd, {}), ...over };
}

describe('list input stage', () => {
  it('hands the handler the versioned filter, sort, cursor, limit, caps and the currency', async () => {
    const x = exchange({ rawQuery: { filter: 'amount[gt]:5', sort: 'date', currency: 'EUR' }, path: '/data/transactions' });
    x.query = { ...x.query, limit: 10, include_total: true };
    x.access = { tier: 'free', caps: { tier: 'free', ecosystem: null, pageSize: 100, depth: 5000 } };
    let enumsLoaded = 0;
    const fx = { converter: async (c: string) => new Money(c, 0.5) };
    await listInputStage(fx, cfg, async () => (enumsLoaded++, {}))(x, answer());
    expect(enumsLoaded).toBe(1);
    expect(x.money?.currency).toBe('EUR');
    expect(x.list).toMatchObject({ sort: 'date', limit: 10, includeTotal: true, tier: 'free', caps: { pageSize: 100 }, version: '2026-10-09' });
    expect(x.list?.filter.ast).toMatchObject({ kind: 'cond', key: 'amount' });
  });

  it("carries whether the operation's page size is plan-capped, and prepareList clamps only then", () => {
    const free = { tier: 'free' as const, ecosystem: null, pageSize: 100, depth: 5000 };
    for (const planCapped of [true, false]) {
      const x = exchange({ rawQuery: {}, path: '/data/transactions' });
      x.op = { ...x.op, planCapped };
      x.access = { tier: 'free', caps: free };
      x.query = { limit: 500 };
      const list = listInputOf(x, cfg, usd, {});
      expect(list.planCapped).toBe(planCapped);
      expect(prepareList(list, { scope: SCOPES.funding!, sorts: SORTS, alias: 't' }).page.limit).toBe(planCapped ? 100 : 500);
    }
  });

  it('loads no reference values for a request without a filter', async () => {
    const x = exchange();
    let enumsLoaded = 0;
    await listInputStage({ converter: async (c: string) => new Money(c, 1) }, cfg, async () => (enumsLoaded++, {}))(x, answer());
    expect(enumsLoaded).toBe(0);
    expect(x.money?.currency).toBe('USD');
  });
});

describe('prepareList', () => {
  it('compiles the filter and resolves the sort from plain input', () => {
    const given = input({ filter: 'amount[gt]:100', sort: 'date' }, { limit: 5 });
    const list = prepareList(given, { scope: SCOPES.funding!, sorts: SORTS, alias: 't' });
    expect(list.where?.bindings).toEqual([100]);
    expect(list.page.sort.canonical).toBe('date,id');
    expect(list.page.limit).toBe(5);
    const edge = { dir: 'next' as const, key: ['2020-01-01', 7], offset: 5, limit: 5 };
    expect(decodeCursor(list.page.mint(edge), given.secret, { sort: 'date,id', filter: 'amount[gt]:100', parent: null })).toMatchObject({ offset: 5 });
    expect(list.extras).toEqual({ tier: 'premium' });
  });

  it('raises the version stage\'s filter error when the list reads its filter', () => {
    const retired = input({ filter: 'round_type[in]:[seed]' });
    expect(code(() => prepareList(retired, { scope: SCOPES.funding!, sorts: SORTS, alias: 't' }))).toBe('UNSUPPORTED_OPERATOR');
    expect(code(() => compileListFilter(retired, SCOPES.funding!, 't'))).toBe('UNSUPPORTED_OPERATOR');
  });

  it('accepts a pinned client\'s whole-number offset and refuses any other', () => {
    const ok = prepareList(input({ offset: '20' }, {}, '2026-10-02'), { scope: SCOPES.funding!, sorts: SORTS, alias: 't' });
    expect(ok.page.legacyOffset).toBe(20);
    expect(code(() => prepareList(input({ offset: '-1' }, {}, '2026-10-02'), { scope: SCOPES.funding!, sorts: SORTS, alias: 't' }))).toBe('VALIDATION_ERROR');
  });

  it('binds cursors to the parent and the bound input', () => {
    const given = input({});
    const a = prepareList(given, { scope: SCOPES.funding!, sorts: SORTS, alias: 't', parent: 'p-1', bind: 'q' });
    const token = a.page.mint({ dir: 'next', key: ['2020-01-01', 7], offset: 25, limit: 25 });
    const binding = { sort: a.page.sort.canonical, filter: '\nq' };
    expect(decodeCursor(token, given.secret, { ...binding, parent: 'p-1' })).toMatchObject({ offset: 25 });
    expect(code(() => decodeCursor(token, given.secret, { ...binding, parent: 'p-2' }))).toBe('VALIDATION_ERROR');
    expect(code(() => decodeCursor(token, given.secret, { ...binding, filter: '', parent: 'p-1' }))).toBe('VALIDATION_ERROR');
  });
});

describe('page caps', () => {
  const free = { tier: 'free' as const, ecosystem: 'eu', pageSize: 100, depth: 5000 };

  it('clamps the page of a core list and reports it', () => {
    expect(capPage(free, 500, 0, true)).toEqual({ limit: 100, extras: { capped: true, tier: 'free', ecosystem: 'eu' } });
    expect(capPage(free, 500, 0, false).limit).toBe(500);
  });

  it('refuses a page beyond the plan\'s depth', () => {
    expect(code(() => capPage(free, 100, 4950, true))).toBe('PAGINATION_DEPTH_EXCEEDED');
    expect(capPage(free, 50, 4950, true).limit).toBe(50);
  });

  it('leaves uncapped callers alone', () => {
    expect(capPage(null, 2000, 1_000_000, true)).toEqual({ limit: 2000, extras: { tier: 'premium' } });
  });
});
