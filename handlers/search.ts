/** `GET /data/search`: typeahead over entity names and domains (src/db/search.ts). */
import { loadHits, SEARCH_SORTS, searchEntities, type SearchKind } from '../src/db/search.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import { forgivingOf } from '../src/match/normalize.js';
import { prepareList } from '../src/query/list.js';
import { entityRef } from '../src/serialize/entities.js';
import { pageEnvelope } from '../src/services/page.js';
import { queryText } from '../src/services/text.js';

const MATCH: { field: 'name' | 'domain'; kind: 'exact' | 'prefix' | 'substring' | 'normalized' | 'fuzzy' }[] = [
  { field: 'name', kind: 'exact' },
  { field: 'domain', kind: 'exact' },
  { field: 'name', kind: 'prefix' },
  { field: 'domain', kind: 'prefix' },
  { field: 'name', kind: 'substring' },
  { field: 'name', kind: 'normalized' },
  { field: 'name', kind: 'fuzzy' },
];

export const searchHandlers: HandlerMap = {
  searchEntities: async (ctx) => {
    const q = queryText(ctx.query.q);
    const kind = (ctx.query.type ?? null) as SearchKind | null;
    const list = prepareList(ctx.list, {
      scope: { name: 'search', description: '', keys: [] },
      sorts: SEARCH_SORTS,
      alias: 'x',
      defaultLimit: 10,
      bind: JSON.stringify([q, kind]),
    });
    const { rows, page } = await searchEntities(ctx.deps.db, q, kind, list.page, forgivingOf(q));
    const entities = await loadHits(ctx.deps.db, rows.map((r) => r.entity_id));
    const data = rows.map((r) => {
      const e = entities.get(r.entity_id)!;
      return {
        ...entityRef(ctx.deps.cfg.appUrl, e),
        domain: e.domain,
        tagline: e.tagline,
        signal_rating: e.signal_rating,
        match: MATCH[Number(r.best)]!,
      };
    });
    return ok('searchEntities', { data, page: pageEnvelope(page, list) });
  },
};
