/** Reference lists: landscapes and the taxonomy, by name, in keyset pages of at most 1000. */
import { loadLandscapeTaxonomy, NAME_SORTS } from '../src/db/records.js';
import type { components } from '../generated/api.js';
import { ok, type HandlerMap } from '../src/http/context.js';
import { recordPage } from '../src/services/records.js';

type S = components['schemas'];

export const taxonomyHandlers: HandlerMap = {
  listLandscapes: async (ctx) => {
    const { rows, page } = await recordPage(ctx, { table: 'landscapes', alias: 'l' }, null, NAME_SORTS);
    const taxonomy = await loadLandscapeTaxonomy(ctx.deps.db, rows.map((r) => Number(r.id)));
    const data = rows.map((r) => ({
      id: Number(r.id),
      slug: r.slug as string,
      name: r.name as string,
      description: (r.description as string | null) ?? null,
      taxonomy: (taxonomy.get(Number(r.id)) ?? []) as S['TaxonomyItem'][],
    }));
    return ok('listLandscapes', { data, page });
  },
  listTaxonomy: async (ctx) => {
    const type = ctx.query.type;
    const { rows, page } = await recordPage(ctx, { table: 'taxonomy', alias: 'tx' }, null, NAME_SORTS, type ? { type } : {}, type ?? null);
    const data = rows.map((r) => ({ id: Number(r.id), name: r.name as string, type: r.type as S['TaxonomyItem']['type'] }));
    return ok('listTaxonomy', { data, page });
  },
};
