/** Reference lists: landscapes and the taxonomy, by name, in keyset pages of at most 1000. */
import { loadLandscapeTaxonomy, NAME_SORTS } from '../src/db/records.js';
import { ok, type Ctx, type HandlerMap } from '../src/http/context.js';
import { recordPage } from './records.js';

export const taxonomyHandlers: HandlerMap = {
  listLandscapes: async (ctx) => {
    const { rows, page } = await recordPage(ctx as Ctx<never>, { table: 'landscapes', alias: 'l' }, null, NAME_SORTS);
    const taxonomy = await loadLandscapeTaxonomy(ctx.deps.db, rows.map((r) => Number(r.id)));
    const data = rows.map((r) => ({
      id: Number(r.id),
      slug: r.slug as string,
      name: r.name as string,
      description: (r.description as string | null) ?? null,
      taxonomy: (taxonomy.get(Number(r.id)) ?? []) as never,
    }));
    return ok('listLandscapes', { data, page });
  },
  listTaxonomy: async (ctx) => {
    const type = ctx.query.type;
    const { rows, page } = await recordPage(ctx as Ctx<never>, { table: 'taxonomy', alias: 'tx' }, null, NAME_SORTS, type ? { type } : {}, type ?? null);
    const data = rows.map((r) => ({ id: Number(r.id), name: r.name as string, type: r.type as never }));
    return ok('listTaxonomy', { data, page });
  },
};
