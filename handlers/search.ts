/** `GET /data/search`: typeahead over entity names and domains (src/db/search.ts). */
import { loadHits, normalizeTerm, SEARCH_SORTS, searchEntities, type SearchKind } from '../src/db/search.js';
import { ApiError } from '../src/errors.js';
import { ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { prepareList } from '../src/query/list.js';
import { entityRef } from '../src/serialize/entities.js';

const MATCH: { field: 'name' | 'domain'; kind: 'exact' | 'prefix' | 'substring' }[] = [
  { field: 'name', kind: 'exact' },
  { field: 'domain', kind: 'exact' },
  { field: 'name', kind: 'prefix' },
  { field: 'domain', kind: 'prefix' },
  { field: 'name', kind: 'substring' },
];

/** The normalised search text of `q`; 400 when blank or with control characters. */
export function queryText(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const q = /[\u0000-\u001f\u007f]/.test(raw) ? '' : normalizeTerm(raw);
  if (!q) {
    const message = 'q must contain a visible character and no control characters';
    throw new ApiError('VALIDATION_ERROR', message, [{ path: 'query.q', message }]);
  }
  return q;
}

export const searchHandlers: HandlerMap = {
  searchEntities: async (ctx) => {
    const q = queryText(ctx.query.q);
    const kind = (ctx.query.type ?? null) as SearchKind | null;
    const list = prepareList(ctx as Ctx<never>, {
      scope: { name: 'search', description: '', keys: [] },
      sorts: SEARCH_SORTS,
      alias: 'x',
      defaultLimit: 10,
      bind: JSON.stringify([q, kind]),
    });
    const { rows, page } = await searchEntities(ctx.deps.db, q, kind, list.page);
    const entities = await loadHits(ctx.deps.db, rows.map((r) => r.entity_id));
    const data = rows.map((r) => {
      const e = entities.get(r.entity_id)!;
      return {
        ...entityRef(ctx.deps.cfg.appUrl, e),
        domain: e.domain,
        tagline: e.tagline,
        signal_rating: e.signal_rating,
        match: MATCH[Number(r.best)] ?? MATCH[4]!,
      };
    });
    return ok('searchEntities', { data, page: { ...page, ...list.extras } });
  },
};
