/** Reference: filter keys per scope and the valid values of a key, from the filter registries. */
import type { components } from '../generated/api.js';
import { cachedDataset } from '../src/db/dataset.js';
import { listReferenceValues, REFERENCE_VALUE_SORTS } from '../src/db/reference.js';
import { notFound } from '../src/errors.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import { decodeCursor } from '../src/query/cursor.js';
import { SCOPES, scopeKey, type FilterKey, type FilterScope } from '../src/query/registry.js';
import { pageRequest } from '../src/query/page.js';
import { resolveSort } from '../src/query/sort.js';
import { now } from '../src/config.js';
import { versionTable } from '../src/versions/resolve.js';
import { ALL_VERSION_CHANGES, LATEST_VERSION } from '../src/versions/table.js';

function valuesUrl(scope: FilterScope, k: FilterKey): string | null {
  const listed = k.values || k.valuesFrom || k.type === 'boolean';
  return listed ? `/reference/filters/${k.key}/values?scope=${scope.name}` : null;
}

function describeScope(scope: FilterScope): components['schemas']['FilterScope'] {
  return {
    scope: scope.name,
    description: scope.description,
    keys: scope.keys.map((k) => ({
      key: k.key,
      type: k.type,
      operators: [...k.ops] as components['schemas']['FilterScope']['keys'][number]['operators'],
      description: k.description,
      values_url: valuesUrl(scope, k),
    })),
  };
}

export const referenceHandlers: HandlerMap = {
  listFilters: async (ctx) => {
    const scopes = Object.values(SCOPES).filter((s) => !ctx.query.scope || s.name === ctx.query.scope);
    return ok('listFilters', { data: scopes.map(describeScope) });
  },

  listFilterValues: async (ctx) => {
    const key = ctx.params.key;
    const candidates = ctx.query.scope ? [SCOPES[ctx.query.scope]!] : [SCOPES.funding!, SCOPES.entity!];
    const scope = candidates.find((s) => scopeKey(s, key));
    const k = scope ? scopeKey(scope, key) : undefined;
    if (!scope || !k) throw notFound(`No filter key ${key}${ctx.query.scope ? ` in scope ${ctx.query.scope}` : ''}; see GET /reference/filters`);
    const limit = ctx.query.limit ?? 1000;
    const emptyPage = { limit, offset: 0, next_cursor: null, prev_cursor: null, total: null };
    if (k.values || k.type === 'boolean') {
      const values = k.values ?? [{ code: 'true', name: 'true' }, { code: 'false', name: 'false' }];
      const data = values.map((v) => ({ value: v.code, name: v.name }));
      return ok('listFilterValues', { key, scope: scope.name, data, page: { ...emptyPage, total: data.length } });
    }
    if (!k.valuesFrom) throw notFound(`Filter ${key} takes free ${k.type} values; it has no value list`);
    const sort = resolveSort(undefined, REFERENCE_VALUE_SORTS, 'r');
    const parent = `${scope.name}:${key}`;
    const secret = ctx.list.secret;
    const cursor = ctx.query.cursor ? decodeCursor(ctx.query.cursor, secret, { sort: sort.canonical, filter: '', parent }) : null;
    const kinds = (k.valuesKind ?? '').split(',').filter(Boolean);
    const { rows, page } = await listReferenceValues(ctx.deps.db, k.valuesFrom, kinds, pageRequest({
      sort, limit, cursor, includeTotal: false, filter: '', parent, version: ctx.version.date, secret, budgetMs: ctx.deps.cfg.queryBudgetMs,
    }));
    return ok('listFilterValues', { key, scope: scope.name, data: rows, page });
  },
};

export const datasetHandlers: HandlerMap = {
  getDataset: async (ctx) => ok('getDataset', { data: await cachedDataset(ctx.deps.db) }),
};

export const versionHandlers: HandlerMap = {
  listVersions: async (ctx) => {
    const table = versionTable(now(ctx.deps.cfg));
    return ok('listVersions', {
      latest: LATEST_VERSION,
      data: table.map((v) => ({ date: v.date, status: v.status, sunset: v.sunset, changes: v.changes })),
      all_versions_changes: [...ALL_VERSION_CHANGES],
    });
  },
};
