import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { downgrade } from '../../src/pipeline/versionResponse.js';
import { versionRequest } from '../../src/pipeline/versionRequest.js';
import { printFilter } from '../../src/query/filter.js';
import type { StoredFields } from '../../src/versions/change.js';
import { resolveVersion } from '../../src/versions/resolve.js';
import { AT } from '../helpers/exchange.js';

const pin = (v?: string, at = AT) => resolveVersion(v, at);
const code = (e: unknown) => (e as ApiError).code;

describe('version stage: requests', () => {
  it('moves a pinned client\'s offset out of the query, with a notice', () => {
    const v = versionRequest(pin('2026-10-02'), '/data/investors', { offset: '50', limit: '10' });
    expect(v.query).toEqual({ limit: '10' });
    expect(v.legacy).toEqual({ offset: '50' });
    expect(v.notes.map((n) => n.name)).toEqual(['offset']);
  });

  it('refuses a retired parameter from a current client', () => {
    expect(() => versionRequest(pin(), '/data/investors', { offset: '50' })).toThrow(/offset paging was retired/);
  });

  it('upgrades a pinned client\'s filter forms to the current ones', () => {
    const v = versionRequest(pin('2026-10-02'), '/data/transactions', { filter: 'round_type[in]:[seed]' });
    expect(printFilter(v.filter.ast!)).toBe(printFilter(versionRequest(pin(), '/data/transactions', { filter: 'round_type[in_any]:[seed]' }).filter.ast!));
    const older = versionRequest(pin('2026-08-20', new Date('2026-09-10T00:00:00Z')), '/data/transactions', { filter: 'funding_year[eq]:2024' });
    expect(older.filter.ast).toMatchObject({ kind: 'cond', key: 'year' });
  });

  it('keeps the error of a retired or malformed filter for the list input to raise', () => {
    const retired = versionRequest(pin(), '/data/transactions', { filter: 'round_type[in]:[seed]' });
    expect(retired.filter.ast).toBeUndefined();
    expect(code(retired.filter.error)).toBe('UNSUPPORTED_OPERATOR');
    const malformed = versionRequest(pin(), '/data/transactions', { filter: 'and(' });
    expect(malformed.filter.error).toBeInstanceOf(ApiError);
    expect(versionRequest(pin(), '/data/transactions', {}).filter).toEqual({ ast: null });
  });

  it('renames retired heatmap dimensions for pinned clients only', () => {
    expect(versionRequest(pin('2026-10-02'), '/analytics/funding-analytics/heatmap', { x: 'stage', y: 'standardized_sector' }).query).toEqual({ x: 'standardized_round', y: 'sector' });
    expect(versionRequest(pin(), '/analytics/funding-analytics/heatmap', { x: 'stage' }).query).toEqual({ x: 'stage' });
  });
});

describe('version stage: responses', () => {
  const stored = (created: Record<number, string>, announced: Record<number, string | null> = {}): StoredFields => ({
    transactionCreatedAt: async (ids) => new Map(ids.filter((i) => i in created).map((i) => [i, created[i]!])),
    fundAnnouncedDate: async (ids) => new Map(ids.filter((i) => i in announced).map((i) => [i, announced[i]!])),
  });
  const page = () => ({ data: [{ id: 7, announced_date: '2024-03-15', amount: 1 }], page: {} as Record<string, unknown> });

  it('gives a pinned client the old transaction shape with the stored created_at', async () => {
    const body = page();
    const v = versionRequest(pin('2026-10-07'), '/data/transactions', {});
    await downgrade('listTransactions', { status: 200, body }, v, stored({ 7: '2024-03-16T10:00:00.000Z' }));
    expect(body.data[0]).toEqual({ id: 7, year: 2024, month: 3, amount: 1, created_at: '2024-03-16T10:00:00.000Z' });
  });

  it('gives a pinned client a fund\'s date at source precision under its old name', async () => {
    const body = { data: { id: 3, announced_date: '2024-01-01' } };
    await downgrade('getFund', { status: 200, body }, versionRequest(pin('2026-10-07'), '/data/funds/3', {}), stored({}, { 3: '2024' }));
    expect(body.data).toEqual({ id: 3, fund_date: '2024' });
  });

  it('leaves current clients, errors and other operations alone, and lists notices on pages', async () => {
    const current = page();
    await downgrade('listTransactions', { status: 200, body: current }, versionRequest(pin(), '/data/transactions', {}), stored({}));
    expect(current).toEqual(page());
    const failed = page();
    await downgrade('listTransactions', { status: 404, body: failed }, versionRequest(pin('2026-10-07'), '/data/transactions', {}), stored({}));
    expect(failed).toEqual(page());
    const investors = { data: [{ id: 1 }], page: {} };
    await downgrade('listInvestors', { status: 200, body: investors }, versionRequest(pin('2026-10-02'), '/data/investors', { offset: '0' }), stored({}));
    expect(investors).toMatchObject({ data: [{ id: 1 }], meta: { deprecations: [{ type: 'param_retired', name: 'offset' }] } });
  });
});
