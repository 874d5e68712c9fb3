/** `GET /platform/ecosystems`: every ecosystem, paged in memory with the legacy `{limit, offset, total}` page. */
import { listEcosystems } from '../src/db/ecosystems.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import { ecosystem } from '../src/services/ecosystems.js';

export const ecosystemHandlers: HandlerMap = {
  listEcosystems: async (ctx) => {
    const limit = ctx.query.limit ?? 25;
    const offset = ctx.query.offset ?? 0;
    const all = await listEcosystems(ctx.deps.db);
    return ok('listEcosystems', { data: all.slice(offset, offset + limit).map(ecosystem), page: { limit, offset, total: all.length } });
  },
};
